"""Cards that block attacks made at them (block_attack), played through the public API."""
from tests.cards.kit import choose, dummy, end_turn, play, pool, seen, setup

SHOT2 = [{"kw": "shot", "n": 2, "cost": "tap"}]
ZAP2 = [{"kw": "discharge", "n": 2, "cost": "tap"}]


def _daughter(top_cost, shooter=SHOT2, more=()):
    deck = [dummy("d1", None, 1, zone="deck", cost=top_cost)] + [dummy(f"m{k}", None, 1, zone="deck", cost=c)
                                                                  for k, c in enumerate(more)]
    g, L = setup([pool("a", "c2", 1, "vs2023-122-doch-perlamutra"), dummy("s", "c5", 2, abilities=shooter)] + deck,
                 active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    return g, L


def test_vs2023_122_doch_perlamutra_an_odd_cost_blocks_the_non_magical_attack():
    g, L = _daughter(3)
    assert seen(g, L, "a")["wounds"] == 0 and seen(g, L, "s")["closed"]  # blocked, its cost stays paid
    assert g.decks[1] == [L["d1"]]  # revealed and put at the bottom
    assert any(e["type"] == "blocked" and e.get("card") == L["a"] for e in g.view(1)["log"])


def test_vs2023_122_doch_perlamutra_an_even_cost_does_not_block():
    g, L = _daughter(4)
    assert seen(g, L, "a")["wounds"] == 2


def test_vs2023_122_doch_perlamutra_magical_attacks_are_not_tested():
    g, L = _daughter(3, shooter=ZAP2)
    assert seen(g, L, "a")["wounds"] == 2 and g.decks[1] == [L["d1"]]  # no prophecy was made


def test_vs2023_122_doch_perlamutra_once_per_turn():
    g, L = setup([pool("a", "c2", 1, "vs2023-122-doch-perlamutra"), dummy("s", "c5", 2, abilities=SHOT2),
                  dummy("s2", "d5", 2, abilities=SHOT2),
                  dummy("d1", None, 1, zone="deck", cost=4), dummy("d2", None, 1, zone="deck", cost=3)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    seq = g.event_seq
    play(g, L, 2, act="ability", source="s2", ability=0, target="a")
    later = [e for e in g.events if e["seq"] > seq and e["type"] == "revealed" and e.get("why") == "prophecy"]
    assert seen(g, L, "a")["wounds"] == 4 and later == []  # one prophecy this turn: none for the second shot
    end_turn(g)
    end_turn(g)
    seq = g.event_seq
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    shown = [e["card"] for e in g.events if e["seq"] > seq and e["type"] == "revealed" and e.get("why") == "prophecy"]
    assert len(shown) == 1  # next turn a prophecy again; an odd cost (d2, 3) blocks, an even one (d1, 4) does not
    assert seen(g, L, "a")["wounds"] == (4 if shown[0] == L["d2"] else 6)


def _mire():
    return setup([pool("m", "c3", 1, "vs2023-108-deti-topi"), dummy("foe", "c4", 2, life=9, strike=(3, 3, 3)),
                  dummy("near", "b4", 2), dummy("far", "a6", 2)], active=2, dice=[4, 4, 4, 4])


def test_vs2023_108_deti_topi_the_first_enemy_strike_is_blocked_they_jump_and_the_opponent_fills_the_cell():
    g, L = _mire()
    play(g, L, 2, act="attack", source="foe", target="m", pick=choose("a1"))
    assert seen(g, L, "m")["wounds"] == 0 and seen(g, L, "foe")["wounds"] == 0  # blocked: no fight at all
    assert seen(g, L, "m")["cell"] == "a1"  # jumped (range 2; its controller chose a1)
    pulled = [x for x in ("foe", "near") if seen(g, L, x)["cell"] == "c3"]
    assert len(pulled) == 1  # the opponent moved one of theirs next to c3 into c3


def test_vs2023_108_deti_topi_only_the_first_strike_of_the_turn():
    g, L = setup([pool("m", "c3", 1, "vs2023-108-deti-topi", closed=True), dummy("foe", "c4", 2, strike=(3, 3, 3)),
                  dummy("hitter", "d1", 2, strike=(3, 3, 3))], active=2, dice=[4])
    play(g, L, 2, act="attack", source="foe", target="m", pick=choose("c1"))
    assert seen(g, L, "m")["cell"] == "c1" and seen(g, L, "m")["wounds"] == 0
    play(g, L, 2, act="attack", source="hitter", target="m")
    assert seen(g, L, "m")["wounds"] == 3 and seen(g, L, "m")["cell"] == "c1"  # the second strike lands


def test_vs2023_108_deti_topi_a_shot_is_not_blocked():
    g, L = setup([pool("m", "c3", 1, "vs2023-108-deti-topi"), dummy("s", "c6", 2, abilities=SHOT2)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="m")
    assert seen(g, L, "m")["wounds"] == 2 and seen(g, L, "m")["cell"] == "c3"
