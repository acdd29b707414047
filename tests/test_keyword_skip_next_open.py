"""Does not open (``skip_next_open``, engine/effects/keywords/skip_next_open.py; 01 §6.4 [311])."""
from engine.catalogue import ability_text
from tests.helpers import creature, run_effect

EFFECT = {"kw": "skip_next_open", "target": "opposite"}


def test_executing_it_marks_the_target_to_stay_closed():
    g, L = run_effect([EFFECT], foe=creature())
    assert g.cards[L["b"]].markers.get("skip_open") == 1


def test_the_catalogue_says_it_in_both_languages():
    assert ability_text(EFFECT, "en") == \
        "The card directly opposite does not open at the start of its controller's next turn."
    assert ability_text(EFFECT, "ru") == "Карту прямо напротив не открывать в начале следующего хода её владельца."
