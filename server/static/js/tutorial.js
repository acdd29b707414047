// The tutorial: a guided game against the computer from fixed positions (server/tutorial.py), one step at a time
// (tutorial_steps.js). The lobby's box (data-testid "tutorial") starts or resumes it; on the room page the guide
// (data-testid "tutorial-step") says what to do now, highlights what to click (class "tutorial-target") and moves
// on when the game shows it was done; a step whose words take as so what the board does not show (its premise:
// a step before it skipped, or the game gone another way) says so and offers the part again (data-testid
// "tutorial-premise"). Progress is kept in localStorage ("berserk.tutorial": {id, part, room, since,
// skipped: the ids of the steps skipped, or never reached because a part's game ended before them, told by the last
// step; a part started over takes its own off the list},
// the step by its id, so that adding or removing steps never shifts a saved place; "over": true once the part's game
// has ended, whatever its step, so that nothing offers to go on with that game): a page closed and opened again
// resumes the step while its room lives (the server aborts a tutorial's room once its player has been away past the
// grace period; the part then starts again in a new room). Leaving by the guide's button, starting
// over and the last step's "To the lobby" abort the room the tutorial used (nobody's win); "Resume" after leaving
// starts that part again. Once the part's game has ended (won, lost, drawn, aborted) the guide says so in the game's
// result words instead of a step the game can no longer reach, and offers what comes next: the battle after the
// first part, finishing the tutorial after the battle, or the part again.

import { h, setChildren } from "./dom.js";
import { t, getLang, onLangChange, addStrings } from "./i18n.js";
import * as api from "./api.js";
import { loadSeat, saveSeat } from "./seats.js";
import { resultForSeat } from "./names.js";
import { STEPS, stepText } from "./tutorial_steps.js";

addStrings({
  en: { tut_title: "Tutorial", tut_intro: "Learn the game by playing: a short guided game against the computer.",
    tut_start: "Start the tutorial", tut_resume: "Resume the tutorial (step {n} of {total})", tut_restart: "Start over",
    tut_step: "Step {n} of {total}", tut_next: "Next", tut_leave: "Leave the tutorial", tut_to_lobby: "To the lobby",
    tut_skip: "Skip this step",
    tut_offscript: "The game went another way: this step can no longer be done here. Play on, or skip the step.",
    tut_premise_skipped: "The board is not as this step says: a step before it was skipped. Go on to the next step, or start this part over to take the steps in order.",
    tut_premise_other: "The board is not as this step says: the game went another way. Go on to the next step, or start this part over.",
    tut_over: "Game over: {result}",
    tut_over_prelim: "This part of the tutorial is over. Next: a battle from a prepared position.",
    tut_over_battle: "The tutorial's battle is over: finish the tutorial, or start the battle over.",
    tut_to_battle: "To the battle", tut_finish: "Finish the tutorial", tut_part_again: "Start this part over",
    tut_go_battle: "Go on to the battle (step {n} of {total})", tut_again: "Start the tutorial again" },
  ru: { tut_title: "Обучение", tut_intro: "Научитесь играть, играя: короткая игра с компьютером с подсказками.",
    tut_start: "Начать обучение", tut_resume: "Продолжить обучение (шаг {n} из {total})", tut_restart: "Начать заново",
    tut_step: "Шаг {n} из {total}", tut_next: "Дальше", tut_leave: "Выйти из обучения", tut_to_lobby: "В лобби",
    tut_skip: "Пропустить шаг",
    tut_offscript: "Игра пошла по-другому: этот шаг здесь уже не сделать. Играйте дальше или пропустите шаг.",
    tut_premise_skipped: "На доске всё не так, как говорит этот шаг: перед ним был пропущен шаг. Переходите к следующему шагу или начните эту часть заново, чтобы пройти шаги по порядку.",
    tut_premise_other: "На доске всё не так, как говорит этот шаг: игра пошла по-другому. Переходите к следующему шагу или начните эту часть заново.",
    tut_over: "Игра окончена: {result}",
    tut_over_prelim: "Эта часть обучения окончена. Дальше — бой с заранее подготовленной позиции.",
    tut_over_battle: "Бой обучения окончен: завершите обучение или начните бой заново.",
    tut_to_battle: "К бою", tut_finish: "Завершить обучение", tut_part_again: "Начать эту часть заново",
    tut_go_battle: "Перейти к бою (шаг {n} из {total})", tut_again: "Пройти обучение заново" },
});

const KEY = "berserk.tutorial";
/** The step ids in the order of the numbers progress was once saved by ({step: n}); "first" (choose the first
 * player) is part of "keep" now. */
const NUMBERED = ["first", "keep", "hire_silver", "hire_gold", "hire_more", "done_hiring", "deploy", "to_battle",
  "move", "strike", "pass", "table", "shot", "ability", "flyer", "end_turn", "defender", "finish", "complete"];
const MERGED = { first: "keep" };

/** The index in STEPS of saved progress p: its step id's, else (a step no longer there) the first of its part's. */
function stepIndex(p) {
  const at = STEPS.findIndex((s) => s.id === p.id);
  if (at >= 0) return at;
  return Math.max(0, STEPS.findIndex((s) => s.part === p.part));
}

/** The saved progress {id, part, room, since, over, step} (step: the index of the step id in STEPS) or null. Progress saved
 * by number ({step: n}) is read by the ids the numbers stood for (NUMBERED); a number naming a step of another
 * part than the saved one goes back to the start of the saved part. */
export function progress() {
  let p;
  try {
    p = JSON.parse(localStorage.getItem(KEY) || "null");
  } catch (e) {
    return null;
  }
  if (!p || typeof p !== "object") return null;
  if (typeof p.id !== "string") {
    const old = NUMBERED[p.step];
    const id = MERGED[old] || old;
    const step = STEPS.find((s) => s.id === id);
    p = { ...p, id: step && (!p.part || step.part === p.part) ? id : null };
  }
  return { ...p, step: stepIndex(p) };
}

function save(p) {
  if (p) {
    const { step, ...kept } = p;
    localStorage.setItem(KEY, JSON.stringify({ ...kept, id: STEPS[step]?.id ?? kept.id }));
  } else {
    localStorage.removeItem(KEY);
  }
}

/** The steps of saved progress p skipped (or never reached) outside part ``part``: a part started over offers its
 * own steps again. */
function skippedOutside(p, part) {
  return (p?.skipped || []).filter((id) => STEPS.find((s) => s.id === id)?.part !== part);
}

/** Open (creating when needed) the room of the current step's part, then go there. */
async function enter(p) {
  const step = STEPS[p.step] || STEPS[0];
  let room = p.room && p.part === step.part ? p.room : null;
  if (room) {
    try {
      const info = await api.roomInfo(room);
      if (info.status === "finished" && step.id !== "complete") room = null;
    } catch (e) {
      room = null;   // gone (closed, or the server was restarted without it): the part starts again
    }
  }
  if (!room) {   // a new room from the part's fixed position: the part starts again at its first step
    const seat = await api.createRoom({ opponent: "bot", bot: "heuristic", tutorial: step.part });
    saveSeat(seat.room, seat);
    room = seat.room;
    p = { step: STEPS.findIndex((s) => s.part === step.part), since: -1, skipped: skippedOutside(p, step.part) };
  }
  save({ ...p, room, part: step.part });
  location.hash = `#/room/${encodeURIComponent(room)}`;
}

/** Abort the tutorial's room ``room`` with the seat ``token`` (this browser's stored one by default): a practice
 * left unfinished, nobody's win, never a concession (server/room/endings.py lets a tutorial's player abort at any
 * turn). A refusal (the room is gone or finished already) changes nothing here. */
async function abortRoom(room, token = room ? loadSeat(room)?.token : null) {
  if (!room || !token) return;
  try {
    await api.endGame(room, "abort", token);
  } catch (e) {
    // nothing to end
  }
}

/** The saved place at the start of part ``part``, without a room: "Resume" opens the part anew. p: the progress
 * it starts from (or null), whose skipped steps of other parts are kept; moving on from a part whose game ended
 * (p.over), the steps of that part not reached are counted as skipped. */
function partStart(part, p = null) {
  const unreached = p?.over && p.part !== part
    ? STEPS.filter((s, i) => s.part === p.part && i >= p.step).map((s) => s.id) : [];
  return { step: Math.max(0, STEPS.findIndex((s) => s.part === part)), part, room: null, since: -1,
    skipped: [...skippedOutside(p, part), ...unreached] };
}

let starting = null;   // "start" | "restart" while the tutorial's room is being opened (one click, one room)

/** The lobby's tutorial box: start, resume, start over; once the first part's game has ended, go on to the battle
 * (and start over); once the battle's game has ended, start the tutorial again. player(): the lobby's "ask for a name first"; onError(e):
 * shows a refusal (the buttons come back). While a start is in flight both buttons are disabled and the clicked one
 * says it is working (aria-busy); a second click does nothing. */
export function tutorialBox(player, onError = () => {}) {
  const p = progress();
  // the part's game has ended: the battle's ends the tutorial (the box offers it again), the first part's leads on
  // to the battle in a new room
  const over = p?.over ? p.part : null;
  const resumeAt = over === "prelim" ? partStart("battle", p) : p;
  const start = async (fresh, el) => {
    if (starting) return;
    starting = fresh ? "restart" : "start";
    for (const b of el.parentElement.querySelectorAll("button")) b.disabled = true;
    el.setAttribute("aria-busy", "true");
    el.textContent = t("lobby_working");
    try {
      await player();
      if (fresh && p) await abortRoom(p.room);    // starting over ends the room the tutorial used
      await enter(fresh || !p || over === "battle" ? { step: 0, since: -1 } : resumeAt);
      setTimeout(() => { starting = null; });   // the page has moved on; the next lobby may start again
    } catch (e) {
      starting = null;
      onError(e);
    }
  };
  const busy = (which) => ({ disabled: !!starting, "aria-busy": starting === which ? "true" : null });
  return h("section.tutorial-box", { dataset: { testid: "tutorial" } },
    h("h2", {}, t("tut_title")), h("p", {}, t("tut_intro")),
    h("button#tutorial-start", { dataset: { testid: "tutorial-start" }, ...busy("start"),
      onclick: (e) => start(false, e.currentTarget) },
    starting === "start" ? t("lobby_working") : !p ? t("tut_start") : over === "battle" ? t("tut_again")
      : over === "prelim" ? t("tut_go_battle", { n: resumeAt.step + 1, total: STEPS.length })
        : t("tut_resume", { n: p.step + 1, total: STEPS.length })),
    p && over !== "battle" ? h("button.tutorial-restart", { ...busy("restart"), onclick: (e) => start(true, e.currentTarget) },
      starting === "restart" ? t("lobby_working") : t("tut_restart")) : null);
}

/** The guide on the room page of the tutorial's room; null for any other room. */
export function tutorialFor(room, root, conn) {
  const p = progress();
  return p && p.room === room ? new TutorialGuide(root, conn, room) : null;
}

class TutorialGuide {
  constructor(root, conn, room) {
    this.root = root;
    this.conn = conn;
    this.room = room;
    this.unsubscribe = onLangChange(() => this.render());
    // the game page redraws itself on every click: the highlight is put back after each redraw
    this.observer = new MutationObserver(() => this._highlight());
    const game = document.getElementById("game-root");
    if (game) this.observer.observe(game, { childList: true, subtree: true });
  }

  destroy() {
    this.unsubscribe();
    this.observer.disconnect();
    setChildren(this.root);
  }

  get step() {
    return STEPS[progress()?.step ?? 0];
  }

  _ctx() {
    const view = this.conn.view;
    const since = progress()?.since ?? -1;
    const log = view?.log || [];
    return { view, legal: this.conn.legal || [], you: this.conn.you, since, skipped: progress()?.skipped || [],
      events: log.filter((e) => e.seq > since),
      selected: document.querySelector("#game-root .card.selected")?.dataset.card ?? null };
  }

  /** Move on while the current step is done (several at once when the game ran ahead). */
  update() {
    const view = this.conn.view;
    if (!view || !view.cards) return this.render();
    for (let guard = 0; guard < STEPS.length; guard++) {
      const p = progress();
      const step = STEPS[p?.step ?? 0];
      if (!p || !step || step.part !== p.part || step.next || !step.done(this._ctx())) break;
      this._advance();
    }
    const p = progress();
    if (view.result && p && p.room === this.room && !p.over) save({ ...p, over: true });   // the part's game ended
    this.render();
  }

  /** Whether the part's game has ended before the tutorial's last step (which tells the ending itself). */
  _overEarly() {
    const p = progress();
    return !!p && STEPS[p.step]?.id !== "complete" && (!!this.conn.view?.result || !!p.over);
  }

  /** After the part's game ended: on to what comes next, the battle after the first part (a new room from its
   * prepared position), the lobby with the tutorial finished after the battle. */
  async _afterGame() {
    const p = progress();
    if (!p || p.part === "battle") {
      save(null);
      location.hash = "#/";
      return;
    }
    await enter(partStart("battle", p));
  }

  /** The part again in a new room from its fixed position: a game still on is aborted first (as when moving on),
   * an ended game's room stays as it is. */
  async _partAgain() {
    await this._endPart();
    const p = progress();
    await enter(partStart(p?.part ?? STEPS[0].part, p));
  }

  /** The guide once the part's game ended early: the game's result words for this seat, what comes next and the
   * part again (data-testid "tutorial-step", data-step "over"). */
  _renderOver(p) {
    const view = this.conn.view;
    const result = view?.result ? resultForSeat(view.result, view.room, this.conn.you).text : "";
    setChildren(this.root, h("div.tutorial-guide", { role: "status", "aria-live": "polite" },
      h("span.tutorial-text", { dataset: { testid: "tutorial-step", step: "over" } },
        result ? t("tut_over", { result }) + " " : "", t(p.part === "battle" ? "tut_over_battle" : "tut_over_prelim")),
      " ",
      h("button.tutorial-next", { dataset: { testid: "tutorial-next" }, onclick: () => this._afterGame() },
        t(p.part === "battle" ? "tut_finish" : "tut_to_battle")), " ",
      h("button.tutorial-part-again", { dataset: { testid: "tutorial-part-again" }, onclick: () => this._partAgain() },
        t("tut_part_again")),
      h("a.tutorial-leave", { href: "#/", dataset: { testid: "tutorial-leave" } }, t("tut_to_lobby"))));
    for (const old of document.querySelectorAll(".tutorial-target")) old.classList.remove("tutorial-target");
  }

  _advance() {
    const p = progress();
    const log = this.conn.view?.log || [];
    save({ ...p, step: p.step + 1, since: log.length ? log[log.length - 1].seq : p.since });
  }

  async _next() {
    const p = progress();
    const step = STEPS[p.step];
    if (step.id === "complete") {
      await this._endPart();     // the game may still be on (its last step skipped)
      save(null);
      location.hash = "#/";
      return;
    }
    if (!step.next) save({ ...p, skipped: [...(p.skipped || []), step.id] });    // "Skip this step"
    this._advance();
    const now = STEPS[p.step + 1];
    if (now && now.part !== p.part) {
      await this._endPart();
      await enter({ ...progress(), room: null });
      return;
    }
    this.render();
  }

  /** End the room of the part the tutorial moves on from: aborted (a practice left unfinished, nobody wins;
   * server/room/endings.py lets a tutorial's player abort at any turn), never conceded. A refusal (the room is gone
   * or finished already) changes nothing here. */
  async _endPart() {
    if (!this.conn.you || this.conn.view?.result) return;
    await abortRoom(this.conn.room, this.conn.token);
  }

  /** "Leave the tutorial": the part's room is aborted (as when moving on) and the saved place goes back to the start
   * of the part, which "Resume" opens in a new room; on the last step, the same as "To the lobby". */
  async _leave() {
    const p = progress();
    if (!p) {
      location.hash = "#/";
      return;
    }
    if (STEPS[p.step]?.id === "complete") return this._next();
    if (this._overEarly()) {      // the ended game's place is kept: the lobby offers what comes next
      location.hash = "#/";
      return;
    }
    await this._endPart();
    save(partStart(p.part, p));
    location.hash = "#/";
  }

  render() {
    const p = progress();
    const step = this.step;
    if (!p || !step) return setChildren(this.root);
    if (this._overEarly()) return this._renderOver(p);
    const lang = getLang();
    const ctx = this._ctx();
    // the board is not as the step's words take it (a step before it was skipped, or the game went another way):
    // say so, why, and what to do; else the player is to act but nothing the step asks for is there: say so
    const premiseOff = this._premiseOff(step, ctx);
    const offScript = !premiseOff && !step.next && !!ctx.view?.cards && ctx.legal.length > 0 && !step.target(ctx);
    setChildren(this.root, h("div.tutorial-guide", { role: "status", "aria-live": "polite" },
      h("span.tutorial-count", {}, t("tut_step", { n: p.step + 1, total: STEPS.length })), " ",
      h("span.tutorial-text", { dataset: { testid: "tutorial-step", step: step.id } }, stepText(step, ctx, lang)),
      offScript ? h("span.tutorial-offscript", { dataset: { testid: "tutorial-offscript" } }, " ", t("tut_offscript"))
        : null,
      premiseOff ? h("span.tutorial-premise", { dataset: { testid: "tutorial-premise" } }, " ",
        t(this._skippedBefore(p) ? "tut_premise_skipped" : "tut_premise_other")) : null,
      premiseOff ? [" ", h("button.tutorial-part-again", { dataset: { testid: "tutorial-part-again" },
        onclick: () => this._partAgain() }, t("tut_part_again"))] : null,
      step.next ? h("button.tutorial-next", { dataset: { testid: "tutorial-next" }, onclick: () => this._next() },
        step.id === "complete" ? t("tut_to_lobby") : t("tut_next"))
        : h("button.tutorial-skip", { dataset: { testid: "tutorial-skip" }, onclick: () => this._next() },
          t("tut_skip")),
      h("a.tutorial-leave", { href: "#/", dataset: { testid: "tutorial-leave" },
        onclick: (e) => { e.preventDefault(); this._leave(); } }, t("tut_leave"))));
    // a step answered by "Next" brings the guide into view: the page may be scrolled down to the board
    if (step.next && this.shownNext !== step.id) {
      requestAnimationFrame(() => {      // after the game page's own redraw of the same change
        const r = this.root.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight) this.root.scrollIntoView({ block: "nearest" });
      });
    }
    this.shownNext = step.next ? step.id : null;
    this._highlight();
  }

  /** Whether step's premise (tutorial_steps.js) is false on the board of ctx: what its words take as done did not
   * happen. False without a premise or a view. */
  _premiseOff(step, ctx) {
    return !!step?.premise && !!ctx.view?.cards && !step.premise(ctx);
  }

  /** Whether a step of p's part before p's step was skipped. */
  _skippedBefore(p) {
    return (p.skipped || []).some((id) => {
      const i = STEPS.findIndex((s) => s.id === id);
      return i >= 0 && i < p.step && STEPS[i].part === p.part;
    });
  }

  _highlight() {
    if (this._overEarly()) return;
    const step = this.step;
    const ctx = this.conn.view ? this._ctx() : null;
    // a step whose premise is false points at nothing: what it names would lead nowhere
    const want = step && ctx && !this._premiseOff(step, ctx) ? step.target(ctx) : null;
    const el = want ? document.querySelector(want) : null;
    for (const old of document.querySelectorAll(".tutorial-target")) if (old !== el) old.classList.remove("tutorial-target");
    if (el && !el.classList.contains("tutorial-target")) el.classList.add("tutorial-target");
  }
}
