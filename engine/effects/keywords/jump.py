"""Jump (прыжок) [g-40]: an activated movement to any free cell within ``range`` (None: any distance), ignoring
what stands between; it counts as movement ("moves" triggers fire) and spends all movement (02-battle.md §3
[203.12-203.13]); its "jumps" triggers fire too. The whole keyword: schema, declaration choices, execution and
text. As an effect (Дети топи: "they jump, range 2") it costs nothing and its cell is chosen by its controller
inside the entry (RULES.md Q4, engine/effects/choice.py)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.board import CELLS, distance
from engine.ops import zones
from engine.rules.cells import free
from engine.rules.declarable import held
from engine.model.state import GameState


def options(g: GameState, card, a: dict) -> list[dict]:
    """``{"to": cell}`` for every free cell within range, while the card stands on the battlefield unheld."""
    if card.zone != "battlefield" or card.attached_to:
        return []
    if held(g, card):
        return []
    rng = a.get("range")
    return [{"to": c} for c in CELLS if free(g, c) and (rng is None or distance(card.cell, c) <= rng)]


def execute(g: GameState, e, src, eff) -> None:
    """Relocate to the declared free cell (it is movement; "moves" triggers fire); nothing if the card left the
    battlefield, the cell is taken or it is rooted (RULES.md Q7). The effect form asks for the cell."""
    to = e.get("to")
    if to is None and e.get("kind") != "ability":
        cells = [o["to"] for o in options(g, src, eff)] if src is not None else []
        if not cells:
            g.emit("fizzled", source=e["source"])
            return
        i = choice.pick(g, e["controller"], cells, "jump_cell", e["source"])
        if i is None:
            return
        to = cells[i]
    zones.move(g, e, src, to, how="jump")


def short_form(a: dict, place: str) -> None:
    """No printed range (cards README ``range`` null or left out): any free cell [g-40]."""
    a.setdefault("range", None)


def text(a: dict, lang: str, words=None) -> str:
    """"jump to any free cell (range N)" in ``lang``."""
    if lang == "en":
        rng = "any distance" if a["range"] is None else f"range {a['range']}"
        return f"jump to any free cell ({rng})"
    rng = "любая дальность" if a["range"] is None else f"дальность {a['range']}"
    return f"прыжок на любую свободную клетку ({rng})"


JUMP = register_keyword(Keyword(
    kw="jump", places="activated effect", rule="03 §4 jump [g-40]; 02 §3", text=text,
    fields={"range": "range!", **ACTIVATED_FIELDS}, handler=execute, options=options,
    defaults={"cost": {"tap": False, "tokens": 0, "movement": "all"}, "sudden": False, "limit": None},
    short_form=short_form))
