"""Every marker the engine can put on a card or a cell has a name in the client's text tables in both languages
(server/static/js/i18n.js ``marker_<name>``; the card face and the cell read them, cardface.js ``markerText``).
The markers are read from the engine itself: the keyword registry's ``marker`` fields, the names its code writes
into ``markers[...]`` or passes as ``marker=`` (cell markers too), and the ``marker``/``on_marker`` fields of the
card data (01-game-and-cards.md §6, 03-abilities.md §5 marker names)."""
from __future__ import annotations

import ast
import pathlib
import re

import pytest

import engine.effects  # noqa: F401 (registers every keyword)
from engine.cards.keywords import KEYWORDS
from engine.cards.pool import all_cards

ROOT = pathlib.Path(__file__).resolve().parents[1]
I18N = ROOT / "server" / "static" / "js" / "i18n.js"


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments of a module."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node.value.value
    return out


def _name(node, consts: dict[str, str]) -> str | None:
    """The marker name an expression spells: a string literal or a module constant; None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return consts.get(node.id)
    return None


def _code_markers() -> set[str]:
    """The marker names the engine's code writes: ``<card>.markers[NAME] = ...`` and ``...(marker=NAME)``."""
    found: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _constants(tree)
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
            for t in targets:
                if (isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and t.value.attr == "markers"
                        and _name(t.slice, consts)):
                    found.add(_name(t.slice, consts))
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "marker" and _name(kw.value, consts):
                        found.add(_name(kw.value, consts))
    return found


def _data_markers(x) -> set[str]:
    """The ``marker`` / ``on_marker`` names anywhere in the card data."""
    if isinstance(x, dict):
        own = {v for k, v in x.items() if k in ("marker", "on_marker") and isinstance(v, str)}
        return own.union(*(_data_markers(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(*(_data_markers(v) for v in x)) if x else set()
    return set()


def engine_markers() -> set[str]:
    """Every marker name the engine can put on a card or a cell."""
    registry = {k.marker for k in KEYWORDS.values() if k.marker}
    return registry | _code_markers() | _data_markers(all_cards())


def _table(lang: str) -> str:
    """The block of i18n.js ``STRINGS`` of ``lang`` (``en: {`` first, then ``ru: {``)."""
    en, _, ru = I18N.read_text(encoding="utf-8").partition("\n  ru: {")
    return en if lang == "en" else ru


def test_the_engine_markers_are_found_from_its_source():
    """The reading above finds the markers the rules name (a guard against an empty, always-passing list)."""
    assert {"incarnation", "curse", "blessing", "plague", "next_roll_six", "poison", "prey", "bomb"} <= engine_markers()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_marker_the_engine_can_put_has_a_name_in_the_client(lang):
    block = _table(lang)
    missing = sorted(m for m in engine_markers() if not re.search(rf'\n\s*marker_{m}: "[^"]+"', block))
    assert missing == [], f"markers without a {lang} name in i18n.js: {missing}"
