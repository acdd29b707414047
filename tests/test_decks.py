"""The deck validator (01-game-and-cards.md §7.1), one test per rule, and the preconstructed decks."""
import itertools

import pytest

import engine.cards.decks as decks
from engine.cards import all_cards
from engine.cards.decks import (CODES, InvalidDeck, deck_errors, load_deck, preconstructed_decks, starter_decks,
                                validate_deck)
from engine.errors import EngineError

DECKS = starter_decks()
ONE_EACH = [c["id"] for c in all_cards() if c["id"] != "vs2003-draks"]  # distinct Russian names only


def codes(deck, fmt="constructed"):
    return [e.code for e in deck_errors(deck, fmt)]


@pytest.mark.parametrize("name", sorted(DECKS))
def test_every_starter_deck_validates(name):
    assert validate_deck(DECKS[name]) is None


def test_three_starter_decks_are_kept():
    assert len({tuple(v) for v in DECKS.values()}) == 3
    assert {d["id"] for d in preconstructed_decks() if d["starter"]} == {
        "forests-mountains-2003", "steppes-swamps-2023", "forests-mountains-2023"}


def test_every_preconstructed_deck_is_legal_and_named_in_both_languages():
    for d in preconstructed_decks():
        assert deck_errors(d["cards"]) == [], d["id"]
        assert d["name"]["ru"] and d["name"]["en"] and d["name"]["ru"] != d["name"]["en"]


def test_every_element_of_the_pool_is_in_a_preconstructed_deck():
    elements = {c["element"] for c in all_cards()} - {"Нейтральные"}
    assert elements <= {el for d in preconstructed_decks() for el in d["elements"]}


def test_a_preconstructed_deck_exists_for_every_element_pair_the_pool_allows():
    """A pair is allowed when each element has at least 5 names (15 cards of each at 3 copies)."""
    names: dict[str, set] = {}
    for c in all_cards():
        names.setdefault(c["element"], set()).add(c["name_ru"])
    elements = sorted(el for el, n in names.items() if el != "Нейтральные" and len(n) >= 5)
    covered = {frozenset(d["elements"]) for d in preconstructed_decks()}
    for pair in itertools.combinations(elements, 2):
        assert frozenset(pair) in covered, pair


def test_preconstructed_ids_are_unique_and_load_by_id_and_by_both_names():
    all_decks = preconstructed_decks()
    assert len({d["id"] for d in all_decks}) == len(all_decks)
    d = all_decks[-1]
    ids = load_deck(d["id"])
    assert ids == load_deck(d["name"]["ru"]) == load_deck(d["name"]["en"])
    assert len(ids) == sum(c["count"] for c in d["cards"])
    with pytest.raises(EngineError) as e:
        load_deck("no such deck")
    assert e.value.code == "unknown_deck"


def test_minimum_30_cards_constructed():
    assert codes(ONE_EACH[:29]) == ["too_few_cards"]
    assert codes(ONE_EACH[:30]) == []


def test_minimum_20_cards_limited():
    assert codes(ONE_EACH[:19], "limited") == ["too_few_cards"]
    assert codes(ONE_EACH[:20], "limited") == []


def test_maximum_50_cards_in_every_format():
    assert codes(ONE_EACH[:50]) == []
    assert codes(ONE_EACH[:51]) == ["too_many_cards"]
    assert codes(ONE_EACH[:51], "limited") == ["too_many_cards"]


def test_at_most_three_copies_of_one_name():
    deck = [c for c in ONE_EACH if c != "vs2003-fagor"][:27] + ["vs2003-fagor"] * 3
    assert codes(deck) == []
    errors = deck_errors(deck + ["vs2003-fagor"])
    assert [(e.code, e.card) for e in errors] == [("too_many_copies", "vs2003-fagor")]


def test_copies_count_across_editions_by_russian_name():
    deck = [c for c in ONE_EACH if "draks" not in c][:26] + ["vs2003-draks"] * 2 + ["vs2023-070-draks"] * 2
    assert codes(deck) == ["too_many_copies"]


def test_horde_allows_five_copies(monkeypatch):
    by_id, by_name = decks._pool()
    horde = dict(by_id["vs2003-fagor"], abilities=[{"kw": "horde"}])
    monkeypatch.setattr(decks, "_pool", lambda: ({**by_id, "vs2003-fagor": horde}, by_name))
    deck = [c for c in ONE_EACH if c != "vs2003-fagor"][:25] + ["vs2003-fagor"] * 5
    assert codes(deck) == []
    assert codes(deck + ["vs2003-fagor"]) == ["too_many_copies"]


def test_limited_format_has_no_copy_limit():
    assert codes(["vs2003-fagor"] * 20, "limited") == []
    assert codes(["vs2003-fagor"] * 30) == ["too_many_copies"]


def test_uniqueness_does_not_limit_the_deck():
    unique = next(c["id"] for c in all_cards() if c["unique"] and c["id"] in ONE_EACH)
    deck = [c for c in ONE_EACH if c != unique][:27] + [unique] * 3
    assert codes(deck) == []


def test_unknown_card_reported_once_per_name_with_the_card():
    errors = deck_errors(ONE_EACH[:30] + ["vs2099-nobody", "vs2099-nobody"])
    assert [(e.code, e.card) for e in errors] == [("unknown_card", "vs2099-nobody")]


def test_russian_name_shared_by_two_editions_is_ambiguous():
    assert codes(ONE_EACH[:29] + ["Дракс"]) == ["ambiguous_card"] + ["too_few_cards"]


def test_entries_with_counts_equal_repeated_ids():
    entries = [{"id": c, "count": 2} for c in ONE_EACH[:15]]
    assert codes(entries) == []
    assert codes([{"id": c, "count": 1} for c in ONE_EACH[:15]]) == ["too_few_cards"]


def test_bad_counts_rejected():
    for count in (0, -1, 51, 10**9, 2.5, "2", True, None):
        assert codes([{"id": "vs2003-fagor", "count": count}] + ONE_EACH[:30])[0] == "bad_count", count


def test_bad_entries_rejected():
    for entry in (7, None, ["vs2003-fagor"], {"id": "vs2003-fagor"}, {"id": 3, "count": 1},
                  {"id": "vs2003-fagor", "count": 1, "x": 1}):
        assert codes(ONE_EACH[:30] + [entry]) == ["bad_entry"], entry


def test_not_a_list_rejected():
    assert codes("vs2003-fagor") == ["not_a_list"]
    assert codes({"cards": []}) == ["not_a_list"]


def test_too_many_entries_stop_the_check():
    assert codes(["vs2003-fagor"] * 10_000) == ["too_many_entries"]


def test_unknown_format_rejected():
    assert codes(ONE_EACH[:30], "sealed-ish") == ["unknown_format"]


def test_every_problem_reported_together():
    deck = ["vs2003-fagor"] * 4 + ["vs2023-013-ork"] * 4 + ["nobody", {"id": "vs2023-002-kshar", "count": -2}]
    assert sorted(codes(deck)) == sorted(["unknown_card", "bad_count", "too_few_cards", "too_many_copies",
                                          "too_many_copies"])


def test_every_error_has_a_known_code_and_two_different_sentences():
    deck = ["vs2003-fagor"] * 4 + ["nobody", 7, {"id": "vs2003-fagor", "count": 0}, "Дракс"] + ONE_EACH[:50]
    errors = deck_errors(deck)
    assert len(errors) >= 5
    for e in errors:
        assert e.code in CODES
        assert e.ru and e.en and e.ru != e.en
        assert any("а" <= ch <= "я" for ch in e.ru.lower())
        assert e.to_dict("en")["msg"] == e.en and e.to_dict("ru")["msg"] == e.ru == e.to_dict()["msg"]


def test_validate_deck_raises_every_error_and_game_new_refuses_the_deck():
    from engine import Game
    with pytest.raises(InvalidDeck) as e:
        validate_deck(ONE_EACH[:3] + ["nobody"])
    assert e.value.code == "invalid_deck"
    assert [x.code for x in e.value.errors] == ["unknown_card", "too_few_cards"]
    with pytest.raises(EngineError) as e:
        Game.new(1, ONE_EACH[:29], ONE_EACH[:30])
    assert e.value.code == "invalid_deck"


@pytest.mark.parametrize("deck", [d["id"] for d in preconstructed_decks() if not d["starter"]])
def test_every_new_preconstructed_deck_plays_a_random_game_to_the_end(deck):
    from engine.selfplay import play_game
    g = play_game(21, load_deck(deck), load_deck("forests-mountains-2003"), max_actions=3000)
    assert g.result is not None and g.result["winner"] in (1, 2, "draw")
