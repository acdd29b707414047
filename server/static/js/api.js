// The server's HTTP lobby API (docs/server.md), in one place. Every function returns parsed JSON or throws an
// Error whose message is the server's sentence ({"code", "message"} body) when there is one.

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const err = data && (data.error || data);
    const e = new Error((err && (err.message || err.msg)) || `${method} ${path}: HTTP ${res.status}`);
    e.code = err && err.code;
    throw e;
  }
  return data;
}

/** Starter decks: [{name, name_en}]. */
export async function listDecks() {
  const d = await call("GET", "/api/decks");
  return Array.isArray(d) ? d : d.decks || [];
}

/** Rooms: [{id, status, seats, ...}] (status "waiting" | "playing" | "finished"). */
export async function listRooms() {
  const d = await call("GET", "/api/rooms");
  return Array.isArray(d) ? d : d.rooms || [];
}

/** Create a room with my starter deck; returns {room, seat, token}. */
export async function createRoom({ deck, seed }) {
  const body = { deck };
  if (seed !== undefined && seed !== null && seed !== "") body.seed = Number(seed);
  return normalizeSeat(await call("POST", "/api/rooms", body));
}

/** Take the free seat of a room with my starter deck; returns {room, seat, token}. */
export async function joinRoom(room, { deck }) {
  return normalizeSeat(await call("POST", `/api/rooms/${encodeURIComponent(room)}/join`, { deck }));
}

function normalizeSeat(d) {
  return { room: d.room ?? d.id ?? d.room_id, seat: d.seat ?? d.you ?? d.player, token: d.token };
}
