"""Punish a roll (``roll_punish``; 03-abilities.md §1.12 [422.3], 02-battle.md §9 fixed windows, step 7, card text):
an activated ability used in the roll window; when a die of a fight shows one of ``on_roll``, the creature that
rolled it takes n wounds (not an attack). Offered and applied by engine/procedure/windows.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.cards.words import or_
from engine.effects.registry import register_keyword


def text(a: dict, lang: str, words) -> str:
    """"when a die of a fight shows <rolls>, wound the creature that rolled it for N" in ``lang``."""
    rolls = or_([str(r) for r in a["on_roll"]], lang)
    if lang == "en":
        return f"when a die of a fight shows {rolls}, wound the creature that rolled it for {a['n']} (not an attack)"
    return f"когда на кубике схватки выпадает {rolls}, ранить бросившее его существо на {a['n']} (это не атака)"


ROLL_PUNISH = register_keyword(Keyword(
    kw="roll_punish", places="activated", rule="03 §1.12 [422.3]; 02 §9 fixed windows (step 7); card text",
    text=text, fields={"n": "int!", "on_roll": "list_int!", "window": "enum!:roll", **NAMED_FIELDS,
                       **ACTIVATED_FIELDS}))
