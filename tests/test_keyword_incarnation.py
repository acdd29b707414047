"""Incarnation X (инкарнация) [g-19], engine/effects/keywords/incarnation.py: from the graveyard, a token at the start
of its owner's turn; at X tokens it comes back onto a free cell of the owner's 3rd row, closed unless ``open``."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import end_turn
from tests.helpers import card, creature, game

INC = normalize_ability({"kw": "incarnation", "n": 2})
BACK = creature(abilities=[INC])


def test_it_fits_the_vocabulary():
    assert check_ability(INC) == []


def test_only_its_owners_turn_start_gives_a_token_and_the_token_ignores_the_maximum():
    capped = creature(abilities=[INC, {"kw": "token_max", "n": 0}])
    g, L = game([card("i", None, 1, zone="graveyard", override=capped)], active=1)
    end_turn(g)  # to player 2: nothing
    assert g.cards[L["i"]].tokens == 0
    end_turn(g)  # player 1's turn starts: a token, though its maximum is 0
    assert g.cards[L["i"]].tokens == 1


def test_at_x_tokens_it_comes_back_closed_to_the_3rd_row_and_the_owner_chooses_the_cell():
    g, L = game([card("i", None, 2, zone="graveyard", override=BACK, tokens=1)], active=1)
    seen_items = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "choice":
            seen_items.extend(g2.prompt["items"])
            return {"act": "choose", "option": {"choice": g2.prompt["items"].index("b6")}}
        return None
    end_turn(g, pick=pick)
    i = g.cards[L["i"]]
    assert set(seen_items) == {"a6", "b6", "c6", "d6"}  # e6 holds the spare
    assert (i.zone, i.cell, i.closed, i.tokens, i.markers.get("incarnation")) == ("battlefield", "b6", True, 0, 1)


def test_with_no_free_cell_it_waits():
    full = [card(f"w{c}", f"{c}6", 2) for c in "abcd"]
    g, L = game([card("i", None, 2, zone="graveyard", override=BACK, tokens=1)] + full, active=1)
    end_turn(g)
    assert g.cards[L["i"]].zone == "graveyard" and g.cards[L["i"]].tokens == 2


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(INC, "en").startswith("Incarnation 2 (in your graveyard")
    assert ability_text(INC, "ru").startswith("Инкарнация 2")
