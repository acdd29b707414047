"""Punish a roll (``roll_punish``; 03-abilities.md §1.12 [422.3], 02-battle.md §9 fixed windows, step 7, card text):
an activated ability used in the roll window; when a die of a fight shows one of ``on_roll``, the creature that
rolled it takes n wounds (not an attack). Offered and applied by engine/procedure/windows.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.cards.words import or_
from engine.effects.registry import register_keyword
from engine.ops.damage import wound
from engine.model.state import GameState


def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """A die of the fight shows one of ``on_roll`` (Взрывная Мэри)."""
    return [dict(base, target=cid) for cid, v in sorted((w.data.get("dice") or {}).items())
            if v in (a.get("on_roll") or ()) and g.in_play(g.cards[cid])]


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """n wounds to the die's card: an influence; deaths at the damage step."""
    wound(g, g.cards[act["target"]], a.get("n", 1), "wound", card)


def text(a: dict, lang: str, words) -> str:
    """"when a die of a fight shows <rolls>, wound the creature that rolled it for N" in ``lang``."""
    rolls = or_([str(r) for r in a["on_roll"]], lang)
    if lang == "en":
        return f"when a die of a fight shows {rolls}, wound the creature that rolled it for {a['n']} (not an attack)"
    return f"когда на кубике схватки выпадает {rolls}, ранить бросившее его существо на {a['n']} (это не атака)"


ROLL_PUNISH = register_keyword(Keyword(
    kw="roll_punish", places="activated", rule="03 §1.12 [422.3]; 02 §9 fixed windows (step 7); card text",
    text=text, fields={"n": "int!", "on_roll": "list_int!", "window": "enum!:roll", **NAMED_FIELDS,
                       **ACTIVATED_FIELDS},
    window="roll", window_options=window_options, window_apply=window_apply))
