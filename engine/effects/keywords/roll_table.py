"""A roll table (``roll_table``; 03-abilities.md §4 the one-die convention; ../shared/cards/README.md §6.5): roll one
die and execute the outcome listed for that value (``outcomes``: ``[{"on": [values], "effects": [...]}]``, each value
1..6 exactly once). A chosen target in the outcome depends on the roll, so it is chosen after it, inside the entry
(RULES.md Q4, engine/effects/choice.py); with no legal card that effect does nothing. Шакси's 'hoof kick'.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.state import GameState

_MEMO = "roll_table"


def execute(g: GameState, e, src, eff) -> None:
    """Roll once (kept across the questions), then the outcome's effects with their targets chosen now."""
    m = choice.memo(g, _MEMO)
    if "die" not in m:
        m["die"] = g.roll(e["controller"], e["source"], "roll_table")
        m["k"] = 0
    outcome = next((o for o in eff.get("outcomes") or [] if m["die"] in o["on"]), None)
    if outcome is not None and not choice.apply_chosen(g, e, src, outcome["effects"], m, "roll_table_target"):
        return
    choice.forget(g, _MEMO)


def text(a: dict, lang: str, words) -> str:
    """"roll a die: 1-2: ...; 3-4: ...; 5-6: ..." in ``lang``."""
    def span(on):
        on = sorted(on)
        return f"{on[0]}-{on[-1]}" if len(on) > 1 and on == list(range(on[0], on[-1] + 1)) else ", ".join(map(str, on))
    parts = [f"{span(o['on'])}: " + ("; ".join(words.effect(x, lang) for x in o["effects"]))
             for o in a["outcomes"]]
    head = "roll a die (targets are chosen after the roll)" if lang == "en" else \
        "бросить кубик (цели выбираются после броска)"
    return head + " — " + "; ".join(parts)


ROLL_TABLE = register_keyword(Keyword(
    kw="roll_table", places="effect", rule="03 §4 one-die convention; README §6.5 roll_table", text=text,
    fields={"outcomes": "outcomes!"}, handler=execute))
