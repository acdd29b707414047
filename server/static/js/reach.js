// Every legal action is reachable by clicks, whatever zone its card is in. The board, both auxiliary zones and
// the viewer's own deal and squad are clickable where they are drawn; a card elsewhere (a graveyard, a deck, out of
// the game, a card that left play) that is the source or a target of a legal action gets a button of its own in
// the dock, which does what a click on the card would do. Also the words of a triggers prompt: a mandatory trigger
// is never called one that can be declined (RULES.md Q5.1: only optional triggers may be passed on).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { instanceName } from "./cards.js";

/** True when card `id` is drawn where it can be clicked: on a battlefield cell, in an auxiliary zone, or in the
 * viewer's (`you`) own deal or squad. */
export function onPage(id, view, you) {
  const cv = view?.cards?.[id];
  if (!cv) return false;
  if (cv.zone === "battlefield") return !!cv.cell;
  if (cv.zone === "aux") return true;
  return (cv.zone === "deal" || cv.zone === "recruits") && cv.owner === you;
}

/** The card ids a click may start from or finish with now and that are not drawn clickable: with no card
 * selected, every acting source and every card a sourceless action names; with one selected, the targets of
 * its moves (`sel.cards`). idx: actions.js indexLegal; sel: the game page's selection. */
export function offPageIds(idx, sel, selected, view, you) {
  const ids = selected ? [...sel.cards] : [...idx.bySource.keys(), ...idx.direct.keys()];
  return [...new Set(ids)].filter((id) => !onPage(id, view, you));
}

const ZONE_KEY = { graveyard: "graveyard", deck: "deck", aux: "aux_zone", deal: "deal", recruits: "recruits",
  exile: "zone_exile", battlefield: "zone_battlefield" };

/** The dock's buttons for cards that are not drawn clickable (null when there are none); `onPick(id)` is the
 * page's own card click. Each button reads "<card> (<zone>)". */
export function offPagePanel(ids, view, onPick) {
  if (!ids.length) return null;
  const label = (id) => {
    const cv = view?.cards?.[id];
    if (!cv) return t("hidden_card");
    return `${instanceName(view, id)} (${t(ZONE_KEY[cv.zone] || "zone_elsewhere")})`;
  };
  return h("div.offpage", { dataset: { testid: "offpage" } },
    h("div.sel-title", {}, t("offpage_title")),
    ids.map((id) => h("button.offpage-card", { dataset: { card: id, testid: "offpage-card" },
      onclick: () => onPick(id) }, label(id))));
}

/** The triggers prompt in words: "declare or decline" only when every pending trigger may be declined,
 * "mandatory" when none may, and which may be declined when some may. */
export function triggersPromptText(prompt) {
  const pending = prompt?.pending || [];
  const optional = pending.filter((x) => x.optional).length;
  const many = pending.length > 1;
  if (pending.length && optional === pending.length) return t(many ? "prompt_triggers" : "prompt_trigger");
  if (!optional) return t(many ? "prompt_triggers_mandatory" : "prompt_trigger_mandatory");
  return t("prompt_triggers_some_mandatory");
}
