// The lobby page: create a room with a starter deck, join a waiting room, watch a game in progress, watch the
// replay of a finished game. Seat tokens are kept in sessionStorage per room, so a reload of the tab resumes the
// same seat (seats.js).

import { h, setChildren } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import * as api from "./api.js";
import { saveSeat } from "./seats.js";
import { deckName } from "./deckapi.js";

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.decks = [];
    this.rooms = null;
    this.error = null;
    this.timer = setInterval(() => this.refresh(), 3000);
    this.unsubscribe = onLangChange(() => this.render());
  }

  async start() {
    try {
      this.decks = await api.listDecks();
    } catch (e) {
      this.error = e.message;
    }
    await this.refresh();
  }

  destroy() {
    clearInterval(this.timer);
    this.unsubscribe();
    this.gone = true;
  }

  async refresh() {
    try {
      this.rooms = await api.listRooms();
    } catch (e) {
      this.error = e.message;
    }
    if (!this.gone) this.render();
  }

  _deckSelect(id, pick = 0) {
    return h("select", { id, name: id },
      this.decks.map((d, i) => h("option", { value: d.id, selected: i === Math.min(pick, this.decks.length - 1) },
        deckName(d))));
  }

  async _create(ev) {
    ev.preventDefault();
    const form = ev.target;
    try {
      const seat = await api.createRoom({ decks: [form.querySelector("#create-deck").value,
        form.querySelector("#create-opp-deck").value] });
      saveSeat(seat.room, seat);
      location.hash = `#/room/${encodeURIComponent(seat.room)}`;
    } catch (e) {
      this.error = e.message;
      this.render();
    }
  }

  async _join(room) {
    try {
      const seat = await api.joinRoom(room);
      saveSeat(seat.room, seat);
      location.hash = `#/room/${encodeURIComponent(seat.room)}`;
    } catch (e) {
      this.error = e.message;
      this.refresh();
    }
  }

  render() {
    // Keep what the user chose in the form across the periodic refresh.
    const keep = {};
    for (const el of this.root.querySelectorAll("#create-form select, #create-form input")) keep[el.name] = el.value;
    this._render();
    for (const el of this.root.querySelectorAll("#create-form select, #create-form input")) {
      const old = keep[el.name];
      if (!old) continue;
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === old)) continue;
      el.value = old;
    }
  }

  _render() {
    const { waiting = [], playing = [], finished = [] } = this.rooms || {};
    const roomRow = (r) => {
      const id = r.id;
      const st = r.status;
      return h("li.room", { dataset: { room: id, status: st } },
        h("span.room-id", {}, `${t("room")} ${id}`), " · ",
        h("span.room-status", {}, t(`status_${st}`)),
        r.decks ? h("span.room-decks", {}, " · " + r.decks.join(" vs ")) : null,
        r.watching ? h("span.room-watching", {}, ` · 👁 ${r.watching}`) : null,
        r.result ? h("span.room-result", {}, " · " + resultText(r.result)) : null,
        " ",
        st === "waiting" ? h("button.join", { dataset: { room: id }, onclick: () => this._join(id) }, t("join")) : null,
        st !== "finished" && st !== "waiting" ? h("a.watch", { href: `#/room/${encodeURIComponent(id)}?watch=1` }, t("watch")) : null,
        st === "finished" ? h("a.replay", { href: `#/replay/${encodeURIComponent(id)}` }, t("watch_replay")) : null);
    };
    setChildren(this.root, h("div.lobby", {},
      this.error ? h("div.error-toast", { role: "alert", onclick: () => { this.error = null; this.render(); } }, this.error) : null,
      h("section.create", {},
        h("h2", {}, t("create_room")),
        h("form#create-form", { onsubmit: (e) => this._create(e) },
          h("label", {}, t("your_deck"), " ", this._deckSelect("create-deck", 0)),
          h("label", {}, t("opp_deck"), " ", this._deckSelect("create-opp-deck", 1)),
          h("button#create-room", { type: "submit" }, t("create")))),
      h("section.rooms", {},
        h("h2", {}, t("rooms"), " ", h("button.refresh", { onclick: () => this.refresh() }, t("refresh"))),
        waiting.length || playing.length ? h("ul.room-list", {}, waiting.map(roomRow), playing.map(roomRow))
          : h("p.hint", {}, t("no_rooms"))),
      h("section.replays", {},
        h("h2", {}, t("replays")),
        finished.length ? h("ul.room-list", {}, finished.map(roomRow)) : h("p.hint", {}, t("no_replays")))));
  }
}

function resultText(result) {
  return result.winner === "draw" ? t("result_draw", { reason: result.reason })
    : t("result_win", { p: result.winner, reason: result.reason });
}
