"""Strike triggers worded "whether its strike hits or misses" fire on a miss too (card texts of Гоблин 2023 and
Эльфийский воин 2023; 02-battle.md §5); other "when it strikes" triggers need a blow that lands."""
from __future__ import annotations

from tests.rules.play import card, creature, do, play, position, seen, settle


def test_goblin_2023_closes_the_attacked_creature_whether_its_strike_hits_or_misses():
    play("P-miss-01")


def test_elf_warrior_2023_makes_its_extra_shot_whether_its_strike_hits_or_misses():
    play("P-miss-02")


def test_strike_trigger_without_hit_or_miss_does_not_fire_on_a_miss():
    striker = creature(strike=(1, 2, 3), abilities=[{"kw": "trigger", "when": "strikes", "attack": ["simple_strike"],
                                                     "roles": ["attacker"], "optional": False,
                                                     "effects": [{"kw": "gain_token", "n": 1, "target": "self"}]}])
    g, lb = position([card("s", "Боец", 1, "c3", override=striker), card("e", "Кочевник", 2, "c4")], dice=[1, 3])
    do(g, lb, 1, act="attack", source="s", target="e")
    settle(g)
    assert seen(g, lb, "e")["wounds"] == 0 and seen(g, lb, "s")["tokens"] == 0
