"""Cards with a heal replacement (heal_replacement), played through the public API."""
from tests.cards.kit import declare_pick, dummy, play, pool, prompt_kinds, seen, setup

HEAL2 = [{"kw": "heal", "n": 2, "target": {"choose": "creature", "side": "friendly"}, "cost": "tap"}]
FULL = [{"kw": "heal", "n": "full", "target": {"choose": "creature", "side": "friendly"}, "cost": "tap"}]


def test_vs2023_081_vozhak_satirov_a_heal_while_unwounded_may_become_that_many_wounds_next_to_it():
    g, L = setup([pool("s", "c3", 1, "vs2023-081-vozhak-satirov"), dummy("h", "a1", 1, abilities=HEAL2),
                  dummy("foe", "c4", 2, life=9), dummy("far", "a6", 2)])
    play(g, L, 1, act="ability", source="h", ability=0, target="s", pick=declare_pick(g, L, "s", "foe"))
    assert seen(g, L, "foe")["wounds"] == 2 and seen(g, L, "far")["wounds"] == 0


def test_vs2023_081_vozhak_satirov_may_decline_and_at_most_three_times_per_turn():
    healers = [dummy(f"h{k}", c, 1, abilities=HEAL2) for k, c in enumerate(("a1", "b1", "c1", "d1"))]
    g, L = setup([pool("s", "c3", 1, "vs2023-081-vozhak-satirov"), dummy("foe", "c4", 2, life=20)] + healers)
    play(g, L, 1, act="ability", source="h0", ability=0, target="s",
         pick=lambda g2, legal: {"act": "choose", "option": {"choice": 1}}  # "no" inside the healing entry [419]
         if g2.prompt["kind"] == "choice" and g2.prompt.get("what") == "heal_replacement" else None)
    assert seen(g, L, "foe")["wounds"] == 0  # declined: the use is kept
    for h in ("h1", "h2", "h3"):
        play(g, L, 1, act="ability", source=h, ability=0, target="s", pick=declare_pick(g, L, "s", "foe"))
    assert seen(g, L, "foe")["wounds"] == 6
    g2, L2 = setup([pool("s", "c3", 1, "vs2023-081-vozhak-satirov"), dummy("foe", "c4", 2, life=20)] + healers)
    for h in ("h0", "h1", "h2", "h3"):
        play(g2, L2, 1, act="ability", source=h, ability=0, target="s", pick=declare_pick(g2, L2, "s", "foe"))
    assert seen(g2, L2, "foe")["wounds"] == 6  # the fourth heal is a plain heal


def test_vs2023_081_vozhak_satirov_a_wounded_satyr_is_simply_healed():
    g, L = setup([pool("s", "c3", 1, "vs2023-081-vozhak-satirov", wounds=3), dummy("h", "a1", 1, abilities=HEAL2),
                  dummy("foe", "c4", 2, life=9)])
    play(g, L, 1, act="ability", source="h", ability=0, target="s")
    assert seen(g, L, "s")["wounds"] == 1 and seen(g, L, "foe")["wounds"] == 0


def test_vs2023_081_vozhak_satirov_takes_one_less_from_flyers():
    fly = dummy("f", None, 2, flyer=True, move=None, abilities=[{"kw": "shot", "n": 3, "cost": "tap"}])
    g, L = setup([pool("s", "c3", 1, "vs2023-081-vozhak-satirov"), fly,
                  dummy("g", "c6", 2, abilities=[{"kw": "shot", "n": 3, "cost": "tap"}])], active=2)
    play(g, L, 2, act="ability", source="f", ability=0, target="s")
    assert seen(g, L, "s")["wounds"] == 2
    play(g, L, 2, act="ability", source="g", ability=0, target="s")
    assert seen(g, L, "s")["wounds"] == 5


def test_vs2023_083_serk_a_heal_while_unwounded_may_open_it_instead_once_per_turn():
    g, L = setup([pool("s", "c3", 1, "vs2023-083-serk", closed=True), dummy("h", "a1", 1, abilities=HEAL2),
                  dummy("h2", "b1", 1, abilities=FULL), dummy("foe", "c5", 2)])
    play(g, L, 1, act="ability", source="h", ability=0, target="s", pick=declare_pick(g, L, "s"))
    assert not seen(g, L, "s")["closed"]
    g.apply(1, {"act": "ability", "source": L["h2"], "ability": 0, "target": L["s"]})
    assert "triggers" not in prompt_kinds(g)  # once per turn: the second heal offers nothing


def test_vs2023_083_serk_takes_one_less_from_creatures_with_movement_two():
    g, L = setup([pool("s", "c3", 1, "vs2023-083-serk"),
                  dummy("fast", "c6", 2, move=2, abilities=[{"kw": "shot", "n": 3, "cost": "tap"}]),
                  dummy("slow", "d6", 2, move=1, abilities=[{"kw": "shot", "n": 3, "cost": "tap"}])], active=2)
    play(g, L, 2, act="ability", source="fast", ability=0, target="s")
    assert seen(g, L, "s")["wounds"] == 2
    play(g, L, 2, act="ability", source="slow", ability=0, target="s")
    assert seen(g, L, "s")["wounds"] == 5
