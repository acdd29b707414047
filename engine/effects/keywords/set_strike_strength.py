"""Set a strike's strength (``set_strike_strength``; 03-abilities.md §5 reduce_attack_to_kind [g-91], 02-battle.md §9
fixed windows, protection step): an activated ability used in the protection window; the attack of ``applies_to``
made by ``attacks_by`` becomes strength ``to``. Offered and applied by engine/procedure/windows.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS, STRENGTHS
from engine.cards.words import STRENGTH
from engine.effects.registry import register_keyword
from engine.cards.kinds import LEVELS
from engine.model.enums import Event
from engine.rules import keywords
from engine.model.state import GameState


def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """The blow's strength differs and may be set (never lowered when unreducible)."""
    blow = (w.data.get("blows") or [None])[0]
    want = LEVELS.index(a["to"])
    friendly = w.src is not None and w.src.controller == w.p
    lower = blow is not None and want < blow and keywords.unreducible(
        g, w.src, w.data.get("attack_kind", "simple_strike"))
    ok = blow is not None and blow != want and not lower and (friendly or a.get("attacks_by") == "any")
    return [base] if ok else []


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """The blow's strength becomes ``to``."""
    ex["data"]["blows"][0] = LEVELS.index(a["to"])
    g.emit(Event.STRENGTH_SET, card=ex["entry"]["source"], strength=a["to"])


def text(a: dict, lang: str, words) -> str:
    """"a <attack> made by <whom> becomes <strength>" in ``lang``."""
    kinds = words.kinds(a["applies_to"], lang)
    whose = ("one of your creatures", "вашего существа") if a["attacks_by"] == "friendly" else \
        ("any card", "любой карты")
    if lang == "en":
        return f"a {kinds} made by {whose[0]} becomes {STRENGTH[a['to']][0]}"
    return f"{kinds} {whose[1]} становится {STRENGTH[a['to']][2]}"


SET_STRIKE_STRENGTH = register_keyword(Keyword(
    kw="set_strike_strength", places="activated",
    rule="03 §5 reduce_attack_to_kind [g-91]; 02 §9 fixed windows", text=text,
    fields={"to": "enum!:" + "|".join(STRENGTHS), "applies_to": "kinds!", "attacks_by": "enum!:friendly|any",
            "window": "enum!:protection", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    window="protection", window_options=window_options, window_apply=window_apply))
