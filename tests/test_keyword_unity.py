"""unity (03 §4 ``unity`` [g-15]; docs/rules-decisions.md Unity): when the creature initiates an attack, X different
cheaper Unity-X creatures of its deck are revealed, it has their "on this attack" abilities for that attack, and
the deck is shuffled."""
from __future__ import annotations

from tests.cards.kit import settle
from tests.helpers import act, card, creature, game, pass_both

BONUS = {"kw": "trigger", "when": "strikes", "attack": ["simple_strike"], "optional": False,
         "effects": [{"kw": "wound", "n": 2, "target": "attacked"}]}


def _strike(deck_cards, n=1, cost=5):
    cards = [card("a", "c3", 1, override=creature(cost=cost, abilities=[{"kw": "unity", "n": n}])),
             card("t", "c4", 2, closed=True, override=creature(life=9))] + deck_cards
    g, L = game(cards)
    act(g, L, 1, act="attack", source="a", target="t")
    pass_both(g)
    settle(g)
    return g, L


def _bonus(n):
    return dict(BONUS, effects=[{"kw": "wound", "n": n, "target": "attacked"}])


def _ally(label, cost=3, n=1, abilities=None):
    return card(label, None, 1, zone="deck", override=creature(
        cost=cost, abilities=[{"kw": "unity", "n": n}] + list(abilities if abilities is not None else [BONUS])))


def test_a_revealed_unity_creature_lends_its_on_strike_ability_to_that_strike():
    g, L = _strike([_ally("u")])
    assert g.cards[L["t"]].wounds == 1 + 2
    assert any(ev.get("why") == "unity" and ev.get("card") == L["u"] for ev in g.events)


def test_the_borrowed_ability_lasts_only_for_that_attack():
    g, L = _strike([_ally("u")])
    assert not [a for a in g.cards[L["a"]].acquired if a.get("when") == "strikes"]


def test_no_reveal_without_x_different_cheaper_unity_creatures():
    g, L = _strike([_ally("u", cost=5)])
    assert g.cards[L["t"]].wounds == 1  # not cheaper than the attacker
    g, L = _strike([_ally("u"), _ally("v", abilities=[_bonus(3)])], n=2)
    assert g.cards[L["t"]].wounds == 1  # both have Unity 1, not Unity 2
    g, L = _strike([_ally("u", n=2), card("v", None, 1, zone="deck", name="Test u", override=creature(
        abilities=[{"kw": "unity", "n": 2}, _bonus(3)]))], n=2)
    assert g.cards[L["t"]].wounds == 1  # two cards of one name are not two different creatures
    g, L = _strike([_ally("u", n=2), _ally("v", n=2, abilities=[_bonus(3)])], n=2)
    assert g.cards[L["t"]].wounds == 1 + 2 + 3


def test_the_deck_is_shuffled_after_the_reveal():
    spares = [card(f"w{i}", None, 1, zone="deck") for i in range(8)]
    order = [f"w{i}" for i in range(8)]
    g, L = _strike(spares + [_ally("u")])
    assert [x for x in g.decks[1] if x != L["u"]] != [L[w] for w in order]
    g, L = _strike(spares + [_ally("u", cost=5)])  # nothing revealed: the deck keeps its order
    assert [x for x in g.decks[1] if x != L["u"]] == [L[w] for w in order]


def test_unity_text_in_both_languages():
    from engine.effects.keywords.unity import text
    assert "unity" in text({"kw": "unity", "n": 2}, "en") and "единение" in text({"kw": "unity", "n": 2}, "ru")


def test_a_shot_borrows_on_shot_abilities_only_for_that_shot():
    on_shot = dict(BONUS, attack=["shot"], effects=[{"kw": "wound", "n": 1, "target": "attacked"}])
    shooter = creature(cost=5, abilities=[{"kw": "unity", "n": 1},
                                          {"kw": "shot", "strike": [2, 2, 2], "range": None, "cost": "tap"}])
    g, L = game([card("s", "c2", 1, override=shooter), card("t", "c5", 2, override=creature(life=9)),
                 _ally("u", abilities=[on_shot, BONUS])])
    act(g, L, 1, act="shoot", source="s", target="t")
    pass_both(g)
    settle(g)
    assert g.cards[L["t"]].wounds == 2 + 1  # its on-simple-strike ability is not borrowed for a shot
    assert not [a for a in g.cards[L["s"]].acquired if a.get("when") == "strikes"]
