"""Cards that copy abilities (copy_ability), played through the public API."""
from tests.cards.kit import dummy, end_turn, play, pool, seen, setup

ARMOUR_IN_FORMATION = [{"kw": "formation", "grants": [{"kw": "armour", "n": 2}]}]


def test_vs2023_026_anubisar_chains_wound_two_enemies_next_to_the_attacked_one():
    g, L = setup([pool("a", "c3", 1, "vs2023-026-anubisar"), dummy("t", "c4", 2, life=20, closed=True),
                  dummy("x", "b4", 2), dummy("y", "d5", 2), dummy("z", "a6", 2)], dice=[6])

    def pick(g2, legal):
        if g2.prompt["kind"] == "triggers":
            opts = [a for a in legal if sorted(a.get("targets") or []) == sorted([L["x"], L["y"]])]
            assert not [a for a in legal if L["z"] in (a.get("targets") or [])]  # not next to the attacked card
            return opts[0]
        return None
    play(g, L, 1, act="attack", source="a", target="t", pick=pick)
    assert seen(g, L, "t")["wounds"] == 5 and seen(g, L, "x")["wounds"] == 1 and seen(g, L, "y")["wounds"] == 1


def test_vs2023_026_anubisar_in_formation_has_the_formation_abilities_of_steppe_partners():
    shots = [{"kw": "shot", "n": 3, "cost": "tap"}]
    g, L = setup([pool("a", "c2", 1, "vs2023-026-anubisar"),
                  dummy("mate", "b2", 1, element="Степи", abilities=ARMOUR_IN_FORMATION),
                  dummy("s", "c5", 2, abilities=shots), dummy("s2", "d5", 2, abilities=shots)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 1  # the partner's "armour 2 in formation"
    g, L = setup([pool("a", "c2", 1, "vs2023-026-anubisar"),
                  dummy("mate", "b2", 1, element="Горы", abilities=ARMOUR_IN_FORMATION),
                  dummy("s", "c5", 2, abilities=shots)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 3  # not a Steppe creature: nothing copied


def test_vs2023_026_anubisar_copies_only_while_in_formation():
    shots = [{"kw": "shot", "n": 3, "cost": "tap"}]
    g, L = setup([pool("a", "c2", 1, "vs2023-026-anubisar"),
                  dummy("mate", "a1", 1, element="Степи", abilities=ARMOUR_IN_FORMATION),
                  dummy("s", "c5", 2, abilities=shots)], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="a")
    assert seen(g, L, "a")["wounds"] == 3


def test_vs2023_032_degaska_strong_strike_reveals_a_card_and_keeps_its_strong_strike_ability():
    strong_poison = [{"kw": "trigger", "when": "strikes", "attack": ["simple_strike"], "roles": ["attacker", "responder"],
                      "strength": ["strong"], "optional": False,
                      "effects": [{"kw": "poison", "n": 2, "target": "attacked"}]}]
    g, L = setup([pool("d", "c3", 1, "vs2023-032-degaska"), dummy("t", "c4", 2, life=30, closed=True),
                  dummy("t2", "d4", 2, life=30, closed=True),
                  dummy("plain", None, 1, zone="deck"), dummy("venom", None, 1, zone="deck", abilities=strong_poison)],
                 dice=[6, 6, 1])
    play(g, L, 1, act="attack", source="d", target="t")
    assert seen(g, L, "t")["wounds"] == 5 and not seen(g, L, "t")["markers"].get("poison")
    assert any(a.get("kw") == "trigger" for a in g.cards[L["d"]].acquired)
    assert any(e["type"] == "revealed" and e["card"] == L["venom"] for e in g.view(2)["log"])
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="d", target="t2")
    assert seen(g, L, "t2")["markers"].get("poison") == 2  # the copied "on a strong strike"


def test_vs2023_032_degaska_takes_one_less_from_ranged_attacks():
    g, L = setup([pool("d", "c3", 1, "vs2023-032-degaska"), dummy("s", "c6", 2, abilities=[
        {"kw": "shot", "n": 3, "cost": "tap"}])], active=2)
    play(g, L, 2, act="ability", source="s", ability=0, target="d")
    assert seen(g, L, "d")["wounds"] == 2
