"""Prophecy (пророчество, ``prophecy``): reveal the top n cards of your own deck to both players, then do
``then`` about them; the revealed cards stay in the deck and the deck is shuffled, as after every game action that
reveals a card of a deck (../shared/cards/README.md §6.5: a relaunch keyword with no rules text; RULES.md S2;
01-game-and-cards.md §5.5 [206.10]; docs/rules-decisions.md).

Inside ``then`` the entry knows the revealed cards: the conditions ``revealed_all`` / ``revealed_cost_odd``, the
filter ``cost_of_revealed`` and the counters ``revealed_cost`` / ``revealed_name_in_play`` read them. A ``then``
effect with a chosen target is chosen after the reveal, inside the entry (RULES.md Q4; engine/effects/choice.py),
among the cards its filters allow then; with no such card it does nothing. The reveal is the trigger point
``revealed_by_prophecy`` of the revealed cards themselves (Отряд карателей, from the deck). ``optional_then``: after
``then``, if ``optional_condition`` holds, its controller is asked yes/no (a choice inside the entry) whether those
effects happen (Искатель тайн).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects import choice
from engine.effects.registry import apply_effects, conditions_hold, register_keyword
from engine.model.enums import Event
from engine.ops import trigger_points
from engine.ops.zones import shuffle_deck
from engine.rules import targets as tg
from engine.model.state import GameState

_MEMO = "prophecy"


def reveal_top(g: GameState, player: int, n: int) -> list[str]:
    """Reveal the top ``n`` cards of ``player``'s deck to both players (event ``revealed``, why ``prophecy``) and
    make the ``revealed_by_prophecy`` triggers of those cards pending; returns their ids, top first."""
    top = list(g.decks[player][:max(0, n)])
    for cid in top:
        g.emit(Event.REVEALED, card=cid, defkey=g.cards[cid].defkey, why="prophecy", player=player)
    if top:
        trigger_points.collect(g, {"type": "prophecy_reveal", "cards": top, "player": player})
    return top


def execute(g: GameState, e, src, eff) -> None:
    """Reveal, do ``then`` (asking for chosen targets after the reveal), shuffle the deck [206.10]."""
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
    m["k"] = k
    opt = eff.get("optional_then")
    if opt and (not eff.get("optional_condition") or conditions_hold(g, sub_entry, src, eff["optional_condition"])):
        if not m.get("asked"):
            i = choice.pick(g, p, ["yes", "no"], "prophecy_optional", e["source"])
            if i is None:
                return
            m["asked"] = True
            if i == 0:
                apply_effects(g, sub_entry, src, opt)
    shuffle_deck(g, p)
    choice.forget(g, _MEMO)


def options(g: GameState, card, a: dict) -> list[dict]:
    """Declared with no target (the targets of ``then`` are chosen after the reveal)."""
    return [{}] if g.in_play(card) else []


def text(a: dict, lang: str, words) -> str:
    """"prophecy N (reveal the top N cards of your deck): <then>; then the deck is shuffled" in ``lang``."""
    n = a.get("n", 1)
    then = "; ".join(words.effect(x, lang) for x in a.get("then") or [])
    if a.get("optional_then"):
        cond = words.conditions(a.get("optional_condition"), lang).strip(" ()")
        may = " and ".join(words.effect(x, lang) for x in a["optional_then"]) if lang == "en" else \
            " и ".join(words.effect(x, lang) for x in a["optional_then"])
        extra = (f"{cond}, you may: {may}" if lang == "en" else f"{cond}, можно: {may}")
        then = f"{then}; {extra}" if then else extra
    if lang == "en":
        body = f"prophecy {n} (reveal the top {n} card{'s' if n > 1 else ''} of your deck)"
        return body + (f": {then}" if then else "") + "; then the deck is shuffled"
    body = f"пророчество {n} (открыть верхние карты своей колоды: {n})"
    return body + (f": {then}" if then else "") + "; затем колода перемешивается"


PROPHECY = register_keyword(Keyword(
    kw="prophecy", places="activated effect", rule="README §6.5 prophecy (no rules text); RULES.md S2; 01 §5.5 [206.10]", text=text,
    fields={"n": "int!", "then": "effects?", "optional_condition": "conditions?", "optional_then": "effects?",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, options=options))
