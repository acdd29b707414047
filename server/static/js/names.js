// Who sits where, in words: display names of the seats (a bot reads "Computer
// (heuristic)"), and the result of a game with its reason in words. Names are only ever
// inserted as text (dom.js h() makes text nodes), never as HTML.

import { t, resultReason } from "./i18n.js";

/** The name of seat p (1 | 2) from a room info or a view's "room" ({status, players, bots}); "free seat" for a
 * free seat of a waiting room (seatFree), "Player p" for another seat without a name. */
export function seatName(room, p) {
  if (p == null || p === "") return t("someone");
  const bot = room?.bots?.[String(p)];
  if (bot) return t("bot_name", { level: t(`bot_${bot}`) });
  if (seatFree(room, p)) return t("seat_free");
  return room?.players?.[String(p)] || t("player", { p });
}

/** Whether seat p (1 | 2) of a room info or a view's "room" is free: the room waits for a player and nobody holds
 * the seat (no player's name, no computer; a rematch's or a challenge's room keeps its seat's name). */
export function seatFree(room, p) {
  return room?.status === "waiting" && !room?.players?.[String(p)] && !room?.bots?.[String(p)];
}

/** The {players, bots} of a recorded game's summary (GET /api/games: "names" are the seats' names, "players"
 * their ids, never shown), for seatName. */
export function summaryRoom(game) {
  return { players: game?.names || {}, bots: game?.bots || {} };
}

/** "Ann vs Bob" for a lobby row. */
export function matchName(room) {
  return `${seatName(room, 1)} — ${seatName(room, 2)}`;
}

/** The whole result sentence, its reason in words (i18n.js resultReason: a loss on time reads as such, never as a
 * concession): "Ann wins (time ran out)." / "Draw (...)". room: {players, bots, tutorial} for the names; a
 * tutorial's room (room.tutorial) aborted reads as a practice left unfinished, whatever was played in it. */
export function resultText(result, room) {
  if (!result) return "";
  const reason = result.reason === "aborted" && room?.tutorial ? t("reason_tutorial_aborted")
    : resultReason(result.reason);
  if (result.winner === "draw") return t("result_draw", { reason });
  if (result.winner == null) return t("result_nobody", { reason });  // an aborted game
  return t("result_named", { name: seatName(room, result.winner), reason });
}

/** The result sentence (resultText) followed, for seat ``you`` (1 | 2, or null for a spectator) of a game somebody
 * won, by "You won!" or "You lost."; {text, outcome: "won" | "lost" | "neutral"}. */
export function resultForSeat(result, room, you) {
  const text = resultText(result, room);
  if (!you || !result || result.winner === "draw" || result.winner == null) return { text, outcome: "neutral" };
  const outcome = result.winner === you ? "won" : "lost";
  return { text: `${text} ${t(outcome === "won" ? "you_won" : "you_lost")}`, outcome };
}
