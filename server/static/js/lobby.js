// The lobby page: play the computer in one click (strength and deck), create a game for a friend (deck
// and clock preset; the room page then shows the share link), quick play (matchmaking queue, with a computer
// opponent offered after a while), "my games" to return to, rooms waiting for a player, games to watch, replays.
// Seat tokens are kept in localStorage per room (seats.js), so closing the tab keeps the seat.

import { h, setChildren, syncChildren } from "./dom.js";
import { t, getLang, onLangChange, errorText } from "./i18n.js";
import * as api from "./api.js";
import { saveSeat } from "./seats.js";
import { currentPlayer } from "./player.js";
import { matchName, resultText } from "./names.js";
import { CLOCK_PRESETS } from "./prefs.js";
import { clockChoice, ratedBox, isRated, ratedLabel } from "./gamekind.js";
import { deckChoice } from "./deckchoice.js";
import { levelPicker } from "./botlevels.js";
import { listSaved } from "./deckstore.js";
import { deckLabel } from "./words.js";
import { tutorialBox } from "./tutorial.js";
import { FriendsPanel } from "./friends.js";

const QUEUE_POLL_MS = 1000;

export class LobbyPage {
  /** root: element to render into; player(): Promise of this browser's player (asks for a name first). */
  constructor(root, player = async () => null) {
    this.root = root;
    this.player = player;
    this.decks = [];
    this.saved = [];
    this.rooms = null;
    this.mine = null;
    this.error = null;
    this.queue = null; // {ticket, waited, bot_offer} while in the quick-play queue
    this.pending = null; // the id of the creating button whose request is in flight ("play-bot", "create-room", ...)
    this.timer = setInterval(() => this.refresh(), 3000);
    this.friends = new FriendsPanel(() => ({ decks: this.decks, saved: this.saved }));
    this.unsubscribe = onLangChange(() => { this.friends.render(); this.render(); }); // the friends panel too
  }

  async start() {
    try {
      this.decks = await api.listDecks();
      this.saved = await listSaved().catch(() => []);
    } catch (e) {
      this.error = errorText(e);
    }
    await this.refresh();
    if (currentPlayer()) await this.friends.refresh();
  }

  /** The visitor holds a player now (a name chosen, a sign-in, or the player this browser knew): a lobby drawn
   * without that player shows the name, the player's games and the friends panel at once, not at the next
   * periodic refresh. */
  async named() {
    if (this.gone || this.drawnFor === currentPlayer()?.id) return;
    this.seen = null;   // refresh() compares the lists only: the name is new, so draw again whatever they say
    await this.refresh();
    await this.friends.refresh();
  }

  destroy() {
    this.gone = true;   // a fetch answered after the page was left must not draw over the next page
    clearInterval(this.timer);
    this.friends.destroy();
    clearTimeout(this.queueTimer);
    if (this.queue) api.leaveQueue(this.queue.ticket).catch(() => {});
    this.unsubscribe();
    this.gone = true;
  }

  async refresh() {
    try {
      [this.rooms, this.mine] = await Promise.all([api.listRooms(), currentPlayer() ? api.myGames().catch(() => null) : null]);
    } catch (e) {
      this.error = errorText(e);
    }
    // Re-render only when something changed, so that a click is never lost to a rebuilt form.
    const seen = JSON.stringify([this.rooms, this.mine, this.error, this.decks]);
    if (!this.gone && seen !== this.seen) {
      this.seen = seen;
      this.render();
    }
  }

  _fail(e) {
    this.error = errorText(e);
    this.render();
  }

  _enter(seat) {
    saveSeat(seat.room, seat);
    location.hash = `#/room/${encodeURIComponent(seat.room)}`;
  }

  /** The deck choice of one form (js/deckchoice.js, data-testid "deck-choice"): preconstructed, saved or pasted. */
  _deckSelect(id) {
    return deckChoice(this.decks, this.saved, { id, label: null }).el;
  }

  /** The "deck" body field chosen in the deck choice ``id`` (null: the server picks). Throws an error with key
   * err_paste_empty for "paste" with nothing pasted (nothing is sent). */
  _deck(id) {
    const deck = this.root.querySelector(`#${id}`)?.deckValue?.() ?? null;
    if (deck && (deck.text === "" || deck.code === "")) throw Object.assign(new Error("empty paste"), { key: "err_paste_empty" });
    return deck;
  }

  /** Run a request that creates something (a room, a queue ticket) once per click: while it is in flight every
   * creating button is disabled and the button ``id`` says it is working (aria-busy); a second click does nothing.
   * On failure the error is shown and the buttons come back; on success they stay disabled while the page moves
   * on, unless ``release`` (the quick-play form gives way to the queue). fn() reads the form and returns the
   * async request. */
  async _once(id, fn, release = false) {
    if (this.pending) return;
    let request;
    try {
      request = fn();   // reads the form now, before it is drawn again; a bad paste is refused here, nothing sent
    } catch (e) {
      this._fail(e);
      return;
    }
    this.pending = id;
    this.render();
    try {
      await request();
      if (release) this.pending = null;
    } catch (e) {
      this.pending = null;
      this._fail(e);
    }
  }

  /** A creating button (data-testid = id, its label the i18n key ``label``); _syncButtons() sets its state. */
  _goButton(id, label) {
    const button = h(`button#${id}`, { type: "submit", "data-testid": id, dataset: { label } });
    this.goButtons.push(button);
    return button;
  }

  /** The creating buttons' state, set in place: disabled while the decks are missing or any creating request is
   * in flight, "Working…" (aria-busy) while their own is. */
  _syncButtons() {
    for (const b of this.goButtons) {
      const mine = this.pending === b.id;
      b.disabled = !this.decks.length || !!this.pending;
      if (mine) b.setAttribute("aria-busy", "true");
      else b.removeAttribute("aria-busy");
      const text = mine ? t("lobby_working") : t(b.dataset.label);
      if (b.textContent !== text) b.textContent = text;
    }
  }

  _value(id) {
    return this.root.querySelector(`#${id}`)?.value;
  }

  _playBot(ev) {
    ev.preventDefault();
    return this._once("play-bot", () => {
      const body = { deck: this._deck("bot-deck"), opponent: "bot", bot: this._value("bot-level") };
      return async () => {
        await this.player();
        this._enter(await api.createRoom(body));
      };
    });
  }

  _create(ev) {
    ev.preventDefault();
    return this._once("create-room", () => {
      const preset = CLOCK_PRESETS.find((p) => p.id === this._value("create-clock")) || CLOCK_PRESETS.find((p) => p.default);
      const body = { deck: this._deck("create-deck"), clock: preset.clock, rated: isRated("create") };
      return async () => {
        await this.player();
        this._enter(await api.createRoom(body));
      };
    });
  }

  async _join(room) {
    await this.player();
    try {
      this._enter(await api.joinRoom(room, { deck: this._deck("create-deck") }));
    } catch (e) {
      this.error = errorText(e);
      this.refresh();
    }
  }

  _quick(ev) {
    ev.preventDefault();
    return this._once("quick-play", () => {
      const [deck, rated] = [this._deck("quick-deck"), isRated("quick")];
      return async () => {
        await this.player();
        this._onQueue(await api.enqueue(deck, rated));
      };
    }, true);
  }

  _onQueue(answer) {
    if (this.gone) return;
    if (answer.status === "matched") {
      this.queue = null;
      this._enter(answer);
      return;
    }
    this.queue = answer;
    this.render();
    clearTimeout(this.queueTimer);
    this.queueTimer = setTimeout(async () => {
      if (!this.queue || this.gone) return;
      try {
        this._onQueue(await api.pollQueue(this.queue.ticket));
      } catch (e) {
        this.queue = null;
        this._fail(e);
      }
    }, QUEUE_POLL_MS);
  }

  async _leaveQueue() {
    const q = this.queue;
    this.queue = null;
    clearTimeout(this.queueTimer);
    this.render();
    if (q) await api.leaveQueue(q.ticket).catch(() => {});
  }

  async _queueBot() {
    const q = this.queue;
    if (!q) return;
    this.queue = null;
    clearTimeout(this.queueTimer);
    try {
      this._enter(await api.queueBot(q.ticket)); // the server picks the level near the player's rating
    } catch (e) {
      this._fail(e);
    }
  }

  /** Draw the page. The forms (deck choices, clock, rated boxes, their buttons), the tutorial box and the
   * sections' frames are built once per language and deck list and kept: a later draw (the periodic refresh, a
   * request's state) updates the lists, the counts and the buttons in place and replaces only the rows whose room
   * changed, so a click or a pasted text is never taken away from under the player. */
  render() {
    if (this.gone) return;
    const d = this.drawn;
    if (!d || d.lang !== getLang() || d.decks !== this.decks || d.saved !== this.saved) this._build();
    const me = currentPlayer();
    this.drawnFor = me?.id ?? null;
    this._syncButtons();
    this._syncQueue();
    syncChildren(this.lobbyEl, [
      this._kept("error", this.error, () => h("div.error-toast", { role: "alert",
        onclick: () => { this.error = null; this.render(); } }, this.error)),
      this._kept("whoami", me?.name, () => h("p.whoami", {}, t("you_named", { name: me.name }), " ",
        h("a.profile-link", { href: `#/player/${encodeURIComponent(me.name)}` }, t("my_profile")))),
      this.tutorial, this.modes, me ? this.friends.el : null, ...this._syncLists()]);
  }

  /** The element kept under ``slot`` while ``key`` stays the same (built by build() when it changes); null while
   * key is null or empty. */
  _kept(slot, key, build) {
    if (!key) return null;
    if (this.kept[slot]?.key !== key) this.kept[slot] = { key, el: build() };
    return this.kept[slot].el;
  }

  /** Build the kept parts of the page, with what the player chose in the forms drawn before (a language change
   * or the deck lists' arrival draws them again). */
  _build() {
    const keep = {};
    const pasted = {};   // a pasted deck code stays, shown, when the form is drawn again
    // (a deck choice rendered before the deck list arrived has only "paste": that is no choice of the user's)
    for (const el of this.modes?.querySelectorAll("select") ?? []) {
      if (el.value !== "paste" || el.querySelector("option[value^='preset:']")) keep[el.name] = el.value;
      const paste = el.parentElement?.querySelector("textarea.dc-paste");
      if (paste?.value) pasted[el.name] = paste.value;
    }
    this.drawn = { lang: getLang(), decks: this.decks, saved: this.saved };
    this.kept = {};
    this.rows = new Map();
    this.goButtons = [];
    this.quickHead = h("h2", {}, t("quick_play_title"));
    this.quickForm = h("form#quick-form", { onsubmit: (e) => this._quick(e) },
      h("label", {}, t("your_deck"), " ", this._deckSelect("quick-deck")),
      ratedBox("quick"),
      this._goButton("quick-play", "quick_play_go"));
    this.queueText = h("span");
    this.queueBot = h("button#quick-bot", { onclick: () => this._queueBot() }, t("queue_bot"));
    this.queueBox = h("div.queue-status", { role: "status" }, this.queueText, " ", this.queueBot, " ",
      h("button.cancel", { onclick: () => this._leaveQueue() }, t("cancel")));
    this.quickSection = h("section.quick");
    this.modes = h("div.play-modes", {},
      h("section.bot-game", {},
        h("h2", {}, t("play_bot_title")),
        h("form#bot-form", { onsubmit: (e) => this._playBot(e) },
          h("label", {}, t("your_deck"), " ", this._deckSelect("bot-deck")),
          levelPicker(),
          this._goButton("play-bot", "play_bot_go"))),
      h("section.create", {},
        h("h2", {}, t("create_room")),
        h("form#create-form", { onsubmit: (e) => this._create(e) },
          h("label", {}, t("your_deck"), " ", this._deckSelect("create-deck")),
          clockChoice(),
          ratedBox("create"),
          this._goButton("create-room", "create"))),
      this.quickSection);
    for (const el of this.modes.querySelectorAll("select")) {
      const old = keep[el.name];
      if (old && [...el.options].some((o) => o.value === old)) el.value = old;
      const paste = el.parentElement?.querySelector("textarea.dc-paste");
      if (paste && pasted[el.name] !== undefined) paste.value = pasted[el.name];
      if (paste) paste.hidden = el.value !== "paste";
    }
    this.tutorial = tutorialBox(this.player, (e) => this._fail(e));
    const list = (cls, title, empty, ...head) => ({ section: h(`section.${cls}`), ul: h("ul.room-list"),
      head: head.length ? h("div.section-head", {}, h("h2", {}, t(title)), ...head) : h("h2", {}, t(title)),
      hint: h("p.hint", {}, t(empty)) });
    this.lists = {
      mine: list("my-games", "my_games", "no_my_games"),
      rooms: list("rooms", "rooms", "no_rooms", h("button.refresh", { type: "button", onclick: () => this.refresh() }, t("refresh"))),
      replays: list("replays", "replays", "no_replays"),
    };
    this.lobbyEl = h("div.lobby");
    setChildren(this.root, this.lobbyEl);
  }

  /** The quick-play section: its form, or the queue's status (the seconds waited, the computer when offered). */
  _syncQueue() {
    const q = this.queue;
    if (q) {
      this.queueText.textContent = t("queue_waiting", { s: Math.round(q.waited || 0) });
      this.queueBot.hidden = !q.bot_offer;
    }
    syncChildren(this.quickSection, [this.quickHead, q ? this.queueBox : this.quickForm]);
  }

  /** The lists (my games, rooms, replays) brought up to date, a row whose room is unchanged kept as it is.
   * Returns their three sections. */
  _syncLists() {
    const { waiting = [], playing = [], finished = [] } = this.rooms || {};
    const mine = this.mine || { live: [], finished: [] };
    const mineIds = new Set([...mine.live, ...mine.finished].map((r) => r.id));
    const before = this.rows;
    this.rows = new Map();
    const row = (list, r, seat = null) => {   // one element per list and room: a room may be in two lists
      const key = JSON.stringify([list, r, seat]);
      const el = before.get(key) ?? this._roomRow(r, seat);
      this.rows.set(key, el);
      return el;
    };
    const fill = (part, shown, rows) => {
      syncChildren(part.ul, rows);
      syncChildren(part.section, [part.head, shown ? part.ul : part.hint]);
      return part.section;
    };
    return [
      fill(this.lists.mine, mine.live.length || mine.finished.length, [...mine.live, ...mine.finished].map((r) => row("mine", r, r.seat))),
      fill(this.lists.rooms, waiting.length || playing.length,
        [...waiting, ...playing].filter((r) => !mineIds.has(r.id)).map((r) => row("rooms", r))),
      fill(this.lists.replays, finished.length, finished.map((r) => row("replays", r))),
    ];
  }

  _roomRow(r, mineSeat = null) {
    const id = r.id;
    const st = r.status;
    const href = `#/room/${encodeURIComponent(id)}`;
    return h("li.room", { dataset: { room: id, status: st } },
      h("span.room-players", {}, matchName(r)), " · ",
      h("span.room-status", {}, t(`status_${st}`)),
      ratedLabel(r, r.result),
      this._decks(r, mineSeat),
      r.watching ? h("span.room-watching", {}, ` · 👁 ${r.watching}`) : null,
      r.result ? h("span.room-result", {}, " · " + resultText(r.result, r)) : null,
      " ",
      mineSeat !== null && st !== "finished" ? h("a.return", { href }, t("return_to_game")) : null,
      mineSeat === null && st === "waiting" && r.open !== false
        ? h("button.join", { dataset: { room: id }, onclick: () => this._join(id) }, t("join")) : null,
      mineSeat === null && st !== "finished" && st !== "waiting" ? h("a.watch", { href: `${href}?watch=1` }, t("watch")) : null,
      st === "finished" ? h("a.replay", { href: `#/replay/${encodeURIComponent(id)}` }, t("watch_replay")) : null);
  }

  /** The decks of a lobby row in words: one's own deck in "my games", both once the game shows them. */
  _decks(r, mineSeat) {
    const labels = Array.isArray(r.decks) ? r.decks : [];
    if (mineSeat === 1 || mineSeat === 2) {
      return h("span.room-decks", {}, " · " + t("your_deck_is", { deck: deckLabel(labels[mineSeat - 1], this.decks, true) }));
    }
    if (!labels.some((d) => d)) return null;
    return h("span.room-decks", {}, " · " + labels.map((d) => deckLabel(d, this.decks)).join(" — "));
  }
}
