"""Cards that combine keywords (flight, lose_abilities, grant_abilities) with others (incarnation,
prophecy, relocate, starts_with_additional_life), played through the public API."""
from engine import Game
from tests.cards.kit import ability_index, choose, declare_pick, dummy, end_turn, play, pool, prompt_kinds, seen, setup
from tests.helpers import creature


def _both(*picks):
    return lambda g, legal: next((a for a in (p(g, legal) for p in picks) if a), None)


def test_vs2023_137_vestnik_mora_incarnates_and_takes_flight():
    g, L = setup([pool("h", None, 1, "vs2023-137-vestnik-mora", zone="graveyard", tokens=2),
                  dummy("foe", "c5", 2)], active=2)
    end_turn(g, pick=choose("b1"))
    h = seen(g, L, "h")
    assert h["zone"] == "aux" and g.is_flyer(g.cards[L["h"]])


def test_vs2023_054_iskatel_tayn_an_elite_revealed_card_lets_it_fly_with_plus_one_and_no_abilities():
    g, L = setup([pool("s", "c2", 1, "vs2023-054-iskatel-tayn"), dummy("foe", "c5", 2, life=9, closed=True),
                  dummy("top", None, 1, zone="deck", elite=True)], active=2, dice=[1])
    end_turn(g, pick=choose("yes"))
    s = g.cards[L["s"]]
    assert s.zone == "aux" and g.is_flyer(s)
    assert not [a for a in g.legal_actions(1) if a.get("source") == s.id and a["act"] == "ability"
                and a.get("ability") == 0]  # its printed discharge is lost
    play(g, L, 1, act="attack", source="s", target="foe")  # from the air, far away: die 1, weak 1 + 1
    assert seen(g, L, "foe")["wounds"] == 2


def test_vs2023_054_iskatel_tayn_may_decline_and_a_regular_card_offers_nothing():
    g, L = setup([pool("s", "c2", 1, "vs2023-054-iskatel-tayn"), dummy("foe", "c5", 2),
                  dummy("top", None, 1, zone="deck", elite=True)], active=2)
    end_turn(g, pick=choose("no"))
    assert seen(g, L, "s")["cell"] == "c2"
    g, L = setup([pool("s", "c2", 1, "vs2023-054-iskatel-tayn"), dummy("foe", "c5", 2),
                  dummy("top", None, 1, zone="deck")], active=2)
    kinds = []
    end_turn(g, pick=lambda g2, legal: kinds.append(g2.prompt.get("what")) or None)
    assert "prophecy_optional" not in kinds and seen(g, L, "s")["cell"] == "c2"


def test_vs2023_054_iskatel_tayn_discharge_range_3():
    g, L = setup([pool("s", "c2", 1, "vs2023-054-iskatel-tayn"), dummy("foe", "c5", 2), dummy("far", "c6", 2)])
    targets = {a.get("target") for a in g.legal_actions(1) if a.get("source") == L["s"] and a["act"] == "ability"}
    assert L["foe"] in targets and L["far"] not in targets


def _hammer(refuse=False, blocked=False, dice=(6,)):
    cards = [pool("h", "c3", 1, "vs2023-058-molotoboets"), dummy("foe", "c4", 2, life=20, closed=True)]
    if blocked:
        cards.append(dummy("wall", "c5", 2))
    g, L = setup(cards, dice=list(dice))
    pick = _both(declare_pick(g, L, "h"), choose("refuse" if refuse else L["foe"]))
    play(g, L, 1, act="attack", source="h", target="foe", pick=pick)
    return g, L


def test_vs2023_058_molotoboets_hammer_blow_knocks_the_target_one_cell_on():
    g, L = _hammer()
    assert seen(g, L, "foe")["cell"] == "c5" and seen(g, L, "foe")["wounds"] == 3


def test_vs2023_058_molotoboets_refused_or_blocked_the_target_takes_two_more():
    g, L = _hammer(refuse=True)
    assert seen(g, L, "foe")["cell"] == "c4" and seen(g, L, "foe")["wounds"] == 5
    g, L = _hammer(blocked=True)
    assert seen(g, L, "foe")["cell"] == "c4" and seen(g, L, "foe")["wounds"] == 5


def _molotoboets_defender_asked(gained: bool) -> bool:
    """Молотобоец (c3) gains its directed strike or not, then in its next turn strikes an open enemy on c4 while
    another stands on d4, next to both (its optional hammer blow declined); True when a defender is asked for."""
    g, L = setup([pool("h", "c3", 1, "vs2023-058-molotoboets"), dummy("t", "c4", 2, life=30),
                  dummy("d", "d4", 2, life=30)], dice=[3, 3])
    if gained:
        play(g, L, 1, act="ability", source="h", ability=ability_index(g, L, "h", "grant_abilities"))
    end_turn(g)
    end_turn(g)
    play(g, L, 1, act="attack", source="h", target="t", settle_after=False)
    decline = lambda g2, legal: {"act": "pass"} if g2.prompt["kind"] == "triggers" and {"act": "pass"} in legal \
        else None
    return "defender" in prompt_kinds(g, pick=decline)


def test_vs2023_058_molotoboets_tap_gains_a_directed_strike():
    assert not _molotoboets_defender_asked(gained=True)
    assert _molotoboets_defender_asked(gained=False)


def test_vs2023_090_dverg_fly_agaric_spirit_gives_a_magic_strike_of_its_strike_plus_one():
    g, L = setup([pool("d", "a1", 1, "vs2023-090-dverg"), dummy("f", "c3", 1, strike=(1, 2, 3)),
                  dummy("foe", "c4", 2, life=20)], dice=[6])
    play(g, L, 1, act="ability", source="d", ability=ability_index(g, L, "d", "grant_abilities"), target="f")
    i = ability_index(g, L, "f", "magic_strike")
    play(g, L, 1, act="ability", source="f", ability=i, target="foe")
    assert seen(g, L, "foe")["wounds"] == 4  # strong: its 3 + 1
    assert not [a for a in g.legal_actions(1) if a.get("source") == L["f"] and a.get("ability") == i]


def test_vs2023_090_dverg_starts_with_three_additional_life_when_second():
    cards = [{"label": "a", "card": "Test a", "owner": 1, "zone": "deck", "override": creature()},
             {"label": "d", "card": "vs2023-090-dverg", "owner": 2, "zone": "deck"}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    g.apply(1, {"act": "choose", "option": {"first": 1}})
    for _ in range(40):
        pr = g.prompt
        if pr is None or g.phase == "main":
            break
        legal = g.legal_actions(pr["player"])
        act = next((a for a in legal if isinstance(a.get("option"), dict) and "recruit" in a["option"]), None) or \
            next((a for a in legal if a.get("option") in ("keep", "done")), None) or \
            next((a for a in legal if a.get("act") == "pass"), None) or legal[0]
        g.apply(pr["player"], act)
    assert g.cards[L["d"]].markers.get("additional_life") == 3
