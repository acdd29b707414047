"""Incarnation tokens (фишки инкарнации) [g-19, 218.8], engine/effects/keywords/incarnation_token.py: tokens on a
card of your graveyard (chosen inside the entry), which then incarnates if it has enough."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

GIVE = normalize_ability({"kw": "action", "cost": "tap", "effects": [
    {"kw": "incarnation_token", "n": 1, "target": "own_graveyard", "filter": [{"f": "creature"}]}]})
INC = creature(abilities=[{"kw": "incarnation", "n": 3}])


def test_it_fits_the_vocabulary():
    assert check_ability(GIVE) == []


def test_the_controller_chooses_a_card_of_their_graveyard():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[GIVE])),
                 card("x", None, 1, zone="graveyard", override=INC), card("y", None, 1, zone="graveyard"),
                 card("z", None, 2, zone="graveyard", override=INC)])
    act(g, L, 1, act="ability", source="a", ability=0)
    asked = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "choice":
            asked.extend(g2.prompt["items"])
            return {"act": "choose", "option": {"choice": g2.prompt["items"].index(L["y"])}}
        return None
    settle(g, pick)
    assert set(asked) == {L["x"], L["y"]}  # not the opponent's graveyard
    assert g.cards[L["y"]].tokens == 1 and g.cards[L["x"]].tokens == 0  # a card without Incarnation may get one


def test_the_token_that_reaches_x_incarnates_the_card():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[GIVE])),
                 card("x", None, 1, zone="graveyard", override=INC, tokens=2)])
    act(g, L, 1, act="ability", source="a", ability=0)
    settle(g, lambda g2, legal: {"act": "choose", "option": {"choice": g2.prompt["items"].index("a1")}}
           if g2.prompt["kind"] == "choice" else None)
    assert g.cards[L["x"]].cell == "a1"


def test_the_catalogue_says_it_in_both_languages():
    assert "put 1 incarnation token on a card in your graveyard (a creature)" in ability_text(GIVE, "en")
    assert "фишки инкарнации (1)" in ability_text(GIVE, "ru")
