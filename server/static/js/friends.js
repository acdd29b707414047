// The friends panel of the lobby (data-testid="friends"): add a player by name, friends with their status (online,
// playing: one click to watch, offline), requests to add back, and direct challenges (data-testid="challenge": a
// deck and a clock preset) sent and received (accept with a deck: both players are seated in a new room).
// Refreshed by the lobby socket (presence.js) and every POLL_MS.

import { h, setChildren } from "./dom.js";
import { t, errorText } from "./i18n.js";
import * as acc from "./account.js";
import { saveSeat } from "./seats.js";
import { onPresence } from "./presence.js";
import { CLOCK_PRESETS } from "./prefs.js";
import { currentPlayer } from "./player.js";
import { deckChoice } from "./deckchoice.js";

const POLL_MS = 10000;
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
    this.timer = setInterval(() => this.refresh(), POLL_MS);
    this.stop = onPresence((frame) => {
      if (frame.t === "friends" || frame.t === "challenge" || frame.t === "hello") this.refresh();
    });
    this.render();
  }

  destroy() {
    clearInterval(this.timer);
    this.stop();
  }

  /** Fetch the lists (only once the visitor has a name: nothing to ask before); re-render only when something
   * changed, so that a form being filled in is kept. */
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
    const seen = JSON.stringify([this.data, this.note, this.challenging]);
    if (seen !== this.seen) {
      this.seen = seen;
      this.render();
    }
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
    this.seen = null;   // drawn with the buttons disabled: draw again whatever the lists say
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
    h("button", { type: "submit", dataset: { testid: "challenge-send" }, disabled: !!this.doing }, t("challenge_send")));
  }

  _friendRow(f) {
    return h("li.friend", { dataset: { status: f.status, player: f.name } },
      profileLink(f.name), " ",
      h(`span.status.status-${f.status}`, { dataset: { testid: "friend-status" } }, t(`status_${f.status}`)), " ",
      f.status === "playing" && f.room
        ? h("a.watch", { href: `#/room/${encodeURIComponent(f.room)}?watch=1`, dataset: { testid: "watch-friend" } },
          t("friends_watch")) : null, " ",
      h("button.challenge-open", { type: "button", dataset: { testid: "challenge-open" },
        onclick: () => { this.challenging = this.challenging === f.id ? null : f.id; this.render(); } },
      t("friends_challenge")),
      this.challenging === f.id ? this._challengeForm(f) : null);
  }

  _incoming(c) {
    const deck = this._deck(`accept-deck-${c.id}`);
    return h("li.challenge-in", { dataset: { testid: "challenge-incoming" } },
      h("span", {}, t("challenge_from", { name: c.from.name, clock: clockName(c.clock) })), " ", deck.el, " ",
      h("button", { type: "button", dataset: { testid: "challenge-accept" }, disabled: !!this.doing,
        onclick: () => this._do(async () => this._enter(await acc.accept(c.id, deck.value()))) },
      t("challenge_accept")), " ",
      h("button", { type: "button", onclick: () => this._do(() => acc.decline(c.id)) }, t("challenge_decline")));
  }

  render() {
    const d = this.data || { friends: [], incoming: [], outgoing: [], challenges: { incoming: [], outgoing: [] } };
    const input = h("input#friend-name", { type: "text", maxLength: 24, dataset: { testid: "friend-name" },
      "aria-label": t("friends_add") });
    const askNotify = typeof Notification !== "undefined" && Notification.permission === "default";
    setChildren(this.el,
      h("h2", {}, t("friends_title")),
      this.note ? h("p.friends-note", { role: "status" }, this.note) : null,
      h("form.friend-add", { onsubmit: (ev) => {
        ev.preventDefault();
        if (!input.value.trim()) {       // nothing to look up: ask for a name (the server answers name_required too)
          this.note = t("err_name_required");
          this.render();
          input.focus();
          return;
        }
        this._do(() => acc.addFriend(input.value.trim()), (f) => this._added(f));
      } }, h("label", {}, t("friends_add"), " ", input), " ",
      h("button", { type: "submit", dataset: { testid: "friend-add" } }, t("friends_add_ok"))),
      d.challenges.incoming.length ? h("ul.challenges", {}, d.challenges.incoming.map((c) => this._incoming(c))) : null,
      d.challenges.outgoing.length ? h("ul.challenges", {}, d.challenges.outgoing.map((c) => h("li.challenge-out", {},
        t("challenge_to", { name: c.to.name, clock: clockName(c.clock) }), " ",
        h("button", { type: "button", onclick: () => this._do(() => acc.cancel(c.id)) }, t("challenge_cancel"))))) : null,
      d.friends.length ? h("ul.friend-list", {}, d.friends.map((f) => this._friendRow(f)))
        : h("p.hint", {}, t("friends_none")),
      d.incoming.length ? h("div.friend-requests", {}, t("friends_requests"), " ", d.incoming.map((p) => h("span", {},
        profileLink(p.name), " ", h("button", { type: "button", dataset: { testid: "friend-add-back" },
          onclick: () => this._do(() => acc.addFriend(p.name), (f) => this._added(f)) }, t("friends_add_back")),
        " "))) : null,
      d.outgoing.length ? h("p.hint", {}, t("friends_waiting"), " ", d.outgoing.map((p) => p.name).join(", ")) : null,
      askNotify ? h("button.notify", { type: "button", onclick: () => Notification.requestPermission()
        .then(() => this.render()) }, t("notify_enable")) : null);
  }
}
