"""Change a roll (``roll_modifier``; 03-abilities.md §1.12 [422.3], 02-battle.md §9 fixed windows, step 7): an
activated ability used in the roll window; one die roll (any, or its controller's) is changed by one of ``options``
(+1, -1, roll again). Offered and applied by engine/procedure/windows.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.cards.words import idx, or_
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.model.state import GameState

def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """Each die of the fight (its controller's only, with ``rolls_of`` friendly) changed by each option; a
    changed die is not clamped here [104.2.a]."""
    out = []
    for cid, v in sorted((w.data.get("dice") or {}).items()):
        if a.get("rolls_of") == "friendly" and g.cards[cid].controller != w.p:
            continue
        for opt in a.get("options") or []:
            out.append(dict(base, target=cid, x={"+1": 1, "-1": -1, "reroll": 0}[opt]))
    return out


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """The named die changes by ``x`` (0: rerolled). Unclamped: an open-versus-open fight compares true results
    [104.2.a, 422.4.b]; a lone die is clamped with its other modifiers when its strength is read
    (combat.single_level)."""
    cid, x = act["target"], act["x"]
    dice = ex["data"]["dice"]
    dice[cid] = g.roll(g.cards[cid].controller, cid, "reroll") if x == 0 else dice[cid] + x
    g.emit(Event.DIE_CHANGED, card=cid, value=dice[cid])


_OPTIONS = {"+1": ("add 1", "прибавить 1"), "-1": ("subtract 1", "отнять 1"),
            "reroll": ("roll it again", "перебросить его")}


def text(a: dict, lang: str, words) -> str:
    """"change any die roll: add 1 or subtract 1" in ``lang``."""
    who = ("any die roll", "любой бросок кубика") if a["rolls_of"] == "any" else ("a roll of yours", "ваш бросок")
    head = f"change {who[0]}: " if lang == "en" else f"изменить {who[1]}: "
    return head + or_([_OPTIONS[o][idx(lang)] for o in a["options"]], lang)


ROLL_MODIFIER = register_keyword(Keyword(
    kw="roll_modifier", places="activated", rule="03 §1.12 [422.3]; 02 §9 fixed windows (step 7)", text=text,
    fields={"options": "list_str!", "rolls_of": "enum!:any|friendly", "window": "enum!:roll", **NAMED_FIELDS,
            **ACTIVATED_FIELDS},
    window="roll", window_options=window_options, window_apply=window_apply))
