// A player away and the end of a game by a player's decision (server/room/endings.py): the notice that a seat's last
// connection is gone, with the grace period counting down (`data-testid="opponent-away"`), the claim of the win
// once it is over (`data-testid="claim-win"`), and the abort of a game not played past the first player's first
// turn (`data-testid="abort"`, then its confirmation: "abort-confirm" or "abort-cancel"). Spectators see the notice
// only.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { endGame } from "./api.js";
import { seatName } from "./names.js";

/** Seconds of seat p's grace period left now, or null when p is not away. */
export function graceLeft(conn, p) {
  const ms = conn.clocks?.away?.[String(p)];
  if (typeof ms !== "number") return null;
  return Math.max(0, Math.ceil((ms - (performance.now() - conn.clocksAt)) / 1000));
}

/** Whether this page's player may abort now: a seated player, the game not over, engine turn 0 or 1. */
export function mayAbort(conn, view) {
  const st = view?.room?.status;
  return !!(conn.you && !view?.result && (st === "preliminary" || st === "playing") && (view.turn ?? 0) <= 1);
}

/** The away notices, the claim and the abort button, or null when none applies. page: the GamePage (for its
 * error toast); conn: its connection. */
export function endingsPanel(page, conn, view) {
  if (view?.result) return null;
  const seats = conn.you ? [3 - conn.you] : [1, 2];
  const away = seats.filter((p) => graceLeft(conn, p) !== null);
  const parts = away.map((p) => {
    const left = graceLeft(conn, p);
    return h("div.away", { dataset: { testid: "opponent-away", seat: String(p) }, role: "status" },
      h("span", {}, t(conn.you ? "away_opponent" : "away_player", { name: seatName(view.room, p) }), " "),
      h("b.away-left", { dataset: { awayLeft: String(p) } }, left > 0 ? t("away_left", { s: left }) : t("away_over")),
      conn.you && left === 0 && !mayAbort(conn, view)
        ? h("button.act.claim-win", { dataset: { testid: "claim-win" }, disabled: page.busy,
          onclick: () => send(page, conn, "claim") },
          t("claim_win")) : null);
  });
  if (mayAbort(conn, view)) {   // asked twice, as a concession is: "Abort the game", then "Really abort?"
    const ask = (on) => { page.confirmAbort = on; page.render(); };
    parts.push(page.confirmAbort
      ? h("div.abort-confirm", { role: "group", "aria-label": t("abort_game"), dataset: { testid: "abort-confirm-box" } },
        t("abort_confirm"), " ",
        h("button.act.danger", { dataset: { testid: "abort-confirm" }, disabled: page.busy,
          onclick: () => { page.confirmAbort = false; send(page, conn, "abort"); } }, t("abort_game")), " ",
        h("button.cancel", { dataset: { testid: "abort-cancel" }, onclick: () => ask(false) }, t("cancel")))
      : h("button.abort", { dataset: { testid: "abort" }, title: t("abort_hint"), disabled: page.busy,
        onclick: () => ask(true) }, t("abort_game")));
  }
  return parts.length ? h("section.endings", { "aria-label": t("endings_title") }, parts) : null;
}

/** Ask the server to end the game (what: "abort" | "claim"), once: while the request is in flight, and after it
 * was granted until the game's end arrives, the page is busy (page.ending) and its controls take no click. A
 * refusal frees them and shows the code's sentence in the page's error toast. */
async function send(page, conn, what) {
  if (page.busy) return;
  page.ending = what;
  page.render();
  try {
    await endGame(conn.room, what, conn.token);
  } catch (e) {
    page.ending = null;
    page.errorShown = { code: e.code || "other" };   // the page's error toast: the code's sentence (i18n)
    page.render();
  }
}

/** Refresh the countdowns under root (called with the clocks' tick); a countdown reaching 0 re-renders the page so
 * the claim appears. */
export function tickAway(root, conn, page) {
  for (const el of root.querySelectorAll("[data-away-left]")) {
    const left = graceLeft(conn, el.dataset.awayLeft);
    if (left === null) continue;
    const text = left > 0 ? t("away_left", { s: left }) : t("away_over");
    if (el.textContent !== text) {
      el.textContent = text;
      if (left === 0) page.render();
    }
  }
}
