// Reading the server's list of legal actions (engine-api.md "Actions"): which card an action belongs to, what it
// targets, and a readable label. The client never invents an action: it only sends dicts from this list.

import { t, getLang } from "./i18n.js";
import { instanceName, cardDef } from "./cards.js";

/** The card instance id an action is "of" (the card the player clicks first), or null for global actions. */
export function actionSource(a) {
  if (a.source) return a.source;
  if (a.act === "choose" && a.option && typeof a.option === "object") {
    return a.option.recruit ?? a.option.place ?? null;
  }
  return null;
}

/**
 * What an action points at: {cells: [cell...], cards: [id...]}. A card-id option of "choose" (a choice made on
 * execution, e.g. a host) is a card target of a sourceless action.
 */
export function actionTargets(a, view) {
  const cells = [];
  const cards = [];
  if (a.to) cells.push(a.to);
  if (a.target) cards.push(a.target);
  if (Array.isArray(a.targets)) cards.push(...a.targets);
  if (a.act === "choose") {
    if (a.option && typeof a.option === "object" && a.option.cell) cells.push(a.option.cell);
    if (typeof a.option === "string" && view?.cards && a.option in view.cards) cards.push(a.option);
  }
  return { cells, cards };
}

/** True for actions shown as buttons in the global bar (no card to click first and no target on the board). */
export function isGlobal(a, view) {
  if (actionSource(a)) return false;
  const { cells, cards } = actionTargets(a, view);
  return cells.length === 0 && cards.length === 0;
}

const KW = {
  accumulate_token: ["накопить фишку", "gain a token"], heal: ["лечение", "heal"], shot: ["выстрел", "shot"],
  discharge: ["разряд", "discharge"], throw: ["метание", "throw"], magic_strike: ["магический удар", "magic strike"],
  resurrect: ["воскрешение", "resurrection"], jump: ["прыжок", "jump"], extra_attack: ["доп. атака", "extra attack"],
  special_strike: ["особый удар", "special strike"], trigger: ["срабатывание", "trigger"], action: ["действие", "action"],
  regeneration: ["регенерация", "regeneration"], vampirism: ["вампиризм", "vampirism"], web: ["паутина", "web"],
  redistribute_wounds: ["перераспределение ран", "redistribute wounds"], block_strike: ["блок удара", "block strike"],
  aura: ["аура", "aura"], custom: ["способность", "ability"], attack: ["удар", "strike"], move: ["движение", "move"],
  ability: ["способность", "ability"],
};

/** A card ability's readable name: a vocabulary word (or an index into the source card's abilities). */
export function abilityName(ab, sourceId, view) {
  if (ab === undefined || ab === null) return "";
  let kw = ab;
  if (typeof ab === "number") {
    const def = cardDef(view?.cards?.[sourceId]?.card);
    const a = def?.abilities?.[ab];
    kw = a ? a.name_ru || a.kw || `#${ab + 1}` : `#${ab + 1}`;
  }
  const pair = KW[kw];
  if (pair) return pair[getLang() === "ru" ? 0 : 1];
  return String(kw).replace(/_/g, " ");
}

/** An "order" item: a card id, or "<id>/<ability index>[/<rank>]" when that card has several pending triggers. */
function orderItemName(item, view) {
  const [id, ab] = String(item).split("/");
  if (ab === undefined) return instanceName(view, id);
  return `${instanceName(view, id)}: ${abilityName(/^\d+$/.test(ab) ? Number(ab) : ab, id, view)}`;
}

/** A short readable label for one action in the current language (names from the view). */
export function actionLabel(a, view) {
  const name = (id) => instanceName(view, id);
  const targetText = () => {
    const ids = a.target ? [a.target] : a.targets || [];
    return ids.map(name).join(", ");
  };
  let s;
  switch (a.act) {
    case "pass": s = t("pass"); break;
    case "end_turn": s = t("end_turn"); break;
    case "concede": s = t("concede"); break;
    case "move": s = t("act_move", { cell: a.to }); break;
    case "attack": case "shoot": case "discharge": case "throw": case "magic_strike":
      s = t(`act_${a.act}`, { target: targetText() });
      break;
    case "ability":
      s = t("act_ability", { ability: abilityName(a.ability, a.source, view) });
      if (a.target || a.targets) s += " " + t("on_target", { target: targetText() });
      if (a.to) s += " " + t("to_cell", { cell: a.to });
      break;
    case "declare":
      s = t("act_declare", { ability: abilityName(a.ability, a.source, view) });
      if (a.target) s += " " + t("on_target", { target: targetText() });
      break;
    case "defend": s = t("act_defend", { name: name(a.source) }); break;
    case "order": s = t("act_order", { items: (a.items || []).map((it) => orderItemName(it, view)).join(" → ") }); break;
    case "choose": s = optionLabel(a.option, view); break;
    default: s = a.act;
  }
  if (a.x !== undefined && a.x !== null) s += ` (${t("x_value", { x: a.x })})`;
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;  // button labels start with a capital
}

function optionLabel(o, view) {
  if (typeof o === "string") {
    const known = { keep: "opt_keep", weaken: "opt_weaken", redeal: "opt_redeal", done: "opt_done",
      yes: "opt_yes", no: "opt_no" };
    if (known[o]) return t(known[o]);
    if (view?.cards && o in view.cards) return t("opt_card", { name: instanceName(view, o) });
    return o;
  }
  if (o && typeof o === "object") {
    if ("first" in o) return t("opt_first", { p: o.first });
    if ("recruit" in o) return t(o.pay === "gold" ? "opt_recruit_gold" : "opt_recruit", { name: instanceName(view, o.recruit) });
    if ("place" in o) return t("opt_place", { name: instanceName(view, o.place), cell: o.cell });
  }
  return JSON.stringify(o);
}

/**
 * Index the legal list for the board: {bySource: Map(id -> [action]), direct: Map(cardId -> [action]),
 * global: [action]}. "direct" holds sourceless actions that target a card (click the card to choose it).
 */
export function indexLegal(legal, view) {
  const bySource = new Map();
  const direct = new Map();
  const global = [];
  for (const a of legal || []) {
    const src = actionSource(a);
    if (src) {
      if (!bySource.has(src)) bySource.set(src, []);
      bySource.get(src).push(a);
      continue;
    }
    const { cards } = actionTargets(a, view);
    if (cards.length) {
      for (const c of cards) {
        if (!direct.has(c)) direct.set(c, []);
        direct.get(c).push(a);
      }
      continue;
    }
    global.push(a);
  }
  return { bySource, direct, global };
}

/** Actions of `list` that point at cell (string) or card id. */
export function actionsAt(list, { cell = null, card = null }, view) {
  return (list || []).filter((a) => {
    const tg = actionTargets(a, view);
    return (cell && tg.cells.includes(cell)) || (card && tg.cards.includes(card));
  });
}
