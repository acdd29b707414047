// The computer opponent's levels in the lobby (a select with one line on the chosen level) and the game page's
// "the computer is thinking" note. The values are the server's level names (bots/levels.py LEVELS).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The levels offered to people, weakest first (random is for tests and benches only). */
export const LEVELS = ["beginner", "casual", "strong", "expert"];

/** The level picker: a labelled select#bot-level (data-testid="bot-level", option values = LEVELS) and the chosen
 * level's one-line description (#bot-level-about), updated as the choice changes. */
let chosen = "beginner"; // kept across the lobby's re-renders

export function levelPicker(selected = chosen) {
  const about = h("p#bot-level-about.bot-level-about", { "aria-live": "polite" }, t(`bot_about_${selected}`));
  const select = h("select#bot-level", { name: "bot-level", "data-testid": "bot-level", "aria-describedby": "bot-level-about",
    onchange: (e) => { chosen = e.target.value; about.textContent = t(`bot_about_${e.target.value}`); } },
    LEVELS.map((lv) => h("option", { value: lv, selected: lv === selected, title: t(`bot_about_${lv}`) }, t(`bot_${lv}`))));
  return [h("label", {}, t("bot_strength"), " ", select), about];
}

/** True while the game waits for a computer seat (view.room.bots names the seat to act). */
export function botThinking(view) {
  return !view.result && view.to_act != null && !!view.room?.bots?.[String(view.to_act)];
}
