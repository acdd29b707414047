"""The shapes of the nested pieces of game state (TypedDicts): prompt, priority, queue entry, pending trigger,
timed effect, the executing entry, an acquired ability's duration and the result.

They stay plain dicts at run time, so a snapshot is the same JSON as before these types existed (no format
version, no migration: tests/test_snapshot_compat.py). Each piece has one writer module, named per type.
"""
from __future__ import annotations

from typing import NotRequired, TypedDict



class Prompt(TypedDict):
    """Who the game waits for and for what (``g.prompt``). Written only by :mod:`engine.procedure.flow` (the
    preliminary and turn-preparation steps return theirs to it); cleared by ``GameState.set_result``."""

    kind: str                       # a PromptKind; a restored state holds the plain string (compared by value)
    player: int
    what: NotRequired[str]          # choice: "turn_preparation" | "keep_hidden" | "host"
    pending: NotRequired[list]      # triggers: [{"source", "ability", "optional"}]
    step: NotRequired[str]          # preliminary: the step's name
    attachment: NotRequired[str]    # choice "host": equipment | symbiote | parasite
    window: NotRequired[str]        # window: target | roll | protection
    attacker: NotRequired[str]      # defender, exchange
    target: NotRequired[str]        # defender
    responder: NotRequired[str]     # exchange
    options: NotRequired[object]    # defender: [card id]; choice inside an entry: how many options
    d: NotRequired[int]             # exchange: the roll difference
    source: NotRequired[str]        # choice inside an entry


class Priority(TypedDict):
    """Priority in a round (``g.prio``, RULES.md Q5): who holds it and how many passes in succession. Written only
    by :mod:`engine.procedure.flow`."""

    holder: int
    passes: int


class QueueEntry(TypedDict):
    """An entry of the queue (очередь, ``g.queue``; RULES.md Q2-Q4). Created by :mod:`engine.procedure.actions`
    (declarations) and :mod:`engine.procedure.triggers` (declared triggers); the queue itself is written only by
    :mod:`engine.procedure.queue`."""

    uid: int
    kind: str                               # EntryKind
    source: str
    controller: int
    ability: int | str | None
    target: str | None
    x: int | None
    to: str | None
    targets: NotRequired[list | None]
    effect: NotRequired[None]
    effects: NotRequired[list]              # a trigger's effects
    point: NotRequired[dict]                # a trigger's event
    chain: NotRequired[list]                # RULES.md Q9
    cause: NotRequired[str | None]
    flyer_strike: NotRequired[bool]         # [211.9]
    strike_now: NotRequired[dict]           # {"source", "target"}: an effect made a creature strike (hypnosis)
    tokens_at_declaration: NotRequired[int]
    paid_tokens: NotRequired[int]
    spell: NotRequired[bool]


class PendingTrigger(TypedDict):
    """A triggered ability waiting to be declared (``g.pending[player]``, RULES.md S3, Q5.1). Written only by
    :mod:`engine.ops.trigger_points`."""

    source: str
    ability: int | str
    controller: int
    optional: bool
    effects: list
    point: dict
    chain: NotRequired[list]
    cause: NotRequired[str | None]


class TimedEffect(TypedDict):
    """An effect with a duration (``g.effects``, 02-battle.md §2, §8). Written only by :mod:`engine.ops.durations`."""

    until: str                   # "turn_end" | "turn_start"
    card: str
    kind: str
    turn: NotRequired[int]
    player: NotRequired[int]
    marker: NotRequired[str]
    ability: NotRequired[dict]
    since: NotRequired[int]


class Until(TypedDict):
    """How long an acquired ability lasts (its ``_until``, 03 §1.9 [418]). Made by :mod:`engine.ops.acquire`,
    ended by :mod:`engine.ops.durations`."""

    kind: str                    # a duration of docs/card-vocabulary.md ("end_of_turn", ...)
    player: int                  # the controller of the granting entry
    turn: int
    source: str | None
    cell: str | None
    target_player: int


class Executing(TypedDict):
    """The entry being executed (``g.executing``, RULES.md Q4, Q7). Written only by
    :mod:`engine.procedure.execute` (its ``ask`` and ``data`` by the strike, window and defender modules it runs)."""

    entry: QueueEntry
    stage: str
    data: dict
    ask: Prompt | None
    done: bool


class Result(TypedDict):
    """How the game ended (``g.result``): ``winner`` 1, 2 or ``"draw"``; ``reason`` e.g. ``no_creatures``."""

    winner: int | str
    reason: str
