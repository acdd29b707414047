"""Face-down targets [415.3] are reached exactly as open ones: position, range (with range bonuses) and side."""
from __future__ import annotations

from tests.helpers import card, game

DZAR = "Посвященный Дзара"   # discharge range 1; +1 range after it moves (a range_bonus until the end of turn)


def _dzar(cell: str) -> dict:
    """Посвящённый Дзара of player 1 on ``cell``, as printed (no override)."""
    return {"label": "dz", "card": DZAR, "owner": 1, "zone": "battlefield", "cell": cell}


def _discharges(g, labels, target_name: str) -> list[dict]:
    return [a for a in g.legal_actions(1) if a.get("act") == "ability" and a.get("source") == labels["dz"]
            and a.get("target") == target_name]


def _dzar_with_range_bonus(hidden: bool):
    g, labels = game([_dzar("c2"), card("foe", "c4", 2)])
    g.cards[labels["dz"]].acquired.append({"kw": "range_bonus", "n": 1, "applies_to": ["discharge"]})
    if hidden:
        g.state.turn_face_down(g.cards[labels["foe"]])
    return g, labels


def test_range_bonus_reaches_an_open_card_at_distance_two():
    g, labels = _dzar_with_range_bonus(hidden=False)
    assert _discharges(g, labels, labels["foe"])


def test_range_bonus_reaches_a_face_down_card_at_distance_two_as_it_reaches_an_open_one():
    g, labels = _dzar_with_range_bonus(hidden=True)
    assert _discharges(g, labels, "x-c4")


def test_a_face_down_card_beyond_the_bonus_range_is_not_a_target():
    g, labels = game([_dzar("c2"), card("foe", "c5", 2)])
    g.cards[labels["dz"]].acquired.append({"kw": "range_bonus", "n": 1, "applies_to": ["discharge"]})
    g.state.turn_face_down(g.cards[labels["foe"]])
    assert not _discharges(g, labels, "x-c5")
