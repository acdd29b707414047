"""Triggered abilities "just before the start of the turn" (перед началом хода; trigger point ``before_turn``,
docs/card-vocabulary.md): 02-battle.md §2, turn preparation step, item 1 [310.2].

They become pending as the turn preparation step begins (:func:`collect`) and are resolved in that step, player by
player in the step's order (active player first, then inactive [103.5]): each is declared (a mandatory one with
nothing to choose without asking, RULES.md Q5.1; otherwise through the usual ``triggers`` prompt) and executes at
once, never waiting in the queue, since the step gives no priority [310] (as in the preliminary steps [301.2]). A
choice inside it (``choose_one``) is asked as in any executing entry (RULES.md Q4). So whatever they grant is in
place when the turn start step begins [311]: a Regeneration taken here heals at this turn's start [311.4]
(docs/rules-decisions.md).

The player's other pending triggers (e.g. the "dies" triggers of a creature that died as the previous turn ended)
are not declared here: they are set aside in ``g.prelim["waiting"]`` (player as a str -> pending triggers) while
that player's before-turn triggers resolve, and are back in ``g.pending`` for the turn start step's first round.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import KEYWORDS, hooked_kws
from engine.model.enums import PromptKind
from engine.model.types import Prompt
from engine.ops import trigger_points
from engine.procedure import queue, triggers
from engine.procedure.execute import start_execution
from engine.model.state import GameState
from engine.rules.grants import meta

#: The trigger point's event type (``{"type": "before_turn", "player": the active player}``).
EVENT: Final = "before_turn"


def collect(g: GameState) -> None:
    """The turn preparation step begins: the ``before_turn`` triggers of both players' cards in play whose ``turn``
    matches the active player's turn become pending [310.2]."""
    trigger_points.collect(g, {"type": EVENT, "player": g.active})


def resolve(g: GameState, p: int) -> Prompt | None:
    """Advance player ``p``'s before-turn triggers: declare the next one and start its execution at once.

    Returns the ``triggers`` prompt when ``p`` must choose (an optional trigger, a target, the order of several).
    None otherwise: either one now executes (``g.executing`` is set; call again when it is done) or ``p`` has
    none left (nothing executes, and ``g.pending[p]`` holds again the triggers set aside)."""
    if g.queue:  # declared through the triggers prompt (several: in their order): each executes at once [310]
        start_execution(g, queue.take_head(g))
        return None
    waiting = g.prelim.setdefault("waiting", {})
    while True:
        waiting.setdefault(str(p), []).extend(trigger_points.set_aside(g, p, EVENT))
        if not g.pending[p]:
            trigger_points.put_back(g, p, waiting.pop(str(p)))
            if not waiting:
                del g.prelim["waiting"]
            return None
        if not triggers.auto_declare(g, p):
            return {"kind": PromptKind.TRIGGERS, "player": p,
                    "pending": [{"source": t["source"], "ability": t["ability"], "optional": t["optional"]}
                                for t in g.pending[p]]}
        if g.queue:  # declared (else some lapsed: look again)
            start_execution(g, queue.take_head(g))
            return None


def prep_hooked(g: GameState, p: int) -> list:
    """(card, ability, hooks) of ``p``'s cards in play with a turn-preparation keyword (the "before the start of
    the turn" decisions [310.2], :class:`engine.cards.keywords.PrepHooks`), in play zone order."""
    out = []
    names = hooked_kws("turn_preparation")
    for c in g.play_cards():
        if c.controller != p or (not c.acquired and meta(g, c).lacks(names)):
            continue  # printed abilities only, none of them of a turn-preparation keyword
        for a in g.abilities(c):
            k = KEYWORDS.get(a.get("kw"))
            if k is not None and k.turn_preparation is not None:
                out.append((c, a, k.turn_preparation))
    return out
