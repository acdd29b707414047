// The deck a seat brings when it takes its seat: a preconstructed deck, a saved deck or a pasted
// code. Renders a <select data-testid="deck-choice"> (plus a text box for a pasted code) and gives the value of the
// create / join body's "deck" field (docs/server.md "Decks": {"preset": id} | {"cards": [...]} | {"code": str}).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { deckName } from "./deckapi.js";

const REMEMBER = "berserk.deckchoice."; // + control id: the option chosen last there, offered first next time

/**
 * A deck choice control. presets: GET /api/decks; saved: saved decks [{id, name, cards}]; opts: {id, testid,
 * label, random (offer "random preconstructed", value null), pick (preset index selected first)}.
 * Returns {el, select, value()}: value() is the "deck" field to send, or null for "random" (also as
 * select.deckValue()). The option chosen last is remembered in localStorage and chosen again.
 */
export function deckChoice(presets, saved, opts = {}) {
  const { id = "deck-choice", testid = "deck-choice", label = t("dc_label"), random = false, pick = 0 } = opts;
  const paste = h("textarea.dc-paste", { rows: 2, placeholder: t("dc_paste_hint"), hidden: true,
    "aria-label": t("dc_paste_hint") });
  const select = h(`select#${id}`, { name: id, dataset: { testid },
    onchange: () => { paste.hidden = select.value !== "paste"; } },
  random ? h("option", { value: "random" }, t("dc_random")) : null,
  h("optgroup", { label: t("db_presets") },
    presets.map((d, i) => h("option", { value: `preset:${d.id}`, selected: !random && i === pick }, deckName(d)))),
  saved.length ? h("optgroup", { label: t("db_my_decks") },
    saved.map((d) => h("option", { value: `saved:${d.id}`, disabled: d.valid === false },
      d.valid === false ? `${d.name} ${t("dc_invalid")}` : d.name))) : null,
  h("option", { value: "paste" }, t("dc_paste")));
  // The first choice is set explicitly: an option's selectedness set before it joins the select is not kept.
  select.value = random ? "random" : presets[pick] ? `preset:${presets[pick].id}` : "paste";
  const remembered = localStorage.getItem(REMEMBER + id);
  if (remembered && [...select.options].some((o) => o.value === remembered && !o.disabled)) select.value = remembered;
  select.addEventListener("change", () => localStorage.setItem(REMEMBER + id, select.value));
  const el = h("span.deck-choice-box", {}, label ? h("label", { for: id }, label) : null, " ", select, paste);
  const choice = {
    el,
    select,
    value() {
      const v = select.value;
      if (v === "random") return null;
      if (v === "paste") {
        const text = paste.value.trim();
        return text.startsWith("BRK1") && !/\s/.test(text) ? { code: text } : { text };
      }
      const [kind, key] = [v.slice(0, v.indexOf(":")), v.slice(v.indexOf(":") + 1)];
      if (kind === "saved") {
        const d = saved.find((x) => x.id === key);
        return d ? { cards: d.cards } : null;
      }
      return { preset: key };
    },
  };
  select.deckValue = () => choice.value(); // the "deck" field, for forms that read the select element
  return choice;
}
