"""Agility (Ловкость) [g-21], 03 §4 ``agility``: triggered, optional, once per turn. When this card receives wounds
(in either player's turn, also from a friendly card) it may relocate to a neighbouring unoccupied cell; relocation
is not movement. The once-per-turn use is spent at declaration [SEED S4]. Written ``{"kw": "agility"}``; its
``parts`` are the optional trigger on receiving wounds of any kind (``wounded``: attacks, influences, spells,
poisoning) whose effect is this keyword, aimed at the card itself; the cell is chosen when it executes
(:mod:`engine.effects.choice`). A flyer "cannot be targeted by relocation" [211.3] (and is adjacent to nothing
[211.4]): its Agility can change nothing and lapses instead of being offered (``futile``, engine/rules/futile.py
[219.2, 419.1.b]). A symbiote's Agility is declarable and blocked when it executes [210.11]."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.board import CELLS, xy
from engine.ops import zones
from engine.rules.grants import under
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The optional once-per-turn trigger on taking wounds."""
    return [{"kw": "trigger", "when": "wounded", "optional": True, "limit": {"per": "turn", "times": 1},
             "effects": [{"kw": "agility", "target": "self"}]}]


def _cells(g: GameState, card) -> list[str]:
    if card.zone != "battlefield" or card.attached_to or under(g, card, "cannot_move"):
        return []
    (cc, cr) = xy(card.cell)
    return [c for c in CELLS if c not in g.board and max(abs(xy(c)[0] - cc), abs(xy(c)[1] - cr)) == 1]


def execute(g: GameState, e, src, eff) -> None:
    """Its controller picks a neighbouring unoccupied cell and the card is relocated there."""
    if src is None or not g.in_play(src):
        return
    cells = _cells(g, src)
    if not cells:
        return
    i = choice.pick(g, src.controller, cells, "agility_cell", src.id)
    if i is not None:
        zones.relocate(g, src, cells[i])


def futile(g: GameState, eff: dict, card, closed: bool) -> bool:
    """A flyer cannot be relocated by an ability [211.3]."""
    return g.is_flyer(card) or card.zone == "aux"


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "agility: once per turn, when it takes wounds, it may relocate to a neighbouring free cell"
    return "ловкость: раз в ход, получив раны, может переместиться на соседнюю свободную клетку"


AGILITY = register_keyword(Keyword(kw="agility", places="static grant effect", rule="03 §4 agility [g-21]",
                                   text=text, parts=parts, handler=execute, futile=futile,
                                   fields={"target": "target?"}))
