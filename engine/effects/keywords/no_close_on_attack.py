"""Without closing (не закрываясь, ``no_close_on_attack``; 03-abilities.md §5 without_closing [g-78]): as a static
ability, the card does not close when it attacks (read by engine/ops/costs.py); as an effect, the card that closed to
attack is open again, its actions and strikes this turn still counted (it is not re-opened [219.4])."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The effect: each closed target (default: this card) is open again; nothing else of it is reset."""
    for t in targets(g, e, src, eff, "self"):
        if t.closed:
            t.closed = False
            g.emit("opened", card=t.id)


def text(a: dict, lang: str, words) -> str:
    """The static form "Does not close when it attacks", the effect form "it does not close after this attack"
    (``words.place``), in ``lang``."""
    if words.place == "effect":
        return "it does not close after this attack" if lang == "en" else "она не закрывается после этой атаки"
    return "Does not close when it attacks" if lang == "en" else "Не закрывается при атаке"


NO_CLOSE_ON_ATTACK = register_keyword(Keyword(
    kw="no_close_on_attack", places="static grant effect", rule="03 §5 without_closing [g-78]", text=text,
    handler=execute, flags=frozenset({"strikes_without_closing"})))
