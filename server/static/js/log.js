// One readable line per engine event (engine-api.md "Events"): declared, executed, moved, die, wounds, died,
// phase, turn, pass, result; any other type is shown as "type: field=value ...", card ids replaced by names.

import { t, phaseName } from "./i18n.js";
import { instanceName } from "./cards.js";
import { abilityName } from "./actions.js";

function ability(e, view) {
  return abilityName(e.ability ?? e.kind ?? e.act ?? "", e.source ?? e.card, view);
}

/** The log line for event e in the current language, names looked up in view; null for nothing to show. */
export function renderLogLine(e, view) {
  if (!e || typeof e !== "object") return null;
  const name = (id) => (id == null ? "" : instanceName(view, id));
  const card = e.card ?? e.source;
  const p = e.player ?? "";
  switch (e.type) {
    case "declared":
      return t("ev_declared", { name: name(card), ability: ability(e, view) }) + targets(e, view);
    case "executing": case "executed":
      return t("ev_executed", { name: name(card), ability: ability(e, view) });
    case "moved": return t("ev_moved", { name: name(card), cell: e.cell ?? (typeof e.to === "string" ? e.to : e.zone ?? "") });
    case "die": return t("ev_die", { p: e.player ?? "?", value: e.value }) + (e.card ? ` (${name(e.card)})` : "");
    case "wounds": return t("ev_wounds", { name: name(card === e.source ? e.card : card), n: e.n ?? e.amount ?? "" })
      + (e.source && e.card ? ` ← ${name(e.source)}` : "");
    case "died": return t("ev_died", { name: name(card) });
    case "phase": return t("ev_phase", { phase: phaseName(e.phase ?? e.step) });
    case "turn": return t("ev_turn", { n: e.turn ?? e.n ?? "", p: e.active ?? e.player ?? "" });
    case "pass": return t("ev_pass", { p });
    case "end_turn": return t("ev_end_turn", { p });
    case "result": return t("ev_result");
    case "dealt": return t("ev_dealt", { p, n: e.n });
    case "deal": return t("ev_deal", { n: (e.cards || []).length });
    case "first_player": return t("ev_first", { p });
    case "kept": return t("ev_kept", { p });
    case "redealt": return t("ev_redealt", { p });
    case "recruit": return t("ev_recruit", { name: name(e.card) });
    case "recruited": return t("ev_recruited", { p, n: e.n });
    case "placed": return t("ev_placed", { p, cell: e.cell });
    case "placed_card": return t("ev_placed_card", { name: name(e.card), cell: e.cell });
    case "revealed": return t("ev_revealed", { name: name(e.card) });
    case "opened": return t("ev_opened", { name: name(e.card) });
    case "closed": return t("ev_closed", { name: name(e.card) });
    case "strike_roll": return t("ev_strike_roll", { a: name(e.attacker), r: name(e.responder),
      x: e.attacker_result, y: e.responder_result });
    case "defends": return t("ev_defends", { name: name(e.card), attacker: name(e.attacker) });
    case "weakened": return t("ev_weakened", { p });
    case "healed": return t("ev_healed", { name: name(e.card), n: e.n });
    case "tokens": return t("ev_tokens", { name: name(e.card), n: e.n });
    case "tokens_lost": return t("ev_tokens_lost", { name: name(e.card), n: e.n });
    case "fizzled": return t("ev_fizzled", { name: name(e.source) });
    case "turn_start": case "turn_end": return null;
    default: {
      const fields = Object.entries(e).filter(([k]) => !["type", "to", "seq"].includes(k))
        .map(([k, v]) => `${k}=${typeof v === "string" && view?.cards?.[v] ? name(v) : JSON.stringify(v)}`);
      return `${String(e.type ?? "?").replace(/_/g, " ")}${fields.length ? ": " + fields.join(", ") : ""}`;
    }
  }
}

function targets(e, view) {
  const ids = e.target ? [e.target] : e.targets || [];
  return ids.length ? " → " + ids.map((id) => instanceName(view, id)).join(", ") : "";
}
