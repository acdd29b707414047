// Deck endpoints of the server (server/decks_api.py, docs/server.md "Decks"): validation, export / import
// (the preconstructed decks: api.js listDecks). Messages come back in the interface language (Accept-Language follows i18n.js).

import { getLang } from "./i18n.js";
import { call } from "./api.js";
import { localDeckName } from "./words.js";

/** A call whose 400 answer carries the validator's messages: the answer is returned, not thrown. */
async function checked(method, path, body) {
  try {
    return await call(method, path, body);
  } catch (e) {
    if (e.data && Array.isArray(e.data.errors)) return e.data;
    throw e;
  }
}

/** {valid, count, elements, errors: [{code, msg, card?}]} for cards = [{id, count}]. */
export async function validateDeck(cards) {
  return checked("POST", "/api/decks/validate", { cards });
}

/** {code, lines: {ru, en}} for cards = [{id, count}]. */
export async function exportDeck(cards) {
  return call("POST", "/api/decks/export", { cards });
}

/** {cards: [{id, count}], errors: [{code, msg}]} from a short code ("BRK1...") or "3 × Name" lines. */
export async function importDeck(text) {
  const s = String(text || "").trim();
  return checked("POST", "/api/decks/import", s.startsWith("BRK1") && !/\s/.test(s) ? { code: s } : { text: s });
}

/** The name of a deck ({name: {ru, en}} or {name: str}) in the interface language. */
export function deckName(d) {
  if (!d) return "";
  if (typeof d.name === "string") return localDeckName(d.name);
  return localDeckName((d.name && (d.name[getLang()] || d.name.ru || d.name.en)) || d.id || "");
}
