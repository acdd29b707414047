// A player's saved decks: create, list, rename, duplicate, delete. While the browser holds no player, the
// decks live in this browser's localStorage; once it holds one ({id, secret} under localStorage "berserk.player"),
// they live on the server (/api/players/me/decks, docs/server.md "Decks"), and the decks kept locally are moved
// there on first use. A saved deck: {id, name, cards: [{id, count}], valid (bool | undefined), updated}.

import { call, newKey } from "./api.js";

const KEY = "berserk.decks";
const PLAYER = "berserk.player";
const BASE = "/api/players/me/decks";

function player() {
  try {
    const p = JSON.parse(localStorage.getItem(PLAYER) || "null");
    return p && typeof p.id === "string" && typeof p.secret === "string" ? p : null;
  } catch (e) {
    return null;
  }
}

async function server(method, path, body, headers = {}) {
  const p = player();
  return call(method, path, body, { ...headers, authorization: `Bearer ${p.id}:${p.secret}` });
}

function readLocal() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((d) => d && typeof d.id === "string" && Array.isArray(d.cards)) : [];
  } catch (e) {
    return [];
  }
}

function writeLocal(list) {
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** Move the decks kept in this browser to the player's decks on the server (once a player exists). */
async function migrate() {
  const local = readLocal();
  for (const d of local) {
    await server("POST", BASE, { name: d.name, cards: d.cards });
    writeLocal(readLocal().filter((x) => x.id !== d.id));
  }
}

function fromServer(d) {
  return { id: d.id, name: d.name, cards: d.cards, valid: d.valid, updated: d.updated * 1000 };
}

function newId() {
  return "d" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

/** Saved decks, the most recently changed first. */
export async function listSaved() {
  if (player()) {
    await migrate();
    return (await server("GET", BASE)).map(fromServer);
  }
  return readLocal().sort((a, b) => b.updated - a.updated);
}

/** Save a new deck (valid: the validator's verdict, shown by the deck choice); returns it. key: the click's
 * idempotency key (a repeat of the request with it stores no second deck on the server). */
export async function createSaved(name, cards, valid, key = newKey()) {
  if (player()) return fromServer(await server("POST", BASE, { name, cards }, { "idempotency-key": key }));
  const deck = { id: newId(), name: String(name).slice(0, 60), cards: cards.map((c) => ({ ...c })), valid,
    updated: Date.now() };
  writeLocal([...readLocal(), deck]);
  return deck;
}

/** Replace the name and/or cards (and valid) of a saved deck; returns it, or null when it does not exist. */
export async function updateSaved(id, { name, cards, valid } = {}) {
  if (player()) {
    const body = {};
    if (name !== undefined) body.name = name;
    if (cards !== undefined) body.cards = cards;
    return fromServer(await server("PATCH", `${BASE}/${encodeURIComponent(id)}`, body));
  }
  const list = readLocal();
  const deck = list.find((d) => d.id === id);
  if (!deck) return null;
  if (name !== undefined) deck.name = String(name).slice(0, 60);
  if (cards !== undefined) deck.cards = cards.map((c) => ({ ...c }));
  if (valid !== undefined) deck.valid = valid;
  deck.updated = Date.now();
  writeLocal(list);
  return deck;
}

/** A copy of a saved deck named name (default "<name> (2)"); null when the deck does not exist. */
export async function duplicateSaved(id, name) {
  if (player()) {
    return fromServer(await server("POST", `${BASE}/${encodeURIComponent(id)}/duplicate`, name ? { name } : {}));
  }
  const deck = readLocal().find((d) => d.id === id);
  return deck ? createSaved(name || `${deck.name} (2)`, deck.cards, deck.valid) : null;
}

/** Delete a saved deck; true when it existed. */
export async function deleteSaved(id) {
  if (player()) {
    await server("DELETE", `${BASE}/${encodeURIComponent(id)}`);
    return true;
  }
  const list = readLocal();
  const rest = list.filter((d) => d.id !== id);
  writeLocal(rest);
  return rest.length !== list.length;
}
