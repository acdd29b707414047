// The server's HTTP lobby API (server/lobby.py), in one place. Every function returns parsed JSON or throws an
// Error whose message is the server's sentence (error body {"error": code, "message": sentence}) when there is one.

import { getLang } from "./i18n.js";

/** One request: JSON body in, parsed JSON out; messages in the interface language (Accept-Language). Throws an
 * Error with the server's sentence, its code (e.code) and the whole answer (e.data). extraHeaders: e.g.
 * {authorization}. */
export async function call(method, path, body, extraHeaders = {}) {
  const headers = { "accept-language": getLang(), ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const e = new Error((data && data.message) || `${method} ${path}: HTTP ${res.status}`);
    e.code = data && data.error;
    e.data = data;
    throw e;
  }
  return data;
}

/** Preconstructed decks (server/decks_api.py): [{id, name: {ru, en}, starter, elements, cards: [{id, count}]}]. */
export async function listDecks() {
  const d = await call("GET", "/api/decks");
  return Array.isArray(d) ? d : [];
}

/**
 * Rooms by status: {waiting: [info], playing: [info], finished: [info]}; info = {id, status ("waiting" |
 * "preliminary" | "playing" | "finished"), decks: [name, name], seats, watching, v, result, created}.
 */
export async function listRooms() {
  const d = await call("GET", "/api/rooms");
  return { waiting: d.waiting || [], playing: d.playing || [], finished: d.finished || [] };
}

/** Create a room: decks = [my deck, opponent's deck] (the server draws the seed; it stays secret until the end).
 * Returns {room, seat: 1, token}. */
export async function createRoom({ decks }) {
  return call("POST", "/api/rooms", { decks });
}

/** Take the free seat of a room; returns {room, seat: 2, token}. */
export async function joinRoom(room) {
  return call("POST", `/api/rooms/${encodeURIComponent(room)}/join`, {});
}
