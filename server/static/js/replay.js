// Replay of a finished game: the spectator view at each version, fetched from the server
// (GET /api/rooms/<id>/replay?v=<n> -> {"v": n, "n": last version, "view": spectator view}). It offers the same
// fields as GameConnection (v, view, you = null, legal = null, status) so GamePage renders it unchanged, plus
// stepping controls.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export class ReplayConnection {
  constructor({ room, onChange }) {
    this.room = room;
    this.onChange = onChange;
    this.v = null;
    this.n = null;
    this.view = null;
    this.you = null;
    this.legal = null;
    this.clocks = null;
    this.status = "connecting";
    this.lastError = null;
    this.pendingAction = null;
    this.playing = null;
  }

  /** True when the server answers the replay endpoint for room. */
  static async available(room) {
    try {
      const res = await fetch(`/api/rooms/${encodeURIComponent(room)}/replay?v=0`);
      return res.ok && (res.headers.get("content-type") || "").includes("json");
    } catch (e) {
      return false;
    }
  }

  async start() {
    await this.go(0);
  }

  stop() {
    clearInterval(this.playing);
  }

  clockMs() {
    return null;
  }

  act() {
    return null;
  }

  /** Show the spectator view at version v (clamped to 0..n). */
  async go(v) {
    const target = Math.max(0, this.n == null ? v : Math.min(v, this.n));
    try {
      const res = await fetch(`/api/rooms/${encodeURIComponent(this.room)}/replay?v=${target}`);
      const body = await res.json();
      if (!res.ok) throw new Error(body?.message || body?.error?.message || `HTTP ${res.status}`);
      this.v = body.v;
      this.n = body.n;
      this.view = body.view;
      this.status = "open";
      this.onChange?.(this, "state");
    } catch (e) {
      this.lastError = { code: "replay", msg: e.message };
      this.status = "closed";
      this.onChange?.(this, "error");
    }
  }

  /** Stepping controls for the side panel. */
  renderControls() {
    const btn = (label, fn, act) => h("button", { dataset: { replay: act }, onclick: fn }, label);
    return h("div.replay-controls", {},
      h("div", {}, t("replay_step", { v: this.v ?? 0, n: this.n ?? "?" })),
      btn("⏮", () => this.go(0), "first"),
      btn("◀", () => this.go((this.v ?? 0) - 1), "prev"),
      btn(this.playing ? "⏸" : "▶", () => this._toggle(), "play"),
      btn("▶|", () => this.go((this.v ?? 0) + 1), "next"),
      btn("⏭", () => this.go(this.n ?? 0), "last"));
  }

  _toggle() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
      this.onChange?.(this, "state");
      return;
    }
    this.playing = setInterval(() => {
      if (this.n != null && this.v >= this.n) {
        clearInterval(this.playing);
        this.playing = null;
        this.onChange?.(this, "state");
        return;
      }
      this.go((this.v ?? 0) + 1);
    }, 700);
    this.onChange?.(this, "state");
  }
}
