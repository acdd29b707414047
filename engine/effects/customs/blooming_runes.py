"""'Blooming runes' («цветущие руны», Тергала, vs2023-096, card text; 03 §1.2 spell [401]): the caster names a row
(``x``: the rank 1..6 as on the board, FORMAT.md cells) when declaring; at the start of its controller's next turn
X = the controller's unwounded creatures in that row, counted then (README §6.7), and a mandatory pending trigger
of the card asks the controller for up to X enemy creatures; one die (for all of them) gives 1-2-2 wounds each, a
spell's wounds (protection from spells or magic stops them). X = 0 does nothing."""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Custom, register_custom
from engine.model.board import CELLS
from engine.ops import damage, durations, trigger_points
from engine.ops.durations import ON_EXPIRE
from engine.rules import strike_table
from engine.rules import targets as tg
from engine.model.state import GameState

#: The effect the start-of-turn trigger executes (its ``count`` is filled in with X).
BLAST: Final = {"kw": "custom", "handler": "blooming_runes_blast",
         "description": {"en": "wound the chosen enemy creatures for 1-2-2 (one die)",
                         "ru": "ранить выбранных вражеских существ на 1-2-2 (один кубик)"}}


def options(g: GameState, card, a: dict) -> list[dict]:
    """One declaration per row: ``{"x": rank}`` (ranks 1..6)."""
    return [{"x": r} for r in range(1, 7)] if card.zone == "battlefield" else []


def execute(g: GameState, e, src, eff) -> None:
    """Mark the spell: at the start of the controller's next turn it goes off (a ``g.effects`` entry)."""
    row = e.get("x")
    if not isinstance(row, int) or not 1 <= row <= 6:
        g.emit("fizzled", source=e["source"])
        return
    durations.add(g, "turn_start", e["source"], "blooming_runes", player=e["controller"], row=row,
                  turn=g.turn + 1)
    g.emit("runes_planted", player=e["controller"], row=row)


def _goes_off(g: GameState, entry: dict) -> None:
    """Start of the next turn: count X, make the pending trigger that names up to X enemy creatures."""
    card = g.cards.get(entry.get("card") or "")
    p, row = entry.get("player"), entry.get("row")
    if card is None:
        return
    x = sum(1 for c in (g.cards.get(g.board.get(cell) or "") for cell in CELLS if cell[1:] == str(row))
            if c is not None and c.controller == p and g.is_creature(c) and c.wounds == 0)
    g.emit("runes_bloom", player=p, row=row, n=x)
    if x <= 0:
        return
    blast = dict(BLAST, target={"choose": "creature", "side": "enemy", "count": x})
    trigger_points.add_base_trigger(g, card, "blooming runes", blast)
    g.pending[card.controller][-1]["controller"] = p


def blast(g: GameState, e, src, eff) -> None:
    """One die for all: 1-2-2 wounds to each chosen enemy creature, a spell's wounds."""
    ts = tg.resolve(g, e, src, {"choose": "creature"})
    if not ts:
        return
    n = (1, 2, 2)[strike_table.single_level(g.roll(e["controller"], e["source"], "blooming runes"))]
    for t in ts:
        damage.wound(g, t, n, "spell", src)  # protection from spells or magic stops it [411]
    damage.check_deaths(g, ts)


ON_EXPIRE["blooming_runes"] = _goes_off
BLOOMING_RUNES = register_custom(Custom(
    handler="blooming_runes", rule="card text (Тергала); 03 §1.2 spell [401]", execute=execute, options=options))
BLOOMING_RUNES_BLAST = register_custom(Custom(
    handler="blooming_runes_blast", rule="card text (Тергала); 03 §1.2 spell [401]", execute=blast))
