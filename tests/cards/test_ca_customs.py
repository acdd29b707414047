"""Set1-rest cards of helper ca with card code (``custom`` abilities, engine/effects/customs/): one test per card,
each ability played through the public API (legal actions, apply, view; docs/cards.md)."""
from tests.cards.kit import ability_index, aim, dummy, end_turn, offered, play, pool, seen, setup


def test_vs2023_169_vlastelin_haosa_meets_strikes_as_open_while_closed_and_heals():
    # closed, it still fights: the attacker's 4 against its 6 is a -2 row (nothing); a closed card would take 4
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", closed=True),
                  dummy("k", "c4", 2, life=30, strike=(4, 4, 4))], dice=[4, 6], active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "a")["wounds"] == 0
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", closed=True),
                  dummy("k", "c4", 2, life=30, strike=(4, 4, 4))], dice=[1, 6], active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "k")["wounds"] == 5 and seen(g, L, "a")["wounds"] == 0  # it strikes back (medium)
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa"), dummy("k", "c4", 2, life=30)], dice=[4, 4],
                 active=2)
    play(g, L, 2, act="attack", source="k", target="a")
    assert seen(g, L, "a")["wounds"] == 0  # a weak blow (row 0): protection from weak simple strikes
    g, L = setup([pool("a", "c3", 1, "vs2023-169-vlastelin-haosa", wounds=5)])
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "heal"))
    assert seen(g, L, "a")["wounds"] == 3


def test_vs2023_136_gidra_strikes_every_adjacent_enemy_unanswered_and_its_strength_cannot_be_lowered():
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("u", "b4", 2, life=30), dummy("v", "c4", 2, life=30),
                  dummy("w", "d4", 2, life=30)], dice=[1, 1, 1])
    for x in ("u", "v"):
        play(g, L, 1, act="attack", source="a", target=x)
        assert not seen(g, L, "a")["closed"]
    assert not [a for a in g.legal_actions(1) if a.get("act") == "attack" and a.get("target") in (L["u"], L["v"])]
    play(g, L, 1, act="attack", source="a", target="w")
    assert seen(g, L, "a")["closed"] and seen(g, L, "a")["wounds"] == 0  # unanswered: no blow back
    assert [seen(g, L, x)["wounds"] for x in "uvw"] == [2, 2, 2]
    armour = [{"kw": "incoming_strike_reduced", "to": "weak", "applies_to": ["simple_strike"]},
              {"kw": "damage_reduction", "n": 2, "from": {"kinds": ["simple_strike"]}}]
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("t", "c4", 2, life=30, abilities=armour)], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 3  # strong stays strong, nothing taken off
    g, L = setup([pool("a", "c3", 1, "vs2023-136-gidra"), dummy("t", "c4", 2, life=30, abilities=[
        {"kw": "armour", "n": 1}])], dice=[6])
    play(g, L, 1, act="attack", source="a", target="t")
    assert seen(g, L, "t")["wounds"] == 2  # armour still prevents
