// The rules page ("#/rules", "#/rules/<section>"; data-testid "rules-help"): the game explained for players in the
// interface language, section by section (rules_text.js), with every named ability the game shows and its meaning.
// Linked from the header (lobby and game) and from the game's prompt (to the rule it applies).

import { h, setChildren } from "./dom.js";
import { t, getLang, onLangChange, addStrings } from "./i18n.js";
import { SECTIONS, ABILITIES } from "./rules_text.js";
import { kwName } from "./actions.js";

addStrings({
  en: { rules: "Rules", rules_title: "How to play", rules_contents: "Contents", rules_abilities: "Named abilities",
    rules_link: "Rules", rules_prompt_link: "the rule" },
  ru: { rules: "Правила", rules_title: "Как играть", rules_contents: "Содержание", rules_abilities: "Названные способности",
    rules_link: "Правила", rules_prompt_link: "правило" },
});

/** The address of a rules section (opens the rules page there). */
export function rulesHref(section = "") {
  return section ? `#/rules/${section}` : "#/rules";
}

export class RulesPage {
  /** root: element to render into; section: the id of a section to scroll to, or null. */
  constructor(root, section = null) {
    this.root = root;
    this.section = section;
    this.unsubscribe = onLangChange(() => this.render());
  }

  async start() {}

  destroy() {
    this.unsubscribe();
  }

  render() {
    const lang = getLang();
    const meanings = ABILITIES[lang];
    const toc = h("nav.rules-toc", { "aria-label": t("rules_contents") }, h("h2", {}, t("rules_contents")),
      h("ol", {}, SECTIONS.map((s) => h("li", {}, h("a", { href: rulesHref(s.id) }, s[lang].title))),
        h("li", {}, h("a", { href: rulesHref("abilities-list") }, t("rules_abilities")))));
    const sections = SECTIONS.map((s) => h("section.rules-section", { id: `rule-${s.id}`, dataset: { rule: s.id } },
      h("h2", {}, s[lang].title), s[lang].text.map((p) => h("p", {}, p))));
    const abilities = h("section.rules-section", { id: "rule-abilities-list", dataset: { rule: "abilities-list" } },
      h("h2", {}, t("rules_abilities")),
      h("dl.rules-abilities", {}, Object.entries(meanings).filter(([kw]) => kw !== "attack").map(([kw, text]) =>
        [h("dt", { dataset: { kw } }, kwName(kw)), h("dd", {}, text)])));
    setChildren(this.root, h("article.rules-page", { dataset: { testid: "rules-help" } },
      h("h1", {}, t("rules_title")), toc, sections, abilities));
    if (this.section) this.root.querySelector(`#rule-${CSS.escape(this.section)}`)?.scrollIntoView();
  }
}
