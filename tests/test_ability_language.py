"""The ability language's typed values: every filter, condition and amount counter of the vocabulary is one
registered frozen class whose fields are the vocabulary's parameters (docs/card-vocabulary.md)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from engine.cards import abilities as ab
from engine.cards import typed, vocab
from engine.errors import EngineError
from engine.rules import filters


def _fields(cls) -> set[str]:
    back = {"values": "in"}  # ``in`` is a Python word
    return {back.get(f.name, f.name) for f in dataclasses.fields(cls)}


def test_every_vocabulary_filter_is_a_registered_class_with_its_parameters():
    assert set(filters.FILTERS) == set(vocab.FILTERS)
    for name, params in vocab.FILTERS.items():
        assert _fields(filters.FILTERS[name]) == set(params), name


def test_filter_values_are_frozen():
    f = filters.parse_filter({"f": "cost_at_most", "n": 3})
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.n = 4  # type: ignore[misc]


def test_a_filter_list_is_parsed_once_when_its_ability_loads_and_keeps_its_data_shape():
    a = typed.parse_ability({"kw": "aura", "to": [{"f": "element", "in": ["Степи"]}, {"f": "enemy"}]}, "c", 0)
    fs = a["to"]
    assert fs == [{"f": "element", "in": ["Степи"]}, {"f": "enemy"}]
    assert json.dumps(a) == json.dumps({"kw": "aura", "to": [{"f": "element", "in": ["Степи"]}, {"f": "enemy"}]})
    assert filters.parse_filters(fs) is fs.typed is filters.parse_filters(dict(a)["to"])
    assert filters.parse_filters(fs)[0].values == ("Степи",)


def test_an_ability_part_that_cannot_be_parsed_is_refused_at_load_naming_card_ability_and_field():
    with pytest.raises(EngineError) as e:
        typed.parse_ability({"kw": "trigger", "effects": [{"kw": "wound", "target": {"each": "creature",
                                                                                      "filter": [{"f": "nope"}]}}]},
                            "vs-x", 2)
    assert e.value.code == "invalid_card"
    assert "'vs-x', ability 3 (trigger)" in e.value.message and "effects[0].target.filter" in e.value.message


def test_the_cost_of_a_loaded_ability_is_made_once():
    a = typed.parse_ability({"kw": "shot", "cost": {"tap": True, "tokens": 2}}, "c", 0)
    assert ab.cost(a) is ab.cost(a) and ab.cost(a).tokens == 2 and ab.cost(a).tap


def test_an_unknown_filter_fails_closed():
    assert not filters.match(None, None, object(), [{"f": "no_such_filter"}])


def test_nested_filters_are_typed_too():
    f = filters.parse_filter({"f": "any", "of": [{"f": "adjacent"}, {"f": "is_self"}]})
    assert [type(x) for x in f.of] == [filters.FILTERS["adjacent"], filters.FILTERS["is_self"]]
    assert f.text("en") == "either next to this card, this card itself"


def test_every_vocabulary_condition_is_a_registered_class_with_its_parameters():
    from engine.rules import conditions
    assert set(conditions.CONDITIONS) == set(vocab.CONDITIONS)
    for name, params in vocab.CONDITIONS.items():
        assert {f.name for f in dataclasses.fields(conditions.CONDITIONS[name])} == set(params), name


def test_a_condition_keeps_its_filter_parsed():
    from engine.rules import conditions
    (c,) = conditions.parse_conditions([{"p": "adjacent_to", "filter": [{"f": "enemy"}]}])
    assert [type(f) for f in c.filter] == [filters.FILTERS["enemy"]]
    assert c.text("ru") == "если рядом с ней карта (вражеская)"


def test_an_unknown_condition_fails_closed_and_none_holds_without_a_source():
    from engine.rules import conditions
    assert not conditions.holds(None, object(), [{"p": "no_such_condition"}])
    assert not conditions.holds(None, None, [{"p": "own_turn"}])
    assert conditions.holds(None, None, [])


def test_every_vocabulary_counter_is_registered():
    from engine.rules import amounts
    assert set(amounts.COUNTERS) == set(vocab.COUNTERS)


def test_an_amount_is_counted_and_phrased_from_its_typed_value():
    from engine.rules import amounts
    spec = {"per": "x_declared", "times": 2, "plus": 1, "max": 6}
    a = amounts.parse_amount(spec)
    assert a == amounts.parse_amount(spec)
    assert amounts.parse_amount(typed.parse_value(spec)) == a
    assert amounts.amount(None, spec, {"x": 4}, None) == 6  # 2 x 4 + 1 = 9, capped at 6
    assert amounts.amount(None, spec, {"x": 1}, None) == 3
    assert amounts.text(spec, "en") == "X+1 (X = 2 × the X chosen, at most 6)"


def test_a_restored_game_holds_its_acquired_abilities_parsed_and_snapshots_them_unchanged():
    from engine.model.state import GameState
    g = GameState()
    c = g.new_card("vs2003-ar-gull", 1, "battlefield")
    c.acquired = [{"kw": "strike_bonus", "n": 1, "vs": [{"f": "enemy"}], "_until": {"kind": "turn_end"}}]
    data = g.snapshot()
    r = GameState.restore(data)
    (a,) = r.cards[c.id].acquired
    assert isinstance(a["vs"], typed.ParsedList) and filters.parse_filters(a["vs"]) == (filters.FILTERS["enemy"](),)
    assert r.snapshot() == data


def test_a_definition_in_play_carries_its_parts_parsed():
    from engine.model.state import GameState
    g = GameState()
    c = g.new_card("vs2003-ar-gull", 1, "battlefield")
    costs = [a["cost"] for a in g.abilities(c) if isinstance(a.get("cost"), dict)]
    assert costs and all(type(x) is typed.ParsedMap for x in costs)


def test_the_limit_of_a_loaded_ability_is_a_typed_value_that_counts_its_group():
    from engine.cards.limits import Limit
    a = typed.parse_ability({"kw": "shot", "limit": {"per": "turn", "times": 2, "group": "g"}}, "c", 0)
    assert ab.limit_of_ability(a) is a["limit"].typed == Limit("turn", 2, "g")
    assert ab.limit(a) == "turn" and ab.limit_key(a, 3) == "g:g"


def test_a_loaded_ability_carries_its_timing():
    from engine.cards.timing import Timing
    a = typed.parse_ability({"kw": "shot", "cost": {"tap": True, "tokens": 0}, "sudden": True}, "c", 0)
    assert ab.timing(a) is a.typed == Timing(activated=True, sudden=True, window=False)
    assert ab.is_sudden(a) and ab.is_activated(a) and not ab.is_window_kw(a)
    assert not ab.is_activated(typed.parse_ability({"kw": "trigger", "cost": {}}, "c", 1))


def test_an_ability_granted_in_play_is_parsed_when_it_is_granted():
    from engine.model.state import GameState
    from engine.ops.acquire import grant
    g = GameState()
    c = g.new_card("vs2003-ar-gull", 1, "battlefield")
    grant(g, c, [{"kw": "strike_bonus", "n": 1, "vs": [{"f": "enemy"}]}], "end_of_turn", 1)
    (a,) = c.acquired
    assert type(a["vs"]) is typed.ParsedList and a["vs"].typed == (filters.FILTERS["enemy"](),)


def test_every_effect_keyword_parses_to_an_effect_holding_its_record_and_handler():
    from engine.cards.keywords import KEYWORDS
    from engine.effects import registry
    kws = set(registry.EFFECTS) | {k for k, spec in vocab.KW.items() if "effect" in spec["roles"]}
    for kw in kws:
        e = registry.effect_of({"kw": kw})
        assert e.keyword is KEYWORDS.get(kw)
        assert e.handler is registry.EFFECTS.get(kw, registry._unknown)


def test_an_effect_is_parsed_once_at_load_into_a_frozen_value_and_keeps_its_data_shape():
    from engine.cards.effect import Effect
    written = {"kw": "trigger", "when": "dies", "effects": [
        {"kw": "wound", "target": "self", "n": 2, "condition": [{"p": "own_turn"}]}]}
    a = typed.parse_ability(written, "c", 0)
    (eff,) = a["effects"]
    assert type(eff) is typed.ParsedMap and type(eff.typed) is Effect
    assert (eff.typed.kw, eff.typed.target, eff.typed.amount, eff.typed.until) == ("wound", "self", 2, None)
    assert eff.typed.condition is eff["condition"] and type(eff["condition"]) is typed.ParsedList
    assert json.loads(json.dumps(a)) == written == a
    with pytest.raises(dataclasses.FrozenInstanceError):
        eff.typed.kw = "heal"  # type: ignore[misc]
    with pytest.raises(TypeError):
        eff.typed.params["x"] = 1  # type: ignore[index]


def test_effects_nested_in_riders_and_options_are_parsed_too():
    from engine.cards.effect import Effect
    a = typed.parse_ability({"kw": "shot", "cost": {"tap": True, "tokens": 0}, "strike": [1, 1, 1],
                             "target": {"choose": "creature", "side": "enemy"},
                             "rider": [{"kw": "choose_one", "chooser": "controller",
                                        "options": [[{"kw": "wound", "target": "target", "n": 1}],
                                                    [{"kw": "heal", "target": "self", "n": 1}]]}]}, "c", 0)
    (choice,) = a["rider"]
    assert type(choice.typed) is Effect and choice.typed.handler.__name__ == "_unknown"  # asked by the entry
    assert [type(o[0].typed) for o in choice["options"]] == [Effect, Effect]


@pytest.mark.parametrize("effect, field", [({"kw": "no_such_effect"}, "effects[0]"),
                                           ({"kw": "wound", "n": 1, "colour": "red"}, "colour")])
def test_an_invalid_effect_is_refused_at_load_naming_card_ability_and_field(effect, field):
    with pytest.raises(EngineError) as err:
        typed.parse_ability({"kw": "trigger", "when": "dies", "effects": [effect]}, "some-card", 1)
    assert err.value.code == "invalid_card"
    assert "'some-card'" in err.value.message and "ability 2 (trigger)" in err.value.message
    assert field in err.value.message


def test_a_loaded_effect_runs_the_handler_its_parsed_value_holds():
    from engine.effects import registry
    from engine.model.state import GameState
    eff = typed.parse_effects([{"kw": "wound", "target": "self", "n": 1}])[0]
    ran: list = []
    object.__setattr__(eff, "typed", dataclasses.replace(eff.typed, handler=lambda g, e, s, x: ran.append(x)))
    registry.apply_effects(GameState(), {"source": "c1"}, None, [eff])
    assert ran == [eff]


def test_a_restored_game_holds_its_queued_effects_parsed_and_snapshots_them_unchanged():
    from engine.cards.effect import Effect
    from engine.model.state import GameState
    g = GameState()
    c = g.new_card("vs2003-ar-gull", 1, "battlefield")
    g.queue.append({"kind": "trigger", "source": c.id, "controller": 1,
                    "effects": [{"kw": "wound", "target": "self", "n": 1}]})
    data = g.snapshot()
    r = GameState.restore(data)
    assert [type(x.typed) for x in r.queue[0]["effects"]] == [Effect]
    assert r.snapshot() == data


def test_an_activated_ability_run_as_its_own_effect_carries_that_effect_in_its_timing():
    from engine.cards.effect import Effect
    from engine.effects import registry
    a = typed.parse_ability({"kw": "heal", "cost": {"tap": True, "tokens": 0}, "target": "self", "n": 1}, "c", 0)
    own = ab.timing(a).effect
    assert type(own) is Effect and own.handler is registry.EFFECTS["heal"] and registry.parsed_effect(a) is own
    assert ab.timing(typed.parse_ability({"kw": "armour", "n": 1}, "c", 1)).effect is None


def test_an_activated_ability_of_an_unknown_keyword_is_refused_at_load():
    with pytest.raises(EngineError) as err:
        typed.parse_ability({"kw": "no_such_ability", "cost": {"tap": True, "tokens": 0}}, "some-card", 0)
    assert "'some-card', ability 1 (no_such_ability)" in err.value.message
