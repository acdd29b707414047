"""Cards with recruitment abilities (recruitment), played through the preliminary phase of the public
API: the deal, recruitment preparation, recruiting (legal actions -> apply -> state)."""
from engine import Game
from tests.cards.kit import dummy, play, pool, seen, setup
from tests.helpers import creature
from tests.prelim_util import choose


def _deck(owner, items):
    """Deck cards, top first: a pool id string, or (label, override)."""
    out = []
    for k, it in enumerate(items):
        if isinstance(it, str):
            out.append({"label": f"p{owner}_{it}", "card": it, "owner": owner, "zone": "deck"})
        else:
            out.append({"label": it[0], "card": f"Test {it[0]}", "owner": owner, "zone": "deck",
                        "override": creature(**it[1])})
    return out


def _game(deck1, deck2=(("b0", {}), ("b1", {}))):
    doc = {"id": "t", "seed": 1, "dice": [4, 2], "setup": {"phase": "deal", "cards": _deck(1, deck1) + _deck(2, deck2)},
           "steps": []}
    g, L = Game.from_scenario(doc)
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    return g, L


def _to_recruit(g):
    """Pass the recruitment preparation step (player 1 first) until player 1 is asked to recruit."""
    for _ in range(6):
        if g.prompt["kind"] == "recruit":
            return
        g.apply(g.prompt["player"], {"act": "pass"})


def _recruit(g, L, label, **extra):
    opt = dict({"recruit": L[label]}, **extra)
    assert {"act": "choose", "option": opt} in g.legal_actions(1), opt
    choose(g, 1, opt)


def test_vs2023_171_maroder_recruiting_it_gives_one_more_gold_crystal():
    g, L = _game(["vs2023-171-maroder"])
    _to_recruit(g)
    silver, gold = g.crystals[1]["silver"], g.crystals[1]["gold"]
    _recruit(g, L, "p1_vs2023-171-maroder")
    assert g.crystals[1]["silver"] == silver - 3 and g.crystals[1]["gold"] == gold + 1


def test_vs2023_172_vedayushchiy_zapasami_free_once_the_squad_holds_costs_3_to_8():
    costs = [("c%d" % c, {"cost": c}) for c in (3, 4, 5, 6, 7, 8)]
    g, L = _game(costs + ["vs2023-172-vedayushchiy-zapasami"])
    _to_recruit(g)
    qm = "p1_vs2023-172-vedayushchiy-zapasami"
    _recruit(g, L, "c3")
    before = dict(g.crystals[1])
    for lb in ("c4", "c5", "c6", "c7", "c8"):
        _recruit(g, L, lb)
    spent = dict(g.crystals[1])
    _recruit(g, L, qm)
    assert g.crystals[1] == spent and before != spent  # the Quartermaster cost nothing


def test_vs2023_172_vedayushchiy_zapasami_pays_as_usual_without_the_costs():
    g, L = _game([("c3", {"cost": 3}), "vs2023-172-vedayushchiy-zapasami"])
    _to_recruit(g)
    silver = g.crystals[1]["silver"]
    _recruit(g, L, "p1_vs2023-172-vedayushchiy-zapasami")
    assert g.crystals[1]["silver"] == silver - 4


def test_vs2023_199_tich_two_gold_then_at_most_three_elemental_cards():
    els = [("e%d" % k, {"element": "Горы", "cost": 1}) for k in range(4)]
    g, L = _game(["vs2023-199-tich"] + els)
    _to_recruit(g)
    gold = g.crystals[1]["gold"]
    _recruit(g, L, "p1_vs2023-199-tich", gold_bonus=True)
    assert g.crystals[1]["gold"] == gold - 7 + 2  # its cost 7 in gold (elite), then +2
    for lb in ("e0", "e1", "e2"):
        _recruit(g, L, lb)
    assert not [a for a in g.legal_actions(1) if isinstance(a.get("option"), dict) and a["option"].get("recruit") == L["e3"]]


def test_vs2023_199_tich_without_the_gold_no_limit():
    els = [("e%d" % k, {"element": "Горы", "cost": 1}) for k in range(4)]
    g, L = _game(["vs2023-199-tich"] + els)
    _to_recruit(g)
    _recruit(g, L, "p1_vs2023-199-tich")
    for lb in ("e0", "e1", "e2", "e3"):
        _recruit(g, L, lb)
    assert len(g.recruits[1]) == 5


def test_vs2023_199_tich_bribe_wounds_by_the_weak_strike_behind_the_target():
    g, L = setup([pool("t", "c3", 1, "vs2023-199-tich"), dummy("foe", "c4", 2, life=20, closed=True),
                  dummy("back", "c5", 2, strike=(2, 3, 4))], dice=[6])
    play(g, L, 1, act="attack", source="t", target="foe")
    assert seen(g, L, "foe")["wounds"] == 4 + 2


def test_vs2023_190_volny_voitel_pays_x_more_and_starts_the_battle_stronger():
    g, L = _game(["vs2023-190-volny-voitel"])
    _to_recruit(g)
    gold = g.crystals[1]["gold"]
    vv = "p1_vs2023-190-volny-voitel"
    assert {"act": "choose", "option": {"recruit": L[vv], "x": 4}} in g.legal_actions(1)
    assert {"act": "choose", "option": {"recruit": L[vv], "x": 5}} not in g.legal_actions(1)
    _recruit(g, L, vv, x=3)
    assert g.crystals[1]["gold"] == gold - 2 - 3 + 0  # neutral: no element bonus
    choose(g, 1, "done")
    for _ in range(40):  # player 2 recruits nothing; deploy; to the battle
        pr = g.prompt
        if pr is None or g.phase == "main":
            break
        legal = g.legal_actions(pr["player"])
        act = next((a for a in legal if a.get("option") == "done"), None) or \
            next((a for a in legal if a.get("act") == "pass"), None) or legal[0]
        g.apply(pr["player"], act)
    c = g.cards[L[vv]]
    assert c.markers.get("additional_life") == 2
    assert any(a.get("kw") == "strike_bonus" and a.get("n") == 3 for a in c.acquired)


def test_vs2023_187_lazutchitsa_peeks_two_cards_is_cheaper_per_elite_and_must_be_recruited():
    opp = [("el1", {"elite": True}), ("el2", {"elite": True})]
    g, L = _game(["vs2023-187-lazutchitsa", ("x", {})], opp)
    spy = L["p1_vs2023-187-lazutchitsa"]
    assert g.prompt["kind"] == "preliminary"
    show = {"act": "ability", "source": spy, "ability": 0}
    assert show in g.legal_actions(1)
    g.apply(1, show)
    peek = [e for e in g.events if e["type"] == "peeked"]
    assert peek and peek[-1]["to"] == 1 and len(peek[-1]["cards"]) == 2
    _to_recruit(g)
    assert {"act": "choose", "option": "done"} not in g.legal_actions(1)  # she must be recruited
    silver = g.crystals[1]["silver"]
    _recruit(g, L, "p1_vs2023-187-lazutchitsa")
    assert g.crystals[1]["silver"] == silver - (6 - 2)
    assert {"act": "choose", "option": "done"} in g.legal_actions(1)


def _to_battle(g, p1_recruits=None):
    """Recruit (player 1: the listed labels' ids, or all), deploy anywhere, pass to the battle's first main phase."""
    for _ in range(80):
        pr = g.prompt
        if pr is None or g.phase == "main":
            return
        legal = g.legal_actions(pr["player"])
        act = next((a for a in legal if isinstance(a.get("option"), dict) and "recruit" in a["option"]
                    and len(a["option"]) == 1), None) or \
            next((a for a in legal if a.get("option") in ("keep", "done")), None) or \
            next((a for a in legal if a.get("act") == "pass"), None) or legal[0]
        g.apply(pr["player"], act)


def test_vs2023_180_linnet_shown_with_an_elite_creature_both_join_for_silver_and_it_dies_with_her():
    zap = [{"kw": "discharge", "n": 9, "cost": "tap"}]
    g, L = _game(["vs2023-180-linnet", ("champ", {"elite": True, "cost": 7}), ("cheap", {"elite": True, "cost": 8})],
                 [("mage", {"abilities": zap})])
    lin = L["p1_vs2023-180-linnet"]
    offers = [a for a in g.legal_actions(1) if a.get("act") == "ability"]
    assert offers == [{"act": "ability", "source": lin, "ability": 1, "target": L["champ"]}]  # cost 8: no
    silver, gold = g.crystals[1]["silver"], g.crystals[1]["gold"]
    g.apply(1, offers[0])
    _to_recruit(g)
    assert {"act": "choose", "option": "done"} not in g.legal_actions(1)
    _recruit(g, L, "p1_vs2023-180-linnet")
    _recruit(g, L, "champ")
    assert g.crystals[1]["silver"] == silver - 5 - 7 and g.crystals[1]["gold"] == gold  # both for silver
    choose(g, 1, "done")
    _to_battle(g)
    champ = g.cards[L["champ"]]
    assert any(a.get("when") == "dies" for a in champ.acquired)
    g.apply(1, {"act": "end_turn"})
    for _ in range(20):
        if g.active == 2 and g.phase == "main" and g.prompt["player"] == 2:
            break
        g.apply(g.to_act(), {"act": "pass"})
    g.apply(2, {"act": "ability", "source": L["mage"], "ability": 0, "target": lin})
    for _ in range(20):
        if g.result is not None or (g.prompt["kind"] == "priority" and not g.queue and not g.pending[1]
                                    and not g.pending[2] and g.executing is None):
            break
        legal = g.legal_actions(g.to_act())
        g.apply(g.to_act(), next((a for a in legal if a["act"] == "declare"), {"act": "pass"}))
    assert g.cards[lin].zone == "graveyard" and g.cards[L["champ"]].zone == "graveyard"
