// The game page: the 5 x 6 board from the viewer's side, both auxiliary zones, decks, graveyards, the viewer's own
// deal and squad during the preliminary phase, whose move it is and the clocks, the queue, the legal actions (only
// those the server listed, picked step by step on the board), the combat box, card detail and zoom, and the log.
// A spectator (you = null) gets the same board and no controls. Rules: 01-game-and-cards.md §5 (zones, cells
// a1..e6), 02-battle.md §1 (preliminary phase), RULES.md Q (queue and priority).

import { digitsOf, h, setChildren } from "./dom.js";
import { t, phaseName, onLangChange, errorText, hasKey } from "./i18n.js";
import { cardName, instanceName } from "./cards.js";
import { indexLegal, actionLabel, moveInfo, abilityName } from "./actions.js";
import { groupMoves, pickState, movesWithFirst, actionSteps } from "./picker.js";
import { renderLogLine, unshadowed } from "./log.js";
import { cardElement, cardLabel, defOf } from "./cardface.js";
import { queuePanel, combatPanel, exchangeExplained, cardDetail, passMeaning, playerName } from "./panels.js";
import { TurnAlert, animationsFor, soundOn, setSound } from "./feel.js";
import { Zoom } from "./zoom.js";
import { boardKeys } from "./keys.js";
import { seatName, seatFree, resultForSeat } from "./names.js";
import { botThinking } from "./botlevels.js";
import { crystals, capital } from "./words.js";
import { term } from "./terms.js";
import { actionHelp, actionsHelpButton } from "./acthelp.js";
import { rulesHref } from "./rules.js";
import { PROMPT_RULE } from "./rules_text.js";
import { offPageIds, offPagePanel, triggersPromptText } from "./reach.js";
import { tickClocks } from "./clocks.js";
import { endingsPanel, tickAway } from "./leaver.js";
import { notFoundBox, privateRoomBox } from "./notfound.js";
import { ReplayConnection } from "./replay.js";
import { needsConfirm, confirmBox, confirmSetting } from "./confirm.js";
import { LogBook } from "./logbook.js";
import { declinedRematch, cancelledBeforeDeal, closedToSpectators, superseded, seatReplaced, takingBack } from "./conn.js";

const COLS = ["a", "b", "c", "d", "e"];
const RANKS = [1, 2, 3, 4, 5, 6];
const PRELIM = ["deal", "recruitment_preparation", "recruitment", "deployment", "reveal"];

/** Board rows top to bottom and columns left to right for the player seen at the bottom (1 or 2). */
export function orientation(bottom) {
  if (bottom === 2) return { ranks: [...RANKS], cols: [...COLS].reverse() };
  return { ranks: [...RANKS].reverse(), cols: [...COLS] };
}

export class GamePage {
  /** root: the element to render into; conn: a GameConnection; opts: {replay: bool}. */
  constructor(root, conn, opts = {}) {
    this.root = root;
    this.conn = conn;
    this.opts = opts;
    this.selected = null; // card instance id whose moves are shown
    this.move = null; // the chosen move's key (picker.js moveKey) of the selected card
    this.picks = []; // the choices made so far for that move
    this.ambiguous = null; // [action] several sourceless actions on one clicked card
    this.detail = null; // card instance id (or {list, title}) shown in the detail box
    this.viewer = null; // {list, title}: the graveyard / aux-zone viewer dialog
    this.confirmConcede = false;
    this.confirmAbort = false;   // leaver.js: "Abort the game" asked, waiting for its confirmation
    this.ending = null;          // leaver.js: "abort" | "claim" while that request is in flight or, once granted,
                                 // until the game's end arrives
    this.staged = null; // an irreversible action held until confirmed (confirm.js)
    this.errorShown = null;
    this.lastSeq = null;
    this.focusCell = null;
    this.alert = new TurnAlert();
    this.zoom = new Zoom(() => this.conn.view);
    this.clockTimer = setInterval(() => this._tickClocks(), 250);
    this.unsubscribe = onLangChange(() => { this.zoom.hide(); this.render(); }); // the zoom is drawn in the old language
    this.onKey = (e) => this._key(e);
    document.addEventListener("keydown", this.onKey);
    // The second (third, ...) click of a double click is no new decision: it would land on whatever the first click
    // put under the pointer (the next prompt's button, a confirmation, the concession). Dropped before any handler.
    this.onRepeatClick = (e) => {
      if (e.detail > 1) {
        e.stopPropagation();
        e.preventDefault();
      }
    };
    root.addEventListener("click", this.onRepeatClick, true);
  }

  destroy() {
    clearInterval(this.clockTimer);
    clearTimeout(this.errorTimer);
    this.unsubscribe();
    this.alert.clear();
    this.zoom.hide();
    document.removeEventListener("keydown", this.onKey);
    this.root.removeEventListener("click", this.onRepeatClick, true);
  }

  /** Called by the connection on every change. */
  update(what) {
    // a declined rematch is said by the room bar, a seat opened in another window or claimed again elsewhere by the
    // page's banner (which also replaces the toast of the refusal of this window's old token)
    if (seatReplaced(this.conn)) this.errorShown = null;
    else if (what === "error" && !declinedRematch(this.conn) && !superseded(this.conn)) {
      this.errorShown = this.conn.lastError;
      clearTimeout(this.errorTimer);
      this.errorTimer = setTimeout(() => { this.errorShown = null; this.render(); }, 8000);
    }
    if (what === "state") {
      // A new version: a selection that lost its moves is dropped, and so is a staged action no longer listed.
      if (this.staged && !(this.conn.legal || []).some((a) => JSON.stringify(a) === JSON.stringify(this.staged))) this.staged = null;
      const idx = indexLegal(this.canAct ? this.conn.legal : [], this.conn.view);
      if (this.selected && !idx.bySource.has(this.selected)) this._clearSelection();
      else if (this.selected && this.move) {
        const g = groupMoves(idx.bySource.get(this.selected)).find((x) => x.key === this.move);
        if (!g || !pickState(g.actions, this.picks).candidates.length) this._clearSelection();
      }
      this.ambiguous = null;
      // The concession question stays open across the opponent's moves (one may concede at any time).
    }
    this.render();
  }

  get bottom() {
    return this.conn.you || 1;
  }

  /** True while a decision of this page waits for the server's answer: an action sent on the connection (until
   * the frame answering it: its diff or an error) or an abort / a claim of the win (leaver.js). The game's
   * controls, the concession included, take no click meanwhile. */
  get busy() {
    return !!(this.conn.pendingAction || this.ending);
  }

  get canAct() {
    return !!(this.conn.you && this.conn.legal && this.conn.legal.length && !this.busy
      && this.conn.status === "open" && !this.conn.view?.result);
  }

  _clearSelection() {
    this.selected = null;
    this.move = null;
    this.picks = [];
  }

  /** The selection's moves and pick state: {groups, group, state, cards: Set, cells: Set}. */
  _selection(idx) {
    const out = { groups: [], group: null, state: null, cards: new Set(), cells: new Set() };
    if (this.ambiguous) return out;
    if (!this.selected) {
      for (const id of idx.direct.keys()) out.cards.add(id);
      for (const cell of idx.directCells?.keys() || []) out.cells.add(cell);
      return out;
    }
    out.groups = groupMoves(idx.bySource.get(this.selected));
    out.group = out.groups.find((g) => g.key === this.move) || null;
    if (out.group) {
      out.state = pickState(out.group.actions, this.picks);
      out.cards = out.state.cards;
      out.cells = out.state.cells;
    } else {
      for (const g of out.groups) {
        const st = pickState(g.actions, []);
        st.cards.forEach((c) => out.cards.add(c));
        st.cells.forEach((c) => out.cells.add(c));
      }
    }
    return out;
  }

  render() {
    const c = this.conn;
    const view = c.view;
    if (!view) {
      // a replay link naming no game: the body says so, with the way back (once: no toast saying it again)
      if (c.status === "closed" && this.opts.replay && c.lastError?.code === "game_not_found") {
        setChildren(this.root, notFoundBox("game"));
        return;
      }
      // a room link naming no room being played: said so, with the replay when the id was a game that ended
      if (c.status === "closed" && !this.opts.replay && c.lastError?.code === "room_not_found") {
        this._lookUpRecord();
        setChildren(this.root, this._errorToast(), notFoundBox("room", this.recorded ? c.room : null));
        return;
      }
      // a room closed to spectators, opened without a seat there: a private game, not a refused seat key
      if (c.status === "closed" && !this.opts.replay && closedToSpectators(c)) {
        setChildren(this.root, privateRoomBox());
        return;
      }
      setChildren(this.root, this._errorToast(), superseded(c) || seatReplaced(c) ? this._connBanner()
        : h("div.loading", { role: "status" }, c.status === "closed" ? t("closed") : t(c.status === "reconnecting" ? "reconnecting" : "connecting")));
      return;
    }
    const legal = this.canAct ? c.legal : [];
    const idx = indexLegal(legal, view);
    const sel = this._selection(idx);
    const anim = animationsFor(view.log, this.lastSeq);
    const log = view.log || [];
    this.lastSeq = log.length ? log[log.length - 1].seq : this.lastSeq;
    this.anim = this.lastSeq === null ? { cards: {}, grave: new Set() } : anim;
    const me = this.bottom;
    const opp = me === 1 ? 2 : 1;
    const own = this._ownZones(view, idx, sel);
    const prelimFirst = own && PRELIM.includes(view.phase);
    const field = h("section.field", { "aria-label": t("board") },
      this._playerBar(opp, view),
      this._auxZone(opp, view, idx, sel),
      prelimFirst ? own : null,
      this._board(view, idx, sel),
      this._auxZone(me, view, idx, sel),
      this._playerBar(me, view),
      prelimFirst ? null : own);
    const dock = this._controls(view, idx, sel);
    const side = h("aside.side", { "aria-label": t("side_panel") },
      this._status(view),
      this.opts.replay ? null : endingsPanel(this, c, view),
      this.conn.renderControls ? this.conn.renderControls() : null,
      dock,
      combatPanel(view, c.you),
      this._detailBox(view),
      queuePanel(view, c.you),
      this._log(view),
      this._replayLink(view));
    const page = h("div.game" + (dock ? ".has-dock" : ""), { dataset: { v: String(c.v), you: String(c.you ?? "spectator"), phase: view.phase || "" } },
      field, side);
    const banners = [];
    const connBanner = this._connBanner();
    if (connBanner) banners.push(connBanner);
    if (view.result) banners.push(this._resultBanner(view.result));
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? (active.dataset.cell ? `[data-cell='${active.dataset.cell}']`
      : active.dataset.card ? `[data-card='${active.dataset.card}']` : active.dataset.focus ? `[data-focus='${active.dataset.focus}']` : null) : null;
    setChildren(this.root, banners, page, this._errorToast(), this._viewerDialog(view, idx, sel));
    if (focusKey) this.root.querySelector(focusKey)?.focus({ preventScroll: true });
    const logEl = this.root.querySelector(".log-list");
    if (logEl) logEl.scrollTop = logEl.scrollHeight;
    this.alert.update(!!(c.you && view.to_act === c.you && !view.result && c.status === "open"), t(yourActKey(view, c.you)));
    this._tickClocks();
  }

  // ---- pieces -------------------------------------------------------------------------------------------

  /** Once per page: whether the server keeps a record (replay) of this page's room id; renders again if so. */
  _lookUpRecord() {
    if (this.recordAsked) return;
    this.recordAsked = true;
    ReplayConnection.available(this.conn.room).then((yes) => {
      this.recorded = yes;
      if (yes) this.render();
    });
  }

  /** The connection's state in words above the board while it is not open (none for a room cancelled before its
   * deal); for a seat opened in another window, that, with the button that plays here again (data-testid
   * "seat-take-back": this window takes the seat back, the other one is then told so); for a seat claimed again
   * with a new token (data-testid "seat-replaced"), that this window can no longer play it with its old key, and
   * the button that asks the server for the seat on this device (data-testid "seat-claim-again", opts.claimAgain). */
  _connBanner() {
    const c = this.conn;
    if (c.status === "open" || cancelledBeforeDeal(c)) return null;
    if (seatReplaced(c)) {
      // its player may claim the seat on this device (a fresh token from the server, given only to the seat's own
      // player: main.js claimAgain; anyone else then watches)
      const again = this.opts.claimAgain && h("button.seat-take-back", { title: t("seat_claim_again_hint"),
        dataset: { testid: "seat-claim-again" }, onclick: () => this.opts.claimAgain() }, t("seat_take_back"));
      return h("div.conn-banner.superseded", { role: "status", dataset: { testid: "seat-replaced" } },
        h("span", {}, t("seat_replaced")), again ? " " : null, again || null);
    }
    if (!superseded(c)) {
      return h("div.conn-banner", { role: "status" }, t(connWords(c)));
    }
    return h("div.conn-banner.superseded", { role: "status", dataset: { testid: "seat-elsewhere" } }, t("superseded"), " ",
      h("button.seat-take-back", { title: t("seat_take_back_hint"), dataset: { testid: "seat-take-back" },
        onclick: () => c.resume() }, t("seat_take_back")));
  }

  _errorToast() {
    const e = this.errorShown;
    if (!e) return null;
    return h("div.error-toast", { role: "alert", dataset: { code: e.code || "" },
      onclick: () => { this.errorShown = null; this.render(); } },
    h("b", {}, t("error") + ": "), errorText(e), h("button.close", { "aria-label": t("close") }, "×"));
  }

  _playerBar(p, view) {
    const pv = view.players?.[String(p)] || {};
    const grave = pv.graveyard || [];
    const toAct = view.to_act === p;
    const stat = (label, value, extra = {}) => h("span.stat", extra, h("span.stat-label", {}, label + ": "), h("b", {}, String(value)));
    // a free seat: waited for while the room waits, only free once the room is cancelled before its deal
    const free = seatFree(view.room, p) && (cancelledBeforeDeal(this.conn) ? capital(t("seat_free")) : t("seat_free_waiting"));
    const name = h("span.pname" + (toAct ? ".to-act" : ""), {}, free
      || (this.conn.you ? `${seatName(view.room, p)} (${p === this.conn.you ? t("you") : t("opponent")})` : seatName(view.room, p)));
    const clock = h("span.clock", { dataset: { clock: String(p) } }, "");
    if (!dealt(view)) return h(`div.pbar.${p === this.bottom ? "me" : "opp"}`, { dataset: { player: String(p) } }, name, clock);
    return h(`div.pbar.${p === this.bottom ? "me" : "opp"}`, { dataset: { player: String(p) } }, name, clock,
      stat(t("deck"), pv.deck ?? 0, { class: "deck-count" }),
      h("button.grave-count" + (this.anim?.grave?.has(p) ? ".anim-grave" : ""), {
        dataset: { focus: `grave${p}` }, "aria-haspopup": "dialog",
        title: grave.map((id) => instanceName(view, id)).join("\n"),
        onclick: () => { this.viewer = { list: grave, title: `${t("graveyard")} — ${playerName(p, this.conn.you, view.room)}` }; this.render(); },
      }, t("graveyard") + ": ", h("b", {}, String(grave.length))),
      (pv.aux || []).length ? h("button.aux-count", {
        dataset: { focus: `aux${p}` }, "aria-haspopup": "dialog",
        onclick: () => { this.viewer = { list: pv.aux, title: `${t("aux_zone")} — ${playerName(p, this.conn.you, view.room)}` }; this.render(); },
      }, t("aux_short") + ": ", h("b", {}, String(pv.aux.length))) : null,
      (pv.deal || view.phase === "deal") ? stat(t("deal"), pv.deal ?? 0) : null,
      (pv.recruits || ["recruitment", "deployment"].includes(view.phase)) ? stat(t("recruits"), pv.recruits ?? 0) : null,
      stat(t("gold"), crystals(pv.gold), { class: "gold", title: pv.gold < 0 ? t("gold_bonus_spent") : null }),
      stat(t("silver"), crystals(pv.silver), { class: "silver" }));
  }

  _auxZone(p, view, idx, sel) {
    const ids = view.players?.[String(p)]?.aux || [];
    return h(`div.aux.${p === this.bottom ? "me" : "opp"}` + (ids.length ? "" : ".empty"), { dataset: { aux: String(p) }, "aria-label": t("aux_zone") },
      h("span.zone-label", {}, t("aux_zone")),
      ids.map((id) => this._card(id, view, idx, sel, { focusable: true })));
  }

  _board(view, idx, sel) {
    const { ranks, cols } = orientation(this.bottom);
    const byCell = new Map();
    for (const cv of Object.values(view.cards || {})) {
      if (cv.zone !== "battlefield" || !cv.cell) continue;
      if (!byCell.has(cv.cell)) byCell.set(cv.cell, []);
      byCell.get(cv.cell).push(cv);
    }
    const cells = [];
    const first = this.focusCell || `${cols[0]}${ranks[ranks.length - 1]}`;
    for (const r of ranks) {
      for (const col of cols) {
        const cell = `${col}${r}`;
        const here = (byCell.get(cell) || []).sort((x, y) => (x.attached_to ? 1 : 0) - (y.attached_to ? 1 : 0));
        const half = r <= 3 ? 1 : 2;
        const cls = ["cell", half === this.bottom ? "my-half" : "opp-half"];
        const target = sel.cells.has(cell) || here.some((cv) => sel.cards.has(cv.id));
        if (sel.cells.has(cell)) cls.push("target");
        if (here.some((cv) => cv.id === this.selected)) cls.push("has-selected");
        const marks = markerText(view.cells?.[cell]);
        const label = [cell, ...here.map((cv) => cardLabel(cv, defOf(view, cv.id)))].join(": ")
          + (marks ? ` — ${marks}` : "") + (target ? ` — ${t("aria_target")}` : "");
        cells.push(h("div." + cls.join("."), {
          dataset: { cell }, role: "button", tabindex: cell === first ? "0" : "-1", "aria-label": label,
          onclick: (e) => { if (e.target.closest(".card")) return; this._clickCell(cell, idx); },
          onfocus: () => { this.focusCell = cell; if (here[0]) this.zoom.showFor(here[0].id, this.root.querySelector(`[data-cell='${cell}']`), "focus"); },
          onblur: () => this.zoom.hide("focus"),
        }, h("span.cell-name", { "aria-hidden": "true" }, cell),
        marks ? h("span.cell-marker", { title: marks, "aria-hidden": "true", dataset: { testid: "cell-marker" } }, `◆ ${marks}`) : null,
        here.map((cv) => this._card(cv.id, view, idx, sel, { attached: !!cv.attached_to, inCell: true }))));
      }
    }
    return h("div.board", { role: "group", "aria-label": t("board"), onkeydown: (e) => boardKeys(e, this) }, cells);
  }

  /** A card element; inCell: on a board cell, whose aria-label already says it all (the card is hidden from
   * assistive technology, so that the cell's name covers what it shows: axe label-content-name-mismatch). */
  _card(id, view, idx, sel, { attached = false, focusable = false, inViewer = false, inCell = false } = {}) {
    const cv = view.cards?.[id];
    if (!cv) return null;
    const def = defOf(view, id);
    const cls = [cv.owner === this.bottom ? "mine" : "theirs"];
    if (attached) cls.push("attached");
    if (this.selected === id) cls.push("selected");
    if (idx.bySource.has(id)) cls.push("actor");
    if (sel.cards.has(id)) cls.push("target");
    if (this.anim?.cards?.[id]) cls.push(this.anim.cards[id]);
    // a card in the zone viewer that can act or be chosen closes the viewer, so the dock shows its moves
    const click = () => {
      if (inViewer && (idx.bySource.has(id) || sel.cards.has(id) || idx.direct.has(id))) this.viewer = null;
      this._clickCard(id, idx);
    };
    const attrs = {
      dataset: { card: id, owner: String(cv.owner) },
      title: cardName(def),
      onclick: (e) => { e.stopPropagation(); click(); },
      onmouseenter: (e) => { this._showDetail(id); this.zoom.showFor(id, e.currentTarget, "hover"); },
      onmouseleave: () => this.zoom.hide("hover"),
      ontouchstart: (e) => this.zoom.pressStart(id, e.currentTarget),
      ontouchend: () => this.zoom.pressEnd(),
      ontouchmove: () => this.zoom.pressEnd(),
    };
    if (focusable) {
      Object.assign(attrs, { role: "button", tabindex: "0",
        "aria-pressed": this.selected === id ? "true" : "false",
        onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(); } },
        onfocus: (e) => this.zoom.showFor(id, e.currentTarget, "focus"), onblur: () => this.zoom.hide("focus") });
    }
    const el = cardElement(cv, def, cls, attrs);
    // the name is what the card shows plus the sentence (not an aria-label that would hide what is shown: WCAG
    // 2.5.3, axe label-content-name-mismatch)
    if (focusable) el.append(h("span.sr-only", {}, cardLabel(cv, def) + (sel.cards.has(id) ? ` — ${t("aria_target")}` : "")));
    if (inCell) el.setAttribute("aria-hidden", "true");
    return el;
  }

  _ownZones(view, idx, sel) {
    if (!this.conn.you) return null;
    const me = this.conn.you;
    const mine = (zone) => Object.values(view.cards || {}).filter((cv) => cv.owner === me && cv.zone === zone).map((cv) => cv.id);
    const deal = mine("deal");
    const recruits = mine("recruits");
    if (!deal.length && !recruits.length) return null;
    const pv = view.players?.[String(me)] || {};
    return h("div.own-zones", { "aria-label": t("your_deal") },
      h("div.budget", { dataset: { gold: String(pv.gold ?? 0), silver: String(pv.silver ?? 0) } },
        t("recruit_budget", { gold: crystals(pv.gold ?? 0), silver: crystals(pv.silver ?? 0), n: recruits.length }),
        pv.gold < 0 ? ` (${t("gold_bonus_spent")})` : null),
      recruits.length ? h("div.zone.recruits", {}, h("span.zone-label", {}, t("your_squad") + ` (${recruits.length})`),
        recruits.map((id) => this._card(id, view, idx, sel, { focusable: true }))) : null,
      deal.length ? h("div.zone.deal", {}, h("span.zone-label", {}, t("your_deal") + ` (${deal.length})`),
        deal.map((id) => this._card(id, view, idx, sel, { focusable: true }))) : null);
  }

  _status(view) {
    const c = this.conn;
    const who = c.you ? t("you_are", { p: c.you }) : t(this.opts.replay ? "replay_mode" : "spectator");
    const cancelled = cancelledBeforeDeal(c);     // a room closed before its deal: cancelled, not disconnected
    const state = cancelled ? "cancelled" : c.status;
    let toAct;
    if (view.result) toAct = t("game_over");
    else if (cancelled) toAct = t("to_act_none");
    else if (superseded(c)) toAct = t("superseded");
    else if (seatReplaced(c)) toAct = t("seat_replaced");
    else if (c.status !== "open") toAct = t(connWords(c));
    else if (!dealt(view)) toAct = t("before_deal_hint");
    else if (view.to_act == null) toAct = t("to_act_none");
    else if (view.to_act === c.you) toAct = t(yourActKey(view, c.you));
    else if (!this.opts.replay && botThinking(view)) toAct = t("bot_thinking");   // a replay's computer thinks no more
    else toAct = t("to_act_other", { who: seatName(view.room, view.to_act) });
    return h("div.status", { dataset: { testid: "status" } },
      h("div.who", {}, who, " · ", h("span.conn-status." + state, {}, t(superseded(c) ? "conn_elsewhere"
        : seatReplaced(c) ? "conn_replaced" : { open: "connected", closed: "closed", cancelled: "state_cancelled" }[state] ?? "reconnecting")),
        c.you ? h("button.sound", { dataset: { focus: "sound" }, "aria-pressed": soundOn() ? "true" : "false",
          onclick: () => { setSound(!soundOn()); this.render(); } }, t(soundOn() ? "sound_on" : "sound_off")) : null,
        c.you && !this.opts.replay ? confirmSetting(() => this.render()) : null),
      h("div.turn", {}, dealt(view) ? [t("turn", { n: view.turn ?? 0 }), " · ", t("phase"), ": ",
        h("b.phase", { dataset: { phase: view.phase || "" } }, phaseName(view.phase)),
        view.active ? " · " + t("active", { who: seatName(view.room, view.active) }) : ""]
        : h("b.phase", { dataset: { phase: "" } }, t(cancelled ? "game_cancelled_short" : "before_deal")),
        h("a.game-rules-link", { href: rulesHref(), target: "_blank", rel: "noopener", dataset: { testid: "game-rules" } }, t("rules"))),
      h("div.to-act" + (view.to_act === c.you && c.you && c.status === "open" ? ".mine" : ""), { dataset: { toAct: String(view.to_act ?? "") }, role: "status", "aria-live": "polite" }, toAct));
  }

  /** The question asked now, in words (null when this page is not asked). */
  _promptText(view) {
    const c = this.conn;
    const pr = view.prompt;
    if (!pr || pr.player !== c.you || view.result) return null;
    let text = pr.kind === "triggers" ? triggersPromptText(pr) : t(`prompt_${pr.kind}`);
    if (pr.kind === "choice" && pr.what) {
      text = hasKey(`prompt_choice_${pr.what}`) ? t(`prompt_choice_${pr.what}`)
        : t("prompt_choice_ability", { name: instanceName(view, pr.source) });
    } else if (pr.kind === "choice" && pr.source) {  // a choose one asked by an ability: name it and its card
      const ex = view.executing;
      const ab = ex && ex.source === pr.source ? abilityName(ex.ability, pr.source, view) : "";
      text = ab ? t("prompt_choose_one", { ability: ab, name: instanceName(view, pr.source) })
        : t("prompt_choice_ability", { name: instanceName(view, pr.source) });
    }
    if (pr.kind === "priority" && (view.queue || []).length) text = t("prompt_priority_queue");
    if (pr.attacker || pr.target) {
      text += ` (${[pr.attacker, pr.target ?? pr.responder].filter(Boolean).map((id) => instanceName(view, id)).join(" → ")})`;
    }
    return text;
  }

  /** The dock: the prompt, what a pass does, the exchange explained, the global buttons, the selected card's moves
   * and the step-by-step pick. Null for spectators and replays. */
  _controls(view, idx, sel) {
    if (!this.conn.you || this.opts.replay) return null;
    const prompt = this._promptText(view);
    const box = h("section.controls", { "aria-label": t("actions"), dataset: { testid: "controls" } },
      h("h2.sr-only", {}, t("actions")),
      prompt ? h("div.prompt", { dataset: { kind: view.prompt.kind }, "data-testid": "prompt" }, prompt,
        h("a.rule-link", { href: rulesHref(PROMPT_RULE[view.prompt.kind] || "queue"), target: "_blank", rel: "noopener",
          dataset: { testid: "prompt-rule" } }, t("rules_prompt_link"))) : null);
    if (view.result) return prompt ? box : null;   // a finished game's page has nothing to do here
    const act = (a, extra = "") => h("button.act" + extra, {
      dataset: { act: a.act, idx: String(this.conn.legal.indexOf(a)) },
      title: actionHelp(a, view) || null,
      disabled: !this.canAct,
      onclick: () => this._send(a),
    }, actionLabel(a, view, this.conn.legal));
    const meaning = this.canAct ? passMeaning(view) : null;
    if (meaning) box.append(h("div.pass-meaning", {}, term("pass", t("pass_now")), ": " + meaning));
    const ex = this.canAct ? exchangeExplained(view, this.conn.you) : null;
    if (ex) box.append(ex);
    const globals = idx.global.filter((a) => a.act !== "concede");
    if (this.ambiguous) {
      box.append(h("div.disambiguate", {}, h("div.sel-title", {}, t("pick_one")), this.ambiguous.map((a) => act(a)),
        h("button.cancel", { onclick: () => { this.ambiguous = null; this.render(); } }, t("cancel"))));
    }
    if (this.staged) {
      box.append(confirmBox(this.staged, view, this.conn.legal, () => this._send(this.staged, true),
        () => { this.staged = null; this.render(); }));
    }
    box.append(h("div.global-actions", {}, globals.map((a) => act(a)), actionsHelpButton(globals, view)));
    const offPage = this.ambiguous ? null
      : offPagePanel(offPageIds(idx, sel, this.selected, view, this.conn.you), view, (id) => this._clickCard(id, idx));
    if (offPage) box.append(offPage);
    if (this.selected) box.append(this._selectedMoves(view, sel, act));
    else if (idx.bySource.size) box.append(h("div.hint", {}, t("select_hint")));
    else if (!globals.length && !idx.direct.size && this.canAct) box.append(h("div.hint", {}, t("no_actions")));
    else if (idx.direct.size) box.append(h("div.hint", {}, t("direct_hint")));
    // Conceding is allowed at any time, not only on one's own move (engine [102.3.b]).
    const concede = { act: "concede" };
    if (view.room?.status !== "waiting") {
      box.append(this.confirmConcede
        ? h("div.concede-confirm", {}, t("concede_confirm"), " ",
          h("button.act.danger", { dataset: { act: "concede-confirm" }, disabled: this.busy,
            onclick: () => this._concede(concede) }, t("concede")),
          h("button.cancel", { onclick: () => { this.confirmConcede = false; this.render(); } }, t("cancel")))
        : h("button.concede", { dataset: { act: "concede" }, disabled: this.conn.status !== "open" || this.busy,
          onclick: () => { if (!this.busy) { this.confirmConcede = true; this.render(); } } }, t("concede")));
    }
    return box;
  }

  _selectedMoves(view, sel, act) {
    const name = instanceName(view, this.selected);
    const wrap = h("div.selected-actions", {}, h("div.sel-title", {}, t("card_actions", { name })));
    if (!sel.group) {
      wrap.append(h("ul.moves", {}, sel.groups.map((g) => {
        const info = moveInfo(g, this.selected, view, this.conn.legal);
        const single = g.actions.length === 1 && !actionSteps(g.actions[0]).length ? g.actions[0] : null;
        return h("li", {}, h("button.move", {
          dataset: { move: g.key, ...(single ? { idx: String(this.conn.legal.indexOf(single)) } : {}) },
          title: info.text || info.name,
          onclick: () => (single ? this._send(single) : this._chooseMove(g.key)),
        }, h("span.m-name", {}, info.name), info.cost ? h("span.m-cost", {}, info.cost) : null),
        info.text ? h("div.m-text", {}, info.text) : null);
      })));
      if (sel.cards.size || sel.cells.size) wrap.append(h("div.hint", {}, t("targets_hint")));
    } else {
      const info = moveInfo(sel.group, this.selected, view, this.conn.legal);
      const st = sel.state;
      const done = this.picks.map((p) => (p.kind === "card" ? instanceName(view, p.value) : p.kind === "cell" ? p.value : `X = ${p.value}`));
      wrap.append(h("div.pick", { dataset: { move: sel.group.key, step: String(this.picks.length) } },
        h("b", {}, info.name), info.cost ? h("span.m-cost", {}, info.cost) : null,
        done.length ? h("div.pick-done", {}, t("picked") + ": " + done.join(", ")) : null,
        st.cards.size || st.cells.size ? h("div.pick-next", {}, t(st.cells.size && !st.cards.size ? "pick_cell" : "pick_target", { n: this.picks.length + 1 })) : null,
        st.xs.length ? h("div.pick-x", {}, t("pick_x"), " ", st.xs.map((x) => h("button.x", { dataset: { x: String(x) }, onclick: () => this._pick({ kind: "x", value: x }) }, String(x)))) : null,
        // confirm when more picks are possible, or when the move has nothing to pick at all (a card's only move is a
        // targetless ability, e.g. one used in the recruitment preparation step from the deal)
        st.complete.length && (st.cards.size || st.cells.size || st.xs.length || !actionSteps(st.complete[0]).length)
          ? act(st.complete[0], ".pick-confirm") : null,
        h("button.back", { onclick: () => this._back() }, t("step_back"))));
    }
    wrap.append(h("button.cancel", { onclick: () => { this._clearSelection(); this.render(); } }, t("cancel")));
    return wrap;
  }

  _detailBox(view) {
    const d = this.detail;
    const box = h("section.detail", { "aria-label": t("card_text") });
    if (!d || !view.cards?.[d]) {
      box.append(h("div.hint", {}, t("no_card")));
      return box;
    }
    box.append(cardDetail(view, d));
    return box;
  }

  _viewerDialog(view, idx, sel) {
    const v = this.viewer;
    if (!v) return null;
    const close = () => { this.viewer = null; this.render(); };
    const dlg = h("div.viewer", { role: "dialog", "aria-modal": "true", "aria-label": v.title, dataset: { testid: "zone-viewer" },
      onclick: (e) => { if (e.target === dlg) close(); } },
    h("div.viewer-box", {},
      h("div.viewer-head", {}, h("h2", {}, v.title), h("button.close", { dataset: { focus: "viewer-close" }, onclick: close, "aria-label": t("close") }, "×")),
      v.list.length ? h("div.viewer-cards", {}, v.list.map((id) => this._card(id, view, idx, sel, { focusable: true, inViewer: true })))
        : h("div.hint", {}, t("zone_empty"))));
    if (!v.focused) {   // focus moves into the dialog once, when it opens
      v.focused = true;
      setTimeout(() => dlg.querySelector("button.close")?.focus(), 0);
    }
    return dlg;
  }

  _log(view) {
    if (this.conn.renderLog) return this.conn.renderLog(view); // a replay shows its complete log, by turn
    if (!this.book) this.book = new LogBook(this.conn.room ? `berserk.log.${this.conn.room}.${this.conn.you ?? "w"}` : null);
    this.book.add(view.log);
    this.book.see(view.cards);
    const named = this.book.named(view);
    const lines = unshadowed(this.book.events()).map((e) => renderLogLine(e, named)).filter(Boolean);
    return h("section.log", { "aria-label": t("log") }, h("h2", {}, t("log")),
      h("ol.log-list", { tabindex: "0", "aria-label": t("log"), dataset: { digits: digitsOf(lines.length) } },
        lines.map((s) => h("li", {}, s))));
  }

  /** A finished room's link to its replay page (data-testid "finished-replay"), once the server has recorded the
   * game: the replay shows each viewer only its own viewpoint (a spectator's, or a seat's to that seat's player).
   * None while the game runs, on the replay page itself, and for a game that is not recorded (a tutorial). */
  _replayLink(view) {
    if (!view.result || this.opts.replay || view.room?.tutorial) return null;   // a tutorial's game: never recorded
    this._lookUpRecord();
    if (!this.recorded) return null;
    const href = `#/replay/${encodeURIComponent(this.conn.room)}`;
    return h("a.watch-replay", { href, dataset: { testid: "finished-replay" } }, t("watch_replay"));
  }

  /** The end-of-game banner; data-outcome: "won" (green) or "lost" (red) for a player of the game, "neutral" for a
   * draw, a game nobody won, a spectator and a replay. */
  _resultBanner(result) {
    const { text, outcome } = resultForSeat(result, this.conn.view?.room, this.opts.replay ? null : this.conn.you);
    return h("div.result-banner", { role: "status", dataset: { winner: String(result.winner), outcome } },
      h("b", {}, t("game_over")), " ", text);
  }

  // ---- interaction ---------------------------------------------------------------------------------------

  _showDetail(id) {
    if (this.detail === id) return;
    this.detail = id;
    const old = this.root.querySelector(".detail");
    if (old && this.conn.view) old.replaceWith(this._detailBox(this.conn.view));
  }

  _idx() {
    return indexLegal(this.canAct ? this.conn.legal : [], this.conn.view);
  }

  _chooseMove(key) {
    this.move = key;
    this.picks = [];
    this._afterPick();
  }

  _pick(step) {
    this.picks.push(step);
    this._afterPick();
  }

  /** After a pick: send when exactly one action is fully described and nothing more can be picked. */
  _afterPick() {
    const idx = this._idx();
    const sel = this._selection(idx);
    const st = sel.state;
    if (st && st.complete.length && !st.cards.size && !st.cells.size && !st.xs.length) return this._send(st.complete[0]);
    this.render();
  }

  /** Esc: undo the last pick, then the move, then the selection. */
  _back() {
    if (this.viewer) this.viewer = null;
    else if (this.staged) this.staged = null;
    else if (this.ambiguous) this.ambiguous = null;
    else if (this.picks.length) this.picks.pop();
    else if (this.move) {
      const groups = groupMoves(this._idx().bySource.get(this.selected));
      this.move = null;
      if (groups.length === 1) this.selected = null;
    } else if (this.selected) this.selected = null;
    else return false;
    this.render();
    return true;
  }

  /** A click on a target (card or cell) with no move chosen: the moves whose first pick it is. */
  _targetFirst(kind, value, sel) {
    const groups = movesWithFirst(sel.groups, kind, value);
    if (groups.length === 1) {
      this.move = groups[0].key;
      this.picks = [];
      return this._pick({ kind, value });
    }
    if (groups.length > 1) {
      this.ambiguous = groups.flatMap((g) => g.actions.filter((a) => { const s0 = actionSteps(a)[0]; return s0 && s0.kind === kind && s0.value === value; }));
      this.render();
      return true;
    }
    return false;
  }

  _clickCard(id, idx) {
    this.detail = id;
    const view = this.conn.view;
    const sel = this._selection(idx);
    // the selected card may be a target of its own move (a trigger aimed at "any creature", itself included)
    if (this.selected && sel.group && sel.state.cards.has(id)) return this._pick({ kind: "card", value: id });
    if (this.selected && this.selected !== id) {
      if (!sel.group && sel.cards.has(id) && this._targetFirst("card", id, sel)) return;
      const cell = view.cards?.[id]?.cell;
      if (cell && view.cards[id].zone === "battlefield" && sel.cells.has(cell)) return this._clickCell(cell, idx);
    }
    if (idx.direct.has(id) && !this.selected) {
      const acts = idx.direct.get(id);
      if (acts.length === 1) return this._send(acts[0]);
      this.ambiguous = acts;
      return this.render();
    }
    const own = idx.bySource.get(id);
    if (own && own.length) {
      const groups = groupMoves(own);
      // A card whose only move is one targetless choice (recruiting a dealt card, a defender) acts on the click.
      if (groups.length === 1 && own.length === 1 && !actionSteps(own[0]).length && ["choose", "defend"].includes(own[0].act)) {
        return this._send(own[0]);
      }
      if (this.selected === id) this._clearSelection();
      else {
        this.selected = id;
        this.move = groups.length === 1 ? groups[0].key : null;
        this.picks = [];
      }
    }
    this.render();
  }

  _clickCell(cell, idx) {
    if (!this.selected && idx.directCells?.has(cell)) {
      const acts = idx.directCells.get(cell);
      if (acts.length === 1) return this._send(acts[0]);
      this.ambiguous = acts;
      return this.render();
    }
    if (!this.selected) {
      const top = Object.values(this.conn.view.cards || {}).find((cv) => cv.cell === cell && cv.zone === "battlefield" && !cv.attached_to);
      if (top) this._clickCard(top.id, idx);
      return;
    }
    const sel = this._selection(idx);
    if (sel.group && sel.state.cells.has(cell)) return this._pick({ kind: "cell", value: cell });
    if (!sel.group && sel.cells.has(cell)) return this._targetFirst("cell", cell, sel);
    const top = Object.values(this.conn.view.cards || {}).find((cv) => cv.cell === cell && cv.zone === "battlefield" && !cv.attached_to);
    if (top) this._clickCard(top.id, idx);
  }

  _key(e) {
    if (e.key === "Escape") {
      const modal = this.zoom.by === "press";
      this.zoom.hide();
      if (modal) { e.preventDefault(); return; }
      if (this._back()) e.preventDefault();
    }
  }

  _concede(a) {
    if (this.busy) return;
    this.confirmConcede = false;
    this.conn.act(a);
  }

  /** Send action a, or stage it for a confirmation first (confirm.js; confirmed: it was). */
  _send(a, confirmed = false) {
    if (!this.canAct) return;
    this.errorShown = null;
    this._clearSelection();
    this.ambiguous = null;
    this.confirmConcede = false;
    if (!confirmed && needsConfirm(a, this.conn.legal, this.conn.view)) {
      this.staged = a;
      this.render();
      return;
    }
    this.staged = null;
    this.conn.act(a);
  }

  _tickClocks() {
    tickClocks(this.root, this.conn);
    tickAway(this.root, this.conn, this);
  }
}

/** The i18n key of a connection that is not open: "closed", "seat_taking_back" while its window takes its seat back
 * ("Play here"), else "reconnecting". */
function connWords(c) {
  if (c.status === "closed") return "closed";
  return takingBack(c) ? "seat_taking_back" : "reconnecting";
}

/** Has the game been dealt (a phase, or an end)? Before the deal the view is the room's waiting view
 * (server/room/status.py ``waiting_view``: turn 0, no phase, no players' zones). */
function dealt(view) {
  return view.phase != null || !!view.result;
}

/** The i18n key saying the game waits for player you: "to_act_response" («Ваш ответ») in the other player's turn
 * (a turn of the battle whose active player is not you: priority after their declaration, a defender, an
 * exchange; RULES.md Q), else "to_act_you" («Ваш ход»: one's own turn, and the preliminary steps before turn 1). */
function yourActKey(view, you) {
  return view.turn > 0 && view.active != null && view.active !== you ? "to_act_response" : "to_act_you";
}

/** The markers lying on a cell (view.cells[cell] = {marker: n}, the `mark` keyword, 01 §6.1 [200.6]) in words, or
 * "" when there are none. */
function markerText(marks) {
  if (!marks) return "";
  return Object.entries(marks).map(([m, n]) => {
    const name = hasKey(`marker_${m}`) ? t(`marker_${m}`) : t("marker_other");
    return n > 1 ? `${name} ×${n}` : name;
  }).join(", ");
}
