// The card catalogue (printed properties of every pool card), fetched once from the server.
// A card definition: {id, name_ru, name_en, kind, element, cost, elite, unique, flyer, life, move, strike, classes,
// abilities, text_en} (engine/cards.py). Views carry only pool ids; the names and text come from here.

import { t, getLang } from "./i18n.js";

let byId = new Map();

/** Load the catalogue from the server (GET /api/cards: a list of card definitions, or {cards: [...]}). */
export async function loadCatalogue() {
  const res = await fetch("/api/cards");
  if (!res.ok) throw new Error(`GET /api/cards: ${res.status}`);
  const body = await res.json();
  const list = Array.isArray(body) ? body : body.cards || Object.values(body);
  byId = new Map(list.map((c) => [c.id, c]));
}

/** Every card definition of the catalogue, in catalogue order (the deck builder's pool). */
export function allCards() {
  return [...byId.values()];
}

/** The definition of pool card id, or null when unknown. */
export function cardDef(id) {
  return id == null ? null : byId.get(id) || null;
}

/** Name of a pool card as "Русское (English)"; the Russian name always leads, the English one is alongside. */
export function cardName(def) {
  if (!def) return t("hidden_card");
  return def.name_en && def.name_en !== def.name_ru ? `${def.name_ru} (${def.name_en})` : def.name_ru;
}

/** Display name for a card instance id in a view: its pool card's name, or "face-down card". */
export function instanceName(view, id) {
  const cv = view?.cards?.[id];
  if (!cv) return String(id);
  return cardName(cardDef(cv.card));
}

const ELEMENT_CLASS = { "Горы": "mountains", "Леса": "forests", "Степи": "steppes", "Болота": "swamps",
  "Тьма": "darkness", "Нейтральные": "neutral" };
const ELEMENT_EN = { "Горы": "Mountains", "Леса": "Forests", "Степи": "Steppes", "Болота": "Swamps",
  "Тьма": "Darkness", "Нейтральные": "Neutral" };

/** CSS class suffix for an element (Russian element name as in the data). */
export function elementClass(element) {
  return ELEMENT_CLASS[element] || "neutral";
}

/** The element in the interface language ("Горы" / "Mountains"). */
export function elementName(element) {
  if (getLang() === "en" && ELEMENT_EN[element]) return ELEMENT_EN[element];
  return String(element ?? "");
}
