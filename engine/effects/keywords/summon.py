"""Summon (вызов, ``summon``; 03-abilities.md §4 ``summon`` [g-08]; ../shared/cards/README.md §6.5): put a card
``which`` from your deck into your squad on the battlefield, on a cell ``cells`` allows, ``closed`` or open; the
deck is shuffled afterwards. By default (``cells: "adjacent"``) the cell is a free cell next to the source, and an
activated summon names it at declaration as its target (``to``); occupied by then, the summon does nothing and
stays paid [g-08, SEED S4]. ``which`` is filters on the deck's cards, or absent for the card whose ability it is (from the
deck: Отряд карателей). The card and the cell are chosen inside the entry (RULES.md Q4,
engine/effects/choice.py); with no card or no cell nothing happens. ``then`` executes after the card arrives; a
chosen target in it is chosen then, and the filter ``beside_event_card`` there means "next to the summoned card".
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS
from engine.effects import choice
from engine.effects.registry import apply_effects, register_keyword
from engine.model.board import CELLS, neighbours
from engine.ops import zones
from engine.rules import targets as tg
from engine.rules.uniqueness import may_join
from engine.model.state import GameState

_MEMO = "summon"


def _cells(g: GameState, p: int, how: str, src=None) -> list[str]:
    """Free cells for the summoned card: ``adjacent`` = an unoccupied cell next to the source on the battlefield
    [g-08]; ``any_free`` = every unoccupied cell; ``ringed_by_own`` = an unoccupied cell with a creature of ``p`` on
    every one of its (eight) neighbouring cells."""
    free = [c for c in CELLS if c not in g.board]
    if how == "adjacent":
        if src is None or src.zone != "battlefield" or src.cell is None:
            return []
        near = set(neighbours(src.cell))
        return [c for c in free if c in near]
    if how == "ringed_by_own":
        def own(n):
            o = g.cards.get(g.board.get(n) or "")
            return o is not None and o.controller == p and g.is_creature(o)
        free = [c for c in free if len(neighbours(c)) >= 8 and all(own(n) for n in neighbours(c))]
    return free


def _candidates(g: GameState, p: int, src, eff) -> list[str]:
    which = eff.get("which")
    if which is None:
        return [src.id] if src is not None and src.id in g.decks[p] and may_join(g, src, p) else []
    return [cid for cid in g.decks[p] if tg.match(g, src, g.cards[cid], which, {"controller": p})
            and may_join(g, g.cards[cid], p)]  # Uniqueness [g-54]


def place(g: GameState, card, p: int, cell: str, closed: bool) -> None:
    """The summoned card leaves ``p``'s deck for ``cell`` (a flyer for ``p``'s aux zone [211.2.a]), closed or open,
    and the deck is shuffled [g-08]."""
    g.decks[p].remove(card.id)
    zones.enter_play(g, card, p, cell)
    card.closed = closed
    g.emit("summoned", card=card.id, defkey=card.defkey, player=p, cell=card.cell)
    zones.shuffle_deck(g, p)


def execute(g: GameState, e, src, eff) -> None:
    """Choose the card (when several match) and the cell, put it there, then do ``then``."""
    m = choice.memo(g, _MEMO)
    p = e["controller"]
    to = e.get("to")  # the destination declared as its target (an activated summon next to its source)
    if "card" not in m:
        cands = _candidates(g, p, src, eff)
        cells = ([to] if to not in g.board else []) if to else _cells(g, p, eff.get("cells", "any_free"), src)
        if not cands or not cells:
            g.emit("fizzled", source=e["source"])
            choice.forget(g, _MEMO)
            return
        if len(cands) > 1:
            g.emit("summon_candidates", to=p, cards=[[c, g.cards[c].defkey] for c in cands])
        i = choice.pick(g, p, cands, "summon_card", e["source"])
        if i is None:
            return
        m["card"] = cands[i]
    if "placed" not in m:
        cells = ([to] if to not in g.board else []) if to else _cells(g, p, eff.get("cells", "any_free"), src)
        if not cells:
            choice.forget(g, _MEMO)
            return
        i = choice.pick(g, p, cells, "summon_cell", e["source"])
        if i is None:
            return
        place(g, g.cards[m["card"]], p, cells[i], bool(eff.get("closed")))
        m["placed"] = True
        m["k"] = 0
    summoned = g.cards[m["card"]]
    then = eff.get("then") or []
    sub_entry = dict(e, point={"type": "summoned", "card": summoned.id, "cell": summoned.cell})
    k = m.get("k", 0)
    while k < len(then):
        sub = then[k]
        spec = sub.get("target")
        if tg.is_choice(spec):
            ctx = {"event_card": summoned.id, "controller": p}
            cands = [c.id for c in tg.chosen_candidates(g, summoned, spec, ctx)]
            if cands:
                i = choice.pick(g, p, cands, "summon_then_target", e["source"])
                if i is None:
                    m["k"] = k
                    return
                apply_effects(g, dict(sub_entry, target=cands[i], targets=None), summoned, [sub])
        else:
            apply_effects(g, sub_entry, summoned, [sub])
        k += 1
    choice.forget(g, _MEMO)


def options(g: GameState, card, a: dict) -> list[dict]:
    """Declaration options of an activated summon: for ``cells: "adjacent"`` each free cell next to the card, named
    as ``to`` (the destination is a target [g-08]); otherwise no target. A summon may be declared with no eligible
    card in the deck: it then does nothing and stays paid [g-08]."""
    if a.get("cells", "any_free") != "adjacent":
        return [{}]
    return [{"to": c} for c in _cells(g, card.controller, "adjacent", card)]


def short_form(a: dict, place: str) -> None:
    """03 §4 summon's defaults: a free cell next to the source, the card open."""
    a.setdefault("cells", "adjacent")
    a.setdefault("closed", False)


def text(a: dict, lang: str, words) -> str:
    """"summon <which> from your deck onto <cells>, closed/open; then ..." in ``lang``."""
    en = lang == "en"
    which = a.get("which")
    if which is None:
        what = "this card" if en else "эту карту"
    else:
        what = ("a card (" if en else "карту (") + words.filters(which, lang) + ")"
    cells = {"adjacent": ("a free cell next to this card", "свободную клетку рядом с этой картой"),
             "any_free": ("an unoccupied cell", "свободную клетку"),
             "ringed_by_own": ("an unoccupied cell with your creatures on all eight cells around it",
                               "свободную клетку, вокруг которой все восемь клеток заняты вашими существами")}
    where = cells[a.get("cells", "any_free")][0 if en else 1]
    state = (" closed" if en else " закрытой") if a.get("closed") else (" open" if en else " открытой")
    then = "; ".join(words.effect(x, lang) for x in a.get("then") or [])
    if en:
        return f"summon {what} from your deck onto {where},{state} (the deck is then shuffled)" + \
            (f"; then {then}" if then else "")
    return f"вызвать {what} из своей колоды на {where},{state} (затем колода перемешивается)" + \
        (f"; затем {then}" if then else "")


SUMMON = register_keyword(Keyword(
    kw="summon", places="activated effect", rule="03 §4 summon [g-08]; README §6.5", text=text,
    fields={"which": "filters?", "cells": "enum!:adjacent|any_free|ringed_by_own", "closed": "bool!",
            "then": "effects?", **ACTIVATED_FIELDS},
    handler=execute, options=options, short_form=short_form))
