// The kind of game a player creates (lobby): the clock preset with its meaning in words, and rated or casual
// (docs/client.md "Clocks, leavers and aborts"). The choices live here, so the lobby's periodic re-render keeps them.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { CLOCK_PRESETS } from "./prefs.js";

const rated = { create: true, quick: true };   // form -> the rated box's state (rated by default)

/** The clock preset select (`#create-clock`, name "create-clock") and a line saying what the chosen preset means
 * (`data-testid="clock-meaning"`). */
export function clockChoice() {
  const meaning = h("div.clock-meaning.hint", { dataset: { testid: "clock-meaning" } });
  const show = (id) => { meaning.textContent = t(`clock_meaning_${id.replace("+", "_")}`); };
  const select = h("select#create-clock", { name: "create-clock", onchange: (e) => show(e.target.value) },
    CLOCK_PRESETS.map((p) => h("option", { value: p.id, selected: p.default ? true : null },
      t(`clock_${p.id.replace("+", "_")}`))));
  show((CLOCK_PRESETS.find((p) => p.default) || CLOCK_PRESETS[0]).id);
  // the lobby puts the remembered choice back after a re-render: the meaning follows it
  queueMicrotask(() => show(select.value));
  return [h("label", {}, t("clock_preset"), " ", select), meaning];
}

/** The "rated" box of a form ("create" or "quick"): `data-testid="rated"` inside the form, checked by default. */
export function ratedBox(form) {
  return h("label.rated-choice", { title: t("rated_hint") },
    h("input", { type: "checkbox", name: `${form}-rated`, dataset: { testid: "rated" }, checked: rated[form],
      onchange: (e) => { rated[form] = e.target.checked; } }), " ", t("rated_game"));
}

/** Whether the form's game is to be rated. */
export function isRated(form) {
  return rated[form];
}

/** A room's kind of game in words (`data-testid="room-rated"`): " · rated" or " · casual" from the entry's
 * ``rated``, " · aborted, not rated" once ``result`` (the game's result, if any) says it was aborted; nothing for an
 * entry that does not say. */
export function ratedLabel(entry, result = null) {
  if (typeof entry.rated !== "boolean") return null;
  const key = result?.reason === "aborted" ? "room_aborted" : entry.rated ? "room_rated" : "room_casual";
  return [" · ", h("span.room-rated", { dataset: { testid: "room-rated" } }, t(key))];
}
