// The game connection: one websocket to the server, joined to one room, that keeps a versioned copy of this
// viewer's game view and reconnects by itself.
//
// Frames (docs/protocol.md): client -> server join / action / resync / ping; server -> client sync / diff / clocks /
// error / end / pong / chat. The state kept here: v (last version applied), view (the viewer's engine view,
// engine-api.md "View"), you (1 | 2 | null), legal (list of action dicts or null), clocks, result.
//
// Versions: a sync replaces everything; a diff must carry v = current v + 1, else the client asks for a resync and
// ignores diffs until the next sync. After a drop the client reconnects (bounded backoff, forever) and joins again
// with its seat token and last v, so the server can answer with only what was missed.
//
// Unanswered actions: the action sent last stays pending (pendingAction = its id) until a frame answers it (a diff
// or an error carrying its id, or an error without an id). After every sync (a reconnect, a resync the client or
// the server asked for) a still-pending action is sent again, byte for byte with the same id and v: the server
// answers a known id with its first answer and applies an action at most once, and one built on an older version
// is refused as stale.

import { encodeFrame, decodeFrame } from "./wire.js";

let applyOpsImpl = null;
// The diff apply function is the protocol's (protocol/static/diff.js, served by the server; it applies ops in
// place and returns the view). Without it every diff is answered with a resync: always correct, only heavier.
const DIFF_URLS = ["/protocol/diff.js", "/static/protocol/diff.js", "./protocol/diff.js"];
async function loadDiff() {
  if (typeof globalThis.applyDiff === "function") {
    applyOpsImpl = globalThis.applyDiff;
    return;
  }
  for (const url of DIFF_URLS) {
    try {
      const mod = await import(url);
      // diff.js is a UMD-style script: as a module it sets self.applyDiff (it may also export it).
      const fn = mod.applyDiff || mod.default || globalThis.applyDiff;
      if (typeof fn === "function") {
        applyOpsImpl = fn;
        return;
      }
    } catch (e) {
      /* try the next place */
    }
  }
}
const diffReady = loadDiff();

const PING_EVERY_MS = 10000;
const PONG_TIMEOUT_MS = 8000;
const BACKOFF_MS = [200, 400, 800, 1500, 3000];

/** Close codes after which reconnecting cannot help (server/wire.py): 4002 the seat was opened by a newer
 * connection, 4004 no such room, 4005 bad seat token / no spectators, 4009 unsupported protocol, 4010 room closed,
 * 4011 the rematch room closed because a player declined it (a normal end: key "rematch_declined", see ended()),
 * 4012 the seat was claimed again with a new token (this one no longer plays it: key "seat_replaced").
 * Every other close (drop, 1012 restart, 1013 full, 4003 too slow, ...) is followed by a reconnect. */
const FINAL_CLOSE_CODES = new Map([[1008, "closed"], [4002, "superseded"], [4004, "room_gone"],
  [4005, "unauthorized"], [4009, "closed"], [4010, "room_gone"],
  [4011, "rematch_declined"], [4012, "seat_replaced"]]);

/** The ids a room can have (protocol/messages.py ROOM_RE): 1-64 of A-Z a-z 0-9 _ -. Any other id (a space, a
 * slash, a stray "?", 300 characters) names no room: the connection ends as one the server does not know. */
const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The key of the final close that ended conn (FINAL_CLOSE_CODES: "superseded", "room_gone", ...), also when an
 * error frame before the close holds the sentence shown; undefined while not closed. */
function closedAs(conn) {
  return conn.status === "closed" ? (conn.lastError?.closeKey ?? conn.lastError?.key) : undefined;
}

/** True when the connection ended the normal way a declined rematch room ends (close 4011): not an error. */
export function declinedRematch(conn) {
  return closedAs(conn) === "rematch_declined";
}

/** True when this seat was opened by a newer connection (another window of the browser: close 4002): the
 * connection stays closed (reconnecting by itself would take the seat back, and the windows would take it from
 * each other in turn) until its player asks to play here again (resume()). */
export function superseded(conn) {
  return closedAs(conn) === "superseded";
}

/** True when this seat was claimed again with a new seat token (on another device or in another window: close
 * 4012, or 4005 answering this window's taking the seat back with its old token): this window cannot play it. */
export function seatReplaced(conn) {
  return closedAs(conn) === "seat_replaced";
}

/** True when the room refused this window as a spectator because it admits none (close 4005 to a connection
 * without a seat token, before any view): a private game, closed to spectators. */
export function closedToSpectators(conn) {
  return closedAs(conn) === "unauthorized" && conn.token === null && !conn.view;
}

/** True when the room refused this window's stored seat token at its connection, before any view (close 4005 to a
 * connection with a token): the seat was claimed again with a new token while this browser was away (on another
 * device, or its stored token is otherwise stale). The page then asks the server for the seat anew (main.js). */
export function staleSeatToken(conn) {
  return closedAs(conn) === "unauthorized" && conn.token !== null && !conn.view;
}

/** True while this window takes its seat back (resume()) until the seat's sync or a close that stops it. */
export function takingBack(conn) {
  return conn.takingBack && conn.status !== "open" && conn.status !== "closed";
}

/** True when the room closed before its deal: its rematch declined (close 4011) or the room gone while it waited
 * (an abort, close 4010): the game was cancelled, nothing is disconnected. */
export function cancelledBeforeDeal(conn) {
  return conn.status === "closed" && conn.view?.room?.status === "waiting"
    && (closedAs(conn) === "room_gone" || declinedRematch(conn));
}

export class GameConnection {
  /**
   * room: room id (string); token: seat token (string) or null for a spectator; onChange(conn, what) is called
   * after every state change ("state", "status", "error", "end").
   */
  constructor({ room, token, onChange, url }) {
    this.room = room;
    this.token = token ?? null;
    this.onChange = onChange;
    this.url = url || `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    this.v = null;
    this.view = null;
    this.you = null;
    this.legal = null;
    this.clocks = null;
    this.clocksAt = 0;
    this.result = null;
    this.status = "connecting";
    this.lastError = null;
    this.openedAt = 0;
    this.awaitingSync = true;
    this.pendingAction = null;
    this.pendingFrame = null; // the action frame of pendingAction, sent again after a sync
    this.resends = 0;
    this.resyncs = 0; // resyncs asked for (a gap, a failed diff, or no diff.js)
    this.diffLoaded = false;
    this.nextActionId = 1;
    this.idPrefix = Math.random().toString(36).slice(2, 10);
    this.nextPing = 1;
    this.attempt = 0;
    this.takingBack = false; // resume() was asked for and the seat's sync has not come yet
    this.stopped = false;
    this.ws = null;
    this.pingTimer = null;
    this.pongTimer = null;
    this.chat = []; // chat lines {channel, seat, name, text, n} in arrival order (chat.js)
  }

  /** Open the connection (and keep it open until stop()). */
  async start() {
    await diffReady;
    this.diffLoaded = !!applyOpsImpl;
    if (!ROOM_ID.test(this.room)) this._noSuchRoom();
    else this._open();
  }

  /** Closed for good without a socket, as the server answers a join naming a room id no room can have (error
   * room_not_found, close 4004): the page then says the room is not found. */
  _noSuchRoom() {
    if (this.stopped) return;
    this.lastError = { code: "room_not_found", msg: "", engine: null, id: null, at: performance.now() };
    this.onChange?.(this, "error");
    this._setStatus("closed");
  }

  /** Open the connection again after a close that stopped it (the seat opened in another window: taken back
   * here, the server then closes that window's connection with 4002); nothing while open, reconnecting or left.
   * A 4005 answering it means the seat's token was replaced meanwhile: the close is then told as 4012 is. */
  resume() {
    if (this.stopped || this.status !== "closed") return;
    this.attempt = 0;
    this.lastError = null;
    this.takingBack = true;
    this._open();
  }

  /** Close for good (leaving the room page). */
  stop() {
    this.stopped = true;
    this._clearTimers();
    if (this.ws) this.ws.close(4001, "left");
  }

  _setStatus(s) {
    this.status = s;
    this.onChange?.(this, "status");
  }

  _open() {
    if (this.stopped) return;
    this._setStatus(this.attempt === 0 && this.v === null ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this._scheduleReconnect();
      return;
    }
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.openedAt = performance.now();
      this.awaitingSync = true;
      this._send({ t: "join", room: this.room, token: this.token, v: this.v, pv: 1 });
      this._startPing();
    };
    ws.onmessage = (ev) => {
      if (!(ev.data instanceof ArrayBuffer)) return;
      let frame;
      try {
        frame = decodeFrame(ev.data);
      } catch (e) {
        this._resync();
        return;
      }
      this._onFrame(frame);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this._clearTimers();
      this.ws = null;
      if (this.stopped) return;
      if (FINAL_CLOSE_CODES.has(ev.code)) {
        const key = this.takingBack && ev.code === 4005 ? "seat_replaced" : FINAL_CLOSE_CODES.get(ev.code);
        this.takingBack = false;
        // The error frame sent before the close (if any) already holds the sentence; keep it, with the close's key
        // beside its own (closedAs()).
        if (key === "seat_replaced" || !this.lastError || this.lastError.at < this.openedAt) {
          this.lastError = { code: `close_${ev.code}`, key, closeKey: key, msg: ev.reason || "", at: performance.now() };
        } else {
          this.lastError = { ...this.lastError, closeKey: key };
        }
        this._setStatus("closed");
        this.onChange?.(this, "error");
        return;
      }
      this._scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows and reconnects */
    };
  }

  _scheduleReconnect() {
    this._setStatus("reconnecting");
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    setTimeout(() => this._open(), delay);
  }

  _startPing() {
    this._clearTimers();
    this.pingTimer = setInterval(() => {
      const n = this.nextPing++;
      this._send({ t: "ping", n });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => {
        // A half-open connection: drop it and reconnect.
        if (this.ws) this.ws.close(4000, "no pong");
      }, PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  }

  _clearTimers() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
  }

  _send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(encodeFrame(obj));
      return true;
    }
    return false;
  }

  _resync() {
    this.resyncs += 1;
    this.awaitingSync = true;
    this._send({ t: "resync" });
  }

  _setClocks(clocks) {
    this.clocks = clocks ?? null;
    this.clocksAt = performance.now();
  }

  _onFrame(f) {
    switch (f.t) {
      case "sync":
        this.v = f.v;
        this.view = f.view;
        this.you = f.you ?? null;
        this.legal = f.legal ?? null;
        this._setClocks(f.clocks);
        this.result = f.view?.result ?? this.result;
        this.awaitingSync = false;
        this.takingBack = false;
        if (this.status !== "open") this._setStatus("open");
        this.onChange?.(this, "state");
        this._resendPending();
        break;
      case "diff": {
        if (f.id != null && f.id === this.pendingAction) this._answered();
        if (this.awaitingSync) return;
        if (this.v === null || f.v !== this.v + 1 || !applyOpsImpl) {
          if (this.v !== null && f.v <= this.v) return; // an old frame, already applied
          this._resync();
          return;
        }
        let next;
        try {
          next = applyOpsImpl(this.view, f.ops);
        } catch (e) {
          this._resync();
          return;
        }
        if (next !== undefined && next !== null) this.view = next;
        this.v = f.v;
        this.legal = f.legal ?? null;
        this._setClocks(f.clocks);
        this.result = this.view?.result ?? this.result;
        this.onChange?.(this, "state");
        break;
      }
      case "clocks":
        // The clocks changed without a new version (a seat went away or came back): the view stays. One built at
        // an older version than ours is already outdated by our diffs' clocks.
        if (this.v !== null && f.v >= this.v) {
          this._setClocks(f.clocks);
          this.onChange?.(this, "clocks");
        }
        break;
      case "error":
        this.lastError = { code: f.code, msg: f.msg, engine: f.engine ?? null, id: f.id ?? null, at: performance.now() };
        // An error answers the frame just sent; one without an id (a frame-level refusal) also ends the wait.
        if (f.id == null || this.pendingAction === f.id) this._answered();
        if (f.code === "stale" && f.v != null && this.v !== null && f.v > this.v) this._resync();
        this.onChange?.(this, "error");
        break;
      case "end":
        this.result = f.result;
        if (this.view) this.view = { ...this.view, result: f.result };
        this.legal = null;
        this.onChange?.(this, "end");
        break;
      case "pong":
        clearTimeout(this.pongTimer);
        break;
      case "chat":
        // After a reconnect the server sends the history again: keep each line once.
        if (!this.chat.some((l) => l.channel === f.channel && l.n === f.n)) {
          this.chat.push(f);
          if (this.chat.length > 200) this.chat.shift();
        }
        this.onChange?.(this, "chat");
        break;
      default:
        break;
    }
  }

  /** Send one action dict taken from this.legal; returns the client action id (a string), or null when not
   * connected. */
  act(action) {
    // Ids are strings unique across reloads of this page (the server remembers recent ids per seat and answers
    // a repeated id with its first answer).
    const id = `${this.idPrefix}-${this.nextActionId++}`;
    const frame = { t: "action", id, v: this.v, action };
    if (!this._send(frame)) return null;
    this.pendingAction = id;
    this.pendingFrame = frame;
    this.onChange?.(this, "state");
    return id;
  }

  _answered() {
    this.pendingAction = null;
    this.pendingFrame = null;
  }

  /** After a sync: send the unanswered action again (same id, same v; see the header comment). */
  _resendPending() {
    if (this.pendingFrame && this._send(this.pendingFrame)) this.resends += 1;
  }

  /** Send a chat line (the server routes it to this viewer's channel); false when not connected. */
  say(text) {
    return this._send({ t: "chat", text });
  }

  /** Clock value for player p (1 | 2 | "1" | "2") in ms at this moment, or null when the room has no clock.
   * The frame's clocks are docs/protocol.md §3: {"1": ms_left, "2": ms_left, "running": 1 | 2 | nil}, taken when
   * the frame was built; the running clock is counted down since it arrived. */
  clockMs(p) {
    const c = this.clocks;
    const left = c ? c[String(p)] : null;
    if (typeof left !== "number") return null;
    let ms = left;
    if (c.running != null && String(c.running) === String(p)) ms -= performance.now() - this.clocksAt;
    return Math.max(0, ms);
  }
}
