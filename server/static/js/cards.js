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

/** A pool card's names in the interface language: {lead, leadLang, other, otherLang}. The name in the chosen
 * language leads (English when the card data has name_en, else the Russian printed name); the other language's
 * name is alongside (other: "" when there is none or it is the same). */
export function nameParts(def) {
  const en = getLang() === "en" && !!def.name_en;
  const lead = leadName(def);
  const other = en ? def.name_ru : def.name_en || "";
  return { lead, leadLang: en ? "en" : "ru", other: other && other !== lead ? other : "", otherLang: en ? "ru" : "en" };
}

/** The name a pool card's face leads with in language lang ("ru" | "en", the interface's by default): name_en in
 * English when the card data has it, else the Russian printed name; "face-down card" for no card (def null). */
export function leadName(def, lang = getLang()) {
  if (!def) return t("hidden_card");
  return lang === "en" && def.name_en ? def.name_en : def.name_ru;
}

/** Name of a pool card as "Lead (other)": the name in the interface language leads, the other one is alongside. */
export function cardName(def) {
  if (!def) return t("hidden_card");
  const { lead, other } = nameParts(def);
  return other ? `${lead} (${other})` : lead;
}

/** Display name for a card instance id in a view: its pool card's name, "face-down card" for a hidden one, "an
 * unknown card" for an id the view does not hold (never the id itself). */
export function instanceName(view, id) {
  const cv = view?.cards?.[id];
  if (!cv) return t("card_unseen");
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
