"""Rule tests through the public API only: the project's scenario files (tests/scenarios/, FORMAT.md) played by
the scenario runner, and small positions built with ``Game.from_scenario`` and read back through ``Game.view``."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from engine import Game
from engine.scenario import run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def scenario(sid: str) -> dict:
    """The scenario document ``tests/scenarios/<sid>.json`` (a fresh copy)."""
    return copy.deepcopy(json.loads((SCENARIOS / f"{sid}.json").read_text(encoding="utf-8")))


def play(sid_or_doc) -> None:
    """Play a scenario (its id or a document); raises engine.scenario.ScenarioFailure at the first difference."""
    run_scenario(scenario(sid_or_doc) if isinstance(sid_or_doc, str) else sid_or_doc)


def creature(life=8, strike=(1, 1, 1), move=1, abilities=(), **extra) -> dict:
    """A full override for a custom creature (FORMAT.md "Custom cards")."""
    d = {"kind": "creature", "element": "Нейтральные", "cost": 3, "elite": False, "unique": False, "flyer": False,
         "symbiote": False, "life": life, "move": move, "strike": list(strike), "classes": [],
         "abilities": list(abilities)}
    d.update(extra)
    return d


def card(label, name, owner, cell=None, override=None, **state) -> dict:
    """One setup card: on ``cell``, attached (``attached_to``), or in ``zone`` (default aux)."""
    d = {"label": label, "card": name, "owner": owner,
         "zone": state.pop("zone", "battlefield" if cell or "attached_to" in state else "aux")}
    if cell:
        d["cell"] = cell
    d.update(state)
    if override is not None:
        d["override"] = override
    return d


def position(cards, dice=(), active=1, turn=3, phase="main", seed=13):
    """(game, labels) for a position; each player gets a spare creature on a back corner."""
    cards = list(cards) + [card("p1_spare", "Кочевник", 1, "a1"), card("p2_spare", "Кочевник", 2, "e6")]
    doc = {"id": "t", "seed": seed, "dice": list(dice),
           "setup": {"active": active, "phase": phase, "turn": turn, "cards": cards}, "steps": []}
    return Game.from_scenario(doc)


def do(g, labels, player, **action):
    """Apply an action written with labels; returns its events."""
    a = {k: (labels.get(v, v) if isinstance(v, str) else v) for k, v in action.items()}
    return g.apply(player, a)


def legal(g, labels, player, **action) -> bool:
    """Would the game accept the action (written with labels, shortcut acts and ability names allowed) now? Tried
    on a restored copy, so ``g`` is untouched."""
    from engine import EngineError
    a = {k: (labels.get(v, v) if isinstance(v, str) else v) for k, v in action.items()}
    try:
        Game.restore(g.snapshot()).apply(player, a)
    except EngineError:
        return False
    return True


def seen(g, labels, label) -> dict:
    """The card as the spectator view shows it."""
    return g.view(None)["cards"][labels[label]]


def settle(g, limit=300) -> None:
    """Answer every prompt until the queue is empty and a player holds priority: pass priority, defenders and
    windows; declare (or order) pending triggers in the first way listed; keep on an exchange; take the first
    option of a choice."""
    for _ in range(limit):
        v = g.view(None)
        pr = v["prompt"]
        if pr is None or (pr["kind"] == "priority" and not v["queue"]):
            return
        legal_now = g.legal_actions(pr["player"])
        if pr["kind"] == "triggers":
            act = next((a for a in legal_now if a["act"] in ("declare", "order")), {"act": "pass"})
        elif pr["kind"] == "exchange":
            act = {"act": "choose", "option": "keep"}
        elif pr["kind"] == "choice":
            act = legal_now[0]
        else:
            act = {"act": "pass"}
        g.apply(pr["player"], act)
    raise AssertionError("the game did not settle")


def next_turn(g, limit=300) -> None:
    """The active player ends the turn; everything settles until the other player holds priority in their main
    phase with an empty queue."""
    before = g.view(None)["turn"]
    g.apply(g.to_act(), {"act": "end_turn"})
    for _ in range(limit):
        v = g.view(None)
        if v["turn"] != before and v["phase"] == "main" and v["prompt"]["kind"] == "priority" and not v["queue"]:
            return
        settle(g)
        v = g.view(None)
        if v["turn"] != before and v["phase"] == "main" and not v["queue"]:
            return
        g.apply(v["prompt"]["player"], {"act": "pass"})
    raise AssertionError("the turn did not pass")
