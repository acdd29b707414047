"""Must attack (``must_attack``; 03-abilities.md §5 force_attack [g-82]): in its controller's turn it must make a simple
strike at one of ``vs`` (when one comes next to it, or whenever it can). Its rule is read where combat asks for it
(engine/rules/combat.py, engine/procedure); this module holds its schema and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"During your turn, ... it must ..." in ``lang``."""
    en = lang == "en"
    who = words.cards(a["vs"], lang)
    with_ = ""
    if a.get("grants"):
        with_ = ("; that strike has: " if en else "; этот удар получает: ") + words.grants(a["grants"], lang)
    if a["when"] == "enemy_becomes_adjacent":
        return (f"During your turn, when one of the {who} comes to stand next to it, it must at once make a simple "
                f"strike at it, without moving{with_}" if en
                else f"В ваш ход, когда рядом с ней оказывается одна из {who}, она обязана сразу нанести ей простой "
                     f"удар, не перемещаясь{with_}")
    return (f"During your turn, if it can make a simple strike at one of the {who}, it must{with_}" if en
            else f"В ваш ход, если она может нанести простой удар одной из {who}, она обязана это сделать{with_}")


MUST_ATTACK = register_keyword(Keyword(
    kw="must_attack", places="static", rule="03 §5 force_attack [g-82]", text=text,
    fields={"when": "enum!:enemy_becomes_adjacent|able", "vs": "filters!", "grants": "abilities?"}))
