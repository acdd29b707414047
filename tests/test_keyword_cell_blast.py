"""A delayed blast on a cell (``cell_blast``, engine/effects/keywords/cell_blast.py; Орк-бомбардир, card text)."""
from engine.catalogue import ability_text
from engine.effects.keywords.cell_blast import blast, execute
from tests.helpers import card, game

EFFECT = {"kw": "cell_blast", "n": 2}


def test_executing_it_marks_the_cell_and_the_blast_wounds_whoever_stands_there_then():
    g, L = game([card("a", "c2", 1), card("b", "c3", 2)])
    a, b = g.cards[L["a"]], g.cards[L["b"]]
    execute(g.state, {"source": a.id, "controller": 1, "target": b.id}, a, EFFECT)
    (timed,) = [e for e in g.effects if e.get("kind") == "cell_blast"]
    assert timed["cell"] == "c3" and timed["n"] == 2
    blast(g.state, timed)
    assert b.wounds == 2


def test_the_catalogue_says_it_in_both_languages():
    assert "takes 2 wounds (not an attack)" in ability_text(EFFECT, "en")
    assert "получает 2 раны (это не атака)" in ability_text(EFFECT, "ru")
