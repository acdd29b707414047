// The tutorial's steps (js/tutorial.js runs them): what to do, in Russian and English, what to highlight, and the
// check that it was done. Two parts, each a room from a fixed position (server/tutorial.py): "prelim" (the deal,
// recruiting with silver and gold, deployment) and "battle" (moving, a simple strike and the Strike Table, the queue
// and the pass, a shot, a discharge paid with tokens, a flyer, ending the turn, a defender, and the rest of a real
// game to its end).
//
// A step: {id, part, text: {ru, en} (or text(ctx) -> {ru, en}; a card is named in it by its key in NAMED in braces,
// "{leshiy}", shown by the name on the card's face: stepText), target(ctx) -> CSS selector | null, done(ctx) -> bool,
// premise(ctx) -> bool (optional: whether the board is as the step's words take it to be, e.g. the card the step
// names is where they say; false when an earlier step was skipped or the game went another way), next: bool (done by
// the "Next" button)}. ctx: {view, legal, you, since (the last event seq before the step began), events (those
// after it), card(defId) -> the viewer's instance of that pool card, or null, selected: the id of the card selected
// on the game page, or null, skipped: the ids of the steps skipped, or never reached, so far}.

import { cardDef, leadName } from "./cards.js";

// How the tutorial's game ended, then the closing words: a win, a loss, a draw by the turn limit (the engine's
// result reason "turn_cap"), another draw, or a practice left unfinished (aborted: nobody won); said as it is, never
// "complete" over a game that was not won. A game still on (the last step skipped before the end) has no result to
// tell: the tutorial is over, the game goes on. Each ending has two forms: "all", said when the learner went through
// every step, and "some", said when steps were skipped (or never reached: a part's game ended before them), with
// SKIPPED after it; neither claims what did not happen.
const ENDINGS = {
  playing: { all: { ru: "Обучение закончено, а игра ещё идёт: доиграйте её сами или вернитесь в лобби.",
    en: "That is the end of the tutorial; the game is still on: play it out yourself or go back to the lobby." } },
  won: { all: { ru: "Вы победили — обучение пройдено!", en: "You won: the tutorial is complete!" },
    some: { ru: "Вы победили!", en: "You won!" } },
  lost: { all: { ru: "На этот раз победил компьютер, но все шаги обучения вы прошли.",
    en: "The computer won this time, but you have been through every step of the tutorial." },
  some: { ru: "На этот раз победил компьютер.", en: "The computer won this time." } },
  turn_cap: { all: { ru: "Игра достигла предела числа ходов и закончилась вничью: победителя нет. Все шаги обучения вы прошли.",
    en: "The game reached the turn limit and ended in a draw: nobody won. You have been through every step of the tutorial." },
  some: { ru: "Игра достигла предела числа ходов и закончилась вничью: победителя нет.",
    en: "The game reached the turn limit and ended in a draw: nobody won." } },
  draw: { all: { ru: "Игра закончилась вничью. Все шаги обучения вы прошли.",
    en: "The game ended in a draw. You have been through every step of the tutorial." },
  some: { ru: "Игра закончилась вничью.", en: "The game ended in a draw." } },
  aborted: { all: { ru: "Тренировочная игра не доиграна: победителя нет. Все шаги обучения вы прошли.",
    en: "The practice game was left unfinished: nobody won. You have been through every step of the tutorial." },
  some: { ru: "Тренировочная игра не доиграна: победителя нет.",
    en: "The practice game was left unfinished: nobody won." } },
};
const SKIPPED = { ru: "Некоторые шаги обучения вы пропустили: чтобы пройти их, начните обучение заново в лобби.",
  en: "You skipped some steps of the tutorial: to take them, start the tutorial again from the lobby." };
const RULES_AT_HAND = { ru: "Правила всегда под рукой — ссылка «Правила» вверху.",
  en: "The rules are always at hand: the \"Rules\" link at the top." };

/** The last step's words {ru, en} for the game's result ({winner: 1 | 2 | "draw", reason}, or null while the game
 * goes on) seen by seat you; skipped: whether the learner skipped a step (or never reached one) on the way, said
 * then instead of "every step". */
export function ending(result, you, skipped = false) {
  const kind = !result ? "playing" : result.reason === "turn_cap" ? "turn_cap" : result.reason === "aborted" ? "aborted"
    : result.winner === you ? "won" : result.winner === "draw" || result.winner == null ? "draw" : "lost";
  const words = skipped ? ENDINGS[kind].some ?? ENDINGS[kind].all : ENDINGS[kind].all;
  const parts = skipped ? [words, SKIPPED, RULES_AT_HAND] : [words, RULES_AT_HAND];
  return { ru: parts.map((x) => x.ru).join(" "), en: parts.map((x) => x.en).join(" ") };
}

const LESHIY = "vs2023-071-leshiy";
const ERIALA = "vs2023-078-eriala";
const ARGULL = "vs2003-ar-gull";
const DRAKS = "vs2023-070-draks";
const NOMAD = "vs2023-001-kochevnik";
/** The cards the steps' words name, by the key written in braces in them ("{leshiy}"). */
const NAMED = { leshiy: LESHIY, eriala: ERIALA, argull: ARGULL, draks: DRAKS, nomad: NOMAD };

/** A step's words in language lang ("ru" | "en") for ctx (the step's context, above), each "{key}" of NAMED in
 * them replaced by that card's name as the page shows it in lang (the catalogue's, cards.js leadName): the name on
 * the card's face, so that the words and the cards never name a card differently. The Russian words use the name
 * as it is (nominative: «карта Леший»), never a declined form of it. */
export function stepText(step, ctx, lang) {
  const text = typeof step.text === "function" ? step.text(ctx) : step.text;
  return (text[lang] || text.en)
    .replace(/\{(\w+)\}/g, (all, key) => (NAMED[key] ? leadName(cardDef(NAMED[key]), lang) : all));
}

const own = (ctx, defId, zone) => Object.values(ctx.view.cards || {})
  .find((c) => c.owner === ctx.you && c.card === defId && (!zone || c.zone === zone)) || null;
const at = (cv) => (cv ? `#game-root [data-card='${cv.id}']` : null);
const button = (ctx, pred) => {
  const i = (ctx.legal || []).findIndex(pred);
  return i < 0 ? null : `#game-root .controls button[data-idx='${i}']`;
};
// Once a card is clicked, what comes next on the page: the confirmation of a staged move, else the selected card's
// move buttons, else, a move chosen, the lit target the step names (want, a selector) or the first one lit, else sel
// (the card itself).
const next = (sel, want = null) => {
  if (document.querySelector("[data-testid=confirm-action]")) return "[data-testid=confirm-action]";
  if (document.querySelector("#game-root .selected-actions button.move")) return "#game-root .selected-actions button.move";
  if (document.querySelector("#game-root .board .target")) {
    return want && document.querySelector(want) ? want : "#game-root .board .target";
  }
  return sel;
};
// A lit target on the board: the cell itself (a move) or the card on it (a strike, a shot).
const litCell = (cell) => `#game-root .board .cell.target[data-cell='${cell}']`;
const litCardOn = (cell) => `#game-root .board [data-cell='${cell}'] .card.target`;
// A battle step's target: the card, then its move buttons, then the lit target it names (want); once its
// declaration waits in the queue, "Pass" (or the pass's confirmation).
const cardThenPass = (ctx, defId, zone, want = null) => {
  const cv = own(ctx, defId, zone);
  const queued = !!cv && (ctx.view.queue || []).some((e) => e.source === cv.id);
  return queued ? next(button(ctx, (a) => a.act === "pass")) : next(at(cv), want);
};
const happened = (ctx, pred) => ctx.events.some(pred);
const executed = (ctx, defId) => {
  const cv = own(ctx, defId);
  return !!cv && happened(ctx, (e) => (e.type === "executing" && e.source === cv.id)
    || (e.type === "strike_roll" && e.attacker === cv.id));
};
// What a step's words take as so on the board (its premise): the viewer's card defId on the battlefield at cell; an
// opponent's card on the battlefield at cell; defId's declaration waiting in the queue; a strike by defId rolled
// (the dice box shows the last one the log holds).
const mineOn = (ctx, defId, cell) => own(ctx, defId, "battlefield")?.cell === cell;
const foeOn = (ctx, cell) => Object.values(ctx.view.cards || {})
  .some((c) => c.owner !== ctx.you && c.zone === "battlefield" && c.cell === cell);
const inQueue = (ctx, defId) => {
  const cv = own(ctx, defId);
  return !!cv && (ctx.view.queue || []).some((e) => e.source === cv.id);
};
const rolled = (ctx, defId) => {
  const cv = own(ctx, defId);
  return !!cv && (ctx.view.log || []).some((e) => e.type === "strike_roll" && e.attacker === cv.id);
};
const BATTLE_PHASES = ["turn_preparation", "turn_start", "main", "final"];

export const STEPS = [
  // ---- part 1: before the battle
  { id: "keep", part: "prelim",
    text: { ru: "Сдача: у каждого 15 карт, кубик решил, кто выбирает первого игрока. Это ваша сдача. Оставьте её: пересдача стоила бы золотой кристалл.",
      en: "The deal: 15 cards each, and a die roll decided who chooses the first player. This is your deal. Keep it: a redeal would cost a gold crystal." },
    // the choice of the first player, when it falls to the viewer, comes before the deal's keep
    target: (ctx) => button(ctx, (a) => a.act === "choose" && a.option === "keep")
      || button(ctx, (a) => a.act === "choose" && a.option?.first === ctx.you),
    done: (ctx) => happened(ctx, (e) => e.type === "kept" && e.player === ctx.you) || ["recruitment", "deployment"].includes(ctx.view.phase) },
  { id: "hire_silver", part: "prelim",
    text: { ru: "Найм. Нажмите в сдаче на карту {leshiy} и подтвердите: обычная карта оплачивается серебром (стоимость — в углу карты).",
      en: "Recruitment. Click {leshiy} in your deal and confirm: a regular card is paid with silver (its cost is in the corner)." },
    target: (ctx) => next(at(own(ctx, LESHIY, "deal"))),
    done: (ctx) => !!own(ctx, LESHIY, "recruits") },
  { id: "hire_gold", part: "prelim",
    text: { ru: "{argull} — элитная карта (золотая рамка цены): её можно оплатить только золотом. Наймите её.",
      en: "{argull} is an elite card (gold cost frame): only gold pays for it. Recruit it." },
    target: (ctx) => next(at(own(ctx, ARGULL, "deal"))),
    done: (ctx) => !!own(ctx, ARGULL, "recruits") },
  { id: "hire_more", part: "prelim",
    text: { ru: "Наймите ещё две карты: {draks} — летающее существо, {eriala} — стрелок. Три стихии стоили бы лишний золотой кристалл, а эти карты — Леса и Горы.",
      en: "Recruit {draks}, a flyer, and {eriala}, a shooter, too. A third element would cost an extra gold crystal; these are Forests and Mountains." },
    target: (ctx) => next(at(own(ctx, DRAKS, "deal") || own(ctx, ERIALA, "deal"))),
    done: (ctx) => !!own(ctx, DRAKS, "recruits") && !!own(ctx, ERIALA, "recruits") },
  { id: "done_hiring", part: "prelim",
    text: { ru: "Нажмите «Готово»: отряд собран, остальные кристаллы не тратятся.",
      en: "Press \"Done\": the squad is ready; the other crystals stay unspent." },
    target: (ctx) => button(ctx, (a) => a.act === "choose" && a.option === "done"),
    done: (ctx) => ctx.view.phase !== "recruitment" && ctx.view.phase !== "recruitment_preparation" && ctx.view.phase !== "deal" },
  { id: "deploy", part: "prelim",
    text: { ru: "Расстановка: нажмите на карту отряда, затем на подсвеченную клетку вашей половины (ряды 1–3). Летающие уйдут во вспомогательную зону сами.",
      en: "Deployment: click a card of your squad, then a lit cell of your half (rows 1–3). Flyers go to the auxiliary zone by themselves." },
    // once a card is picked the page lights its cells: the guide's highlight leaves the card
    target: (ctx) => (ctx.selected ? null
      : at(Object.values(ctx.view.cards || {}).find((c) => c.owner === ctx.you && c.zone === "recruits"))),
    done: (ctx) => BATTLE_PHASES.includes(ctx.view.phase) || !!ctx.view.result },
  { id: "to_battle", part: "prelim", next: true,
    text: { ru: "Отряды открыты — подготовка окончена. Дальше — бой с заранее подготовленной позиции.",
      en: "The squads are revealed: the preparation is over. Next: a battle from a prepared position." },
    target: () => "[data-testid=tutorial-next]", done: () => false },
  // ---- part 2: the battle
  { id: "move", part: "battle",
    text: { ru: "Ваш ход. Нажмите на карту {leshiy}, выберите «Движение» и подсвеченную клетку e3 (шаг — на соседнюю клетку по прямой). Каждое действие сначала встаёт в очередь: затем нажмите «Пас» и подтвердите, и шаг выполнится.",
      en: "Your turn. Click {leshiy}, choose \"Move\" and the lit cell e3 (a step goes to a neighbouring cell in a straight line). Every action first joins the queue: then press \"Pass\" and confirm, and the step is carried out." },
    target: (ctx) => cardThenPass(ctx, LESHIY, "battlefield", litCell("e3")),
    done: (ctx) => happened(ctx, (e) => e.type === "moved" && e.card === own(ctx, LESHIY)?.id) },
  { id: "strike", part: "battle",
    text: { ru: "Ударьте раненую карту {nomad} перед картой {leshiy} (e4): нажмите на карту {leshiy}, затем на карту {nomad} (простой удар). Ударив, {leshiy} закроется.",
      en: "Strike the wounded {nomad} in front of {leshiy} (e4): click {leshiy}, then the {nomad} (a simple strike). Having struck, {leshiy} closes." },
    premise: (ctx) => inQueue(ctx, LESHIY) || (mineOn(ctx, LESHIY, "e3") && foeOn(ctx, "e4")),
    target: (ctx) => cardThenPass(ctx, LESHIY, "battlefield", litCardOn("e4")),
    done: (ctx) => happened(ctx, (e) => e.type === "declared" && e.source === own(ctx, LESHIY)?.id) || executed(ctx, LESHIY) },
  { id: "pass", part: "battle",
    text: { ru: "Удар карты {leshiy} стоит в очереди. Компьютер спасовал; спасуйте и вы (и подтвердите): два паса подряд выполняют первую заявку очереди.",
      en: "The strike of {leshiy} waits in the queue. The computer passed; pass too (and confirm): two passes in a row carry out the queue's first entry." },
    premise: (ctx) => inQueue(ctx, LESHIY),
    target: (ctx) => next(button(ctx, (a) => a.act === "pass")),
    done: (ctx) => executed(ctx, LESHIY) },
  { id: "table", part: "battle", next: true,
    text: { ru: "Посмотрите на окно кубиков: бросали оба, разница бросков выбрала строку Таблицы ударов — кто какой удар нанёс. Нажмите «Дальше».",
      en: "Look at the dice box: both rolled, and the difference picked a row of the Strike Table: who dealt which blow. Press \"Next\"." },
    premise: (ctx) => rolled(ctx, LESHIY),
    target: () => "#game-root [data-testid=combat]", done: () => false },
  { id: "shot", part: "battle",
    text: { ru: "{eriala} — стрелок: нажмите на эту карту, выберите «Выстрел» и карту {nomad} на e4. Дальняя атака бьёт издалека, ответа нет. Затем спасуйте, чтобы выстрел выполнился.",
      en: "{eriala} is a shooter: click her, choose \"Shot\" and the {nomad} on e4. A ranged attack hits from afar and gets no answer. Then pass so that it is carried out." },
    premise: (ctx) => !!own(ctx, ERIALA, "battlefield") && (inQueue(ctx, ERIALA) || foeOn(ctx, "e4")),
    target: (ctx) => cardThenPass(ctx, ERIALA, "battlefield", litCardOn("e4")),
    done: (ctx) => executed(ctx, ERIALA) },
  { id: "ability", part: "battle",
    text: { ru: "Разряд карты {argull} оплачивается всеми её фишками (их 2): нажмите на неё, выберите разряд и карту {nomad} на e4, затем спасуйте.",
      en: "The discharge of {argull} is paid with all its tokens (it has 2): click it, choose the discharge and the {nomad} on e4, then pass." },
    premise: (ctx) => !!own(ctx, ARGULL, "battlefield") && (inQueue(ctx, ARGULL) || foeOn(ctx, "e4")),
    target: (ctx) => cardThenPass(ctx, ARGULL, "battlefield", litCardOn("e4")),
    done: (ctx) => executed(ctx, ARGULL) },
  { id: "flyer", part: "battle",
    text: { ru: "{draks} — летающее существо: оно во вспомогательной зоне и бьёт любую карту. Ударьте им карту {nomad} на c4, затем спасуйте.",
      en: "{draks} flies: it lies in the auxiliary zone and strikes any card. Strike the {nomad} on c4 with it, then pass." },
    premise: (ctx) => !!own(ctx, DRAKS) && (inQueue(ctx, DRAKS) || foeOn(ctx, "c4")),
    target: (ctx) => cardThenPass(ctx, DRAKS, undefined, litCardOn("c4")),
    done: (ctx) => executed(ctx, DRAKS) },
  { id: "end_turn", part: "battle",
    text: { ru: "Закончите ход (и подтвердите): ход перейдёт к компьютеру.",
      en: "End your turn (and confirm): the turn goes to the computer." },
    target: (ctx) => next(button(ctx, (a) => a.act === "end_turn")),
    done: (ctx) => happened(ctx, (e) => e.type === "turn" && e.active !== ctx.you) },
  { id: "defender", part: "battle",
    text: { ru: "Компьютер атакует. Когда вас спросят о защитнике, выберите подсвеченное существо: открытое существо рядом и с атакующим, и с целью примет удар на себя.",
      en: "The computer attacks. When you are asked for a defender, choose the highlighted creature: an open creature next to both the attacker and the target takes the strike." },
    target: (ctx) => {
      const d = (ctx.legal || []).find((a) => a.act === "defend");
      return d ? `#game-root [data-card='${d.source}']` : null;
    },
    done: (ctx) => happened(ctx, (e) => e.type === "defends") || happened(ctx, (e) => e.type === "turn" && e.active === ctx.you) || !!ctx.view.result },
  { id: "finish", part: "battle",
    text: { ru: "Играйте дальше сами: победа — когда у противника не останется существ.",
      en: "Play on by yourself: you win when your opponent has no creature left." },
    target: () => null, done: (ctx) => !!ctx.view.result },
  // "finish" (play the game to its end) skipped is told by the ending of a game still on, and done once it ends
  { id: "complete", part: "battle", next: true,
    text: (ctx) => ending(ctx.view?.result, ctx.you, (ctx.skipped || []).some((id) => id !== "finish")),
    target: () => "[data-testid=tutorial-next]", done: () => false },
];
