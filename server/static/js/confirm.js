// Irreversible clicks held until confirmed: ending the turn, passing while one of one's own cards could still act,
// recruiting a card and choosing a defender are staged first (the dock shows what would be sent, with "Confirm" and
// "Undo"; Esc undoes); nothing reaches the server until confirmed. A setting (remembered in this browser) lets
// experienced players send them at once. Two are asked whatever the setting: ending recruitment with an empty squad,
// and a strike (an attack, a shot, a throw, a discharge, a magic strike) at one's own card.

import { h } from "./dom.js";
import { t, addStrings } from "./i18n.js";
import { actionLabel } from "./actions.js";
import { instanceName } from "./cards.js";

addStrings({
  en: { confirm_title: "Send this move?", confirm_go: "Confirm", confirm_undo: "Undo",
    confirm_setting: "Ask before ending the turn, recruiting, choosing a defender, and passing while your cards can still act",
    confirm_pass_can_act: "Your cards can still act this turn.",
    confirm_empty_squad: "You have recruited no creature: with an empty squad you lose the game at once.",
    confirm_own_target: "{attacker} would strike your own card: {target}." },
  ru: { confirm_title: "Отправить этот ход?", confirm_go: "Подтвердить", confirm_undo: "Отменить",
    confirm_setting: "Спрашивать перед концом хода, наймом, выбором защитника и пасом, пока ваши карты ещё могут действовать",
    confirm_pass_can_act: "Ваши карты ещё могут действовать в этот ход.",
    confirm_empty_squad: "Вы не наняли ни одного существа: с пустым отрядом вы сразу проиграете.",
    confirm_own_target: "{attacker} ударит по вашей собственной карте: {target}." },
});

const KEY = "berserk.confirm";

/** True unless the player turned the confirmations off. */
export function confirmOn() {
  return localStorage.getItem(KEY) !== "off";
}

/** Turn the confirmations on or off (remembered). */
export function setConfirm(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** True when own cards could still act: legal holds an action of a card (a move, a strike, an ability). */
function cardsCanAct(legal) {
  return (legal || []).some((a) => a.source && a.act !== "defend");
}

/** True when a is the "done" that ends the viewer's recruitment with nobody recruited: an empty squad loses the game
 * at once (01-game-and-cards.md, victory by no creatures). */
export function emptySquadDone(a, view) {
  if (!a || a.act !== "choose" || a.option !== "done" || view?.prompt?.kind !== "recruit") return false;
  const me = view.players?.[String(view.viewer)];
  return !!me && me.recruits === 0;
}

/** The strikes (удары): an attack and the ranged or magic ones, each declared at a target. */
const STRIKES = new Set(["attack", "shoot", "discharge", "throw", "magic_strike"]);

/** The ids of the viewer's own cards (by controller, else owner, in view) that action a strikes at; [] for any other
 * action. A simple strike at one's own card is legal (docs/rules-decisions.md, 02 §4.1) and costly when
 * accidental: the attacker is closed, the cost paid. */
export function ownTargets(a, view) {
  if (!a || !STRIKES.has(a.act) || view?.viewer == null) return [];
  const ids = a.target ? [a.target] : a.targets || [];
  return ids.filter((id) => {
    const c = view.cards?.[id];
    return !!c && (c.controller ?? c.owner) === view.viewer;
  });
}

/** Whether action a (one of legal) is held for a confirmation: end turn; a pass while own cards could act;
 * recruiting (a recruit choice); choosing a defender; and, whatever the setting, ending recruitment with an empty
 * squad and a strike at one's own card (ownTargets). A pass with nothing but passing and ending the turn to choose is sent at once, also behind one's own
 * declaration (заявка) in the queue (очередь): it forfeits nothing, since that entry executes before anything the
 * opponent declares after it and the player gets priority again in the next round (RULES.md Q4, Q5; [SEED S3]). */
export function needsConfirm(a, legal, view) {
  if (emptySquadDone(a, view) || ownTargets(a, view).length) return true;
  if (!confirmOn() || !a) return false;
  if (a.act === "end_turn" || a.act === "defend") return true;
  if (a.act === "pass") return cardsCanAct(legal);
  return a.act === "choose" && !!a.option && typeof a.option === "object" && "recruit" in a.option;
}

/** The dock's confirmation box for the staged action a: onGo sends it, onUndo drops it. */
export function confirmBox(a, view, legal, onGo, onUndo) {
  return h("div.confirm-box", { role: "group", "aria-label": t("confirm_title"), dataset: { testid: "confirm-box", act: a.act } },
    h("div.confirm-what", {}, t("confirm_title"), " ", h("b", {}, actionLabel(a, view, legal))),
    a.act === "pass" ? h("div.hint", {}, t("confirm_pass_can_act")) : null,
    emptySquadDone(a, view) ? h("div.hint.warning", { role: "alert" }, t("confirm_empty_squad")) : null,
    ownTargets(a, view).length ? h("div.hint.warning", { role: "alert", dataset: { testid: "confirm-own-target" } },
      t("confirm_own_target", { attacker: instanceName(view, a.source),
        target: ownTargets(a, view).map((id) => instanceName(view, id)).join(", ") })) : null,
    h("button.act.confirm-go", { dataset: { testid: "confirm-action" }, onclick: onGo }, t("confirm_go")),
    h("button.cancel.confirm-undo", { dataset: { testid: "undo-action" }, onclick: onUndo }, t("confirm_undo")));
}

/** The setting's checkbox. onChange() is called after it changed. */
export function confirmSetting(onChange) {
  return h("label.confirm-setting", {}, h("input", { type: "checkbox", checked: confirmOn(),
    dataset: { testid: "confirm-setting" }, onchange: (e) => { setConfirm(e.target.checked); onChange(); } }), " ", t("confirm_setting"));
}
