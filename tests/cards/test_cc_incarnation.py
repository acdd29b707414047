"""Cards with Incarnation (инкарнация) and incarnation tokens, played through the public API."""
from tests.cards.kit import ability_index, choose, dummy, end_turn, play, pool, seen, setup


def test_vs2023_141_morovoy_vsadnik_incarnates_open_at_three_tokens_with_experience_and_strike():
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2),
                  dummy("foe", "c2", 2, life=20, closed=True)], active=2, dice=[2])
    end_turn(g, pick=choose("c1"))
    r = seen(g, L, "r")
    assert r["zone"] == "battlefield" and r["cell"] == "c1" and not r["closed"] and r["tokens"] == 0
    assert r["markers"].get("incarnation") == 1
    play(g, L, 1, act="attack", source="r", target="foe")  # die 2 + 2 experience: medium 3, + 2
    assert seen(g, L, "foe")["wounds"] == 5


def test_vs2023_141_morovoy_vsadnik_below_three_tokens_it_only_gains_one():
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=1)], active=2)
    end_turn(g)
    assert g.cards[L["r"]].zone == "graveyard" and g.cards[L["r"]].tokens == 2


def test_vs2023_141_morovoy_vsadnik_dying_after_incarnating_it_loses_incarnation():
    zap = [{"kw": "discharge", "n": 9, "cost": "tap"}]
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2),
                  dummy("mage", "c6", 2, abilities=zap)], active=2)
    end_turn(g, pick=choose("c1"))
    end_turn(g)  # player 2's turn
    play(g, L, 2, act="ability", source="mage", ability=0, target="r")
    assert g.cards[L["r"]].zone == "graveyard"
    for _ in range(4):
        end_turn(g)
    assert g.cards[L["r"]].zone == "graveyard" and g.cards[L["r"]].tokens == 0


def test_vs2023_149_talion_a_strong_strike_puts_an_incarnation_token_on_a_graveyard_creature():
    g, L = setup([pool("t", "c3", 1, "vs2023-149-talion"), dummy("foe", "c4", 2, life=20, closed=True),
                  pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=1),
                  dummy("other", None, 1, zone="graveyard")], dice=[6])
    play(g, L, 1, act="attack", source="t", target="foe", pick=choose(L["r"]))
    assert seen(g, L, "foe")["wounds"] == 5
    assert g.cards[L["r"]].tokens == 2 and g.cards[L["other"]].tokens == 0


def test_vs2023_149_talion_the_token_that_completes_an_incarnation_brings_the_card_back():
    g, L = setup([pool("t", "c3", 1, "vs2023-149-talion"), dummy("foe", "c4", 2, life=20, closed=True),
                  pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2)], dice=[6])
    play(g, L, 1, act="attack", source="t", target="foe", pick=choose("a1"))
    assert seen(g, L, "r")["cell"] == "a1"


def test_vs2023_164_poganishche_grave_grip_wounds_as_many_cards_as_it_has_tokens():
    g, L = setup([pool("t", "c3", 1, "vs2023-149-talion"), dummy("foe", "c4", 2, life=20, closed=True),
                  dummy("x", "a5", 2), dummy("y", "b5", 2),
                  pool("p", None, 1, "vs2023-164-poganishche", zone="graveyard", tokens=1)], dice=[6])

    def pick(g2, legal):
        pr = g2.prompt
        if pr["kind"] == "triggers":
            return next((a for a in legal if a.get("targets") and sorted(a["targets"]) == sorted([L["x"], L["y"]])),
                        None)
        return None
    play(g, L, 1, act="attack", source="t", target="foe", pick=pick)
    assert g.cards[L["p"]].tokens == 2
    assert seen(g, L, "x")["wounds"] == 1 and seen(g, L, "y")["wounds"] == 1


def test_vs2023_164_poganishche_incarnates_closed_at_three():
    g, L = setup([pool("p", None, 1, "vs2023-164-poganishche", zone="graveyard", tokens=2),
                  dummy("foe", "c5", 2)], active=2)
    end_turn(g, pick=choose("b1"))
    p = seen(g, L, "p")
    assert p["cell"] == "b1" and p["closed"]
    # grave grip (3 tokens as it received the third): exactly three cards, the card itself excluded
    assert sum(seen(g, L, x)["wounds"] for x in ("foe", "p1_spare", "p2_spare")) == 3 and p["wounds"] == 0


def _lilit(top, yard=(), dice=()):
    return setup([pool("l", "c2", 1, "vs2023-160-lilit-i-eyderik"), dummy("foe", "c5", 2),
                  dummy("demon", "b2", 1, strike=(1, 2, 3), classes=["демон"]), top] + list(yard), active=2,
                 dice=list(dice))


def test_vs2023_160_lilit_i_eyderik_a_milled_demon_gives_an_undead_in_the_graveyard_an_incarnation_token():
    top = dummy("top", None, 1, zone="deck", classes=["демон"])
    g, L = _lilit(top, [pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard")])
    end_turn(g, pick=choose(L["r"]))
    assert g.cards[L["top"]].zone == "graveyard" and g.graveyards[1][0] == L["top"]
    assert g.cards[L["r"]].tokens == 2  # its own turn-start token and Lilit's
    assert not any(a.get("kw") == "attack_exp" for a in g.cards[L["demon"]].acquired)


def test_vs2023_160_lilit_i_eyderik_a_milled_undead_strengthens_your_demons_until_the_end_of_the_turn():
    top = dummy("top", None, 1, zone="deck", classes=["нежить"])
    g, L = _lilit(top, [dummy("x", "b3", 2, life=20, closed=True)], dice=[5, 5])
    end_turn(g)
    play(g, L, 1, act="attack", source="demon", target="x")  # die 5 + 1 experience: strong 3, + 1
    assert seen(g, L, "x")["wounds"] == 4
    play(g, L, 1, act="attack", source="l", target="x")  # it is a Demon too: strong 3, + 1
    assert seen(g, L, "x")["wounds"] == 4 + 4
    end_turn(g)
    assert not g.cards[L["demon"]].acquired


def test_vs2023_160_lilit_i_eyderik_a_card_both_demon_and_undead_does_both():
    top = dummy("top", None, 1, zone="deck", classes=["демон", "нежить"])
    g, L = _lilit(top, [pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard")])
    end_turn(g, pick=choose(L["r"]))
    assert g.cards[L["r"]].tokens == 2 and any(a["kw"] == "attack_exp" for a in g.cards[L["demon"]].acquired)


def test_vs2023_160_lilit_i_eyderik_discharge_and_throw_at_two_different_cards():
    g, L = setup([pool("l", "c2", 1, "vs2023-160-lilit-i-eyderik"), dummy("a", "c5", 2), dummy("b", "d5", 2)])
    i = ability_index(g, L, "l", "action")
    offers = [a["targets"] for a in g.legal_actions(1) if a.get("source") == L["l"] and a.get("ability") == i]
    assert [L["a"], L["b"]] in offers and [L["a"], L["a"]] not in offers
    play(g, L, 1, act="ability", source="l", ability=i, targets=["a", "b"])
    assert seen(g, L, "a")["wounds"] == 1 and seen(g, L, "b")["wounds"] == 1


def test_vs2023_161_skeletny_cherv_tremor_marker_moves_and_it_incarnates_onto_it_destroying_what_stands_there():
    zap = [{"kw": "discharge", "n": 20, "cost": "tap"}]
    g, L = setup([pool("w", "c2", 1, "vs2023-161-skeletny-cherv"), dummy("mage", "c6", 2, abilities=zap),
                  dummy("sitter", "b4", 2), dummy("near", "b5", 2, life=9), dummy("mine", "a3", 1, life=9)],
                 active=2)

    def declare_at(cell):
        def pick(g2, legal):
            if g2.prompt["kind"] == "triggers":
                return next((a for a in legal if a.get("source") == L["w"] and a.get("to") == cell), None)
            return None
        return pick
    play(g, L, 2, act="ability", source="mage", ability=0, target="w", pick=declare_at("b3"))
    assert g.cards[L["w"]].zone == "graveyard"
    assert g.view(1).get("cells", {}).get("b3", {}).get("tremor") or any(
        e.get("marker") == "tremor" and e.get("cell") == "b3" for e in g.effects)
    end_turn(g)  # player 1: token 1
    # player 2's turn starts: the worm's owner may move the tremor one cell (b3 -> b4, where 'sitter' stands)
    end_turn(g, pick=lambda g2, legal: choose("b4")(g2, legal) or next(
        (a for a in legal if g2.prompt["kind"] == "triggers" and a.get("act") == "declare"
         and a.get("source") == L["w"]), None))
    assert any(e.get("marker") == "tremor" and e.get("cell") == "b4" for e in g.effects)
    for _ in range(5):  # tokens 2, 3, 4 at player 1's turn starts (player 2 declines the moves)
        end_turn(g, pick=lambda g2, legal: {"act": "pass"} if g2.prompt["kind"] == "triggers" and any(
            a.get("act") == "pass" for a in legal) and g2.prompt["player"] == 1 and g2.active == 2 else None)
    w = seen(g, L, "w")
    assert w["zone"] == "battlefield" and w["cell"] == "b4" and not w["closed"]
    assert g.cards[L["sitter"]].zone == "graveyard"
    assert seen(g, L, "near")["wounds"] == 1 and seen(g, L, "mine")["wounds"] == 1  # every card next to it
    assert not any(e.get("marker") == "tremor" for e in g.effects)


def test_vs2023_164_poganishche_grave_grip_names_exactly_x_cards():
    g, L = setup([pool("t", "c3", 1, "vs2023-149-talion"), dummy("foe", "c4", 2, life=20, closed=True),
                  dummy("x", "a5", 2), dummy("y", "b5", 2),
                  pool("p", None, 1, "vs2023-164-poganishche", zone="graveyard", tokens=1)], dice=[6])
    offered = []

    def pick(g2, legal):
        if g2.prompt["kind"] == "triggers" and any(a.get("targets") for a in legal):
            offered.extend(a["targets"] for a in legal if a.get("targets"))
        return None
    play(g, L, 1, act="attack", source="t", target="foe", pick=pick)
    assert offered and all(len(t) == 2 for t in offered)  # 2 tokens: exactly two cards
