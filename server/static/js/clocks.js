// Both players' clocks on the game page: the time left, the running one highlighted (`.running`), a held one
// (its player is away, server/clock.py) shown as not running (`.held`), and the low-time warning in the last 30 s
// (`.low`, with the words in the aria-label). Frames carry clocks = {"1": ms, "2": ms, "running": seat | null,
// "held": bool, "away"?: {"<seat>": ms of grace left}} (docs/protocol.md §3).

import { t } from "./i18n.js";

export const LOW_MS = 30_000;

/** Ms left on seat p's clock now (null without a clock). A held bank counts down only once its player's grace
 * period is over (the frame's away time has passed since it arrived). */
export function clockMs(conn, p) {
  const c = conn.clocks;
  const left = c ? c[String(p)] : null;
  if (typeof left !== "number") return null;
  if (c.running == null || String(c.running) !== String(p)) return left;
  let since = performance.now() - conn.clocksAt;
  if (c.held) since = Math.max(0, since - (c.away?.[String(p)] ?? 0));
  return Math.max(0, left - since);
}

/** Whether seat p's clock is held now (its player away, within the grace period). */
export function clockHeld(conn, p) {
  const c = conn.clocks;
  const away = c?.away?.[String(p)];
  return !!(c?.held && String(c.running) === String(p) && away != null && performance.now() - conn.clocksAt < away);
}

/** Update every `[data-clock]` element under root from the connection's clocks. */
export function tickClocks(root, conn) {
  for (const el of root.querySelectorAll("[data-clock]")) {
    const p = el.dataset.clock;
    const ms = clockMs(conn, p);
    if (ms == null) { el.textContent = ""; continue; }
    const s = Math.ceil(ms / 1000);
    const held = clockHeld(conn, p);
    const running = String(conn.clocks?.running) === String(p) && !held;
    const low = ms < LOW_MS;
    el.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    el.classList.toggle("low", low);
    el.classList.toggle("running", running);
    el.classList.toggle("held", held);
    el.setAttribute("aria-label", [`${t("clock")} ${el.textContent}`, running ? t("clock_running") : null,
      held ? t("clock_held") : null, low ? t("clock_low") : null].filter(Boolean).join(", "));
  }
}
