"""Keyword ``no_attack`` (engine/effects/keywords/no_attack.py): the target may declare no attack until the
duration ends, but may still move; the text."""
from engine.catalogue import ability_text
from tests.cards.kit import dummy, end_turn, play, setup

SHOT = [{"kw": "shot", "n": 1, "cost": "tap"}]
SELF = [{"kw": "action", "effects": [{"kw": "no_attack", "target": "self", "until": "end_of_turn"}],
         "cost": {"tap": False, "tokens": 0}, "sudden": False, "limit": None}]


def _attacks(g, L, p, label):
    return [x for x in g.legal_actions(p) if x.get("source") == L[label]
            and (x["act"] == "attack" or x.get("ability") == 0)]


def test_no_attack_offers_no_attack_while_it_holds_but_moving_stays_legal():
    g, L = setup([dummy("t", "c4", 2, abilities=SHOT + SELF), dummy("x", "c3", 1)], active=2)
    assert _attacks(g, L, 2, "t")
    play(g, L, 2, act="ability", source="t", ability=1)
    assert not _attacks(g, L, 2, "t")
    assert [x for x in g.legal_actions(2) if x.get("source") == L["t"] and x["act"] == "move"]


def test_no_attack_ends_with_its_duration():
    g, L = setup([dummy("t", "c4", 2, abilities=SHOT + SELF), dummy("x", "c3", 1)], active=2)
    play(g, L, 2, act="ability", source="t", ability=1)
    end_turn(g)
    end_turn(g)
    assert _attacks(g, L, 2, "t")


def test_no_attack_text():
    e = {"kw": "no_attack", "target": "same_target", "until": "end_of_turn"}
    assert "cannot attack until the end of the turn" in ability_text(e, "en")
    assert "не может атаковать" in ability_text(e, "ru")
