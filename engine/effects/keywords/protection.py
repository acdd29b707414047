"""Protection (защита, ``protection``; 03-abilities.md §4 [g-17, 411]): attacks and effects of the kind ``from`` have no
effect on it. Read by :func:`engine.rules.keywords.protected` through this record's ``protects``; its
table :data:`PROTECTS` is the one list of what each protection stops."""
from __future__ import annotations

from typing import Final

from engine.cards.kinds import MAGICAL, NONMAGICAL
from engine.cards.vocab import PROTECTION_FROM
from engine.cards.words import PROT, idx
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules.grants import kws
from engine.model.state import GameState

#: Which protections stop which attack/effect kinds (03-abilities.md §4 protection [411]; broad includes narrow).
PROTECTS: Final = {
    "magic": MAGICAL + ("spell",), "magic_strikes": ("magic_strike",),
    "discharges": ("discharge",), "shots": ("shot",), "throws": ("throw",), "spells": ("spell",),
    "poison": ("poison",), "strike_through_row": ("strike_through_row",), "simple_strikes": ("simple_strike",),
    "nonmagical": NONMAGICAL,
}


def _ignores(g: GameState, source, frm: str, kind: str) -> bool:
    """[408], [411.4.a]: the source ignores protection ``frm`` (or a narrow part of it covering ``kind``)."""
    if source is None:
        return False
    for a in kws(g, source, "ignores_protection"):
        f = a.get("from")
        if f == frm or (kind in PROTECTS.get(f, ()) and kind in PROTECTS.get(frm, ())):
            return True
    return False


def protects(g: GameState, target, kind, level, source, amount, mine) -> bool:
    """A copy whose ``from`` covers the attack or effect ``kind`` (strength ``level``, made by ``source``) and
    ``source`` does not ignore it [411]: the target receives nothing from it."""
    for a in mine:
        frm = a.get("from")
        hit = kind in PROTECTS.get(frm, ())
        if frm == "weak_simple_strikes":
            hit = kind == "simple_strike" and level == 0
        if frm == "flyer_attacks":
            hit = source is not None and g.is_flyer(source) and kind not in ("wound", "poison", "spell")
        if hit and not _ignores(g, source, frm, kind):
            return True
    return False


def short_form(a: dict, place: str) -> None:
    """The cards README's words for ``from`` ("weak simple strikes", "strike through a row") as identifiers."""
    frm = a.get("from")
    if isinstance(frm, str) and frm not in PROTECTION_FROM:
        word = frm.strip().lower().replace(" a row", " row").replace(" ", "_")
        if word in PROTECTION_FROM:
            a["from"] = word


def text(a: dict, lang: str, words) -> str:
    """"Protection from <what>" in ``lang``."""
    return ("Protection from " if lang == "en" else "Защита от ") + PROT[a["from"]][idx(lang)]


PROTECTION = register_keyword(Keyword(
    kw="protection", places="static grant", rule="03 §4 protection [g-17, 411]", text=text,
    fields={"from": "enum!:" + "|".join(PROTECTION_FROM)}, protects=protects,
    short_form=short_form))
