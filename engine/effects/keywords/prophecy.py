"""Prophecy (пророчество, ``prophecy``): reveal the top n cards of your own deck to both players, then do
``then`` about them, then put them on the bottom of the deck in the same order (../shared/cards/README.md §6.5:
a relaunch keyword with no rules text; where the cards go is not printed, the PHP engine puts them at the bottom;
docs/rules-decisions.md). The deck is the zone of 01-game-and-cards.md §5.5.

Inside ``then`` the entry knows the revealed cards: the conditions ``revealed_all`` / ``revealed_cost_odd``, the
filter ``cost_of_revealed`` and the counters ``revealed_cost`` / ``revealed_name_in_play`` read them. A ``then``
effect with a chosen target is chosen after the reveal, inside the entry (RULES.md Q4; engine/effects/choice.py),
among the cards its filters allow then; with no such card it does nothing. The reveal is the trigger point
``revealed_by_prophecy`` of the revealed cards themselves (Отряд карателей, from the deck).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects import choice
from engine.effects.registry import apply_effects, conditions_hold, register_keyword
from engine.model.enums import Event
from engine.ops import trigger_points
from engine.rules import targets as tg

_MEMO = "prophecy"


def reveal_top(g, player: int, n: int) -> list[str]:
    """Reveal the top ``n`` cards of ``player``'s deck to both players (event ``revealed``, why ``prophecy``) and
    make the ``revealed_by_prophecy`` triggers of those cards pending; returns their ids, top first."""
    top = list(g.decks[player][:max(0, n)])
    for cid in top:
        g.emit(Event.REVEALED, card=cid, defkey=g.cards[cid].defkey, why="prophecy", player=player)
    if top:
        trigger_points.collect(g, {"type": "prophecy_reveal", "cards": top, "player": player})
    return top


def to_bottom(g, player: int, ids: list[str]) -> None:
    """Put the revealed cards still in ``player``'s deck on its bottom, in the order they were revealed."""
    deck = g.decks[player]
    moved = [cid for cid in ids if cid in deck]
    for cid in moved:
        deck.remove(cid)
    deck.extend(moved)


def execute(g, e, src, eff) -> None:
    """Reveal, do ``then`` (asking for chosen targets after the reveal), put the cards at the bottom."""
    m = choice.memo(g, _MEMO)
    p = e["controller"]
    if "revealed" not in m:
        m["revealed"] = reveal_top(g, p, eff.get("n", 1))
        m["k"] = 0
    sub_entry = dict(e, revealed=list(m["revealed"]))
    then = eff.get("then") or []
    k = m.get("k", 0)
    while k < len(then):
        sub = then[k]
        if sub.get("condition") and not conditions_hold(g, sub_entry, src, sub["condition"]):
            k += 1
            continue
        spec = sub.get("target")
        if tg.is_choice(spec) and src is not None:
            ctx = {"revealed": m["revealed"], "controller": p}
            cands = [c.id for c in tg.chosen_candidates(g, src, spec, ctx)]
            if not cands:
                k += 1
                continue
            i = choice.pick(g, p, cands, "prophecy_target", e["source"])
            if i is None:
                m["k"] = k
                return
            apply_effects(g, dict(sub_entry, target=cands[i], targets=None), src, [sub])
        else:
            apply_effects(g, sub_entry, src, [sub])
        k += 1
    to_bottom(g, p, m["revealed"])
    choice.forget(g, _MEMO)


def options(g, card, a: dict) -> list[dict]:
    """Declared with no target (the targets of ``then`` are chosen after the reveal)."""
    return [{}] if g.in_play(card) else []


def text(a: dict, lang: str, words) -> str:
    """"prophecy N (reveal the top N cards of your deck): <then>; then they go to the bottom" in ``lang``."""
    n = a.get("n", 1)
    then = "; ".join(words.effect(x, lang) for x in a.get("then") or [])
    if lang == "en":
        body = f"prophecy {n} (reveal the top {n} card{'s' if n > 1 else ''} of your deck)"
        return body + (f": {then}" if then else "") + "; the revealed cards go to the bottom of the deck"
    body = f"пророчество {n} (открыть верхние карты своей колоды: {n})"
    return body + (f": {then}" if then else "") + "; открытые карты уходят под низ колоды"


PROPHECY = register_keyword(Keyword(
    kw="prophecy", places="activated effect", rule="README §6.5 prophecy (no rules text); 01 §5.5 deck", text=text,
    fields={"n": "int!", "then": "effects?", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, options=options))
