"""Relocation (перемещение картой, ``relocate``; 03-abilities.md §3.3 [211.3], ``put_in_cell`` [g-86];
../shared/cards/README.md §6.5): move a card to another cell. It is not the card's own movement: it spends none and
makes no "moves" trigger pending; a card that cannot leave its cell (netted, rooted) is not relocated.

``target``: a chosen card (named at declaration: Варлок's 'dimension door'), or a set (``each``) of which
``chooser`` (``controller``, default, or ``opponent``) picks one inside the entry (RULES.md Q4): the cards
without a destination are left out. ``to``: ``any_free`` (any unoccupied battlefield cell, chosen by the chooser),
``cell_left`` (the cell the triggering card just left; ``beside_left_cell`` in the set's filters is next to that
cell: Дети топи), ``same_direction`` (one cell from the chosen card the way the triggering card just moved: Тови),
``beyond`` (one cell on from the struck card in the line of its own strike: Молотобоец).
``may_refuse``: the chooser may decline; ``if_unable`` executes when nothing is relocated (no candidate, or
refused).
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects import choice
from engine.effects.basic import targets
from engine.effects.registry import apply_effects, register_keyword
from engine.model.board import CELLS, cell_at, xy
from engine.ops import zones
from engine.rules import targets as tg
from engine.rules.grants import under
from engine.model.state import GameState

_MEMO = "relocate"
REFUSE: Final = "refuse"


def _point(e: dict) -> dict:
    """The trigger point, with ``cell`` = the cell the moved card left when the point is a move."""
    pt = dict(e.get("point") or {})
    if pt.get("type") == "moved" and pt.get("frm"):
        pt["cell"] = pt["frm"]
    return pt


def destinations(g: GameState, e: dict, card, how: str) -> list[str]:
    """The cells ``card`` may be relocated to now (see the module docstring)."""
    if card is None or card.zone != "battlefield" or card.attached_to or under(g, card, "cannot_move"):
        return []
    pt = e.get("point") or {}
    if how == "cell_left":
        return [pt["frm"]] if pt.get("frm") and pt["frm"] not in g.board else []
    if how == "same_direction":
        if not pt.get("frm") or not pt.get("to"):
            return []
        (fc, fr), (tc, tr), (cc, cr) = xy(pt["frm"]), xy(pt["to"]), xy(card.cell)
        to = cell_at(cc + tc - fc, cr + tr - fr)
        return [to] if to and to not in g.board else []
    if how == "beyond":  # one cell on, in the line from the striker through the struck card (Молотобоец)
        striker = g.cards.get(pt.get("card") or "")
        if striker is None or striker.zone != "battlefield" or not striker.cell:
            return []
        (sc, sr), (cc, cr) = xy(striker.cell), xy(card.cell)
        to = cell_at(cc + (cc - sc), cr + (cr - sr))
        return [to] if to and to not in g.board else []
    return [c for c in CELLS if c not in g.board]


def execute(g: GameState, e, src, eff) -> None:
    """Pick the card (and the cell), relocate it; ``if_unable`` when nothing moved."""
    m = choice.memo(g, _MEMO)
    how = eff.get("to", "any_free")
    who = e["controller"] if eff.get("chooser", "controller") == "controller" else g.other(e["controller"])
    if "card" not in m:
        sub = dict(e, point=_point(e))
        cands = [c.id for c in targets(g, sub, src, eff) if destinations(g, e, c, how)]
        items = cands + ([REFUSE] if eff.get("may_refuse") and cands else [])
        if not cands:
            return _unable(g, e, src, eff)
        i = choice.pick(g, who, items, "relocate_card", e["source"])
        if i is None:
            return
        if items[i] == REFUSE:
            g.emit("refused", player=who, source=e["source"])
            return _unable(g, e, src, eff)
        m["card"] = items[i]
    card = g.cards[m["card"]]
    cells = destinations(g, e, card, how)
    if not cells:
        return _unable(g, e, src, eff)
    i = choice.pick(g, who, cells, "relocate_cell", e["source"])
    if i is None:
        return
    zones.relocate(g, card, cells[i])
    choice.forget(g, _MEMO)


def _unable(g: GameState, e, src, eff) -> None:
    choice.forget(g, _MEMO)
    if eff.get("if_unable"):
        apply_effects(g, e, src, eff["if_unable"])


def options(g: GameState, card, a: dict) -> list[dict]:
    """The activated form names its target at declaration (a card on the battlefield with somewhere to go); the
    cell is chosen when it executes."""
    if not g.in_play(card):
        return []
    spec = a.get("target")
    if tg.is_choice(spec):
        return [{"target": c.id} for c in tg.chosen_candidates(g, card, spec)
                if destinations(g, {}, c, a.get("to", "any_free"))]
    return [{}]


def text(a: dict, lang: str, words) -> str:
    """"<chooser> moves <target> to <to> ..." in ``lang``."""
    en = lang == "en"
    spec = a.get("target")
    opp = a.get("chooser") == "opponent"
    if isinstance(spec, dict) and "each" in spec:
        whose = ("their" if opp else "your") if spec.get("side") != "any" else "the"
        t = (f"one of {whose} creatures" if en else "одно своё существо" if spec.get("side") != "any" else "одно существо")
        if spec.get("filter"):
            t += f" ({words.filters(spec['filter'], lang)})"
    else:
        t = words.target(spec, lang)
    to = {"any_free": ("to any unoccupied cell", "на любую свободную клетку"),
          "cell_left": ("into the cell it just left", "на клетку, которую она только что покинула"),
          "same_direction": ("one cell the same way it just moved", "на одну клетку в ту же сторону, куда она сдвинулась"),
          "beyond": ("one cell on in the line of the strike", "на одну клетку дальше по линии удара")}[a.get("to", "any_free")][0 if en else 1]
    if en:
        body = (f"the opponent chooses {t} and moves it {to}" if opp else f"move {t} {to}") + \
            " (not its own movement)"
        if a.get("may_refuse"):
            body += "; the opponent may refuse" if opp else "; you may refuse"
        if a.get("if_unable"):
            body += "; if nothing is moved: " + "; ".join(words.effect(x, lang) for x in a["if_unable"])
        return body
    body = (f"противник выбирает {t} и перемещает её {to}" if opp else f"переместить {t} {to}") + \
        " (это не её движение)"
    if a.get("may_refuse"):
        body += "; противник может отказаться" if opp else "; можно отказаться"
    if a.get("if_unable"):
        body += "; если никто не перемещён: " + "; ".join(words.effect(x, lang) for x in a["if_unable"])
    return body


RELOCATE = register_keyword(Keyword(
    kw="relocate", places="activated effect", rule="03 §3.3 [211.3]; put_in_cell [g-86]; README §6.5", text=text,
    fields={"target": "target!", "to": "enum!:any_free|cell_left|same_direction|beyond",
            "chooser": "enum?:controller|opponent", "may_refuse": "bool?", "if_unable": "effects?",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, options=options))
