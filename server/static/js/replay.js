// Replay of a recorded game (server/games_api.py), step by step: forward, back, jump to a turn, play at a chosen
// speed. Each step shows the view the server's engine projects for the chosen viewpoint after that version
// (GET /api/games/<id>/replay?v=<n>[&seat=<p>] -> {"v", "n", "turn", "view"}): a spectator's (never a hidden
// card) or, for a player of that game (their id and secret from localStorage), their own seat's. The complete game
// log (GET /api/games/<id>/log) is shown up to the current step, grouped and numbered by turn.
// It offers the fields of GameConnection (v, view, you = null, legal = null, status) so GamePage renders it.

import { digitsOf, h } from "./dom.js";
import { t } from "./i18n.js";
import { renderLogLine, unshadowed } from "./log.js";
import { summaryRoom } from "./names.js";
import { resolutionOrder } from "./logbook.js";

/** Milliseconds between two steps at each offered speed. */
export const SPEEDS = { "0.5": 1400, "1": 700, "2": 350, "4": 175 };
const PLAYER_KEY = "berserk.player"; // {"id", "secret"} of this browser's player

/** This browser's player credentials {id, secret}, or null. */
export function playerCredentials() {
  try {
    const p = JSON.parse(localStorage.getItem(PLAYER_KEY) || "null");
    return p && p.id && p.secret ? p : null;
  } catch (e) {
    return null;
  }
}

async function getJSON(path, headers = {}) {
  const res = await fetch(path, { headers });
  const body = await res.json().catch(() => null);
  if (!res.ok) {
    const e = new Error(body?.message || `HTTP ${res.status}`);
    e.code = body?.error || "replay";
    throw e;
  }
  return body;
}

export class ReplayConnection {
  constructor({ room, onChange }) {
    this.room = room;
    this.onChange = onChange;
    this.v = null;
    this.n = null;
    this.turn = null;
    this.view = null;
    this.game = null; // the summary: result, players, names, turns [{turn, v}]
    this.log = []; // [{turn, entries: [{v, player, events}]}]
    this.you = null;
    this.legal = null;
    this.clocks = null;
    this.status = "connecting";
    this.lastError = null;
    this.pendingAction = null;
    this.playing = null;
    this.speed = "1";
    this.seat = null; // null = spectator's view, 1 | 2 = that seat's (only for its player)
    this._want = null;
  }

  /** True when the server has a recorded game with this id. */
  static async available(room) {
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(room)}`);
      return res.ok;
    } catch (e) {
      return false;
    }
  }

  get base() {
    return `/api/games/${encodeURIComponent(this.room)}`;
  }

  /** The seat this browser's player had in the game, or null. */
  get mySeat() {
    const me = playerCredentials();
    if (!me || !this.game) return null;
    for (const s of ["1", "2"]) if (this.game.players?.[s] === me.id) return Number(s);
    return null;
  }

  _headers() {
    const me = playerCredentials();
    return this.seat && me ? { authorization: `Bearer ${me.id}:${me.secret}` } : {};
  }

  _seatQuery() {
    return this.seat ? `&seat=${this.seat}` : "";
  }

  async start() {
    try {
      this.game = await getJSON(this.base);
      this.n = this.game.n;
      await this._loadLog();
      await this.go(0);
    } catch (e) {
      this._fail(e);
    }
  }

  async _loadLog() {
    const body = await getJSON(`${this.base}/log?${this._seatQuery().slice(1)}`, this._headers());
    this.log = body.log || [];
  }

  stop() {
    clearTimeout(this.playing);
    this.playing = null;
  }

  clockMs() {
    return null;
  }

  act() {
    return null;
  }

  _fail(e) {
    this.stop();
    this.lastError = { code: e.code || "replay", msg: e.message };
    this.status = "closed";
    this.onChange?.(this, "error");
  }

  /** Show the view after version v (clamped to 0..n). Requests that arrive late are dropped. */
  async go(v) {
    const target = Math.max(0, this.n == null ? v : Math.min(v, this.n));
    this._want = target;
    try {
      const body = await getJSON(`${this.base}/replay?v=${target}${this._seatQuery()}`, this._headers());
      if (this._want !== target) return;
      this.v = body.v;
      this.n = body.n;
      this.turn = body.turn;
      this.view = body.view;
      // the recorded game's names for the log, the die box and the queue (a replay's view has no "room" of its own)
      if (this.view && !this.view.room) this.view.room = summaryRoom(this.game);
      this.you = this.seat;
      this.status = "open";
      this.onChange?.(this, "state");
    } catch (e) {
      this._fail(e);
    }
  }

  /** Switch between the spectator's view and this player's own seat (after the game's end only, by the server). */
  async setSeat(seat) {
    this.seat = seat;
    try {
      await this._loadLog();
      await this.go(this.v ?? 0);
    } catch (e) {
      this._fail(e);
    }
  }

  /** Start or stop playing forward at this.speed. */
  toggle() {
    if (this.playing) {
      this.stop();
      this.onChange?.(this, "state");
      return;
    }
    const step = async () => {
      if (this.n != null && this.v >= this.n) {
        this.stop();
        this.onChange?.(this, "state");
        return;
      }
      await this.go((this.v ?? 0) + 1);
      if (this.playing) this.playing = setTimeout(step, SPEEDS[this.speed]);
    };
    this.playing = setTimeout(step, 0);
    this.onChange?.(this, "state");
  }

  /** Stepping controls for the side panel. */
  renderControls() {
    const btn = (label, title, fn, id) => h("button", { type: "button", title, "aria-label": title,
      dataset: { replay: id, testid: `replay-${id}` }, onclick: fn }, label);
    const turns = this.game?.turns || [];
    const turnName = (n) => (n === 0 ? t("log_prelim") : t("log_turn", { n }));
    const mySeat = this.mySeat;
    return h("div.replay-controls", { role: "group", "aria-label": t("replay_mode") },
      // a step is one recorded action (a version), not a turn: "Step 12 of 179 · turn 3"
      h("div", { dataset: { testid: "replay-step" }, "aria-live": "polite" },
        t("replay_step", { v: this.v ?? 0, n: this.n ?? "?" }),
        this.turn == null ? "" : ` · ${this.turn === 0 ? t("replay_step_prelim") : t("replay_step_turn", { n: this.turn })}`),
      btn("«", t("replay_first"), () => this.go(0), "first"),
      btn("‹", t("replay_prev"), () => this.go((this.v ?? 0) - 1), "prev"),
      btn(this.playing ? "||" : "▶", t(this.playing ? "replay_pause" : "replay_play"), () => this.toggle(), "play"),
      btn("›", t("replay_next"), () => this.go((this.v ?? 0) + 1), "next"),
      btn("»", t("replay_last"), () => this.go(this.n ?? 0), "last"),
      h("input", { type: "range", min: "0", max: String(this.n ?? 0), value: String(this.v ?? 0),
        "aria-label": t("replay_position"), dataset: { testid: "replay-position" },
        onchange: (e) => this.go(Number(e.target.value)) }),
      h("label", {}, t("replay_turn") + " ",
        h("select", { dataset: { testid: "replay-turn" }, onchange: (e) => this.go(Number(e.target.value)) },
          turns.map((tr) => h("option", { value: String(tr.v), selected: this.turn === tr.turn }, turnName(tr.turn))))),
      h("label", {}, t("replay_speed") + " ",
        h("select", { dataset: { testid: "replay-speed" }, onchange: (e) => { this.speed = e.target.value; } },
          Object.keys(SPEEDS).map((s) => h("option", { value: s, selected: s === this.speed }, `×${s}`)))),
      mySeat ? h("label", {}, t("replay_viewpoint") + " ",
        h("select", { dataset: { testid: "replay-viewpoint" },
          onchange: (e) => this.setSeat(e.target.value ? Number(e.target.value) : null) },
        h("option", { value: "", selected: !this.seat }, t("replay_as_spectator")),
        h("option", { value: String(mySeat), selected: this.seat === mySeat }, t("replay_as_me")))) : null);
  }

  /** The complete log up to the current step, grouped and numbered by turn (GamePage calls it for its log). */
  renderLog(view) {
    const upto = this.v ?? 0;
    const groups = [];
    for (const g of this.log) {
      const events = [];
      for (const e of g.entries) {
        if (e.v > upto) break;
        for (const ev of e.events) events.push({ ...ev, v: e.v });
      }
      const lines = [];
      for (const ev of unshadowed(resolutionOrder(events))) {   // "ends the turn" where the turn ends (logbook.js)
        const s = renderLogLine(ev, view);
        if (s) lines.push(h("li", { dataset: { v: String(ev.v) } }, s));
      }
      if (!lines.length && (g.entries[0]?.v ?? 0) > upto) break;
      groups.push(h("li.log-turn", { dataset: { turn: String(g.turn) } },
        h("h4", {}, g.turn === 0 ? t("log_prelim") : t("log_turn", { n: g.turn })),
        h("ol", { dataset: { digits: digitsOf(lines.length) } }, lines)));
    }
    return h("div.log", { dataset: { testid: "replay-log" } }, h("h3", {}, t("log")),
      h("ol.log-list.log-grouped", { tabindex: "0", "aria-label": t("log"), dataset: { digits: digitsOf(groups.length) } },
        groups));
  }
}
