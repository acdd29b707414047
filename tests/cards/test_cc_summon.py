"""Cards that summon (вызов) a card from the deck, played through the public API."""
from tests.cards.kit import ability_index, choose, declare_pick, dummy, end_turn, play, pool, seen, settle, setup


def test_vs2023_105_otryad_karateley_a_prophecy_that_reveals_it_summons_it_closed_and_it_poisons_a_neighbour():
    g, L = setup([pool("seer", "a2", 1, "vs2023-114-grezy-arhaalya"), dummy("foe", "c4", 2, cost=9),
                  pool("squad", None, 1, "vs2023-105-otryad-karateley", zone="deck"),
                  dummy("rest", None, 1, zone="deck")])
    g.apply(1, {"act": "ability", "source": L["seer"], "ability": ability_index(g, L, "seer", "prophecy")})
    picks = [declare_pick(g, L, "squad"), choose("c3"), choose(L["foe"])]
    settle(g, lambda g2, legal: next((a for a in (p(g2, legal) for p in picks) if a), None))
    s = seen(g, L, "squad")
    assert s["zone"] == "battlefield" and s["cell"] == "c3" and s["closed"]
    assert seen(g, L, "foe")["markers"].get("poison") == 1
    assert L["squad"] not in g.decks[1]


def test_vs2023_105_otryad_karateley_the_summon_may_be_refused():
    g, L = setup([pool("seer", "a2", 1, "vs2023-114-grezy-arhaalya"),
                  pool("squad", None, 1, "vs2023-105-otryad-karateley", zone="deck")])
    g.apply(1, {"act": "ability", "source": L["seer"], "ability": ability_index(g, L, "seer", "prophecy")})
    settle(g, lambda g2, legal: {"act": "pass"} if g2.prompt["kind"] == "triggers" else None)
    assert g.cards[L["squad"]].zone == "deck"


def _ring(extra=()):
    """Player 1's creatures on all eight cells around c2 (b1 c1 d1 b2 d2 b3 c3 d3), the Queen among them."""
    cells = ["b1", "c1", "d1", "b2", "d2", "b3", "d3"]
    return [pool("queen", "c3", 1, "vs2023-130-koroleva-topi")] + \
        [dummy(f"r{k}", c, 1) for k, c in enumerate(cells)] + list(extra)


def test_vs2023_130_koroleva_topi_summons_a_swamp_creature_into_a_cell_ringed_by_her_creatures():
    deck = [dummy("big", None, 1, zone="deck", element="Болота", cost=6),
            dummy("frog", None, 1, zone="deck", element="Болота", cost=4),
            dummy("elf", None, 1, zone="deck", element="Леса", cost=2)]
    g, L = setup(_ring(deck + [dummy("foe", "c5", 2)]), active=2)
    end_turn(g)
    s = seen(g, L, "frog")
    assert s["zone"] == "battlefield" and s["cell"] == "c2" and not s["closed"]
    assert g.cards[L["big"]].zone == "deck" and g.cards[L["elf"]].zone == "deck"


def test_vs2023_130_koroleva_topi_no_ringed_cell_no_summon():
    g, L = setup([pool("queen", "c3", 1, "vs2023-130-koroleva-topi"),
                  dummy("frog", None, 1, zone="deck", element="Болота", cost=4)], active=2)
    end_turn(g)
    assert g.cards[L["frog"]].zone == "deck"


def test_vs2023_130_koroleva_topi_prophecy_wounds_two_when_the_revealed_name_is_in_a_squad():
    g, L = setup([pool("queen", "c3", 1, "vs2023-130-koroleva-topi"), dummy("foe", "c5", 2, life=9),
                  dummy("twin", None, 1, zone="deck")])
    play(g, L, 1, act="ability", source="queen", ability=ability_index(g, L, "queen", "prophecy"),
         pick=choose(L["foe"]))
    assert seen(g, L, "foe")["wounds"] == 1
    g, L = setup([pool("queen", "c3", 1, "vs2023-130-koroleva-topi"), dummy("foe", "c5", 2, life=9),
                  pool("q2", None, 1, "vs2023-130-koroleva-topi", zone="deck")])
    play(g, L, 1, act="ability", source="queen", ability=ability_index(g, L, "queen", "prophecy"),
         pick=choose(L["foe"]))
    assert seen(g, L, "foe")["wounds"] == 2
