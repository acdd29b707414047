// A player's saved decks: create, list, rename, duplicate, delete. Until the browser holds a player (issue 18), the
// decks live in this browser's localStorage; with a player they live on the server (/api/players/me/decks).
// A saved deck: {id, name, cards: [{id, count}], updated (ms)}.

const KEY = "berserk.decks";

function readAll() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((d) => d && typeof d.id === "string" && Array.isArray(d.cards)) : [];
  } catch (e) {
    return [];
  }
}

function writeAll(list) {
  localStorage.setItem(KEY, JSON.stringify(list));
}

function newId() {
  return "d" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

/** Saved decks, the most recently changed first. */
export async function listSaved() {
  return readAll().sort((a, b) => b.updated - a.updated);
}

/** Save a new deck; returns it. */
export async function createSaved(name, cards) {
  const deck = { id: newId(), name: String(name).slice(0, 60), cards: cards.map((c) => ({ ...c })), updated: Date.now() };
  writeAll([...readAll(), deck]);
  return deck;
}

/** Replace the name and/or cards of a saved deck; returns it, or null when it does not exist. */
export async function updateSaved(id, { name, cards } = {}) {
  const list = readAll();
  const deck = list.find((d) => d.id === id);
  if (!deck) return null;
  if (name !== undefined) deck.name = String(name).slice(0, 60);
  if (cards !== undefined) deck.cards = cards.map((c) => ({ ...c }));
  deck.updated = Date.now();
  writeAll(list);
  return deck;
}

/** A copy of a saved deck named name (default "<name> (2)"); null when the deck does not exist. */
export async function duplicateSaved(id, name) {
  const deck = readAll().find((d) => d.id === id);
  return deck ? createSaved(name || `${deck.name} (2)`, deck.cards) : null;
}

/** Delete a saved deck; true when it existed. */
export async function deleteSaved(id) {
  const list = readAll();
  const rest = list.filter((d) => d.id !== id);
  writeAll(rest);
  return rest.length !== list.length;
}
