// One readable line per engine event (engine-api.md "Events"; the fields each engine module emits), card ids
// replaced by names. Every event type the engine emits has its own sentence in both languages; an unknown type
// reads as a generic "game event" line, never as a raw code.

import { t, phaseName, resultReason } from "./i18n.js";
import { abilityName, kwName } from "./actions.js";
import { seatName } from "./names.js";
import { cardNamer } from "./owners.js";

const KIND_KEYS = { simple_strike: "move_attack", attack: "move_attack", move: "move_move" };

function kindName(kind) {
  if (!kind) return "";
  return KIND_KEYS[kind] ? t(KIND_KEYS[kind]) : kwName(kind);
}

function ability(e, view) {
  if (e.kind && e.kind !== "ability" && e.ability == null) return kindName(e.kind);
  return abilityName(e.ability ?? e.kind ?? "", e.source ?? e.card, view);
}

function levelName(level) {
  return level == null ? t("blow_none") : t(["blow_weak", "blow_medium", "blow_strong"][level] || "blow_none");
}

/** events without those another event of the list says better: a "placed" (a card put face down on a cell, as
 * everyone reads it) followed by its owner's own "placed_card" (which card, on the same cell) is one line. */
export function unshadowed(events) {
  return events.filter((e, i) => {
    const next = events[i + 1];
    return !(e?.type === "placed" && next?.type === "placed_card" && next.player === e.player && next.cell === e.cell);
  });
}

/** The card ids event e names: its card fields (a redirect's "to" is a card, a move's a cell). */
function namedCards(e) {
  const ids = [e.source, e.card, e.attacker, e.responder, e.by, e.host, e.target, ...(Array.isArray(e.targets) ? e.targets : [])];
  if (e.type === "redirected") ids.push(e.to);
  return ids;
}

/** The log line for event e in the current language, names looked up in view (two cards of one name on different
 * sides each say whose they are: owners.js); null for nothing to show. */
export function renderLogLine(e, view) {
  if (!e || typeof e !== "object") return null;
  const name = cardNamer(view, namedCards(e));
  const s = lineOf(e, view, name);
  return s && name.leadsLower(s) ? name.capital(s) : s;
}

/** The line of event e, its cards named by name (a cardNamer of owners.js); null for nothing to show. */
function lineOf(e, view, name) {
  const card = e.card ?? e.source;
  const who = seatName(view?.room, e.player ?? e.active); // the player's name, never "Player 1" (a bot: "Computer (level)")
  switch (e.type) {
    case "declared":
      return t("ev_declared_by", { who, name: name(e.source), ability: ability(e, view) }) + targets(e, name);
    case "executing":
      return t("ev_executed", { name: name(e.source), ability: ability(e, view) });
    case "moved":
      return t("ev_moved", { name: name(e.card), cell: e.to ?? "" });
    case "redirected":
      return t("ev_redirected", { name: name(e.by), from: name(e.card), to: name(e.to) });
    case "die": return t("ev_die", { who, value: e.value }) + (e.card ? ` (${name(e.card)})` : "");
    case "wounds": return t("ev_wounds_by", { name: name(e.card), n: e.n ?? 0, kind: kindName(e.kind) })
      + (e.source ? ` ← ${name(e.source)}` : "");
    case "died": return t("ev_died", { name: name(e.card) });
    case "phase": return t("ev_phase", { phase: phaseName(e.phase) });
    case "turn": return t("ev_turn", { n: e.turn, who: seatName(view?.room, e.active) });
    case "pass": return t("ev_pass", { who });
    case "end_turn": return t("ev_end_turn", { who });
    case "result": return t("ev_result_reason", { reason: resultReason(e.reason) });
    case "dealt": return t("ev_dealt", { who, n: e.n });
    case "deal": return t("ev_deal", { n: (e.cards || []).length });
    case "first_player": return t("ev_first", { who });
    case "kept": return t("ev_kept", { who });
    case "kept_hidden": return t("ev_kept_hidden", { who, cell: e.cell ?? "" });
    case "redealt": return t("ev_redealt", { who });
    case "recruit": return t("ev_recruit", { name: name(e.card) });
    case "recruited": return t("ev_recruited", { who, n: e.n });
    case "placed": return t("ev_placed", { who, cell: e.cell });
    case "placed_card": return t("ev_placed_card", { name: name(e.card), cell: e.cell });
    case "revealed": return t("ev_revealed", { name: name(e.card) });
    case "opened": return t("ev_opened", { name: name(e.card) });
    case "closed": return t("ev_closed", { name: name(e.card) });
    case "stays_closed": return t("ev_stays_closed", { name: name(e.card) });
    case "skip_open": return t("ev_skip_open", { name: name(e.card) });
    case "strike_roll": return t("ev_strike_roll_row", { a: name(e.attacker), r: name(e.responder),
      x: e.attacker_result, y: e.responder_result, d: (e.d > 0 ? "+" : "") + (e.d ?? ""),
      al: levelName(e.row?.[0]), rl: levelName(e.row?.[1]) });
    case "defends": return t("ev_defends", { name: name(e.card), attacker: name(e.attacker) });
    case "weakened": return t("ev_weakened", { who });
    case "healed": return t("ev_healed", { name: name(e.card), n: e.n });
    case "tokens": return t("ev_tokens", { name: name(e.card), n: e.n });
    case "tokens_lost": return t("ev_tokens_lost", { name: name(e.card), n: e.n });
    case "fizzled": return t("ev_fizzled", { name: name(e.source) });
    case "no_effect": return t("ev_fizzled", { name: name(e.source) });
    case "blocked": return t(e.by === "net" ? "ev_blocked_net" : "ev_blocked", { name: name(e.card) });
    case "dodged": return t("ev_dodged", { name: name(e.card), value: e.value ?? "" });
    case "protected": return t("ev_protected", { name: name(e.card), kind: kindName(e.kind) });
    case "poisoned": return t("ev_poisoned", { name: name(e.card), n: e.n ?? 1 });
    case "cured": return t("ev_cured", { name: name(e.card) });
    case "life_added": return t("ev_life_added", { name: name(e.card), n: e.n ?? 1 });
    case "resurrected": return t("ev_resurrected", { name: name(e.card) });
    case "to_aux": return t("ev_to_aux", { name: name(e.card) });
    case "to_deck": return t("ev_to_deck", { name: name(e.card) });
    case "attached": return t("ev_attached", { name: name(e.card), host: name(e.host) });
    case "granted": return t("ev_granted", { name: name(e.card), what: (e.kws || []).map(kwName).join(", ") });
    case "grant_ended": return t("ev_grant_ended", { name: name(e.card) });
    case "effect_ended": return t("ev_effect_ended", { name: name(e.card) });
    case "chose": return t("ev_chose", { who, n: (typeof e.option === "number" ? e.option + 1 : "") });
    case "window_ability": return t("ev_window_ability", { who, name: name(e.source), ability: kwName(e.kw) });
    case "die_changed": return t("ev_die_changed", { name: name(e.card), value: e.value });
    case "strength_set": return t("ev_strength_set", { name: name(e.card) });
    case "flyer_strike_ready": return t("ev_flyer_strike_ready", { name: name(e.card) });
    case "loop_cut": return t("ev_loop_cut", { name: name(e.source) });
    case "turn_start": case "turn_end": return null;
    default: {
      return card ? t("ev_other_card", { name: name(card) }) : t("ev_other");
    }
  }
}

function targets(e, name) {
  const ids = e.target ? [e.target] : e.targets || [];
  return ids.length ? " → " + ids.map(name).join(", ") : "";
}
