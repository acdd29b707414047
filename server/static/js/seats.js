// Seat tokens per room, kept in localStorage: closing the tab or the browser keeps the seat; a
// second window of the same browser opens the same seat (the newer window takes over, the older one is told so).

const KEY = (room) => `berserk.seat.${room}`;

/** Remember {seat, token} for room; rematchOf: the finished room whose rematch this room is, kept when this
 * browser's player asked for it (its page may then withdraw the offer there). */
export function saveSeat(room, { seat, token }, rematchOf = undefined) {
  localStorage.setItem(KEY(room), JSON.stringify(rematchOf ? { seat, token, rematchOf } : { seat, token }));
}

/** {seat, token, rematchOf?} for room, or null when this browser holds no seat there (spectator). */
export function loadSeat(room) {
  try {
    return JSON.parse(localStorage.getItem(KEY(room)) || sessionStorage.getItem(KEY(room)) || "null");
  } catch (e) {
    return null;
  }
}

/** Forget the seat of room (its token is no longer valid). */
export function dropSeat(room) {
  localStorage.removeItem(KEY(room));
  sessionStorage.removeItem(KEY(room));
}
