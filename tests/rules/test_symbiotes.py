"""Symbiotes and parasites (симбиот, паразит): 01-game-and-cards.md §4.3 [210.1], [210.9], [210.9.a], [211.9]."""
from __future__ import annotations

from tests.rules.play import card, creature, legal, play, position

SYM = creature(life=3, move=None, symbiote=True)


def test_210_9_a_symbiote_strikes_a_card_adjacent_to_its_host_and_no_other():
    play("P-symbiote-01")


def test_210_9_a_symbiote_defends_its_host():
    play("P-symbiote-02")


def test_210_9_a_host_defends_its_own_symbiote():
    play("P-symbiote-03")


def test_210_1_211_9_a_symbiote_that_closed_to_strike_a_flyer_strikes_it_next_turn():
    play("P-symbiote-04")


def test_210_13_a_parasite_strikes_cards_adjacent_to_its_enemy_host():
    g, lb = position([card("host", "Кочевник", 2, "c4"),
                      card("par", "Пиявка", 1, attached_to="host", override=dict(SYM, symbiote="parasite")),
                      card("near", "Кочевник", 2, "d5"), card("far", "Кочевник", 2, "c6")])
    assert legal(g, lb, 1, act="attack", source="par", target="near")
    assert legal(g, lb, 1, act="attack", source="par", target="host")  # host and attachment are adjacent
    assert not legal(g, lb, 1, act="attack", source="par", target="far")


def test_210_9_a_symbiote_is_adjacent_to_its_host_for_a_melee_attack():
    g, lb = position([card("host", "Кочевник", 2, "c4"),
                      card("sym", "Симбиот", 2, attached_to="host", override=SYM),
                      card("mage", "Маг", 1, "c3", override=creature(abilities=[
                          {"kw": "magic_strike", "n": 1, "cost": "tap"}]))])
    assert legal(g, lb, 1, act="ability", source="mage", ability=0, target="sym")
    assert legal(g, lb, 1, act="ability", source="mage", ability=0, target="host")


def test_g53_strike_across_a_row_may_be_aimed_at_a_symbiote_on_its_hosts_cell():
    play("P-row-symbiote-01")


def test_g53_210_15_strike_across_a_row_cannot_pass_over_an_enemy_parasite():
    play("P-row-symbiote-02")
