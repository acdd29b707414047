"""Cards of helper cc with Incarnation (инкарнация) and incarnation tokens, played through the public API."""
from tests.cards.kit import dummy, end_turn, play, pool, seen, setup


def _choose(item):
    def pick(g, legal):
        pr = g.prompt
        if pr["kind"] == "choice" and item in (pr.get("items") or []):
            return {"act": "choose", "option": {"choice": pr["items"].index(item)}}
        return None
    return pick


def test_vs2023_141_morovoy_vsadnik_incarnates_open_at_three_tokens_with_experience_and_strike():
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2),
                  dummy("foe", "c4", 2, life=20, closed=True)], active=2, dice=[6])
    end_turn(g, pick=_choose("c1"))
    r = seen(g, L, "r")
    assert r["zone"] == "battlefield" and r["cell"] == "c1" and not r["closed"] and r["tokens"] == 0
    assert r["markers"].get("incarnation") == 1
    kws = {a["kw"] for a in g.cards[L["r"]].acquired}
    assert {"attack_exp", "strike_bonus"} <= kws


def test_vs2023_141_morovoy_vsadnik_below_three_tokens_it_only_gains_one():
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=1)], active=2)
    end_turn(g)
    assert g.cards[L["r"]].zone == "graveyard" and g.cards[L["r"]].tokens == 2


def test_vs2023_141_morovoy_vsadnik_dying_after_incarnating_it_loses_incarnation():
    zap = [{"kw": "discharge", "n": 9, "cost": "tap"}]
    g, L = setup([pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2),
                  dummy("mage", "c6", 2, abilities=zap)], active=2)
    end_turn(g, pick=_choose("c1"))
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
    play(g, L, 1, act="attack", source="t", target="foe", pick=_choose(L["r"]))
    assert seen(g, L, "foe")["wounds"] == 5
    assert g.cards[L["r"]].tokens == 2 and g.cards[L["other"]].tokens == 0


def test_vs2023_149_talion_the_token_that_completes_an_incarnation_brings_the_card_back():
    g, L = setup([pool("t", "c3", 1, "vs2023-149-talion"), dummy("foe", "c4", 2, life=20, closed=True),
                  pool("r", None, 1, "vs2023-141-morovoy-vsadnik", zone="graveyard", tokens=2)], dice=[6])
    play(g, L, 1, act="attack", source="t", target="foe", pick=_choose("a1"))
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
    end_turn(g, pick=_choose("b1"))
    p = seen(g, L, "p")
    assert p["cell"] == "b1" and p["closed"]
    # grave grip (3 tokens as it received the third): the default answer names one card; the card itself is excluded
    assert sum(seen(g, L, x)["wounds"] for x in ("foe", "p1_spare", "p2_spare")) == 1 and p["wounds"] == 0
