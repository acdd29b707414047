"""A heal replacement (heal_replacement) [419], engine/effects/keywords/heal_replacement.py: while its condition
holds, a heal it would receive may become its effects instead, asked inside the healing entry (no queue), within
its limit."""
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.cards.kit import settle
from tests.helpers import act, card, creature, game

SWAP = normalize_ability({"kw": "heal_replacement", "condition": [{"p": "unwounded"}], "limit": "once per turn",
                          "effects": [{"kw": "additional_life", "n": {"per": "event_heal"}, "target": "self"}]})
HEAL = [{"kw": "heal", "n": 2, "target": {"choose": "creature", "side": "friendly"}, "cost": "tap"}]


def _game(wounds=0):
    return game([card("x", "c2", 1, override=creature(abilities=[SWAP]), wounds=wounds),
                 card("h", "b2", 1, override=creature(abilities=HEAL))])


def test_it_fits_the_vocabulary():
    assert check_ability(SWAP) == []


def test_the_replacement_is_asked_inside_the_healing_entry_not_queued_and_reads_the_heal_amount():
    g, L = _game()
    act(g, L, 1, act="ability", source="h", ability=0, target="x")
    kinds = []

    def pick(g2, legal):
        kinds.append(g2.prompt["kind"])
        return None
    settle(g, pick)
    assert "choice" in kinds and "triggers" not in kinds
    assert g.cards[L["x"]].markers.get("additional_life") == 2 and g.queue == []


def test_when_the_condition_fails_it_is_a_plain_heal():
    g, L = _game(wounds=3)
    act(g, L, 1, act="ability", source="h", ability=0, target="x")
    settle(g)
    assert g.cards[L["x"]].wounds == 1 and not g.cards[L["x"]].markers.get("additional_life")


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(SWAP, "en").startswith("Whenever it is to be healed (while it has no wounds), it may instead")
    assert "вместо этого она может" in ability_text(SWAP, "ru")
