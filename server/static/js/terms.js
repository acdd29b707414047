// Terms of the game page explained on hover (title) and on tap or Enter (a small popover): priority, pass, queue,
// exchange, weaken, closed, the Strike Table, defender, end turn, crystals, and each named ability (its meaning from
// rules_text.js). Each explanation links to its rules section.

import { h } from "./dom.js";
import { t, getLang, addStrings } from "./i18n.js";
import { TERMS, ABILITIES } from "./rules_text.js";
import { rulesHref } from "./rules.js";

addStrings({
  en: { term_what: "{label} — what does it mean?" },
  ru: { term_what: "{label} — что это значит?" },
});

/** The explanation of term key (a TERMS key or a named ability's keyword), or "" when there is none. */
export function termText(key) {
  const lang = getLang();
  return TERMS[key]?.[lang] || ABILITIES[lang]?.[key] || "";
}

let open = null; // the popover shown now

function hide() {
  open?.remove();
  open = null;
}

/** Show the explanation of key next to anchor (tap / Enter), with a link to its rule; a second tap hides it. */
export function showTerm(key, anchor) {
  showTip(key, [termText(key), " "], TERMS[key]?.rule || "abilities-list", anchor);
}

/** Show content (nodes / text) with a link to rule section `rule` next to anchor in the one term popover, named
 * key (data-term); a second call with the same key hides it. */
export function showTip(key, content, rule, anchor) {
  const was = open?.dataset.term;
  hide();
  if (was === key) return;
  const r = anchor.getBoundingClientRect();
  open = h("div.term-tip", { role: "tooltip", dataset: { term: key, testid: "term-tip" }, onclick: (e) => e.stopPropagation() },
    content, h("a", { href: rulesHref(rule), target: "_blank", rel: "noopener" }, t("rules_link")));
  document.body.append(open);
  open.style.left = `${Math.max(4, Math.min(r.left, innerWidth - open.offsetWidth - 4))}px`;
  open.style.top = `${r.bottom + 4 + open.offsetHeight > innerHeight ? Math.max(4, r.top - open.offsetHeight - 4) : r.bottom + 4}px`;
}

document.addEventListener("click", (e) => { if (open && !e.target.closest?.(".term, .term-help")) hide(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });

/** A term in running text: label (a string: the words shown) with its explanation on hover and on tap. Its
 * accessible name is the label with a question ("Weaken the strike — what does it mean?"), never the bare label:
 * a button beside it may carry the same words (the exchange's choices), and a screen reader would read two
 * identical buttons. The name starts with the words shown (WCAG 2.5.3, label in name). */
export function term(key, label) {
  const text = termText(key);
  if (!text) return label;
  return h("span.term", { tabindex: "0", role: "button", title: text, "aria-label": t("term_what", { label }),
    dataset: { term: key },
    onclick: (e) => { e.stopPropagation(); showTerm(key, e.currentTarget); },
    onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); showTerm(key, e.currentTarget); } } }, label);
}
