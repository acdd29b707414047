// Values a person reads, in words (no raw code or value on the page): card editions, the edition words inside the
// preconstructed decks' names, a seat's deck label from the lobby, crystals (never negative), a card's movement
// (a flyer has none: it flies). Every function returns text in the interface language.

import { t, getLang, addStrings } from "./i18n.js";

addStrings({
  en: {
    edition_2023: "2023 relaunch (Hobby World)",
    edition_2003: "2003 classic (Fantasy World)",
    edition_other: "another edition",
    deck_hidden: "deck not shown yet",
    deck_own: "own deck",
    move_flies: "flies",
    your_deck_is: "your deck: {deck}",
    gold_bonus_spent: "the one-element bonus crystal is spent",
  },
  ru: {
    edition_2023: "перезапуск 2023 (Хобби Ворлд)",
    edition_2003: "классика 2003 (Мир Фэнтези)",
    edition_other: "другое издание",
    deck_hidden: "колода ещё скрыта",
    deck_own: "своя колода",
    move_flies: "летает",
    your_deck_is: "ваша колода: {deck}",
    gold_bonus_spent: "бонусный кристалл одной стихии потрачен",
  },
});

/** A card's edition ("2023 relaunch (Hobby World)", "2003 classic (Мир Фэнтези)" in the data) in words. */
export function editionName(edition) {
  const year = String(edition || "").match(/\b(19|20)\d\d\b/)?.[0];
  return year === "2023" || year === "2003" ? t(`edition_${year}`) : t("edition_other");
}

// The edition words inside the Russian names of the preconstructed decks (engine/data/decks.json keeps them, the
// engine's tests and replays refer to decks by those names): shown in Russian.
const RU_DECK_WORDS = [
  [/\(classic 2003\)/, "(классика 2003)"],
  [/\(2023 relaunch starter\)/, "(перезапуск 2023, стартовая)"],
  [/\(2023 relaunch cards\)/, "(перезапуск 2023, карты)"],
];

/** A deck name as the interface shows it: the Russian name with its edition words in Russian. */
export function localDeckName(name) {
  let s = String(name ?? "");
  if (getLang() === "ru") for (const [re, ru] of RU_DECK_WORDS) s = s.replace(re, ru);
  return s;
}

/** A seat's deck label from a lobby entry (a preconstructed deck's id or name, or null: not shown yet / one's own
 * saved or pasted deck) in words, looked up in presets (GET /api/decks). own: the label is the asking player's. */
export function deckLabel(label, presets, own = false) {
  if (label == null || label === "") return t(own ? "deck_own" : "deck_hidden");
  const d = (presets || []).find((p) => p.id === label || p.name?.ru === label || p.name?.en === label);
  if (d) return localDeckName(d.name?.[getLang()] || d.name?.ru || d.id);
  return t("deck_own");
}

/** A crystal count as shown: a well-formed number, never below 0 (the engine shows -1 gold while the one-element
 * bonus crystal is spent, 02-battle.md [304.6]); null/undefined (hidden) reads as "?". */
export function crystals(n) {
  if (n == null || Number.isNaN(n)) return "?";
  return String(Math.max(0, n));
}

/** A creature's movement: the number, or "flies" for a flyer (no movement value). */
export function moveText(def) {
  if (def?.move == null) return def?.flyer ? t("move_flies") : "—";
  return String(def.move);
}

/** s with its first letter in upper case (a sentence or a button label that begins with a lower-case word). */
export function capital(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}
