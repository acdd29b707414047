// The game page: the 5 x 6 board from the viewer's side, both auxiliary zones, decks, graveyards, the viewer's own
// deal and squad during the preliminary phase, whose move it is and the clocks, the queue, the legal actions (only
// those the server listed), die rolls and the game log. A spectator (you = null) gets the same board and no
// controls. Rules: 01-game-and-cards.md §5 (zones, cell notation a1..e6), 02-battle.md §1 (preliminary phase).

import { h, setChildren } from "./dom.js";
import { t, phaseName, onLangChange, getLang } from "./i18n.js";
import { cardDef, cardName, instanceName, elementClass, elementName } from "./cards.js";
import { indexLegal, actionsAt, actionLabel, actionTargets, abilityName } from "./actions.js";
import { renderLogLine } from "./log.js";
import { seatName, resultText } from "./names.js";

const COLS = ["a", "b", "c", "d", "e"];
const RANKS = [1, 2, 3, 4, 5, 6];

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
    this.detail = null; // card instance id (or {pool: id}) shown in the detail box
    this.confirmConcede = false;
    this.errorShown = null;
    this.clockTimer = setInterval(() => this._tickClocks(), 250);
    this.unsubscribe = onLangChange(() => this.render());
  }

  destroy() {
    clearInterval(this.clockTimer);
    this.unsubscribe();
  }

  /** Called by the connection on every change. */
  update(what) {
    if (what === "error") this.errorShown = this.conn.lastError;
    if (what === "state") {
      // A new version: a selection that lost its moves is dropped.
      const idx = indexLegal(this.conn.legal, this.conn.view);
      if (this.selected && !idx.bySource.has(this.selected)) this.selected = null;
      this.confirmConcede = false;
    }
    this.render();
  }

  get bottom() {
    return this.conn.you || 1;
  }

  get canAct() {
    return !!(this.conn.you && this.conn.legal && this.conn.legal.length && !this.conn.pendingAction
      && this.conn.status === "open" && !this.conn.view?.result);
  }

  render() {
    const c = this.conn;
    const view = c.view;
    if (!view) {
      setChildren(this.root, this._errorToast(),
        h("div.loading", {}, c.status === "closed" ? t("closed") : t(c.status === "reconnecting" ? "reconnecting" : "connecting")));
      return;
    }
    const legal = this.canAct ? c.legal : [];
    const idx = indexLegal(legal, view);
    const me = this.bottom;
    const opp = me === 1 ? 2 : 1;
    const field = h("section.field", {},
      this._playerBar(opp, view),
      this._auxZone(opp, view, idx),
      this._board(view, idx),
      this._auxZone(me, view, idx),
      this._playerBar(me, view),
      this._ownZones(view, idx));
    const side = h("aside.side", {},
      this._status(view),
      this.conn.renderControls ? this.conn.renderControls() : null,
      this._controls(view, idx),
      this._dieBox(view),
      this._detailBox(view),
      this._queue(view),
      this._log(view),
      this._actionLog(view));
    const page = h("div.game", { dataset: { v: String(c.v), you: String(c.you ?? "spectator") } }, field, side);
    const banners = [];
    if (c.status !== "open") banners.push(h("div.conn-banner", { role: "status" }, t(c.status === "closed" ? "closed" : "reconnecting")));
    banners.push(this._errorToast());
    if (view.result) banners.push(this._resultBanner(view.result));
    setChildren(this.root, banners, page);
    const log = this.root.querySelector(".log-list");
    if (log) log.scrollTop = log.scrollHeight;
    this._tickClocks();
  }

  // ---- pieces -------------------------------------------------------------------------------------------

  _errorToast() {
    const e = this.errorShown;
    if (!e) return null;
    return h("div.error-toast", { role: "alert", dataset: { code: e.code || "" },
      onclick: () => { this.errorShown = null; this.render(); } },
    h("b", {}, t("error") + ": "), e.msg || (e.key ? t(e.key) : e.code));
  }

  _playerBar(p, view) {
    const pv = view.players?.[String(p)] || {};
    const who = this.conn.you ? (p === this.conn.you ? t("you") : t("opponent")) : "";
    const grave = pv.graveyard || [];
    const graveNames = grave.map((id) => instanceName(view, id));
    const toAct = view.to_act === p;
    const stat = (label, value, extra = {}) => h("span.stat", extra, h("span.stat-label", {}, label + ": "), h("b", {}, String(value)));
    return h(`div.pbar.${p === this.bottom ? "me" : "opp"}`, { dataset: { player: String(p) } },
      h("span.pname" + (toAct ? ".to-act" : ""), {}, seatName(view.room, p) + (who ? ` (${who})` : "")),
      h("span.clock", { dataset: { clock: String(p) } }, ""),
      stat(t("deck"), pv.deck ?? 0, { class: "deck-count" }),
      stat(t("graveyard"), grave.length, {
        class: "grave-count", title: graveNames.join("\n"),
        onclick: () => { this.detail = grave.length ? { list: grave, title: t("graveyard") } : null; this.render(); },
      }),
      grave.length ? h("span.grave-top", {}, "↑ " + graveNames[0]) : null,
      (pv.deal || view.phase === "deal") ? stat(t("deal"), pv.deal ?? 0) : null,
      (pv.recruits || ["recruitment", "deployment"].includes(view.phase)) ? stat(t("recruits"), pv.recruits ?? 0) : null,
      stat(t("gold"), pv.gold ?? "?", { class: "gold" }),
      stat(t("silver"), pv.silver ?? "?", { class: "silver" }));
  }

  _auxZone(p, view, idx) {
    const ids = view.players?.[String(p)]?.aux || [];
    return h(`div.aux.${p === this.bottom ? "me" : "opp"}`, { dataset: { aux: String(p) } },
      h("span.zone-label", {}, t("aux_zone")),
      ids.map((id) => this._card(id, view, idx)));
  }

  _board(view, idx) {
    const { ranks, cols } = orientation(this.bottom);
    const selActs = this.selected ? idx.bySource.get(this.selected) || [] : [];
    const targetCells = new Set(selActs.flatMap((a) => actionTargets(a, view).cells));
    const byCell = new Map();
    for (const cv of Object.values(view.cards || {})) {
      if (cv.zone !== "battlefield" || !cv.cell) continue;
      if (!byCell.has(cv.cell)) byCell.set(cv.cell, []);
      byCell.get(cv.cell).push(cv);
    }
    const cells = [];
    for (const r of ranks) {
      for (const col of cols) {
        const cell = `${col}${r}`;
        const here = (byCell.get(cell) || []).sort((x, y) => (x.attached_to ? 1 : 0) - (y.attached_to ? 1 : 0));
        const half = r <= 3 ? 1 : 2;
        const cls = ["cell", half === this.bottom ? "my-half" : "opp-half"];
        if (targetCells.has(cell)) cls.push("target");
        cells.push(h("div." + cls.join("."), {
          dataset: { cell },
          onclick: (e) => { if (e.target.closest(".card")) return; this._clickCell(cell, idx); },
        }, h("span.cell-name", {}, cell), here.map((cv) => this._card(cv.id, view, idx, !!cv.attached_to))));
      }
    }
    return h("div.board", {}, cells);
  }

  _card(id, view, idx, attached = false) {
    const cv = view.cards?.[id];
    if (!cv) return null;
    const def = cardDef(cv.card);
    const cls = ["card", cv.owner === this.bottom ? "mine" : "theirs"];
    if (attached) cls.push("attached");
    if (cv.hidden || !def) cls.push("hidden");
    else cls.push("el-" + elementClass(def.element));
    if (cv.closed) cls.push("closed");
    const selActs = this.selected ? idx.bySource.get(this.selected) || [] : [];
    if (this.selected === id) cls.push("selected");
    if (idx.bySource.has(id)) cls.push("actor");
    if (selActs.some((a) => actionTargets(a, view).cards.includes(id)) || idx.direct.has(id)) cls.push("target");
    const attrs = {
      dataset: { card: id, owner: String(cv.owner) },
      title: def ? cardName(def) : t("hidden_card"),
      onclick: (e) => { e.stopPropagation(); this._clickCard(id, idx); },
      onmouseenter: () => { this._showDetail(id); },
    };
    if (cv.hidden || !def) {
      return h("div." + cls.join("."), attrs, h("div.back", {}, "?"),
        cv.closed ? h("div.c-closed", {}, t("closed_card")) : null);
    }
    const life = def.life ?? 0;
    const markers = Object.entries(cv.markers || {}).filter(([, n]) => n);
    return h("div." + cls.join("."), attrs,
      h("div.c-head", {},
        h("span.c-cost" + (def.elite ? ".elite" : ""), { title: t("cost") }, String(def.cost ?? "")),
        h("span.c-name", {}, def.name_ru)),
      h("div.c-en", {}, def.name_en || ""),
      h("div.c-el", {}, elementName(def.element).split(" ")[0] + (def.flyer ? " ✈" : "")),
      h("div.c-stats", {},
        def.kind === "creature" || life ? h("span.c-life", { title: t("life") }, `♥${Math.max(0, life - (cv.wounds || 0))}/${life}`) : null,
        cv.wounds ? h("span.c-wounds", { title: t("wounds") }, `✖${cv.wounds}`) : null,
        cv.tokens ? h("span.c-tokens", { title: t("tokens") }, `●${cv.tokens}`) : null,
        markers.map(([k, n]) => h("span.c-marker", { title: t("markers") }, `${k}${n > 1 ? "×" + n : ""}`))),
      cv.closed ? h("div.c-closed", {}, t("closed_card")) : null);
  }

  _ownZones(view, idx) {
    if (!this.conn.you) return null;
    const me = this.conn.you;
    const mine = (zone) => Object.values(view.cards || {}).filter((cv) => cv.owner === me && cv.zone === zone).map((cv) => cv.id);
    const deal = mine("deal");
    const recruits = mine("recruits");
    if (!deal.length && !recruits.length) return null;
    const pv = view.players?.[String(me)] || {};
    return h("div.own-zones", {},
      h("div.budget", { dataset: { gold: String(pv.gold ?? 0), silver: String(pv.silver ?? 0) } },
        t("recruit_budget", { gold: pv.gold ?? 0, silver: pv.silver ?? 0, n: recruits.length })),
      recruits.length ? h("div.zone.recruits", {}, h("span.zone-label", {}, t("your_squad") + ` (${recruits.length})`),
        recruits.map((id) => this._card(id, view, idx))) : null,
      deal.length ? h("div.zone.deal", {}, h("span.zone-label", {}, t("your_deal") + ` (${deal.length})`),
        deal.map((id) => this._card(id, view, idx))) : null);
  }

  _status(view) {
    const c = this.conn;
    const who = c.you ? t("you_are", { p: c.you }) : t(this.opts.replay ? "replay_mode" : "spectator");
    let toAct;
    if (view.result) toAct = t("game_over");
    else if (view.to_act == null) toAct = t("to_act_none");
    else if (view.to_act === c.you) toAct = t("to_act_you");
    else toAct = t("to_act_other", { p: view.to_act });
    let prompt = view.prompt && view.prompt.player === c.you && !view.result ? t(`prompt_${view.prompt.kind}`) : null;
    const pr = view.prompt || {};
    if (prompt && (pr.attacker || pr.target)) {
      prompt += ` (${[pr.attacker, pr.target ?? pr.responder].filter(Boolean).map((id) => instanceName(view, id)).join(" → ")})`;
    }
    return h("div.status", {},
      h("div.who", {}, who, " · ", h("span.conn-status." + c.status, {}, t(c.status === "open" ? "connected" : c.status === "closed" ? "closed" : "reconnecting"))),
      h("div.turn", {}, t("turn", { n: view.turn ?? 0 }), " · ", t("phase"), ": ", h("b.phase", { dataset: { phase: view.phase || "" } }, phaseName(view.phase)),
        view.active ? " · " + t("active", { p: view.active }) : ""),
      h("div.to-act" + (view.to_act === c.you && c.you ? ".mine" : ""), { dataset: { toAct: String(view.to_act ?? "") } }, toAct),
      prompt ? h("div.prompt", { "data-testid": "prompt" }, prompt) : null);
  }

  _controls(view, idx) {
    if (!this.conn.you || this.opts.replay) return null;
    const box = h("div.controls", {}, h("h3", {}, t("actions")));
    if (view.result) return box;
    const act = (a) => h("button.act", {
      dataset: { act: a.act, idx: String(this.conn.legal.indexOf(a)) },
      disabled: !this.canAct,
      onclick: () => this._send(a),
    }, actionLabel(a, view));
    const globals = idx.global.filter((a) => a.act !== "concede");
    const row = h("div.global-actions", {}, globals.map(act));
    box.append(row);
    if (this.selected) {
      const acts = idx.bySource.get(this.selected) || [];
      box.append(h("div.selected-actions", {},
        h("div.sel-title", {}, t("card_actions", { name: instanceName(view, this.selected) })),
        acts.map(act),
        h("button.cancel", { onclick: () => { this.selected = null; this.render(); } }, t("cancel"))));
    } else if (idx.bySource.size) {
      box.append(h("div.hint", {}, t("select_hint")));
    } else if (!globals.length && !idx.direct.size) {
      box.append(h("div.hint", {}, t("no_actions")));
    }
    // Conceding is allowed at any time, not only on one's own move (engine [102.3.b]; issue 18 item 5).
    const concede = { act: "concede" };
    if (view.room?.status !== "waiting") {
      box.append(this.confirmConcede
        ? h("div.concede-confirm", {}, t("concede_confirm"), " ",
          h("button.act.danger", { dataset: { act: "concede-confirm" }, onclick: () => this._concede(concede) }, t("concede")),
          h("button.cancel", { onclick: () => { this.confirmConcede = false; this.render(); } }, t("cancel")))
        : h("button.concede", { dataset: { act: "concede" }, disabled: this.conn.status !== "open",
          onclick: () => { this.confirmConcede = true; this.render(); } }, t("concede")));
    }
    return box;
  }

  _dieBox(view) {
    const rolls = (view.log || []).filter((e) => e.type === "die");
    if (!rolls.length) return null;
    const last = rolls[rolls.length - 1];
    const faces = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
    return h("div.die-box", { dataset: { die: String(last.value) } },
      h("span.die-face", {}, faces[last.value] || String(last.value)),
      h("span", {}, t("last_roll", { p: last.player ?? "?", value: last.value }) + (last.card ? ` — ${instanceName(view, last.card)}` : "")));
  }

  _detailBox(view) {
    const d = this.detail;
    const box = h("div.detail");
    if (!d) {
      box.append(h("div.hint", {}, t("no_card")));
      return box;
    }
    if (d.list) {
      box.append(h("h3", {}, d.title), h("ol", {}, d.list.map((id) => h("li", {}, instanceName(view, id)))));
      return box;
    }
    const cv = view.cards?.[d];
    if (!cv) {
      box.append(h("div.hint", {}, t("no_card")));
      return box;
    }
    const def = cardDef(cv.card);
    if (!def) {
      box.append(h("h3", {}, t("hidden_card")));
      return box;
    }
    const strike = Array.isArray(def.strike) ? def.strike.join("-") : def.strike;
    box.append(
      h("h3", {}, def.name_ru, def.name_en ? h("span.en", {}, " / " + def.name_en) : null),
      h("div", {}, elementName(def.element), " · ", t("cost"), ": ", String(def.cost), def.elite ? ` (${t("elite")})` : "",
        def.flyer ? ` · ${t("flyer")}` : ""),
      def.kind === "creature" ? h("div", {}, `${t("life")}: ${def.life} · ${t("move")}: ${def.move} · ${t("strike")}: ${strike}`) : h("div", {}, def.kind),
      cv ? h("div", {}, `${t("wounds")}: ${cv.wounds || 0} · ${t("tokens")}: ${cv.tokens || 0} · `,
        t(cv.closed ? "closed_card" : "open_card"),
        Object.keys(cv.markers || {}).length ? ` · ${t("markers")}: ` + Object.entries(cv.markers).map(([k, n]) => `${k}×${n}`).join(", ") : "") : null,
      h("p.card-text", {}, (getLang() === "ru" ? def.text_ru || def.text_en : def.text_en || def.text_ru) || ""));
    return box;
  }

  _queue(view) {
    const q = view.queue || [];
    const entry = (e) => [
      h("b", {}, instanceName(view, e.source)), ": ",
      abilityName(e.ability ?? e.kind ?? "", e.source, view),
      (e.targets || []).length ? " → " + e.targets.map((id) => instanceName(view, id)).join(", ") : "",
      e.to ? ` → ${e.to}` : "",
      e.x != null ? ` (X=${e.x})` : "",
      e.controller ? h("span.ctl", {}, ` [${t("player", { p: e.controller })}]`) : null];
    return h("div.queue", {}, h("h3", {}, t("queue")),
      view.executing ? h("div.executing", {}, t("executing") + ": ", entry(view.executing)) : null,
      q.length ? h("ol.queue-list", {}, q.map((e) => h("li", {}, entry(e))))
        : h("div.hint", {}, t("queue_empty")));
  }

  _log(view) {
    const lines = (view.log || []).map((e) => renderLogLine(e, view)).filter(Boolean);
    return h("div.log", {}, h("h3", {}, t("log")), h("ol.log-list", {}, lines.map((s) => h("li", {}, s))));
  }

  /** A finished game's full action list (view.replay.log: [[player, action], ...]). */
  _actionLog(view) {
    const log = view.replay?.log;
    if (!Array.isArray(log) || !log.length) return null;
    return h("div.action-log", {}, h("h3", {}, t("all_moves")),
      h("ol.log-list", {}, log.map(([p, a]) => h("li", {}, `${t("player", { p })}: ${actionLabel(a, view)}`))));
  }

  _resultBanner(result) {
    const text = resultText(result, this.conn.view?.room);
    let mine = null;
    if (this.conn.you && result.winner !== "draw") mine = t(result.winner === this.conn.you ? "you_won" : "you_lost");
    return h("div.result-banner", { dataset: { winner: String(result.winner) } }, h("b", {}, t("game_over")), " ", text, mine ? " " + mine : "");
  }

  // ---- interaction ---------------------------------------------------------------------------------------

  _showDetail(id) {
    if (this.detail === id) return;
    this.detail = id;
    const old = this.root.querySelector(".detail");
    if (old && this.conn.view) old.replaceWith(this._detailBox(this.conn.view));
  }

  _clickCard(id, idx) {
    this.detail = id;
    const view = this.conn.view;
    if (this.selected && this.selected !== id) {
      const acts = actionsAt(idx.bySource.get(this.selected), { card: id }, view);
      if (acts.length) return this._choose(acts);
    }
    if (idx.direct.has(id)) return this._choose(idx.direct.get(id));
    const own = idx.bySource.get(id);
    if (own && own.length) {
      // A single targetless choice (recruiting a dealt card) happens on the click itself.
      if (own.length === 1 && own[0].act === "choose" && actionTargets(own[0], view).cells.length === 0) {
        return this._send(own[0]);
      }
      this.selected = this.selected === id ? null : id;
    }
    this.render();
  }

  _clickCell(cell, idx) {
    if (!this.selected) return;
    const acts = actionsAt(idx.bySource.get(this.selected), { cell }, this.conn.view);
    if (acts.length) this._choose(acts);
  }

  _choose(acts) {
    if (acts.length === 1) return this._send(acts[0]);
    // Several moves share this target (different abilities or X): list them in the selection box.
    this.render();
    const box = this.root.querySelector(".selected-actions") || this.root.querySelector(".controls");
    if (!box) return;
    const pick = h("div.disambiguate", {}, acts.map((a) => h("button.act", {
      dataset: { act: a.act, idx: String(this.conn.legal.indexOf(a)) }, onclick: () => this._send(a),
    }, actionLabel(a, this.conn.view))));
    box.prepend(pick);
  }

  _concede(a) {
    this.confirmConcede = false;
    this.conn.act(a);
  }

  _send(a) {
    if (!this.canAct) return;
    this.errorShown = null;
    this.selected = null;
    this.confirmConcede = false;
    this.conn.act(a);
  }

  _tickClocks() {
    for (const el of this.root.querySelectorAll("[data-clock]")) {
      const ms = this.conn.clockMs(el.dataset.clock);
      if (ms == null) { el.textContent = ""; continue; }
      const s = Math.ceil(ms / 1000);
      el.textContent = `${t("clock")} ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
      el.classList.toggle("low", s < 30);
    }
  }
}
