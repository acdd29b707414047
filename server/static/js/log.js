// One readable line per engine event (engine-api.md "Events"): declared, executed, moved, die, wounds, died,
// phase, turn, pass, result; any other type is shown as "type: field=value ...", card ids replaced by names.

import { t, phaseName } from "./i18n.js";
import { instanceName } from "./cards.js";

function ability(e) {
  const a = e.ability ?? e.act ?? "";
  return typeof a === "number" ? `#${a + 1}` : String(a).replace(/_/g, " ");
}

/** The log line for event e in the current language, names looked up in view; null for nothing to show. */
export function renderLogLine(e, view) {
  if (!e || typeof e !== "object") return null;
  const name = (id) => (id == null ? "" : instanceName(view, id));
  const card = e.card ?? e.source;
  switch (e.type) {
    case "declared": return t("ev_declared", { name: name(card), ability: ability(e) }) + targets(e, view);
    case "executed": return t("ev_executed", { name: name(card), ability: ability(e) });
    case "moved": return t("ev_moved", { name: name(card), cell: e.cell ?? (typeof e.to === "string" ? e.to : e.zone ?? "") });
    case "die": return t("ev_die", { p: e.player ?? "?", value: e.value }) + (e.card ? ` (${name(e.card)})` : "");
    case "wounds": return t("ev_wounds", { name: name(card), n: e.n ?? e.amount ?? e.wounds ?? "" });
    case "died": return t("ev_died", { name: name(card) });
    case "phase": return t("ev_phase", { phase: phaseName(e.phase ?? e.step) });
    case "turn": return t("ev_turn", { n: e.turn ?? e.n ?? "", p: e.player ?? e.active ?? "" });
    case "pass": return t("ev_pass", { p: e.player ?? "" });
    case "result": return t("ev_result");
    default: {
      const fields = Object.entries(e).filter(([k]) => k !== "type" && k !== "to")
        .map(([k, v]) => `${k}=${typeof v === "string" && view?.cards?.[v] ? name(v) : JSON.stringify(v)}`);
      return `${String(e.type ?? "?").replace(/_/g, " ")}${fields.length ? ": " + fields.join(", ") : ""}`;
    }
  }
}

function targets(e, view) {
  const ids = e.target ? [e.target] : e.targets || [];
  return ids.length ? " → " + ids.map((id) => instanceName(view, id)).join(", ") : "";
}
