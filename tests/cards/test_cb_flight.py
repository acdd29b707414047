"""Cards of set1-rest that gain flight, lose or are granted abilities, or mark cards (helper cb): one test per
card, each ability played through the public API (legal actions -> apply -> view)."""
from tests.cards.kit import ability_index, declare_pick, dummy, play, pool, seen, setup


def test_vs2023_183_dozor_forrendora_shot_bonus_vs_flyers_and_takes_off_when_a_flyer_dies():
    g, L = setup([pool("d", "c2", 1, "vs2023-183-dozor-forrendora"), dummy("f", None, 2, life=2, flyer=True,
                                                                         move=None, zone="aux"),
                  dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="d", ability=ability_index(g, L, "d", "shot"), target="f",
         pick=declare_pick(g, L, "d"))
    assert seen(g, L, "f")["zone"] == "graveyard"  # 1 + 1 against a flyer = 2
    v = seen(g, L, "d")
    assert v["zone"] == "aux" and v["cell"] is None  # took off
    assert g.is_flyer(g.cards[L["d"]])
    g, L = setup([pool("d", "c2", 1, "vs2023-183-dozor-forrendora"), dummy("t", "c5", 2, life=9)])
    play(g, L, 1, act="ability", source="d", ability=ability_index(g, L, "d", "shot"), target="t")
    assert seen(g, L, "t")["wounds"] == 1  # no bonus against a ground creature
