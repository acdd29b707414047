// Seat tokens per room, kept in localStorage: closing the tab or the browser keeps the seat; a
// second window of the same browser opens the same seat (the newer window takes over, the older one is told so).

const KEY = (room) => `berserk.seat.${room}`;

/** Remember {seat, token} for room. */
export function saveSeat(room, { seat, token }) {
  localStorage.setItem(KEY(room), JSON.stringify({ seat, token }));
}

/** {seat, token} for room, or null when this browser holds no seat there (spectator). */
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
