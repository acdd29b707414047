"""Prophecy (пророчество), engine/effects/keywords/prophecy.py: reveal the top n cards of your deck, do ``then``
about them (targets chosen after the reveal, inside the entry), put them at the bottom."""
from engine import Game
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import act, card, creature, game, pass_both

SEE = normalize_ability({"kw": "prophecy", "n": 2, "cost": "tap", "then": [
    {"kw": "wound", "n": {"per": "revealed_cost"}, "target": {"choose": "creature", "side": "enemy"}}]})


def _deck(label, cost):
    return card(label, None, 1, zone="deck", override=creature(cost=cost))


def _game(*deck):
    return game([card("a", "c2", 1, override=creature(abilities=[SEE])),
                 card("t", "c4", 2, override=creature(life=9))] + list(deck))


def test_it_fits_the_vocabulary_and_is_declared_without_a_target():
    assert check_ability(SEE) == []
    g, L = _game(_deck("d1", 2))
    assert {"act": "ability", "source": L["a"], "ability": 0} in g.legal_actions(1)


def test_it_reveals_to_both_players_acts_on_the_first_card_and_the_cards_stay_in_the_deck():
    g, L = _game(_deck("d1", 2), _deck("d2", 5), _deck("d3", 1))
    act(g, L, 1, act="ability", source="a", ability=0)
    while g.prompt["kind"] != "choice":
        g.apply(g.to_act(), {"act": "pass"})
    view2 = g.view(2)
    assert view2["prompt"]["what"] == "prophecy_target"
    assert any(e["type"] == "revealed" and e.get("why") == "prophecy" for e in view2["log"])
    i = g.prompt["items"].index(L["t"])
    g.apply(1, {"act": "choose", "option": {"choice": i}})
    pass_both(g)
    assert g.cards[L["t"]].wounds == 2  # the first revealed card costs 2
    assert sorted(g.decks[1]) == sorted([L["d1"], L["d2"], L["d3"]])  # shuffled afterwards [206.10]


def test_a_rejected_answer_leaves_the_state_unchanged():
    g, L = _game(_deck("d1", 2))
    act(g, L, 1, act="ability", source="a", ability=0)
    while g.prompt["kind"] != "choice":
        g.apply(g.to_act(), {"act": "pass"})
    before = g.snapshot()
    try:
        g.apply(1, {"act": "choose", "option": {"choice": 99}})
    except Exception as e:  # noqa: BLE001 - the engine's error type
        assert getattr(e, "code", None)
    assert g.snapshot() == before


def test_an_empty_deck_reveals_nothing_and_does_nothing():
    g, L = _game()
    act(g, L, 1, act="ability", source="a", ability=0)
    pass_both(g)
    assert g.cards[L["t"]].wounds == 0


def test_the_catalogue_says_it_in_both_languages():
    assert "prophecy 2 (reveal the top 2 cards of your deck)" in ability_text(SEE, "en")
    assert "пророчество 2" in ability_text(SEE, "ru")


def test_a_game_restored_while_the_choice_is_asked_goes_on_the_same():
    g, L = _game(_deck("d1", 2), _deck("d2", 5))
    act(g, L, 1, act="ability", source="a", ability=0)
    while g.prompt["kind"] != "choice":
        g.apply(g.to_act(), {"act": "pass"})
    r = Game.restore(g.snapshot())
    answer = {"act": "choose", "option": {"choice": g.prompt["items"].index(L["t"])}}
    assert r.legal_actions(1) == g.legal_actions(1)
    g.apply(1, answer)
    r.apply(1, answer)
    assert r.snapshot() == g.snapshot()
