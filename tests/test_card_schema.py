"""Card definitions are validated by their JSON Schema when they load (engine/cards/schema.py): the project's data,
a scenario's override and a card set file; an unknown keyword, an unknown parameter, a wrong type or an impossible
value is refused with an error naming the card, the ability and the field (01 §3; 03 §4)."""
from __future__ import annotations

import json

import pytest

from engine import Game
from engine.cards import pool, schema, sets
from engine.errors import EngineError
from engine.scenario import main as run_scenarios


def _scenario(abilities) -> dict:
    over = {"kind": "creature", "life": 3, "move": 1, "strike": [1, 1, 1], "abilities": abilities}
    return {"id": "S", "rule": "x", "title": "t", "seed": 1, "setup": {"active": 1, "cards": [
        {"label": "a", "card": "Опытный", "owner": 1, "zone": "battlefield", "cell": "c2", "override": over},
        {"label": "b", "card": "Кельпи", "owner": 2, "zone": "battlefield", "cell": "c5"}]}, "dice": [], "steps": []}


def _refused(abilities) -> str:
    with pytest.raises(EngineError) as e:
        Game.from_scenario(_scenario(abilities))
    assert e.value.code == "invalid_card"
    return e.value.message


def test_every_card_of_the_project_data_fits_the_schema():
    assert [e for c in pool.all_cards() for e in schema.card_errors(c)] == []


def test_an_unknown_keyword_is_refused_naming_the_card_and_the_keyword():
    msg = _refused([{"kw": "armor", "n": 1}])
    assert "'Опытный'" in msg and "armor" in msg and "unknown keyword" in msg


def test_a_misspelt_named_ability_never_plays_as_a_vanilla_creature():
    assert "unknown keyword 'fadin'" in _refused([{"kw": "fadin", "n": 1}])


def test_an_unknown_parameter_is_refused_naming_it():
    msg = _refused([{"kw": "armour", "n": 1, "from": "magic"}])
    assert "armour" in msg and "field from" in msg


def test_a_wrong_type_is_refused_naming_the_field():
    msg = _refused([{"kw": "regeneration", "n": "2"}])
    assert "regeneration" in msg and "field n" in msg


@pytest.mark.parametrize("ability,field", [
    ({"kw": "armour", "n": -1}, "field n"),
    ({"kw": "shot", "strike": [1, 2, 3], "range": 0, "cost": "tap"}, "field range"),
    ({"kw": "shot", "strike": [1, 2], "cost": "tap"}, "field strike"),
])
def test_an_impossible_value_is_refused_naming_the_field(ability, field):
    assert field in _refused([ability])


def test_a_nested_effect_is_checked_too():
    msg = _refused([{"kw": "trigger", "when": "moves", "optional": False,
                     "effect": {"kw": "wound", "n": 1, "target": "selff"}}])
    assert "wound" in msg and "field target" in msg


def test_the_scenario_runner_reports_an_invalid_card_as_an_error(tmp_path, capsys):
    (tmp_path / "bad.json").write_text(json.dumps(_scenario([{"kw": "armor", "n": 1}])), encoding="utf-8")
    assert run_scenarios([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("ERROR S") and "0 passed, 1 failed" in out


def test_a_card_set_file_with_an_invalid_card_is_refused_naming_the_file_and_the_card(tmp_path):
    f = tmp_path / "bad-set.json"
    f.write_text(json.dumps({"set": "bad", "cards": [{"id": "bad-1", "name_ru": "Плохой", "life": 2,
                                                        "abilities": [{"kw": "fear", "n": 0}]}]}), encoding="utf-8")
    with pytest.raises(EngineError) as e:
        sets.read_set(f)
    assert e.value.code == "invalid_card"
    assert "bad-set.json" in e.value.message and "'Плохой'" in e.value.message and "fear" in e.value.message
