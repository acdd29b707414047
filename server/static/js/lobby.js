// The lobby page: create a room with a starter deck, join a waiting room, watch a game in progress, watch the
// replay of a finished game. Seat tokens are kept in sessionStorage per room, so a reload of the tab resumes the
// same seat (seats.js).

import { h, setChildren } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import * as api from "./api.js";
import { saveSeat } from "./seats.js";

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.decks = [];
    this.rooms = [];
    this.error = null;
    this.busy = false;
    this.unsub = onLangChange(() => this.render());
  }

  async start() {
    try {
      this.decks = await api.listDecks();
    } catch (e) {
      this.error = e.message;
    }
    await this.refresh();
  }

  destroy() {}

  async refresh() {
    try {
      this.rooms = await api.listRooms();
    } catch (e) {
      this.error = e.message;
    }
    this.render();
  }

  _deckSelect(id) {
    return h("select", { id, name: "deck" },
      this.decks.map((d) => h("option", { value: d.name }, d.name_en && d.name_en !== d.name ? `${d.name} / ${d.name_en}` : d.name)));
  }

  async _create(ev) {
    ev.preventDefault();
    const form = ev.target;
    this.busy = true;
    try {
      const seat = await api.createRoom({ deck: form.deck.value, seed: form.seed.value });
      saveSeat(seat.room, seat);
      location.hash = `#/room/${encodeURIComponent(seat.room)}`;
    } catch (e) {
      this.error = e.message;
      this.render();
    } finally {
      this.busy = false;
    }
  }

  async _join(room) {
    const deck = this.root.querySelector("#join-deck")?.value || this.decks[0]?.name;
    try {
      const seat = await api.joinRoom(room, { deck });
      saveSeat(seat.room || room, seat);
      location.hash = `#/room/${encodeURIComponent(seat.room || room)}`;
    } catch (e) {
      this.error = e.message;
      this.render();
    }
  }

  render() {
    const status = (r) => r.status || (r.result ? "finished" : r.seats_free === 0 ? "playing" : "waiting");
    const live = this.rooms.filter((r) => status(r) !== "finished");
    const done = this.rooms.filter((r) => status(r) === "finished");
    const roomRow = (r) => {
      const id = r.id ?? r.room;
      const st = status(r);
      return h("li.room", { dataset: { room: id, status: st } },
        h("span.room-id", {}, `${t("room")} ${id}`), " · ",
        h("span.room-status", {}, t(`status_${st}`)),
        r.decks ? h("span.room-decks", {}, " · " + r.decks.filter(Boolean).join(" vs ")) : null,
        " ",
        st === "waiting" ? h("button.join", { onclick: () => this._join(id) }, t("join")) : null,
        st !== "finished" ? h("a.watch", { href: `#/room/${encodeURIComponent(id)}?watch=1` }, t("watch")) : null,
        st === "finished" ? h("a.replay", { href: `#/replay/${encodeURIComponent(id)}` }, t("watch_replay")) : null);
    };
    setChildren(this.root, h("div.lobby", {},
      this.error ? h("div.error-toast", { role: "alert", onclick: () => { this.error = null; this.render(); } }, this.error) : null,
      h("section.create", {},
        h("h2", {}, t("create_room")),
        h("form#create-form", { onsubmit: (e) => this._create(e) },
          h("label", {}, t("your_deck"), " ", this._deckSelect("create-deck")),
          h("label", {}, t("seed"), " ", h("input", { name: "seed", type: "number", min: "0", placeholder: "12345" })),
          h("button#create-room", { type: "submit" }, t("create")))),
      h("section.rooms", {},
        h("h2", {}, t("rooms"), " ", h("button.refresh", { onclick: () => this.refresh() }, t("refresh"))),
        h("label", {}, t("your_deck"), " ", this._deckSelect("join-deck")),
        live.length ? h("ul.room-list", {}, live.map(roomRow)) : h("p.hint", {}, t("no_rooms"))),
      h("section.replays", {},
        h("h2", {}, t("replays")),
        done.length ? h("ul.room-list", {}, done.map(roomRow)) : h("p.hint", {}, t("no_replays")))));
  }
}
