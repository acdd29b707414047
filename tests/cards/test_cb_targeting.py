"""Cards of set1-rest that change who may be attacked and how (helper cb): ranged taunts, strikes at range, at
flyers, wounds not taken. One test per card, through the public API."""
from tests.cards.kit import ability_index, dummy, end_turn, play, pool, seen, setup

SHOOTER = [{"kw": "shot", "n": 1, "range": 2, "cost": "tap"}, {"kw": "throw", "n": 1, "range": 2, "cost": "tap"},
           {"kw": "discharge", "n": 1, "range": 2, "cost": "tap"}]


def _aims(g, L, label, ability):
    return {a.get("target") for a in g.legal_actions(g.active) if a["act"] == "ability"
            and a["source"] == L[label] and a["ability"] == ability}


def test_vs2023_088_rezchik_idolov_draws_shots_and_throws_while_next_to_an_enemy():
    g, L = setup([pool("r", "a1", 1, "vs2023-088-rezchik-idolov"), dummy("f", "c5", 1), dummy("e", "a2", 2),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 0) == {L["r"]} and _aims(g, L, "s", 1) == {L["r"]}  # any range, only it
    assert L["f"] in _aims(g, L, "s", 2)  # not discharges
    play(g, L, 2, act="ability", source="s", ability=0, target="r")
    assert seen(g, L, "r")["wounds"] == 1
    g, L = setup([pool("r", "a1", 1, "vs2023-088-rezchik-idolov"), dummy("f", "c5", 1),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert L["f"] in _aims(g, L, "s", 0) and L["r"] not in _aims(g, L, "s", 0)  # no enemy next to it


def test_vs2023_167_mertsayushchiy_zmey_draws_every_shot_and_throw():
    g, L = setup([pool("z", None, 1, "vs2023-167-mertsayushchiy-zmey", zone="aux"), dummy("f", "c5", 1),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 0) == {L["z"]} and _aims(g, L, "s", 1) == {L["z"]}
    assert L["f"] in _aims(g, L, "s", 2)


def test_vs2023_060_argvald_draws_discharges_gains_tokens_and_spends_them_on_a_magic_strike():
    g, L = setup([pool("a", "a1", 1, "vs2023-060-argvald"), dummy("f", "c5", 1), dummy("e", "a2", 2, life=12),
                  dummy("s", "c6", 2, abilities=SHOOTER)], active=2)
    assert _aims(g, L, "s", 2) == {L["a"]} and L["f"] in _aims(g, L, "s", 0)
    play(g, L, 2, act="ability", source="s", ability=2, target="a")
    assert seen(g, L, "a")["tokens"] == 1 and seen(g, L, "a")["wounds"] == 1
    end_turn(g)
    play(g, L, 1, act="ability", source="a", ability=ability_index(g, L, "a", "magic_strike"), target="e")
    assert seen(g, L, "e")["wounds"] == 3 and seen(g, L, "a")["tokens"] == 0  # 2 + 1 token, all spent
