"""Actions: the canonical form of an action, the one list of legal actions (which is also the validation), and
performing a legal action: declaring (заявка) an entry, passing (пас), answering a prompt.

RULES.md Q2 (every game action of a card is declared and becomes an entry), Q6, [SEED S4] (the whole cost is paid
at declaration). :meth:`engine.game.Game.apply` accepts exactly what :func:`legal` lists; what a card may declare is
:mod:`engine.rules.declarable`.
"""
from __future__ import annotations

from typing import Final

from engine.cards import abilities as ab
from engine.cards.kinds import REACH
from engine.errors import EngineError
from engine.model.enums import EntryKind, Event, Phase, PromptKind
from engine.model.types import QueueEntry
from engine.ops import durations, sharing
from engine.model.history import record_act, record_struck
from engine.model.memo import close_scope, open_scope
from engine.ops.costs import _pay_strike, pay_cost, pay_move_costs
from engine.ops.reveal import reveal
from engine.procedure import flow
from engine.procedure import trigger_names as names
from engine.procedure import queue
from engine.procedure import triggers
from engine.ops import trigger_points
from engine.procedure.execute import answer, legal_answers
from engine.procedure.phases import turn_preparation_legal, turn_preparation_perform
from engine.procedure.prelim import legal as prelim_legal, perform as prelim_perform
from engine.rules.declarable import CLOSE_FOR_FLYER, declarations, slow_allowed
from engine.model.state import GameState


_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "pass": (), "end_turn": (), "concede": ("reason",),
    "move": ("source", "to"), "attack": ("source", "target"),
    "ability": ("source", "ability", "target", "targets", "x", "to"),
    "declare": ("source", "ability", "target", "targets", "trigger", "to"),
    "order": ("items",), "defend": ("source",), "choose": ("option",),
}


_STR_FIELDS: Final[tuple[str, ...]] = ("source", "target", "to")


#: Why a player leaves the game: their own concession [102.3.b], or (set by the server) their clock ran out, or they
#: left and the opponent claimed the win once their grace period was over.
CONCEDE_REASONS: Final = frozenset({"concession", "time", "abandoned"})


def canonical(g, action) -> dict:
    """The canonical form of an action dict: its act's fields only (any other field is refused), shortcut acts (``shoot``, ``discharge``, ``throw``,
    ``magic_strike``) turned into ``ability``, ability names resolved to the card's ability index.

    Raises EngineError("malformed_action") for anything that is not a well-formed action. Never mutates ``g``.
    """
    if not isinstance(action, dict) or not isinstance(action.get("act"), str):
        raise EngineError("malformed_action", "An action is a map with a string field 'act'.")
    src: dict = action  # a dict from here on (native reads)
    act: str = src["act"]
    if act in ab.ACT_KW:
        src = dict(src, act="ability", ability=src.get("ability", ab.ACT_KW[act]))
        act = "ability"
    if act not in _FIELDS:
        raise EngineError("malformed_action", f"Unknown act {act!r}.")
    fields = _FIELDS[act]
    if any(k != "act" and k not in fields for k in src):
        extra = sorted(str(k) for k in src if k != "act" and k not in fields)
        raise EngineError("malformed_action", f"Act {act!r} takes no field {extra[0]!r}.")
    out: dict = {"act": act}
    for f in fields:
        v = src.get(f)
        if v is None:
            continue
        if f in _STR_FIELDS and not isinstance(v, str):
            raise EngineError("malformed_action", f"Field {f!r} must be a string.")
        if f == "x" and (not isinstance(v, int) or isinstance(v, bool)):
            raise EngineError("malformed_action", f"Field {f!r} must be an integer.")
        if f == "trigger" and (not isinstance(v, (int, str)) or isinstance(v, bool)):
            raise EngineError("malformed_action", "Field 'trigger' must be a trigger point's name or an index.")
        if f in ("items", "targets") and not (isinstance(v, list) and all(isinstance(i, str) for i in v)):
            raise EngineError("malformed_action", f"Field {f!r} must be a list of card ids.")
        if f == "reason" and v not in CONCEDE_REASONS:
            raise EngineError("malformed_action", f"A concession's reason is one of {sorted(CONCEDE_REASONS)}.")
        if f == "ability" and not (isinstance(v, (str, int)) and not isinstance(v, bool)):
            raise EngineError("malformed_action", "Field 'ability' must be a name or an index.")
        out[f] = v
    if act == "ability" and isinstance(out.get("ability"), str):
        out["ability"] = _resolve_ability(g, out)
    if act == "declare" and isinstance(out.get("trigger"), str):
        names.resolve_point(g, out)
    if act == "declare" and isinstance(out.get("ability"), str):
        out["ability"] = names.resolve_trigger(g, out)
    if act == "order" and isinstance(out.get("items"), list) and g.prompt and g.prompt.get("kind") == "triggers":
        out["items"] = names.resolve_order(g, out["items"])
    if act == "choose" and isinstance(out.get("option"), str):
        ask = (g.executing or {}).get("ask") or {}
        items = ask.get("items") or []
        if ask.get("kind") == PromptKind.CHOICE and out["option"] in items:
            out["option"] = {"choice": items.index(out["option"])}  # a choice named by its item (FORMAT.md: yes/no, a card)
    return out


def _resolve_ability(g, act: dict):
    card = g.cards.get(act.get("source"))
    if card is None:
        return act["ability"]
    name = act["ability"]
    idxs = [i for i, a in enumerate(g.abilities(card)) if name in (a.get("kw"), a.get("_part_of"))]
    if not idxs:
        return name
    if len(idxs) > 1 and g.prompt:
        listed = legal_now(g, g.prompt["player"])
        for i in idxs:
            if dict(act, ability=i) in listed:
                return i
    return idxs[0]


# ---------------------------------------------------------------------- enumeration
def legal_now(g: GameState, p: int) -> list[dict]:
    """:func:`legal`, computed once per state: the list is kept with the game's ``version`` and ``event_seq`` and
    reused until either moves or :meth:`engine.game.Game.apply` drops it (after every apply, so that a state changed
    from outside between two applies is listed afresh). Callers must not mutate it (``Game.legal_actions`` hands
    out copies)."""
    c = g._legal_cache
    if c is not None and c[0] == g.version and c[1] == g.event_seq and c[2] == p:
        return c[3]
    out = legal(g, p)
    g._legal_cache = (g.version, g.event_seq, p, out)
    return out


def legal(g: GameState, p: int) -> list[dict]:
    """Every canonical action player ``p`` may apply now (concession excluded; Game.legal_actions adds it). A
    read-only scope (engine/model/memo.py ``open_scope``): listing changes nothing."""
    opened = open_scope(g)
    try:
        return _legal(g, p)
    finally:
        close_scope(g, opened)


def _legal(g: GameState, p: int) -> list[dict]:
    pr: dict | None = g.prompt  # a plain dict: a restored prompt's ``kind`` is a str, not a PromptKind
    if pr is None or pr["player"] != p or g.result is not None:
        return []
    kind = pr["kind"]
    if kind == PromptKind.PRIORITY:
        decl = declarations(g, p)
        forced = any("forced" in d for d in decl)  # only an obliged attack carries the mark (``declarations``)
        if forced and slow_allowed(g, p):
            # a card obliged to attack (must_attack, 03 §5 force_attack [g-82]): no pass until it has attacked
            return [_unforced(d) for d in decl]
        out = [{"act": "pass"}]
        if g.phase == Phase.MAIN and p == g.active:
            out.append({"act": "end_turn"})
        out.extend([_unforced(d) for d in decl] if forced else decl)
        return out
    if kind == PromptKind.TRIGGERS:
        return triggers.legal(g, p)
    if g.executing is not None:
        return legal_answers(g, p)
    if kind == PromptKind.CHOICE and pr.get("what") == "turn_preparation":
        return turn_preparation_legal(g, p)
    return prelim_legal(g, p)


def _unforced(d: dict) -> dict:
    """A declaration as an action: without its ``forced`` mark (the dicts of ``declarations`` are fresh, so one
    without the mark is taken as it is)."""
    return {k: v for k, v in d.items() if k != "forced"} if "forced" in d else d


# ---------------------------------------------------------------------- performing
def perform(g: GameState, p: int, act: dict) -> None:
    """Apply a legal canonical action (validated by the caller against :func:`legal`)."""
    kind = g.prompt["kind"]
    a = act["act"]
    if kind == PromptKind.PRIORITY:
        if a == "pass":
            g.emit(Event.PASS, player=p)
            flow.on_pass(g, p)
        elif a == "end_turn":
            g.end_turn = True
            g.emit(Event.END_TURN, player=p)
            flow.on_pass(g, p)
        else:
            declare(g, p, act)
            sharing.after_action(g, p, act)  # an incorporeal creature sharing a cell [g-03]
            flow.new_round(g)
        return
    if kind == PromptKind.TRIGGERS:
        if a == "pass":
            g.emit(Event.PASS, player=p)
        triggers.perform(g, p, act)
        return
    if g.executing is not None:
        answer(g, p, act)
        return
    if kind == PromptKind.CHOICE and g.prompt.get("what") == "turn_preparation":
        turn_preparation_perform(g, p, act)
        return
    prelim_perform(g, p, act)


def declare(g: GameState, p: int, act: dict) -> None:
    """Pay the whole cost and put the entry at the queue's tail [SEED S4]; triggers on the declaration of an
    attack against a card become pending."""
    card = g.cards[act["source"]]
    entry: QueueEntry = {"uid": queue.new_uid(g), "source": card.id, "controller": p, "ability": None,
                         "target": act.get("target"), "targets": act.get("targets"), "x": act.get("x"),
                         "to": act.get("to"), "effect": None}
    if act["act"] == "move":
        entry["kind"] = EntryKind.MOVE
        card.markers["movement"] = card.markers.get("movement", 0) + 1
        pay_move_costs(g, card)
    elif act["act"] == "attack":
        entry["kind"] = EntryKind.ATTACK
        _pay_strike(g, card, g.cards.get(act["target"]))
        record_struck(g, card, act["target"])
        tgt = g.cards[act["target"]]
        if tgt.zone == "aux" and not g.is_flyer(card) and card.markers.get("flyer_strike"):
            entry["flyer_strike"] = True  # the one strike at a flyer is used; the mark goes after it [211.9]
            durations.remove(g, "flyer_strike", card.id)
    elif act["ability"] == CLOSE_FOR_FLYER:
        entry["kind"] = CLOSE_FOR_FLYER
        entry["ability"] = CLOSE_FOR_FLYER
        card.closed = True
        card.actions += 1
    else:
        idx = act["ability"]
        a = g.abilities(card)[idx]
        entry["kind"] = EntryKind.ABILITY
        entry["ability"] = idx
        entry["tokens_at_declaration"] = card.tokens
        entry["spell"] = a.get("kind") == "spell"
        entry["paid_tokens"] = pay_cost(g, card, a, idx, act.get("x"))
    if card.hidden:
        reveal(g, card, "declares")  # [415.2]
    queue.enqueue(g, entry)
    g.emit(Event.DECLARED, player=p, source=card.id, kind=entry["kind"], ability=entry["ability"],
           target=entry["target"], to=entry["to"], x=entry["x"])
    _attack_declared(g, card, entry)
    _acted(g, card, entry)


def _acted(g: GameState, card, entry: dict) -> None:
    """Trigger point "acts" (a card declared a simple strike or an activated ability; Очи Кронга): recorded in the
    per-turn history and collected only while a card that reads it is in the game."""
    if entry["kind"] == EntryKind.ATTACK:
        what = "strike"
    elif entry["kind"] == EntryKind.ABILITY:
        what = g.abilities(card)[entry["ability"]].get("kw")
    else:
        return
    if record_act(g, card, what):
        trigger_points.collect(g, {"type": "acts", "card": card.id, "act": what})


def _attack_declared(g: GameState, card, entry: dict) -> None:
    """Trigger point "an attack is declared against it" (FORMAT.md ``attacked``: a simple strike is declared
    against it): its triggers become pending now and enter the queue behind the attack (RULES.md Q5.1)."""
    if entry["kind"] == "attack":
        kind = "simple_strike"
    elif entry["kind"] == "ability":
        kind = g.abilities(card)[entry["ability"]].get("kw")
        if kind not in REACH:
            return
    else:
        return
    for tid in [entry.get("target")] + list(entry.get("targets") or []):
        if tid in g.cards:
            trigger_points.collect(g, {"type": "attack_declared", "card": tid, "by": card.id, "attack": kind})
