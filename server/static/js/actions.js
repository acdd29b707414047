// Reading the server's list of legal actions (engine-api.md "Actions"): which card an action belongs to, what it
// targets, and a readable label. The client never invents an action: it only sends dicts from this list.

import { t, getLang, hasKey } from "./i18n.js";
import { instanceName, cardDef } from "./cards.js";
import { seatName } from "./names.js";
import { capital } from "./words.js";

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
    const item = choiceItem(a, view);
    if (typeof item === "string" && view?.cards && item in view.cards) cards.push(item);
    else if (typeof item === "string" && CELL.test(item)) cells.push(item);
  }
  return { cells, cards };
}

const CELL = /^[a-e][1-6]$/;

/** The item a `{"choice": i}` answer picks among the ones the prompt lists (a card id, a cell, "yes"/"no",
 * "top:<id>"/"bottom:<id>", a number), or undefined. */
export function choiceItem(a, view) {
  const o = a?.option;
  if (a?.act !== "choose" || !o || typeof o !== "object" || typeof o.choice !== "number") return undefined;
  return view?.prompt?.items?.[o.choice];
}

/** The ability dict of card instance sourceId at index ab (printed abilities, then those acquired in play), or
 * null. */
export function abilityDef(ab, sourceId, view) {
  if (typeof ab !== "number") return null;
  const cv = view?.cards?.[sourceId];
  const printed = cardDef(cv?.card)?.abilities || [];
  if (ab < printed.length) return printed[ab];
  return (cv?.acquired || [])[ab - printed.length] || null;
}

/** A keyword's readable name ("shot" -> "выстрел"); unknown keywords read as "ability". */
export function kwName(kw) {
  const key = `kw_${String(kw).replace(/^_/, "")}`;
  return hasKey(key) ? t(key) : t("kw_ability");
}

/** A card ability's readable name: its own name (spells, named effects), else its keyword's name. ab is an index
 * into the source card's abilities or a keyword name. */
export function abilityName(ab, sourceId, view) {
  if (ab === undefined || ab === null) return "";
  const a = abilityDef(ab, sourceId, view);
  if (typeof ab === "number" && !a) return t("kw_ability");
  const own = a?.name?.[getLang()] ?? a?.name?.ru ?? a?.name?.en;
  const kw = a ? a.kw : ab;
  return own ? `«${own}»` : kwName(kw);
}

/** The cost of an activated ability in words ("закрыться, 1 фишка"), "" when it has none to show. */
export function abilityCost(ab, sourceId, view) {
  const a = abilityDef(ab, sourceId, view);
  const c = a?.cost;
  if (!c) return "";
  const parts = [];
  if (a.sudden) parts.push(t("cost_sudden"));
  if (c.movement === "all") parts.push(t("cost_all_movement"));
  if (c.tap) parts.push(t("cost_close"));
  if (c.tokens) parts.push(t("cost_tokens", { n: c.tokens }));
  if (c.wounds) parts.push(t("cost_wounds", { n: c.wounds }));
  if (!parts.length) parts.push(t("cost_free"));
  return parts.join(", ");
}

/** The ability's full text in the current language (the catalogue's plain words for that index), or "". */
export function abilityText(ab, sourceId, view) {
  if (typeof ab !== "number") return "";
  const def = cardDef(view?.cards?.[sourceId]?.card);
  return def?.abilities_text?.[getLang()]?.[ab] ?? "";
}

/**
 * What a recruit option (`{recruit, pay?}`) pays with, named where the player has the choice: "gold" for the one
 * paying gold by choice; "silver" for the plain one when legal (the server's list) also offers the same card paid
 * with gold: the engine offers that only for a regular card both silver and gold crystals can pay, and the plain
 * one then pays silver (02-battle.md §1.3 [304.3]). null otherwise (one way only: the engine's payment).
 */
export function recruitPay(o, legal) {
  if (o?.pay === "gold") return "gold";
  if (!o || Object.keys(o).length !== 1) return null;   // recruitment abilities' options are never offered in gold
  const gold = (legal || []).some((b) => b.act === "choose" && b.option?.recruit === o.recruit && b.option.pay === "gold");
  return gold ? "silver" : null;
}

/** A move of the selection list: {name, cost, text} for a group of picker.js (key "move", "ability:2", ...);
 * legal (the server's list) names a recruit's payment when the player has the choice (recruitPay). */
export function moveInfo(group, sourceId, view, legal) {
  if (group.act === "ability" || group.act === "declare") {
    return { name: abilityName(group.ability, sourceId, view), cost: abilityCost(group.ability, sourceId, view),
      text: abilityText(group.ability, sourceId, view) };
  }
  const names = { move: "move_move", attack: "move_attack", defend: "move_defend", place: "move_place",
    recruit: "move_recruit", recruit_gold: "move_recruit_gold", shoot: "kw_shot", discharge: "kw_discharge", throw: "kw_throw", magic_strike: "kw_magic_strike" };
  if (group.key === "recruit" && group.actions.every((a) => recruitPay(a.option, legal) === "silver")) {
    names.recruit = "move_recruit_silver";
  }
  const cost = { attack: t("cost_close") };
  return { name: t(names[group.key] || "kw_ability"), cost: cost[group.key] || "", text: "" };
}

/** An "order" item: a card id, or "<id>/<ability index>[/<rank>]" when that card has several pending triggers. */
function orderItemName(item, view) {
  const [id, ab] = String(item).split("/");
  if (ab === undefined) return instanceName(view, id);
  return `${instanceName(view, id)}: ${abilityName(/^\d+$/.test(ab) ? Number(ab) : ab, id, view)}`;
}

/** A short readable label for one action in the current language (names from the view; legal, the server's list,
 * names a recruit's payment when the player has the choice: recruitPay). */
export function actionLabel(a, view, legal) {
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
    case "choose": s = optionLabel(a.option, view, legal); break;
    default: s = t("kw_ability");
  }
  if (a.x !== undefined && a.x !== null) s += ` (${t("x_value", { x: a.x })})`;
  return capital(s);  // button labels start with a capital
}

function optionLabel(o, view, legal) {
  if (typeof o === "string") {
    const known = { keep: "opt_keep", weaken: "opt_weaken", redeal: "opt_redeal", done: "opt_done",
      yes: "opt_yes", no: "opt_no" };
    // The exchange of blows (02-battle.md §5 [216.7]) is not the deal: its own words.
    if (view?.prompt?.kind === "exchange" && (o === "keep" || o === "weaken")) return t(`opt_exchange_${o}`);
    if (known[o]) return t(known[o]);
    if (view?.cards && o in view.cards) return t("opt_card", { name: instanceName(view, o) });
    return t("prompt_choice");
  }
  if (o && typeof o === "object") {
    if ("first" in o) return t("opt_first", { who: seatName(view?.room, o.first) });
    if ("recruit" in o) {
      const pay = recruitPay(o, legal);
      return t(pay ? `opt_recruit_${pay}` : "opt_recruit", { name: instanceName(view, o.recruit) });
    }
    if ("place" in o) return t("opt_place", { name: instanceName(view, o.place), cell: o.cell });
    if ("attach" in o) return t("opt_attach", { name: instanceName(view, o.attach), host: instanceName(view, o.to) });
    if ("choice" in o) return choiceLabel(o.choice, view);
  }
  return t("prompt_choice");
}

/** The label of the answer picking item i of a choice prompt asked inside an ability (engine/effects/choice.py). */
function choiceLabel(i, view) {
  const item = view?.prompt?.items?.[i];
  const name = (id) => (view?.cards && id in view.cards ? instanceName(view, id) : t("opt_deck_card"));
  if (item === "yes" || item === "no") return t(`opt_${item}`);
  if (typeof item === "number") return t("opt_number", { n: item });
  if (typeof item === "string") {
    if (view?.cards && item in view.cards) return t("opt_card", { name: instanceName(view, item) });
    if (CELL.test(item)) return t("opt_cell", { cell: item });
    const m = /^(top|bottom):(.+)$/.exec(item);
    if (m) return t(`opt_deck_${m[1]}`, { name: name(m[2]) });
    if (/^k\d+$/.test(item)) return t("opt_card", { name: t("opt_deck_card") });
  }
  if (item === undefined) return chooseOneLabel(i, view);
  return t("opt_choice", { n: i + 1 });
}

/** The catalogue's words for the attacked card (engine/cards/words.py REF["attacked"]) in an option's text, per
 * language: [phrase, key of the words naming the card in its place (the viewer's own card, another's)]; Russian has
 * the accusative and the genitive. */
const ATTACKED_WORDS = {
  en: [["the attacked card", "opt_card_own", "opt_card_other"]],
  ru: [["атакованную карту", "opt_card_own", "opt_card_other"],
    ["атакованной карты", "opt_card_own_gen", "opt_card_other_gen"]],
};

/** Option text (the catalogue's words) with "the attacked card" replaced by the card the prompt names (view.prompt
 * .target, set only when the choice's options act on the attacked card): "your Leshy" when it is the viewer's own
 * card (the usual case: its controller chooses), "Leshy" otherwise; the text as it is without a target. */
function naming(text, view) {
  const id = view?.prompt?.target;
  const c = id && view?.cards?.[id];
  if (!c) return text;
  const own = (c.controller ?? c.owner) === view.viewer;
  const name = instanceName(view, id);
  let out = text;
  for (const [phrase, ownKey, otherKey] of ATTACKED_WORDS[getLang()] || []) {
    out = out.replace(new RegExp(phrase, "gi"), () => t(own ? ownKey : otherKey, { name }));
  }
  return capital(out);
}

/** The label of option i of a choose one (выбрать одно: a choice prompt without items, asked by the executing entry's
 * ability): the option in the catalogue's plain words, the attacked card named ("Close your Leshy", «Закрыть свою
 * карту Леший»: naming), or "Option 2 (Ravine Dwarf)" naming the prompt's source card when the catalogue does not
 * describe it. */
function chooseOneLabel(i, view) {
  const pr = view?.prompt;
  const ex = view?.executing;
  const ab = ex && ex.source === pr?.source ? ex.ability : undefined;
  const text = typeof ab === "number" ? cardDef(view?.cards?.[pr.source]?.card)?.options_text?.[getLang()]?.[ab]?.[i]
    : undefined;
  if (text) return naming(text, view);
  return pr?.source ? t("opt_choice_of", { n: i + 1, name: instanceName(view, pr.source) }) : t("opt_choice", { n: i + 1 });
}

/**
 * Index the legal list for the board: {bySource: Map(id -> [action]), direct: Map(cardId -> [action]),
 * global: [action]}. "direct" holds sourceless actions that target a card (click the card to choose it).
 */
export function indexLegal(legal, view) {
  const bySource = new Map();
  const direct = new Map();
  const directCells = new Map(); // sourceless answers naming only a cell (a cell chosen inside an ability)
  const global = [];
  for (const a of legal || []) {
    const src = actionSource(a);
    if (src) {
      if (!bySource.has(src)) bySource.set(src, []);
      bySource.get(src).push(a);
      continue;
    }
    const { cards, cells } = actionTargets(a, view);
    if (cards.length) {
      for (const c of cards) {
        if (!direct.has(c)) direct.set(c, []);
        direct.get(c).push(a);
      }
      // an answer naming a card of a choice asked inside an ability is also a button: the card may be in a
      // graveyard or a deck, not on the board
      if (choiceItem(a, view) !== undefined) global.push(a);
      continue;
    }
    if (cells.length === 1 && choiceItem(a, view) !== undefined) {
      if (!directCells.has(cells[0])) directCells.set(cells[0], []);
      directCells.get(cells[0]).push(a);
    }
    global.push(a); // also a button: the board click is a shortcut
  }
  return { bySource, direct, directCells, global };
}
