// Who sits where, in words: display names of the seats (a bot reads "Computer
// (heuristic)"), and the result of a game with its reason in words. Names are only ever
// inserted as text (dom.js h() makes text nodes), never as HTML.

import { t, resultReason } from "./i18n.js";

/** The name of seat p (1 | 2) from a room info or a view's "room" ({players, bots}); "Player p" without one. */
export function seatName(room, p) {
  if (p == null || p === "") return t("someone");
  const bot = room?.bots?.[String(p)];
  if (bot) return t("bot_name", { level: t(`bot_${bot}`) });
  return room?.players?.[String(p)] || t("player", { p });
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
 * concession): "Ann wins (time ran out)." / "Draw (...)". room: {players, bots} for the names. */
export function resultText(result, room) {
  if (!result) return "";
  if (result.winner === "draw") return t("result_draw", { reason: resultReason(result.reason) });
  if (result.winner == null) return t("result_nobody", { reason: resultReason(result.reason) });  // an aborted game
  return t("result_named", { name: seatName(room, result.winner), reason: resultReason(result.reason) });
}
