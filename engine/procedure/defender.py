"""The defender choice (защитник): who may defend, whether the inactive player is asked, the answers and what an
answer does (02-battle.md §4.2-§4.3 [205.3, 211.6, 216.3], directed strike [g-27]). The one place of this rule.

The prompt is an ask of the executing simple strike: ``{"kind": PromptKind.DEFENDER, "player", "attacker", "target",
"options": [card id]}``; the answers are ``pass`` or ``defend`` with one of the options.
"""
from __future__ import annotations

from engine.model.enums import Event, PromptKind
from engine.ops import trigger_points
from engine.rules import grants, keywords
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState


def legal_defenders(g: GameState, src, tgt) -> list[str]:
    """Open creatures of the inactive player that may defend ``tgt`` against ``src``'s strike [205.3, 211.6]."""
    if tgt.controller != g.inactive:
        return []
    out = []
    src_flyer = src.zone == "aux"
    for c in g.play_cards():
        if c is tgt or c.controller != g.inactive or c.closed or not g.is_creature(c) or (c.hidden and g.is_flyer(c)):
            continue
        if grants.under(g, c, "cannot_act"):
            continue  # e.g. a netted creature cannot act
        if c.zone == "aux":  # only against a flyer's attack, unless it defends ground creatures too
            ok = src_flyer or (keywords.flagged(g, c, "defends_ground_cards") and tgt.zone == "battlefield"
                               and not g.is_flyer(tgt))
        elif src_flyer:
            ok = tgt.zone == "battlefield" and c in adjacent_cards(g, tgt)
        else:
            ok = tgt.zone == "battlefield" and c in adjacent_cards(g, src) and c in adjacent_cards(g, tgt)
        if ok:
            out.append(c.id)
    return out


def ask_defender(g: GameState, ex: dict, src, tgt) -> bool:
    """Ask the inactive player for a defender of ``tgt`` against ``src``'s simple strike when there is one to
    choose (none against a directed or unanswered strike [g-27, g-02]). Returns True when asked."""
    defenders = [] if keywords.directed(g, src, tgt) else legal_defenders(g, src, tgt)
    if not defenders:
        return False
    ex["stage"] = "defender"
    ex["ask"] = {"kind": PromptKind.DEFENDER, "player": g.inactive, "attacker": src.id, "target": tgt.id,
                 "options": defenders}
    return True


def legal_answers(ask: dict) -> list[dict]:
    """The answers to a defender prompt: ``pass`` or ``defend`` with one of its options."""
    return [{"act": "pass"}] + [{"act": "defend", "source": d} for d in ask["options"]]


def answer(g: GameState, ex: dict, act: dict) -> None:
    """Apply the inactive player's answer: ``defend`` X makes X the strike's target and defender (its
    "becomes_defender" triggers become pending) [216.3]; ``pass`` keeps the target."""
    if act["act"] == "defend":
        defended = ex["data"]["target"]
        ex["data"]["target"] = act["source"]
        ex["data"]["defender"] = act["source"]
        g.emit(Event.DEFENDS, card=act["source"], attacker=ex["entry"]["source"])
        trigger_points.collect(g, {"type": "becomes_defender", "card": act["source"], "target": defended})
    ex["ask"] = None
