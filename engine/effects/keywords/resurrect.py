"""Resurrection (воскрешение, ``resurrect``; 03-abilities.md §4 resurrect [g-07]): a card from a graveyard comes back
onto the declared free cell next to this card, closed if printed so, with no markers and under the resurrecting
player's control (docs/rules-decisions.md). Its declaration options: engine/rules/declarable.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.registry import register_keyword
from engine.model.board import neighbours
from engine.model.enums import Event
from engine.rules import targets as tg
from engine.rules.cells import free
from engine.rules.uniqueness import may_join
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The declared graveyard card (``target``) to the declared cell (``to``); a flyer to the aux zone
    [211.2.a]; fizzles when the card left the graveyard, the cell is no longer free or a unique card's name is
    already in the squad [g-54]."""
    t = g.cards.get(e.get("target"))
    to = e.get("to")
    if t is None or t.zone != "graveyard" or not free(g, to) or not may_join(g, t, e["controller"]):
        g.emit(Event.FIZZLED, source=e["source"])
        return
    g.graveyards[t.owner].remove(t.id)
    t.reset_in_play_state()
    t.controller = e["controller"]
    if g.is_flyer(t):
        t.zone = "aux"
        g.aux[t.controller].append(t.id)
    else:
        t.zone = "battlefield"
        t.cell = to
        g.board[to] = t.id
    g.play_changed()
    t.closed = bool(eff.get("closed"))
    g.emit(Event.RESURRECTED, card=t.id, to=to)


def short_form(a: dict, place: str) -> None:
    """The pool README's ``which`` ("elite creature" / "regular creature" / "creature") and ``placement``
    ("closed"): the vocabulary's ``filter``, ``closed``; left out, 03 §4's defaults: any creature of your own
    graveyard (``graveyard`` own), onto a cell next to this card (``cell`` adjacent), open [g-07]."""
    if isinstance(a.get("which"), str):
        which = a.pop("which")
        a["filter"] = [{"f": "creature"}]
        if which.startswith(("elite", "regular")):
            a["filter"].append({"f": "elite", "value": which.startswith("elite")})
    if "placement" in a:
        a["closed"] = "closed" in str(a.pop("placement"))
    if place != "grant":  # 03 §4 resurrect's defaults: a creature of your graveyard, next to the source, open
        a.setdefault("filter", [{"f": "creature"}])
        a.setdefault("graveyard", "own")
        a.setdefault("cell", "adjacent")
        a.setdefault("closed", False)

def text(a: dict, lang: str, words) -> str:
    """"resurrect one of the cards (...) from <graveyard> onto a free cell next to this card" in ``lang``."""
    what = words.cards(a["filter"], lang)
    if lang == "en":
        where = "your graveyard" if a["graveyard"] == "own" else "any graveyard"
        return (f"resurrect one of the {what} from {where} onto a free cell next to this card"
                + (", closed" if a["closed"] else ""))
    where = "вашего кладбища" if a["graveyard"] == "own" else "любого кладбища"
    return (f"возродить одну из {what} из {where} на свободную клетку рядом с этой картой"
            + (", закрытой" if a["closed"] else ""))


def options(g: GameState, card, a: dict) -> list[dict]:
    """Its activated form's declarations: a card of the graveyard (own, or any with ``graveyard: any``) matching
    ``filter`` that may join the squad (Uniqueness [g-54]), onto a free cell next to the card on the battlefield."""
    if card.zone != "battlefield":
        return []
    yard = g.graveyards[card.controller] if a.get("graveyard", "own") == "own" else \
        g.graveyards[1] + g.graveyards[2]
    cands = [cid for cid in yard if tg.match(g, card, g.cards[cid], a.get("filter"))
             and may_join(g, g.cards[cid], card.controller)]
    cells = [n for n in neighbours(card.cell) if free(g, n)]
    return [{"target": t, "to": cell} for t in cands for cell in cells]


RESURRECT = register_keyword(Keyword(
    kw="resurrect", places="activated effect", rule="03 §4 resurrect [g-07]", text=text,
    fields={"filter": "filters!", "graveyard": "enum!:own|any", "cell": "enum!:adjacent", "closed": "bool!",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, short_form=short_form, options=options))
