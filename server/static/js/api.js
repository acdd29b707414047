// The server's HTTP API (server/lobby.py, server/players_api.py, server/matchmaking.py), in one place. Every
// function returns parsed JSON or throws an Error whose message is the server's sentence (error body {"error": code,
// "message": sentence}) when there is one, with e.code = the code and e.status = the HTTP status.

import { authHeader } from "./player.js";

import { getLang } from "./i18n.js";

/** One request: JSON body in, parsed JSON out; messages in the interface language (Accept-Language); the player's
 * Authorization header when the browser holds a player. Throws an Error with the server's sentence, its code
 * (e.code), the HTTP status (e.status) and the whole answer (e.data). extraHeaders: e.g. {authorization}. */
export async function call(method, path, body, extraHeaders = {}) {
  const headers = { "accept-language": getLang() };
  const auth = authHeader();
  if (auth) headers.authorization = auth;
  Object.assign(headers, extraHeaders);
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
    e.status = res.status;
    throw e;
  }
  return data;
}

const room = (id) => `/api/rooms/${encodeURIComponent(id)}`;

/** Preconstructed decks (server/decks_api.py): [{id, name: {ru, en}, starter, elements, cards: [{id, count}]}]. */
export async function listDecks() {
  const d = await call("GET", "/api/decks");
  return Array.isArray(d) ? d : [];
}

/**
 * Rooms by status: {waiting: [info], playing: [info], finished: [info]}; info = {id, status ("waiting" |
 * "preliminary" | "playing" | "finished"), decks, players: {"1": name, "2": name}, bots, seats, open, watching, v,
 * result, created}.
 */
export async function listRooms() {
  const d = await call("GET", "/api/rooms");
  return { waiting: d.waiting || [], playing: d.playing || [], finished: d.finished || [] };
}

/** One room's info (see listRooms). */
export async function roomInfo(id) {
  return call("GET", room(id));
}

/** A new idempotency key (32 hex digits): one per intent of the player (one click on a creating button). */
export function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A request that creates something (a room, a place in the queue), sent with the header Idempotency-Key: key. A
 * request that got no answer at all (the connection dropped) is sent once more with the same key: the server answers
 * that repeat with the first request's room rather than making a second one (docs/server.md "Idempotency keys"). */
export async function callCreating(method, path, body, key = newKey()) {
  const headers = { "idempotency-key": key };
  try {
    return await call(method, path, body, headers);
  } catch (e) {
    if (e.status !== undefined) throw e;     // answered (a refusal): not repeated
    return call(method, path, body, headers);
  }
}

/** Create a room: {deck, clock: {base, increment} | null, opponent: "bot" | undefined, bot: policy}. Returns
 * {room, seat: 1, token}. key: the click's idempotency key (a new one by default). */
export async function createRoom(body, key = newKey()) {
  return callCreating("POST", "/api/rooms", body, key);
}

/** Take the free seat of a room (or one's own seat again); body {deck?}. Returns {room, seat, token}. */
export async function joinRoom(id, body = {}) {
  return call("POST", `${room(id)}/join`, body);
}

/** Choose the deck of one's seat before the deal: returns {room, seat}. */
export async function chooseDeck(id, token, deck) {
  return call("POST", `${room(id)}/deck`, { token, deck });
}

/** Ask for (or accept) the rematch of a finished game; body {deck?} (absent: keep the deck). Returns {room, seat,
 * token} of the new room. */
export async function rematch(id, body = {}) {
  return call("POST", `${room(id)}/rematch`, body);
}

/** Decline the rematch offered in finished room id (its room closes). Returns {room}. */
export async function declineRematch(id) {
  return call("POST", `${room(id)}/rematch/decline`, {});
}

/** A new player for a display name: {id, secret, name}. */
export async function createPlayer(name) {
  return call("POST", "/api/players", { name });
}

/** Who the stored credentials name: {id, name} (throws with status 401 when the server does not know them). */
export async function me() {
  return call("GET", "/api/players/me");
}

/** The rooms this player sits in: {live: [info + seat], finished: [info + seat]}. */
export async function myGames() {
  return call("GET", "/api/players/me/games");
}

/** Quick play: join the queue with a deck. {status: "matched", room, seat, token} or {status: "waiting", ticket,
 * waited, bot_offer}. */
export async function enqueue(deck, rated = true, key = newKey()) {
  return callCreating("POST", "/api/queue", { deck, rated }, key);
}

/** Poll a queue ticket (same answers as enqueue). */
export async function pollQueue(ticket) {
  return call("GET", `/api/queue/${encodeURIComponent(ticket)}`);
}

/** Claim the win over an away opponent ("claim") or abort the game ("abort") with this seat's token
 * (server/endings_api.py): {room, result}. */
export async function endGame(id, what, token) {
  return call("POST", `${room(id)}/${what}`, { token });
}

/** Leave the queue. */
export async function leaveQueue(ticket) {
  return call("DELETE", `/api/queue/${encodeURIComponent(ticket)}`);
}

/** Leave the queue for a game against the computer: the matched answer. */
export async function queueBot(ticket, bot, key = newKey()) {
  return callCreating("POST", `/api/queue/${encodeURIComponent(ticket)}/bot`, bot ? { bot } : {}, key);
}
