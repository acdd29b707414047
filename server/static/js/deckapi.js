// Deck endpoints of the server (server/decks_api.py, docs/server.md "Decks"): preconstructed decks, validation,
// export / import. Messages come back in the interface language (Accept-Language follows i18n.js).

import { getLang } from "./i18n.js";

async function call(method, path, body) {
  const headers = { "accept-language": getLang() };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok && !(data && Array.isArray(data.errors))) {
    const e = new Error((data && data.message) || `${method} ${path}: HTTP ${res.status}`);
    e.code = data && data.error;
    throw e;
  }
  return data;
}

/** Preconstructed decks: [{id, name: {ru, en}, starter, elements: [element], cards: [{id, count}]}]. */
export async function presetDecks() {
  const d = await call("GET", "/api/decks");
  return Array.isArray(d) ? d : [];
}

/** {valid, count, elements, errors: [{code, msg, card?}]} for cards = [{id, count}]. */
export async function validateDeck(cards) {
  return call("POST", "/api/decks/validate", { cards });
}

/** {code, lines: {ru, en}} for cards = [{id, count}]. */
export async function exportDeck(cards) {
  return call("POST", "/api/decks/export", { cards });
}

/** {cards: [{id, count}], errors: [{code, msg}]} from a short code ("BRK1...") or "3 × Name" lines. */
export async function importDeck(text) {
  const s = String(text || "").trim();
  return call("POST", "/api/decks/import", s.startsWith("BRK1") && !/\s/.test(s) ? { code: s } : { text: s });
}

/** The name of a deck ({name: {ru, en}} or {name: str}) in the interface language. */
export function deckName(d) {
  if (!d) return "";
  if (typeof d.name === "string") return d.name;
  return (d.name && (d.name[getLang()] || d.name.ru || d.name.en)) || d.id || "";
}
