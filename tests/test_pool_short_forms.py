"""A custom card may copy its abilities from the card pool as the cards README writes them (FORMAT.md "Custom cards":
the vocabulary of ../cards/README.md with its fields): each such object reads as the same ability the project's data
holds for that pool card (the keyword modules' ``short_form``: engine/cards/vocab.py ``normalize_ability``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards.pool import card_def
from engine.cards.vocab import normalize_ability

_SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "starter-pool.json"
_DATA = Path(__file__).resolve().parents[1] / "engine" / "data" / "cards.json"

#: (pool id, keyword): abilities whose README form carries no free text
CASES = [
    ("vs2003-fagor", "magic_strike"), ("vs2003-snezhny-gull", "finishing_blow"),
    ("vs2003-snezhny-gull", "strike_through_row"), ("vs2023-008-stepnoy-volkolak", "incoming_strike_reduced"),
    ("vs2023-034-minotavr", "extra_attack"), ("vs2023-107-bolotnik", "jump"), ("vs2023-017-arbaletchik", "shot"),
    ("vs2003-ar-gull", "discharge"), ("vs2003-povelitel-molniy", "discharge"),
    ("vs2023-066-povelitel-molniy", "discharge"), ("vs2023-016-sanktorum", "protection"),
    ("vs2023-002-kshar", "special_strike"), ("vs2003-mrazen", "throw"),
]


def _by_id(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = data if isinstance(data, list) else data.get("cards", list(data.values()))
    return {c["id"]: c for c in cards}


def _without_name(a: dict) -> dict:
    return {k: v for k, v in a.items() if k != "name"}  # the README's name is English only


@pytest.mark.skipif(not _SHARED.exists(), reason="the shared card pool is not beside this worktree")
@pytest.mark.parametrize("cid,kw", CASES)
def test_a_readme_ability_reads_as_the_project_data_ability(cid, kw):
    readme = [a for a in _by_id(_SHARED)[cid]["abilities"] if a["kw"] == kw]
    data = [_without_name(a) for a in _by_id(_DATA)[cid]["abilities"] if a["kw"] == kw]
    assert readme
    for a in readme:
        assert _without_name(normalize_ability(a)) in data
        card_def("Custom " + cid, {"kind": "creature", "life": 3, "move": 1, "strike": [1, 1, 1],
                                   "abilities": [a]})  # builds: no invalid_card


def test_a_strike_bonus_granted_by_formation_needs_no_attack_named():
    d = card_def("Custom", {"kind": "creature", "life": 3, "move": 1, "strike": [1, 1, 1],
                            "abilities": [{"kw": "formation", "grants": [{"kw": "strike_bonus", "n": 1}]}]})
    grant = d["abilities"][0]["grants"][0]
    assert grant["applies_to"] == ["simple_strike"] and grant["values"] == ["weak", "medium", "strong"]


def test_a_jump_without_cost_spends_movement_and_does_not_close():
    d = card_def("Custom", {"kind": "creature", "life": 3, "move": 0, "strike": [1, 1, 1],
                            "abilities": [{"kw": "jump"}]})
    a = d["abilities"][0]
    assert a["range"] is None and a["cost"]["tap"] is False and a["cost"]["movement"] == "all"


def test_a_readme_name_string_names_the_ability_in_both_languages():
    a = normalize_ability({"kw": "throw", "strike": [1, 1, 1], "cost": "tap", "name": "icicles"})
    assert a["name"] == {"en": "icicles", "ru": "icicles"}
