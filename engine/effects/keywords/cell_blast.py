"""A delayed blast on a cell (``cell_blast``; Орк-бомбардир's "explosion", card text; 03-abilities.md §1.2
influence [401.5]): at the start of its controller's next turn every card then standing on the attacked card's
cell takes n wounds, an influence, not an attack."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.ops import damage
from engine.ops.durations import ON_EXPIRE, add
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Mark the cell of the event's card (or the declared target) for a blast at the next turn start."""
    t = g.cards.get((e.get("point") or {}).get("card") or e.get("target") or "")
    if t is None or t.zone != "battlefield" or not t.cell:
        return
    add(g, "turn_start", src.id if src else e["source"], "cell_blast", player=e["controller"], cell=t.cell,
        n=eff.get("n", 1))
    g.emit("cell_marked", cell=t.cell, marker="bomb")


def blast(g: GameState, entry: dict) -> None:
    """The timed effect ends: the card on the cell now takes ``n`` wounds and may die."""
    on = g.cards.get(g.board.get(entry.get("cell") or "") or "")
    if on is not None:
        damage.wound(g, on, entry.get("n", 1), "wound", g.cards.get(entry.get("card") or ""))
        damage.check_deaths(g, [on])


def text(a: dict, lang: str, words) -> str:
    """The blast in ``lang``."""
    if lang == "en":
        return (f"at the start of your next turn, the card then standing on the attacked card's cell takes "
                f"{a['n']} wounds (not an attack)")
    return (f"в начале вашего следующего хода карта, стоящая тогда на клетке атакованной карты, "
            f"получает {a['n']} раны (это не атака)")


ON_EXPIRE["cell_blast"] = blast
CELL_BLAST = register_keyword(Keyword(
    kw="cell_blast", places="effect", rule="card text (Орк-бомбардир 'explosion'); 03 §1.2 influence [401.5]",
    text=text, fields={"n": "int!", "name": "name?"}, handler=execute))
