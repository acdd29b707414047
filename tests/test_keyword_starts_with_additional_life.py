"""Starts the battle with additional life (starts_with_additional_life) [g-77, 204.2],
engine/effects/keywords/starts_with_additional_life.py: applied at the start of the battle, when its condition holds."""
from engine import Game
from engine.catalogue import ability_text
from engine.cards.vocab import check_ability, normalize_ability
from tests.helpers import creature
from tests.prelim_util import choose

LIFE = normalize_ability({"kw": "starts_with_additional_life", "n": 2})
SECOND = normalize_ability({"kw": "starts_with_additional_life", "n": 1, "condition": [{"p": "second_player"}]})


def _battle(ability):
    cards = [{"label": "a", "card": "Test a", "owner": 1, "zone": "deck", "override": creature(abilities=[ability])},
             {"label": "b", "card": "Test b", "owner": 2, "zone": "deck", "override": creature(abilities=[ability])}]
    g, L = Game.from_scenario({"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards},
                               "steps": []})
    choose(g, 1, {"first": 1})
    for _ in range(40):
        pr = g.prompt
        if pr is None or g.phase == "main":
            break
        legal = g.legal_actions(pr["player"])
        act = next((a for a in legal if isinstance(a.get("option"), dict) and "recruit" in a["option"]), None) or \
            next((a for a in legal if a.get("option") in ("keep", "done")), None) or \
            next((a for a in legal if a.get("act") == "pass"), None) or legal[0]
        g.apply(pr["player"], act)
    return g, L


def test_it_fits_the_vocabulary():
    assert check_ability(LIFE) == [] and check_ability(SECOND) == []


def test_both_cards_start_the_battle_with_the_life():
    g, L = _battle(LIFE)
    assert g.phase == "main"
    assert g.cards[L["a"]].markers.get("additional_life") == 2 and g.cards[L["b"]].markers.get("additional_life") == 2


def test_the_condition_decides():
    g, L = _battle(SECOND)
    assert not g.cards[L["a"]].markers.get("additional_life") and g.cards[L["b"]].markers.get("additional_life") == 1


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(SECOND, "en") == "It starts the battle with 1 additional life (if its owner plays second)."
    assert "Начинает бой с дополнительными жизнями: 1" in ability_text(SECOND, "ru")
