// Seat tokens per room, kept in this tab's sessionStorage: a reload of the tab resumes the same seat, while a
// second window of the same browser (its own session) can hold the other seat.

const KEY = (room) => `berserk.seat.${room}`;

/** Remember {seat, token} for room. */
export function saveSeat(room, { seat, token }) {
  sessionStorage.setItem(KEY(room), JSON.stringify({ seat, token }));
}

/** {seat, token} for room, or null when this tab holds no seat there (spectator). */
export function loadSeat(room) {
  try {
    return JSON.parse(sessionStorage.getItem(KEY(room)) || "null");
  } catch (e) {
    return null;
  }
}
