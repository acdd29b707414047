"""Set1-rest cards that act in the preliminary phase (02-battle.md §1): Следопыт, played from the deal
through the public API (legal actions, apply, view)."""
from engine import Game
from tests.helpers import creature
from tests.prelim_util import choose, through_recruitment


def _game():
    cards = [{"label": "tr", "card": "vs2023-177-sledopyt", "owner": 1, "zone": "deck"},
             {"label": "a1", "card": "Test a1", "owner": 1, "zone": "deck", "override": creature()},
             {"label": "b1", "card": "Test b1", "owner": 2, "zone": "deck", "override": creature()},
             {"label": "b2", "card": "Test b2", "owner": 2, "zone": "deck", "override": creature()}]
    doc = {"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": cards}, "steps": []}
    g, lb = Game.from_scenario(doc)
    through_recruitment(g, lb)
    return g, lb


def test_vs2023_177_sledopyt_reveals_the_enemy_front_row_and_rearranges_your_hidden_cards():
    g, lb = _game()
    cells1 = [a for a in g.legal_actions(1) if a["act"] == "choose" and "place" in (a.get("option") or {})]
    choose(g, 1, {"place": lb["tr"], "cell": "c2"})
    choose(g, 1, {"place": lb["a1"], "cell": "b2"})
    choose(g, 2, {"place": lb["b1"], "cell": "c4"})  # the second player's front row
    choose(g, 2, {"place": lb["b2"], "cell": "c5"})
    assert cells1 and g.prompt == {"kind": "preliminary", "player": 1, "step": "before_reveal"}
    use = {"act": "ability", "source": lb["tr"], "ability": 0}
    assert use in g.legal_actions(1)
    g.apply(1, use)
    assert not g.cards[lb["tr"]].hidden and not g.cards[lb["b1"]].hidden and g.cards[lb["b2"]].hidden
    swap = {"act": "choose", "option": {"swap": ["b2", "d3"]}}
    assert swap in g.legal_actions(1) and use not in g.legal_actions(1)
    g.apply(1, swap)
    assert g.view(1)["cards"][lb["a1"]]["cell"] == "d3"
    g.apply(1, {"act": "pass"})
    while g.prompt and g.prompt["kind"] == "preliminary":
        g.apply(g.prompt["player"], {"act": "pass"})
    assert g.cards[lb["a1"]].cell == "d3"
