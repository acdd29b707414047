// The friends panel of the lobby (data-testid="friends"): add a player by name, friends with their status (online,
// playing: one click to watch, offline) and a "Remove" asked once more before it is sent, requests to add back, and
// direct challenges (data-testid="challenge": a deck and a clock preset) sent and received (accept with a deck: both
// players are seated in a new room). Refreshed by the lobby socket (presence.js) and every POLL_MS, and updated in
// place as the lobby is (dom.js syncChildren): the add form is drawn once (again on a language change), a list's row
// is drawn again only when its data changed (a row with a deck choice also when the deck lists arrive), and a
// friend's row keeps its buttons, its open challenge form and its open "Remove?" question while the friend's status
// changes, so a click or a typed name is never taken away from under the player.

import { h, setChildren, syncChildren } from "./dom.js";
import { t, getLang, errorText } from "./i18n.js";
import * as acc from "./account.js";
import { saveSeat } from "./seats.js";
import { onPresence } from "./presence.js";
import { CLOCK_PRESETS } from "./prefs.js";
import { currentPlayer } from "./player.js";
import { deckChoice } from "./deckchoice.js";

const POLL_MS = 10000;
const NO_LISTS = { friends: [], incoming: [], outgoing: [], challenges: { incoming: [], outgoing: [] } };
const clockName = (id) => t(`clock_${String(id).replace("+", "_")}`);
const profileLink = (name) => h("a.profile-link", { href: `#/player/${encodeURIComponent(name)}` }, name);

export class FriendsPanel {
  /** decks(): {decks, saved} for the deck choices (the lobby's lists). */
  constructor(decks) {
    this.decks = decks;
    this.el = h("section.friends", { dataset: { testid: "friends" } });
    this.data = null;
    this.note = null;
    this.awaiting = null;    // the name added last while it has not added back
    this.challenging = null; // friend id whose challenge form is open
    this.removing = null;    // friend id whose "Remove?" question is open
    this.timer = setInterval(() => this.refresh(), POLL_MS);
    this.stop = onPresence((frame) => {
      // a challenge of ours declined: the note says so in place of "Challenge sent" (the row goes with the refresh)
      if (frame.t === "declined") this.note = t("challenge_declined", { name: frame.name || "?" });
      if (["friends", "challenge", "hello", "declined"].includes(frame.t)) this.refresh();
    });
    this.render();
  }

  destroy() {
    clearInterval(this.timer);
    this.stop();
  }

  /** Fetch the lists (only once the visitor has a name: nothing to ask before) and bring the panel up to date in
   * place (render). */
  async refresh() {
    if (!currentPlayer()) return;
    try {
      this.data = await acc.friends();
    } catch (e) {
      if (e.status !== 401) this.note = errorText(e);
    }
    // "you are friends once they add you too" lasts until they do
    if (this.awaiting && this.data?.friends.some((f) => f.name === this.awaiting)) {
      this.note = t("friends_mutual", { name: this.awaiting });
      this.awaiting = null;
    }
    this.render();
  }

  /** Run one request of the panel (fn), then note its outcome (after(out) or the refusal) and refresh. One at a
   * time: while one is in flight the panel's buttons that send are disabled and another click does nothing (a
   * double click sends one challenge, accepts once). */
  async _do(fn, after) {
    if (this.doing) return;
    this.doing = true;
    this.render();
    try {
      const out = await fn();
      this.note = after ? after(out) : null;
    } catch (e) {
      this.note = errorText(e);
    }
    this.doing = false;
    await this.refresh();
  }

  /** The note after adding player f ({name, mutual}): friends now, or once they add back. */
  _added(f) {
    this.awaiting = f.mutual ? null : f.name;
    return t(f.mutual ? "friends_mutual" : "friends_added", { name: f.name });
  }

  _enter(seat) {
    saveSeat(seat.room, seat);
    location.hash = `#/room/${encodeURIComponent(seat.room)}`;
  }

  _deck(id) {
    const { decks, saved } = this.decks();
    return deckChoice(decks, saved, { id, testid: id, label: t("your_deck") });
  }

  /** A button that sends a request (disabled while one is in flight: render). */
  _sends(sel, attrs, label) {
    return h(sel, { type: "button", ...attrs, dataset: { ...attrs.dataset, sends: "" } }, label);
  }

  _challengeForm(friend) {
    const deck = this._deck("challenge-deck");
    const clock = h("select#challenge-clock", { dataset: { testid: "challenge-clock" } },
      CLOCK_PRESETS.map((p) => h("option", { value: p.id }, clockName(p.id))));
    return h("form.challenge-form", { dataset: { testid: "challenge" },
      onsubmit: (ev) => {
        ev.preventDefault();
        this.challenging = null;
        this._do(() => acc.challenge(friend.id, deck.value(), clock.value),
          () => t("challenge_sent", { name: friend.name }));
      } },
    h("strong", {}, t("challenge_title", { name: friend.name })), " ", deck.el, " ",
    h("label", {}, t("challenge_clock"), " ", clock), " ",
    this._sends("button", { type: "submit", dataset: { testid: "challenge-send" } }, t("challenge_send")));
  }

  /** The question asked before removing friend f (data-testid "friend-remove-ask"): "Remove?" with the button that
   * removes (data-testid "friend-remove-confirm": the friend is removed, the panel says so) and one that keeps the
   * friend (data-testid "friend-remove-cancel"). */
  _removeAsk(f) {
    return h("span.friend-remove-ask", { role: "group", dataset: { testid: "friend-remove-ask" } },
      t("friends_remove_confirm", { name: f.name }), " ",
      this._sends("button.danger", { dataset: { testid: "friend-remove-confirm" },
        onclick: () => {
          this.removing = null;
          this._do(() => acc.removeFriend(f.id), () => t("friends_removed", { name: f.name }));
        } }, t("friends_remove")), " ",
      h("button.cancel", { type: "button", dataset: { testid: "friend-remove-cancel" },
        onclick: () => { this.removing = null; this.render(); } }, t("cancel")));
  }

  /** Friend f's row ({li, open, remove, form, ask, ...}, kept per friend id): its name, status and watch link drawn
   * again when they change, its challenge and remove buttons kept, its challenge form and its "Remove?" question
   * kept while open. */
  _friendRow(f, before) {
    const r = before.get(f.id) ?? { li: h("li.friend"),
      open: h("button.challenge-open", { type: "button", dataset: { testid: "challenge-open" },
        onclick: () => { this.challenging = this.challenging === f.id ? null : f.id; this.render(); } },
      t("friends_challenge")),
      remove: h("button.friend-remove", { type: "button", dataset: { testid: "friend-remove" },
        onclick: () => { this.removing = f.id; this.render(); } }, t("friends_remove")),
      gap: document.createTextNode(" ") };
    const key = JSON.stringify([f.name, f.status, f.room]);
    if (r.key !== key) {
      r.key = key;
      Object.assign(r.li.dataset, { status: f.status, player: f.name });
      r.who = h("span.friend-who", {}, profileLink(f.name), " ",
        h(`span.status.status-${f.status}`, { dataset: { testid: "friend-status" } }, t(`presence_${f.status}`)), " ",
        f.status === "playing" && f.room
          ? h("a.watch", { href: `#/room/${encodeURIComponent(f.room)}?watch=1`, dataset: { testid: "watch-friend" } },
            t("friends_watch")) : null, " ");
    }
    if (this.challenging !== f.id) r.form = null;
    else if (!r.form || r.formFor !== f.name) [r.form, r.formFor] = [this._challengeForm(f), f.name];
    if (this.removing !== f.id) r.ask = null;
    else if (!r.ask || r.askFor !== f.name) [r.ask, r.askFor] = [this._removeAsk(f), f.name];
    syncChildren(r.li, [r.who, r.open, r.gap, r.ask ?? r.remove, r.form]);
    return r;
  }

  _incoming(c) {
    const deck = this._deck(`accept-deck-${c.id}`);
    return h("li.challenge-in", { dataset: { testid: "challenge-incoming" } },
      h("span", {}, t("challenge_from", { name: c.from.name, clock: clockName(c.clock) })), " ", deck.el, " ",
      this._sends("button", { dataset: { testid: "challenge-accept" },
        onclick: () => this._do(async () => this._enter(await acc.accept(c.id, deck.value()))) },
      t("challenge_accept")), " ",
      this._sends("button", { dataset: { testid: "challenge-decline" }, onclick: () => this._do(() => acc.decline(c.id)) },
        t("challenge_decline")));
  }

  _outgoing(c) {
    return h("li.challenge-out", { dataset: { testid: "challenge-outgoing" } },
      t("challenge_to", { name: c.to.name, clock: clockName(c.clock) }), " ",
      this._sends("button", { dataset: { testid: "challenge-withdraw" }, onclick: () => this._do(() => acc.cancel(c.id)) },
        t("challenge_cancel")));
  }

  _request(p) {
    return h("span", {}, profileLink(p.name), " ",
      this._sends("button", { dataset: { testid: "friend-add-back" },
        onclick: () => this._do(() => acc.addFriend(p.name), (f) => this._added(f)) }, t("friends_add_back")), " ");
  }

  /** Add the player named in the box; the box is emptied once they are added (a refusal leaves the name to
   * correct). */
  _add(ev) {
    ev.preventDefault();
    const name = this.input.value.trim();
    if (!name) {       // nothing to look up: ask for a name (the server answers name_required too)
      this.note = t("err_name_required");
      this.render();
      this.input.focus();
      return;
    }
    this._do(() => acc.addFriend(name), (f) => {
      if (this.input.value.trim() === name) this.input.value = "";
      return this._added(f);
    });
  }

  /** Build the parts drawn once per language (the add form with what was typed in it, the lists' frames); the
   * rows are drawn again by the next render. */
  _build() {
    const typed = this.input?.value ?? "";
    this.drawn = { lang: getLang() };
    this.friendRows = new Map();
    this.rows = new Map();
    this.input = h("input#friend-name", { type: "text", maxLength: 24, dataset: { testid: "friend-name" },
      "aria-label": t("friends_add") });
    this.input.value = typed;
    this.head = h("h2", {}, t("friends_title"));
    this.noteEl = h("p.friends-note", { role: "status" });
    this.addForm = h("form.friend-add", { onsubmit: (ev) => this._add(ev) },
      h("label", {}, t("friends_add"), " ", this.input), " ",
      this._sends("button", { type: "submit", dataset: { testid: "friend-add" } }, t("friends_add_ok")));
    this.incomingList = h("ul.challenges");
    this.outgoingList = h("ul.challenges");
    this.friendList = h("ul.friend-list");
    this.noFriends = h("p.hint", {}, t("friends_none"));
    this.requestsBox = h("div.friend-requests");
    this.requestsHead = document.createTextNode(`${t("friends_requests")} `);
    this.waitingBox = h("p.hint");
    this.notify = h("button.notify", { type: "button", onclick: () => Notification.requestPermission()
      .then(() => this.render()) }, t("notify_enable"));
    setChildren(this.el);
  }

  /** Bring the panel up to date in place: the note, the lists (a row whose data is unchanged kept as it is), the
   * sending buttons' state. */
  render() {
    if (this.drawn?.lang !== getLang()) this._build();
    const { decks, saved } = this.decks();
    if (this.drawn.decks !== decks || this.drawn.saved !== saved) {
      // new deck lists: the rows with a deck choice (a challenge received, the open challenge form) are drawn again
      Object.assign(this.drawn, { decks, saved });
      for (const key of [...this.rows.keys()]) if (JSON.parse(key)[0] === "in") this.rows.delete(key);
      for (const r of this.friendRows.values()) r.form = null;
    }
    const d = this.data || NO_LISTS;
    this.noteEl.textContent = this.note || "";
    this.noteEl.hidden = !this.note;
    const before = this.rows;
    this.rows = new Map();
    const row = (kind, item, build) => {
      const key = JSON.stringify([kind, item]);
      const el = before.get(key) ?? build(item);
      this.rows.set(key, el);
      return el;
    };
    const friendsBefore = this.friendRows;
    this.friendRows = new Map();
    const friends = d.friends.map((f) => {
      const r = this._friendRow(f, friendsBefore);
      this.friendRows.set(f.id, r);
      return r.li;
    });
    syncChildren(this.incomingList, d.challenges.incoming.map((c) => row("in", c, (x) => this._incoming(x))));
    syncChildren(this.outgoingList, d.challenges.outgoing.map((c) => row("out", c, (x) => this._outgoing(x))));
    syncChildren(this.friendList, friends);
    syncChildren(this.requestsBox, [this.requestsHead, ...d.incoming.map((p) => row("request", p, (x) => this._request(x)))]);
    const waiting = `${t("friends_waiting")} ${d.outgoing.map((p) => p.name).join(", ")}`;
    if (this.waitingBox.textContent !== waiting) this.waitingBox.textContent = waiting;
    const askNotify = typeof Notification !== "undefined" && Notification.permission === "default";
    syncChildren(this.el, [this.head, this.noteEl, this.addForm,
      d.challenges.incoming.length ? this.incomingList : null,
      d.challenges.outgoing.length ? this.outgoingList : null,
      d.friends.length ? this.friendList : this.noFriends,
      d.incoming.length ? this.requestsBox : null,
      d.outgoing.length ? this.waitingBox : null,
      askNotify ? this.notify : null]);
    for (const b of this.el.querySelectorAll("button[data-sends]")) b.disabled = !!this.doing;
  }
}
