"""Cards with a prophecy (пророчество): reveal the top of your deck, act on what it shows, the cards go
to the bottom. Played through the public API: legal actions, apply, view."""
from tests.cards.kit import ability_index, dummy, end_turn, play, pool, seen, settle, setup

SHOT2 = {"kw": "shot", "n": 2, "cost": "tap"}


def _deck(label, owner, cost, elite=False):
    return dummy(label, None, owner, cost=cost, elite=elite, zone="deck")


def test_vs2023_114_grezy_arhaalya_poisons_an_enemy_and_shields_a_friend_of_the_revealed_cost():
    g, L = setup([pool("a", "c2", 1, "vs2023-114-grezy-arhaalya"), dummy("f", "b2", 1, cost=4),
                  dummy("e3", "c4", 2, cost=4), dummy("e5", "d4", 2, cost=5),
                  _deck("top", 1, 4), _deck("next", 1, 6), dummy("s", "b6", 2, abilities=[SHOT2])])
    g.apply(1, {"act": "ability", "source": L["a"], "ability": ability_index(g, L, "a", "prophecy")})
    settle(g)
    assert seen(g, L, "e3")["markers"].get("poison") == 1 and not seen(g, L, "e5")["markers"].get("poison")
    assert sorted(g.decks[1]) == sorted([L["next"], L["top"]])  # the revealed card stays in the shuffled deck
    assert any(ev["type"] == "revealed" and ev["card"] == L["top"] for ev in g.events)
    end_turn(g)
    play(g, L, 2, act="ability", source="s", ability=0, target="f")  # the opponent's shot for 2 in its turn
    assert seen(g, L, "f")["wounds"] == 2 - 1


def test_vs2023_114_grezy_arhaalya_asks_which_creature_when_several_cost_x():
    g, L = setup([pool("a", "c2", 1, "vs2023-114-grezy-arhaalya"),
                  dummy("e1", "c4", 2, cost=4), dummy("e2", "d4", 2, cost=4), _deck("top", 1, 4)])
    g.apply(1, {"act": "ability", "source": L["a"], "ability": ability_index(g, L, "a", "prophecy")})
    for _ in range(6):
        if g.prompt["kind"] == "choice":
            break
        g.apply(g.to_act(), {"act": "pass"})
    assert g.prompt["kind"] == "choice" and g.prompt["what"] == "prophecy_target"
    assert set(g.prompt["items"]) == {L["e1"], L["e2"]}
    pick = {"act": "choose", "option": {"choice": g.prompt["items"].index(L["e2"])}}
    assert pick in g.legal_actions(1)
    g.apply(1, pick)
    settle(g)
    assert seen(g, L, "e2")["markers"].get("poison") == 1 and not seen(g, L, "e1")["markers"].get("poison")


def _troll(top, second, dice=(6,)):
    g, L = setup([pool("a", "c3", 1, "vs2023-132-dvuhgolovy-troll"), dummy("t", "c4", 2, life=30, closed=True),
                  _deck("d1", 1, 4, elite=top), _deck("d2", 1, 4, elite=second)], dice=list(dice))
    play(g, L, 1, act="attack", source="a", target="t")
    return g, L


def test_vs2023_132_dvuhgolovy_troll_two_elite_cards_wound_two_more():
    g, L = _troll(True, True)
    assert seen(g, L, "t")["wounds"] == 4 + 2 and not seen(g, L, "t")["markers"].get("poison")


def test_vs2023_132_dvuhgolovy_troll_two_regular_cards_poison_for_two():
    g, L = _troll(False, False)
    assert seen(g, L, "t")["wounds"] == 4 and seen(g, L, "t")["markers"].get("poison") == 2


def test_vs2023_132_dvuhgolovy_troll_mixed_cards_do_nothing_more():
    g, L = _troll(True, False)
    assert seen(g, L, "t")["wounds"] == 4 and not seen(g, L, "t")["markers"].get("poison")
