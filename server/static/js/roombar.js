// The room bar above the board: my seat (data-testid "my-seat": 1, 2 or spectator), the players' names,
// and the seat flow around the game: before the deal "waiting for an opponent" with the share link and a copy
// button (data-testid "invite-link"), the deck choice of a seat that has none yet, and after the game the result
// in words and the rematch control (data-testid "rematch": same players, seats swapped, deck kept or chosen again;
// none in a tutorial's room, view.room.tutorial);
// a spectator gets the link to watch the rematch (data-testid "watch-rematch"); the player offered a rematch may
// decline it (data-testid "rematch-decline") and its asker withdraw it (data-testid "rematch-withdraw", in the
// finished room and in the rematch room waiting for the other player): its room closes (close 4011), and everyone,
// spectators included, is told, a withdrawal as such ("rematch-declined" in the finished room, "game-cancelled" in
// the rematch's). A player who opens a waiting
// room that keeps a seat for them (a rematch or a challenge opened from its link) is offered to take it, the deck
// kept (the default) or chosen again (data-testid "take-kept-seat"). Once the rematch is dealt the finished room
// leads every viewer into it instead of offering it (view.room.rematch_started): a player's link "go-rematch", a
// spectator's "watch-rematch"; so does a stale page whose decline finds the rematch started already. An opener of
// the invite whose seat another opener took first is told it watches (data-testid "seat-lost").

import { h, setChildren } from "./dom.js";
import { t, onLangChange, errorText } from "./i18n.js";
import * as api from "./api.js";
import { saveSeat, loadSeat } from "./seats.js";
import { seatName, resultText } from "./names.js";
import { lastDeck, rememberDeck } from "./prefs.js";
import { deckName } from "./deckapi.js";
import { ratedLabel } from "./gamekind.js";
import "./notfound.js";   // its "To the lobby" words
import { declinedRematch, cancelledBeforeDeal } from "./conn.js";

/** The words of a declined rematch in its finished room (keys of i18n.js): a withdrawal when the seat that
 * declined is the one that asked (view.room.rematch_by), said to that player as their own, to the other player as
 * the opponent's, to a spectator plainly. */
function declinedWords(room, you) {
  const kind = room.rematch_by && room.rematch_declined === room.rematch_by ? "rematch_withdrawn" : "rematch_declined";
  return !you ? kind : room.rematch_declined === you ? `${kind}_you` : `${kind}_opp`;
}

/** The share URL of a room: opening it takes the free seat 2 (first opener) or watches. */
export function inviteUrl(room) {
  return `${location.origin}${location.pathname}#/room/${encodeURIComponent(room)}`;
}

export class RoomBar {
  /** root: element to render into; conn: the GameConnection of the room page; opts.kept: the seat (1 | 2) this
   * waiting room keeps for this browser's player, who watches until taking it; opts.lost: the free seat this page
   * asked for was taken by another opener first (it watches, and is told so); opts.onSeated(): called once it is
   * taken (the page opens the room again with the seat). */
  constructor(root, conn, opts = {}) {
    this.root = root;
    this.conn = conn;
    this.opts = opts;
    this.decks = [];
    this.error = null;
    this.copied = false;
    this.busy = false;
    this.unsubscribe = onLangChange(() => this.render());
    // a seat taken in another tab (the rematch accepted from its room's link) ends the offer here too
    this.onStorage = (e) => { if (e.key?.startsWith("berserk.seat.")) this.render(); };
    window.addEventListener("storage", this.onStorage);
    api.listDecks().then((d) => { this.decks = d; this.render(); }).catch(() => {});
  }

  destroy() {
    this.unsubscribe();
    window.removeEventListener("storage", this.onStorage);
  }

  update() {
    this.render();
  }

  /** A deck menu: the options of extra first (the "keep my deck" choice: selected when given), then the decks,
   * the one last chosen in this browser (else the first) selected when there is no extra option. */
  _deckSelect(id, extra = [], testid = undefined) {
    const pick = lastDeck();
    const preselect = !extra.length;
    return h("select", { id, name: id, dataset: testid ? { testid } : {}, onchange: (e) => rememberDeck(e.target.value) },
      extra,
      this.decks.map((d, i) => h("option", { value: d.id, selected: preselect && (pick ? d.id === pick : i === 0) },
        deckName(d))));
  }

  async _chooseDeck() {
    const seat = loadSeat(this.conn.room);
    const deck = this.root.querySelector("#seat-deck")?.value;
    if (!seat || !deck) return;
    rememberDeck(deck);
    this.busy = true;
    try {
      await api.chooseDeck(this.conn.room, seat.token, deck);
      this.error = null;
    } catch (e) {
      this.error = errorText(e);
    }
    this.busy = false;
    this.render();
  }

  async _copy(url) {
    try {
      await navigator.clipboard.writeText(url);
      this.copied = true;
    } catch (e) {
      // No clipboard permission (plain http): select the link so that Ctrl+C copies it.
      const link = this.root.querySelector(".invite-link");
      if (link) {
        const range = document.createRange();
        range.selectNodeContents(link);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
      }
    }
    this.render();
  }

  async _rematch() {
    const choice = this.root.querySelector("#rematch-deck")?.value;
    const room = this.conn.view?.room;
    const asking = !room?.rematch || room.rematch_by === this.conn.you;     // not accepting the other's offer
    this.busy = true;
    this.render();
    try {
      const seat = await api.rematch(this.conn.room, choice && choice !== "keep" ? { deck: choice } : {});
      saveSeat(seat.room, seat, asking ? this.conn.room : undefined);
      location.hash = `#/room/${encodeURIComponent(seat.room)}`;
    } catch (e) {
      this.error = errorText(e);
      this.busy = false;
      this.render();
    }
  }

  async _takeKeptSeat() {
    const choice = this.root.querySelector("#kept-seat-deck")?.value;
    this.busy = true;
    this.render();
    try {
      const seat = await api.joinRoom(this.conn.room, choice && choice !== "keep" ? { deck: choice } : {});
      saveSeat(this.conn.room, seat);
      this.opts.onSeated?.();
    } catch (e) {
      this.error = errorText(e);
      this.busy = false;
      this.render();
    }
  }

  /** The offer of the seat this waiting room keeps for the watching player (opts.kept). */
  _keptSeat(room, kept) {
    const other = kept === 1 ? 2 : 1;
    const keep = room.decks?.[String(kept)] ? [h("option", { value: "keep", selected: true }, t("rematch_keep"))] : [];
    return h("div.rematch-box.kept-seat", {},
      h("span.rematch-offer", {}, t("seat_kept_offer", { name: seatName(room, other) }), " "),
      h("label", {}, t("rematch_deck"), " ", this._deckSelect("kept-seat-deck", keep)), " ",
      h("button.rematch", { type: "button", "data-testid": "take-kept-seat", disabled: this.busy,
        onclick: () => this._takeKeptSeat() }, t("seat_kept_take")));
  }

  _waiting(room, you) {
    const parts = [];
    if (!you && this.opts.kept && !room.seated?.[String(this.opts.kept)]) {
      parts.push(this._keptSeat(room, this.opts.kept));
      return parts;
    }
    if (you && room.decks && !room.decks[String(you)]) {
      parts.push(h("form.seat-deck", { onsubmit: (e) => { e.preventDefault(); this._chooseDeck(); } },
        h("label", {}, t("choose_your_deck"), " ", this._deckSelect("seat-deck", [], "deck-choice")),
        h("button#seat-deck-ok", { type: "submit", disabled: this.busy || !this.decks.length }, t("choose_deck_go"))));
    }
    const other = you === 2 ? 1 : 2;
    const seated = room.seated?.[String(other)];
    const reserved = room.players?.[String(other)] || room.bots?.[String(other)];
    if (!you) {
      parts.push(h("p.waiting-opponent", { role: "status" }, t("waiting_players")));
    } else if (seated) {
      // the other player still chooses a deck; when it has chosen, only ours is awaited (the form above)
      if (!room.decks?.[String(other)]) {
        parts.push(h("p.waiting-opponent", { role: "status" }, t("waiting_opponent_deck", { name: seatName(room, other) })));
      }
    } else if (reserved) {
      parts.push(h("p.waiting-opponent", { role: "status" }, t("waiting_named", { name: seatName(room, other) })));
      // the asker of a rematch, waiting in its room, may withdraw the offer (in the finished room it was asked in)
      const old = loadSeat(this.conn.room)?.rematchOf;
      if (old) parts.push(this._withdrawButton(old));
    } else {
      const url = inviteUrl(room.id);
      parts.push(h("div.invite", {},
        h("p.waiting-opponent", { role: "status" }, t("waiting_opponent")),
        h("span", {}, t("invite_hint"), " "),
        h("a.invite-link", { href: url, "data-testid": "invite-link" }, url), " ",
        h("button.copy-invite", { type: "button", onclick: () => this._copy(url) }, this.copied ? t("copied") : t("copy"))));
    }
    return parts;
  }

  /** A room closed before its deal (data-testid "game-cancelled"), with the way back to the lobby: cancelled, or
   * (close 4011) its rematch declined: said to the player who withdrew it as their own withdrawal (the room's last
   * sync names the seat that declined, view.room.rematch_declined), to the other player as the opponent's refusal,
   * to a spectator as the rematch's, a withdrawal when the seat that declined was taken (only the asker sits down
   * before the other player does: then the deal follows). */
  _cancelled(room, you) {
    const withdrawn = Boolean(room.rematch_declined && room.seated?.[String(room.rematch_declined)]);
    const words = !declinedRematch(this.conn) ? "game_cancelled"
      : !you ? (withdrawn ? "rematch_withdrawn" : "rematch_declined")
      : room.rematch_declined === you ? "rematch_withdrawn_you" : "rematch_declined_opp";
    return h("p.game-cancelled", { role: "status", dataset: { testid: "game-cancelled" } }, t(words), " ",
      h("a", { href: "#/" }, t("nf_to_lobby")));
  }

  /** The asker's button withdrawing its rematch offer made in finished room old (data-testid "rematch-withdraw"). */
  _withdrawButton(old) {
    return h("button.rematch-withdraw", { type: "button", "data-testid": "rematch-withdraw", disabled: this.busy,
      onclick: () => this._declineRematch(old) }, t("rematch_withdraw"));
  }

  /** Decline the rematch offered in finished room old (or withdraw this player's own offer there). */
  async _declineRematch(old = this.conn.room) {
    this.busy = true;
    this.render();
    try {
      await api.declineRematch(old);
      this.error = null;
    } catch (e) {
      // both players sat down in another tab or from the rematch room's link: offer the way in instead
      if (e.code === "rematch_started") this.rematchStarted = true;
      else this.error = errorText(e);
    }
    this.busy = false;
    this.render();
  }

  _finished(room, you, result) {
    const parts = [h("p.result-words", { dataset: { reason: result.reason || "" } }, resultText(result, room))];
    if (room.tutorial) return parts;    // a tutorial's practice has no rematch (the guide offers what comes next)
    if (room.rematch && room.rematch_declined) {
      // declined (or withdrawn): said to everyone, the offer and the link to watch it gone (data-testid
      // "rematch-declined")
      parts.push(h("p.rematch-declined", { role: "status", dataset: { testid: "rematch-declined" } },
        t(declinedWords(room, you))));
      return parts;
    }
    if (room.rematch && (room.rematch_started || this.rematchStarted)) {
      // the rematch was dealt (or a stale page's decline found it so): every viewer gets the link into it instead
      // of the offer, a player's "go-rematch", a spectator's "watch-rematch"
      const href = `#/room/${encodeURIComponent(room.rematch)}${you ? "" : "?watch=1"}`;
      parts.push(h("p.rematch-started", { role: "status" }, t("rematch_has_started"), " ",
        h("a", { href, dataset: { testid: you ? "go-rematch" : "watch-rematch" } },
          t(you ? "rematch_go" : "rematch_watch_now"))));
      return parts;
    }
    if (!you) {
      // a spectator follows the players into their rematch (data-testid "watch-rematch")
      if (room.rematch) {
        parts.push(h("p.rematch-watch", { role: "status" }, t("rematch_for_spectators"), " ",
          h("a", { href: `#/room/${encodeURIComponent(room.rematch)}?watch=1`, dataset: { testid: "watch-rematch" } },
            t("rematch_watch"))));
      }
      return parts;
    }
    // this player's own offer, pending (view.room.rematch_by): the way into its room and the way to withdraw it
    const asked = Boolean(room.rematch) && room.rematch_by === you;
    const offered = room.rematch && !asked && !loadSeat(room.rematch);
    parts.push(h("div.rematch-box", {},
      offered ? h("span.rematch-offer", {}, t("rematch_offered"), " ") : null,
      asked ? h("span.rematch-offer", {}, t("rematch_asked_you"), " ") : null,
      h("label", {}, t("rematch_deck"), " ",
        this._deckSelect("rematch-deck", [h("option", { value: "keep", selected: true }, t("rematch_keep"))])), " ",
      h("button.rematch", { type: "button", "data-testid": "rematch", disabled: this.busy,
        onclick: () => this._rematch() }, offered ? t("rematch_accept") : t("rematch")),
      offered ? [" ", h("button.rematch-decline", { type: "button", "data-testid": "rematch-decline", disabled: this.busy,
        onclick: () => this._declineRematch() }, t("rematch_decline"))] : null,
      asked ? [" ", this._withdrawButton(this.conn.room)] : null));
    return parts;
  }

  render() {
    const c = this.conn;
    const view = c.view;
    if (!view || !view.room) {
      setChildren(this.root);
      return;
    }
    const room = view.room;
    const you = c.you;
    const keep = this.root.querySelector("#rematch-deck")?.value;
    const names = h("span.seat-names", {},
      h("span.seat-name", { dataset: { seat: "1" } }, seatName(room, 1)), " — ",
      h("span.seat-name", { dataset: { seat: "2" } }, seatName(room, 2)));
    // data-testid "my-seat" keeps its text 1, 2 or "spectator" (a test contract) out of sight; the page reads words
    const mySeat = h("span.my-seat-box", {}, t("my_seat_label"), " ",
      h("b", {}, you ? String(you) : t("spectator")),
      h("span", { "data-testid": "my-seat", hidden: true }, you ? String(you) : "spectator"));
    const result = view.result || room.result;
    let body = [];
    if (cancelledBeforeDeal(c)) body = [this._cancelled(room, you)];
    else if (room.status === "waiting") body = this._waiting(room, you);
    else if (result) body = this._finished(room, you, result);
    setChildren(this.root, h("div.room-bar", { dataset: { status: room.status } },
      h("div.room-bar-top", {}, mySeat, " · ", names, ratedLabel(room, result)),
      this.opts.lost && !you ? h("p.seat-lost", { role: "status", dataset: { testid: "seat-lost" } }, t("seat_lost")) : null,
      body,
      this.error ? h("p.room-bar-error", { role: "alert" }, this.error) : null));
    const sel = this.root.querySelector("#rematch-deck");
    if (sel && keep) sel.value = keep;
  }
}
