"""Copying abilities (copy_ability) [407], engine/effects/keywords/copy_ability.py: formation partners' formation
abilities while in formation; a deck card's "on a strong strike" triggers."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from engine.rules.grants import kws
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

COPY = normalize_ability({"kw": "formation", "grants": [{"kw": "copy_ability", "from": "formation_partners"}]})
REVEAL = normalize_ability({"kw": "action", "cost": "tap", "effects": [{"kw": "copy_ability", "from": "deck_reveal"}]})
STRONG = {"kw": "trigger", "when": "strikes", "attack": ["simple_strike"], "strength": ["strong"], "optional": False,
          "effects": [{"kw": "gain_token", "n": 1, "target": "self"}]}


def test_it_fits_the_vocabulary():
    assert check_ability(COPY) == [] and check_ability(REVEAL) == []


def test_a_partners_formation_grants_count_for_the_copier_while_in_formation():
    mate = creature(abilities=[{"kw": "formation", "grants": [{"kw": "regeneration", "n": 2}]}])
    g, L = game([card("a", "c2", 1, override=creature(abilities=[COPY])), card("m", "b2", 1, override=mate)])
    assert kws(g.state, g.cards[L["a"]], "regeneration")
    g, L = game([card("a", "c2", 1, override=creature(abilities=[COPY])), card("m", "a1", 1, override=mate)])
    assert not kws(g.state, g.cards[L["a"]], "regeneration")


def test_the_deck_reveal_gives_the_strong_strike_trigger_and_names_are_not_repeated():
    g, L = game([card("a", "c2", 1, override=creature(abilities=[REVEAL])),
                 card("d1", None, 1, zone="deck", override=creature(abilities=[STRONG])),
                 card("d2", None, 1, zone="deck", override=creature())])
    act(g, L, 1, act="ability", source="a", ability=0)
    settle(g)
    a = g.cards[L["a"]]
    assert [x["when"] for x in a.acquired if x.get("kw") == "trigger"] == ["strikes"]
    assert a.used.get("copied_names") == ["Test d1"]


def test_the_catalogue_says_it_in_both_languages():
    assert "formation abilities of every creature" in ability_text(COPY, "en")
    assert "способности строя" in ability_text(COPY, "ru")
    assert "reveal from your deck a creature card" in ability_text(REVEAL, "en")
