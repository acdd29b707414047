"""A row whose attacks are reduced (``row_attack_cap``; Призывающая бурю's 'frost, mist and rain', «свести к 1»,
03 §5 reduce_attack_to_n [g-90]): the spell names one row of the opponent's half (declared as ``x``: 1, 2 or 3,
counted from his side); until the end of the opponent's turn (``until``) every attack made by an enemy card
standing in that row and matching ``by`` (e.g. a regular creature) deals at most ``n``. Each row may be chosen
once per battle. The spell's effect outlives its caster: it is an entry of ``g.effects`` (kind
``row_attack_cap``), read by :func:`engine.rules.keywords.row_capped` in :func:`engine.ops.damage.wound`.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.registry import register_keyword
from engine.ops import durations
from engine.model.state import GameState


def _used(card) -> list:
    return card.used.get("rows_capped") or []


def options(g: GameState, card, a: dict) -> list[dict]:
    """``{"x": row}`` for every row of the opponent's half not chosen before in this battle."""
    return [{"x": r} for r in (1, 2, 3) if r not in _used(card)]


def execute(g: GameState, e, src, eff) -> None:
    """The chosen row is reduced until the end of the opponent's next turn (the one in progress, if it is his)."""
    row = e.get("x")
    if row not in (1, 2, 3):
        return
    if src is not None:
        src.used["rows_capped"] = sorted(set(_used(src)) | {row})
    turn = g.turn + (1 if g.active == e["controller"] else 0)
    durations.add(g, "turn_end", src.id if src is not None else e["source"], "row_attack_cap", turn=turn,
                  player=e["controller"], row=row, n=eff.get("n", 1), by=eff.get("by") or [])
    g.emit("row_reduced", player=e["controller"], row=row, n=eff.get("n", 1))


def text(a: dict, lang: str, words) -> str:
    """The spell's effect in plain words, after its cost."""
    by = words.filter_list(a["by"], lang) if a.get("by") else ""
    if lang == "en":
        who = f" ({by})" if by else ""
        return (f"choose a row of the opponent's half (each row once per battle): until the end of the opponent's "
                f"turn, every attack by an enemy card{who} standing in it deals at most {a['n']}")
    who = f" ({by})" if by else ""
    return (f"выбрать ряд на половине противника (каждый ряд один раз за бой): до конца хода противника любая атака "
            f"вражеской карты{who}, стоящей в нём, наносит не больше {a['n']}")


ROW_ATTACK_CAP = register_keyword(Keyword(
    kw="row_attack_cap", places="activated", rule="03 §5 reduce_attack_to_n [g-90]", text=text,
    fields={"n": "int!", "by": "filters?", **NAMED_FIELDS, **ACTIVATED_FIELDS}, handler=execute, options=options))
