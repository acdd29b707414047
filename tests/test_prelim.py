"""The preliminary phase (02-battle.md §1): deal, first player, redeal, recruitment, deployment, reveal, hosts,
battle start, vanguard; the empty-window rule for steps that offer priority (RULES.md Q5.4)."""
from __future__ import annotations

import inspect

import pytest

from engine import EngineError, Game
from engine.procedure import prelim_abilities as pa
from engine.procedure.prelim import deploy_cells
from tests.prelim_util import choose, deploy, prelim_game, through_recruitment
from tests.pure_python import in_pure_python

#: The spies below replace functions of prelim_abilities, which its compiled callers would call natively.
COMPILED_PA = not inspect.isfunction(pa.declarable)


def _plain(n, prefix):
    return [(f"{prefix}{i}", {}) for i in range(n)]


def _events(g, type_):
    return [e for e in g.events if e["type"] == type_]


# ---------------------------------------------------------------------- deal, first player, redeal
def test_302_2_a_tie_is_rolled_again_and_the_higher_roller_chooses():
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"), dice=(3, 3, 2, 5))
    assert [e["value"] for e in _events(g, "die")] == [3, 3, 2, 5]
    assert g.prompt == {"kind": "first", "player": 2}


def test_101_3_the_second_player_gets_one_more_silver():
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"))
    choose(g, 1, {"first": 2})
    assert g.first == 2
    assert g.crystals[1] == {"gold": 23, "silver": 23} and g.crystals[2] == {"gold": 23, "silver": 22}


def test_302_3_redeal_costs_one_gold_and_deals_the_same_number_again():
    g, _ = prelim_game(_plain(6, "a"), _plain(6, "b"))
    g.options["deal_size"] = 3
    for p in (1, 2):  # re-deal 3 cards each to have a deck to redeal from
        g.decks[p] = g.deals[p] + g.decks[p]
        g.deals[p] = g.decks[p][:3]
        del g.decks[p][:3]
    choose(g, 1, {"first": 1})
    old = set(g.deals[1])
    choose(g, 1, "redeal")
    assert g.crystals[1]["gold"] == 22
    assert len(g.deals[1]) == 3 and len(g.decks[1]) == 3
    assert not old & set(g.deals[1])  # cards re-entering the deck are new cards [SEED S2]
    assert g.prompt == {"kind": "redeal", "player": 1}  # the first player may redeal again


def test_302_3_a_the_second_player_redeals_only_after_the_first_keeps():
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"))
    choose(g, 1, {"first": 1})
    with pytest.raises(EngineError):
        choose(g, 2, "redeal")
    choose(g, 1, "keep")
    assert g.prompt == {"kind": "redeal", "player": 2}


def test_302_3_redeal_needs_a_gold_crystal():
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"))
    choose(g, 1, {"first": 1})
    g.crystals[1]["gold"] = 0
    assert {"act": "choose", "option": "redeal"} not in g.legal_actions(1)
    assert {"act": "choose", "option": "keep"} in g.legal_actions(1)


# ---------------------------------------------------------------------- recruitment
def test_303_recruitment_preparation_is_an_empty_window_that_ends_by_itself():
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"))
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    phases = [e["phase"] for e in _events(g, "phase")]
    assert phases[-2:] == ["recruitment_preparation", "recruitment"]
    assert g.prompt == {"kind": "recruit", "player": 1}


@in_pure_python(COMPILED_PA)
def test_303_2_recruitment_preparation_asks_the_first_player_then_the_second(monkeypatch):
    calls = []
    monkeypatch.setattr(pa, "declarable", lambda g, p, step: (
        [{"act": "choose", "option": "yes"}] if step == "recruitment_preparation" else []))
    monkeypatch.setattr(pa, "execute", lambda g, p, act: calls.append(p))
    g, _ = prelim_game(_plain(2, "a"), _plain(2, "b"))
    choose(g, 1, {"first": 2})
    choose(g, 2, "keep")
    choose(g, 1, "keep")
    assert g.prompt["kind"] == "preliminary" and g.prompt["player"] == 2 and g.phase == "recruitment_preparation"
    choose(g, 2, "yes")
    assert g.prompt["player"] == 2  # sequential: the first player keeps priority until they pass
    g.apply(2, {"act": "pass"})
    assert g.prompt["player"] == 1
    g.apply(1, {"act": "pass"})
    assert calls == [2] and g.prompt == {"kind": "recruit", "player": 2}


def test_304_6_one_element_bonus_is_held_while_the_recruits_have_one_element():
    g, lb = prelim_game([("f1", {"element": "Леса", "elite": True, "cost": 23}),
                         ("f2", {"element": "Леса", "cost": 1}), ("m1", {"element": "Горы", "cost": 1})],
                        _plain(1, "b"))
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    from engine.procedure.recruit import gold_available
    choose(g, 1, {"recruit": lb["f2"]})
    assert gold_available(g.state, 1) == 24  # 23 + the one-element bonus
    choose(g, 1, {"recruit": lb["f1"]})  # 23 gold elite card affordable only thanks to the bonus... and silver paid f2
    assert gold_available(g.state, 1) == 1
    choose(g, 1, {"recruit": lb["m1"]})  # a second element: the bonus is lost again
    assert gold_available(g.state, 1) == 0


def test_304_6_a_an_element_penalty_must_be_affordable_in_gold():
    g, lb = prelim_game([("a", {"element": "Леса", "cost": 1}), ("b", {"element": "Горы", "cost": 1}),
                         ("c", {"element": "Болота", "cost": 6, "elite": True})], _plain(1, "z"))
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    choose(g, 1, {"recruit": lb["a"]})
    choose(g, 1, {"recruit": lb["b"]})
    g.crystals[1]["gold"] = 6
    with pytest.raises(EngineError):
        choose(g, 1, {"recruit": lb["c"]})  # 6 gold - 1 penalty < 6 [304.6.a]
    g.crystals[1]["gold"] = 7
    choose(g, 1, {"recruit": lb["c"]})
    assert g.crystals[1]["gold"] == 0


def test_elite_cards_are_paid_with_gold_only():
    g, lb = prelim_game([("e", {"elite": True, "cost": 5}), ("r", {"cost": 5})], _plain(1, "z"))
    choose(g, 1, {"first": 1})
    choose(g, 1, "keep")
    choose(g, 2, "keep")
    g.crystals[1]["gold"] = 4
    legal = g.legal_actions(1)
    assert {"act": "choose", "option": {"recruit": lb["e"]}} not in legal
    choose(g, 1, {"recruit": lb["r"]})  # regular: silver first
    assert g.crystals[1] == {"gold": 4, "silver": 17}


# ---------------------------------------------------------------------- deployment zones [207.4, 305]
def _zone_game(first):
    g = Game()
    g.first = first
    return g


@pytest.mark.parametrize("first,player,zone", [
    (1, 1, {"b1", "c1", "d1", "b2", "c2", "d2", "b3", "c3", "d3"}),
    (1, 2, {"a4", "b4", "c4", "d4", "e4", "b5", "c5", "d5", "b6", "c6", "d6"}),
    (2, 2, {"b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6"}),
    (2, 1, {"a3", "b3", "c3", "d3", "e3", "b2", "c2", "d2", "b1", "c1", "d1"}),
])
def test_207_4_a_deployment_zone_of_each_role_and_half(first, player, zone):
    assert set(deploy_cells(_zone_game(first), player)) == zone


@pytest.mark.parametrize("first,player,added", [
    (1, 1, {"a1", "e1", "a2", "e2"}), (1, 2, {"a5", "e5", "a6", "e6"}),
    (2, 2, {"a5", "e5", "a6", "e6"}), (2, 1, {"a1", "e1", "a2", "e2"}),
])
def test_305_3_added_cells_open_only_when_the_zone_is_full(first, player, added):
    g = _zone_game(first)
    zone = deploy_cells(g, player)
    for cell in zone[:-1]:
        g.board[cell] = "k0"
    assert deploy_cells(g, player) == [zone[-1]]
    g.board[zone[-1]] = "k0"
    assert set(deploy_cells(g, player)) == added


@pytest.mark.parametrize("first,front", [(1, {"a3", "e3"}), (2, {"a4", "e4"})])
def test_305_4_the_first_player_gets_the_front_edge_cells_last(first, front):
    g = _zone_game(first)
    for _ in range(2):
        for cell in deploy_cells(g, first):
            g.board[cell] = "k0"
    assert set(deploy_cells(g, first)) == front


def test_305_4_the_second_player_gets_no_third_tier():
    g = _zone_game(1)
    for _ in range(2):
        for cell in deploy_cells(g, 2):
            g.board[cell] = "k0"
    assert deploy_cells(g, 2) == []


def test_305_1_the_first_player_places_everything_before_the_second():
    g, lb = prelim_game(_plain(2, "a"), _plain(1, "b"))
    through_recruitment(g, lb)
    assert g.prompt == {"kind": "deploy", "player": 1}
    deploy(g, [(1, lb["a0"], "c2")])
    assert g.prompt["player"] == 1
    deploy(g, [(1, lb["a1"], "c3")])
    assert g.prompt == {"kind": "deploy", "player": 2}


# ---------------------------------------------------------------------- reveal, hidden cards
def _to_hide_prompt(extra2=(), cell2="c6"):
    g, lb = prelim_game([("a", {})], [("b", {})] + list(extra2))
    through_recruitment(g, lb)
    deploy(g, [(1, lb["a"], "c3"), (2, lb["b"], cell2)])
    for i, (label, _) in enumerate(extra2):
        deploy(g, [(2, lb[label], ["c4", "b4", "d4"][i])])
    return g, lb


def test_306_2_a_the_second_player_may_keep_third_row_cards_face_down():
    g, lb = _to_hide_prompt()
    assert g.phase == "reveal" and not g.cards[lb["a"]].hidden  # the first player's cards are revealed first
    assert g.prompt == {"kind": "choice", "what": "keep_hidden", "player": 2}
    choose(g, 2, lb["b"])
    assert g.phase == "turn_start" or g.phase == "main"
    assert g.cards[lb["b"]].hidden
    v = g.view(1)
    assert "x-c6" in v["cards"] and lb["b"] not in v["cards"]


def test_306_2_a_no_hide_question_without_a_third_row_card():
    g, lb = _to_hide_prompt(cell2="c4")
    assert g.prompt["kind"] == "priority" and g.turn == 1
    assert not g.cards[lb["b"]].hidden


def test_306_2_a_face_down_cards_are_revealed_at_the_end_of_the_first_players_first_turn():
    g, lb = _to_hide_prompt()
    choose(g, 2, lb["b"])
    g.apply(1, {"act": "end_turn"})
    while g.turn == 1:
        g.apply(g.to_act(), {"act": "pass"})
    assert not g.cards[lb["b"]].hidden and g.turn == 2


def test_211_2_a_a_face_down_flyer_stays_on_its_cell_until_revealed():
    g2, lb2 = prelim_game([("a", {})], [("fly", {"flyer": True}), ("b", {})])
    through_recruitment(g2, lb2)
    deploy(g2, [(1, lb2["a"], "c3"), (2, lb2["fly"], "c6"), (2, lb2["b"], "c4")])
    choose(g2, 2, lb2["fly"])
    fly = g2.cards[lb2["fly"]]
    assert fly.hidden and fly.zone == "battlefield" and fly.cell == "c6"
    g2.apply(1, {"act": "end_turn"})
    while g2.turn == 1:
        g2.apply(g2.to_act(), {"act": "pass"})
    assert not fly.hidden and fly.zone == "aux" and "c6" not in g2.board


def test_306_3_revealed_flyers_go_to_the_aux_zone():
    g, lb = _to_hide_prompt(extra2=[("fly", {"flyer": True})], cell2="c6")
    choose(g, 2, "done")
    assert g.cards[lb["fly"]].zone == "aux" and lb["fly"] in g.aux[2]


# ---------------------------------------------------------------------- hosts and battle start
def test_306_5_a_symbiote_must_be_given_a_host_of_its_own_squad():
    g, lb = prelim_game([("host", {}), ("sym", {"symbiote": True}), ("fly", {"flyer": True})], [("b", {})])
    through_recruitment(g, lb)
    deploy(g, [(1, lb["host"], "c2"), (1, lb["sym"], "c1"), (1, lb["fly"], "b1"), (2, lb["b"], "c4")])
    assert g.prompt == {"kind": "choice", "what": "host", "player": 1, "attachment": "symbiote"}
    legal = [a for a in g.legal_actions(1) if a["act"] == "choose"]
    assert legal == [{"act": "choose", "option": {"attach": lb["sym"], "to": lb["host"]}}]  # not the flyer
    choose(g, 1, {"attach": lb["sym"], "to": lb["host"]})
    sym = g.cards[lb["sym"]]
    assert sym.attached_to == lb["host"] and sym.cell == "c2" and "c1" not in g.board


def test_306_4_equipment_goes_to_a_creature_with_a_class():
    g, lb = prelim_game([("plain", {}), ("elf", {"classes": ["эльф"]}),
                         ("sword", {"kind": "equipment", "classes": ["Weapon"]})], [("b", {})])
    through_recruitment(g, lb)
    deploy(g, [(1, lb["plain"], "b2"), (1, lb["elf"], "c2"), (1, lb["sword"], "d2"), (2, lb["b"], "c4")])
    legal = [a for a in g.legal_actions(1) if a["act"] == "choose"]
    assert legal == [{"act": "choose", "option": {"attach": lb["sword"], "to": lb["elf"]}}]


def test_210_14_a_parasite_takes_an_enemy_host_in_the_enemys_first_row():
    g, lb = prelim_game([("a", {}), ("par", {"symbiote": "parasite"})], [("front", {}), ("back", {})])
    through_recruitment(g, lb)
    deploy(g, [(1, lb["a"], "c2"), (1, lb["par"], "c1"), (2, lb["front"], "c4"), (2, lb["back"], "c5")])
    legal = [a for a in g.legal_actions(1) if a["act"] == "choose"]
    assert legal == [{"act": "choose", "option": {"attach": lb["par"], "to": lb["front"]}}]


def test_307_1_an_attachment_without_a_host_dies_at_battle_start():
    g, lb = prelim_game([("a", {"flyer": True}), ("sym", {"symbiote": True})], [("b", {})])
    through_recruitment(g, lb)
    deploy(g, [(1, lb["a"], "c2"), (1, lb["sym"], "c1"), (2, lb["b"], "c4")])
    assert g.cards[lb["sym"]].zone == "graveyard" and g.graveyards[1] == [lb["sym"]]
    assert "battle_start" in [e["phase"] for e in _events(g, "phase")]
    assert g.turn == 1 and g.phase == "main"


@in_pure_python(COMPILED_PA)
def test_307_battle_start_alternates_from_the_first_player_and_a_pass_is_final(monkeypatch):
    order = []
    monkeypatch.setattr(pa, "declarable", lambda g, p, step: (
        [{"act": "choose", "option": "yes"}] if step == "battle_start" else []))
    monkeypatch.setattr(pa, "execute", lambda g, p, act: order.append(p))
    g, lb = prelim_game([("a", {})], [("b", {})])
    through_recruitment(g, lb, first=2)
    deploy(g, [(2, lb["b"], "c5"), (1, lb["a"], "c2")])
    assert g.phase == "battle_start" and g.prompt == {"kind": "preliminary", "player": 2, "step": "battle_start"}
    choose(g, 2, "yes")
    choose(g, 1, "yes")
    g.apply(2, {"act": "pass"})
    choose(g, 1, "yes")
    assert g.prompt["player"] == 1  # the opponent passed for good: priority stays
    g.apply(1, {"act": "pass"})
    assert order == [2, 1, 1] and g.turn == 1 and g.active == 2


def test_308_vanguard_step_is_an_empty_window_when_nobody_has_vanguard():
    g, lb = prelim_game([("a", {})], [("b", {})])
    through_recruitment(g, lb)
    deploy(g, [(1, lb["a"], "c2"), (2, lb["b"], "c4")])
    phases = [e["phase"] for e in _events(g, "phase")]
    assert phases[phases.index("reveal"):] == ["reveal", "battle_start", "vanguard", "turn_preparation",
                                                "turn_start", "main"]


# ---------------------------------------------------------------------- targeting face-down cards [415]
def _hidden_position(hidden_override=None, dice=()):
    from tests.helpers import card, creature, game
    g, lb = game([card("att", "c3", 1, override=creature(strike=(1, 2, 3))),
                  card("hid", "c4", 2, override=hidden_override or creature())], turn=1, dice=dice)
    g.state.turn_face_down(g.cards[lb["hid"]])
    return g, lb


def test_415_an_opponent_targets_a_face_down_card_by_its_alias():
    g, lb = _hidden_position(dice=[6, 1])
    legal = g.legal_actions(1)
    assert {"act": "attack", "source": lb["att"], "target": "x-c4"} in legal
    assert lb["hid"] not in str(legal)
    g.apply(1, {"act": "attack", "source": lb["att"], "target": "x-c4"})
    assert not g.cards[lb["hid"]].hidden  # revealed when it becomes a target [415.2]
    assert g.view(1)["cards"][lb["hid"]]["card"] is not None


def test_415_the_action_log_names_a_face_down_target_by_its_alias_so_the_game_replays():
    g, lb = _hidden_position(dice=[6, 1])
    g.apply(1, {"act": "attack", "source": lb["att"], "target": "x-c4"})
    assert g.log[-1] == [1, {"act": "attack", "source": lb["att"], "target": "x-c4"}]


def test_415_naming_a_face_down_card_by_its_id_is_illegal_and_changes_nothing():
    g, lb = _hidden_position()
    before = g.snapshot()
    with pytest.raises(EngineError) as e:
        g.apply(1, {"act": "attack", "source": lb["att"], "target": lb["hid"]})
    assert e.value.code == "illegal_action" and g.snapshot() == before


def test_415_3_a_face_down_flyer_is_a_legal_target_and_the_strike_is_blocked_after_reveal():
    from tests.helpers import creature
    g, lb = _hidden_position(hidden_override=creature(flyer=True))
    g.apply(1, {"act": "attack", "source": lb["att"], "target": "x-c4"})
    hid = g.cards[lb["hid"]]
    assert not hid.hidden and hid.zone == "aux"  # [211.2.a]
    g.apply(2, {"act": "pass"}) if g.to_act() == 2 else None
    while g.queue or g.executing:
        g.apply(g.to_act(), {"act": "pass"})
    assert hid.wounds == 0 and any(e["type"] == "fizzled" for e in g.events)  # [415.4], Q7
    assert g.cards[lb["att"]].closed  # the cost stays paid


def test_415_5_a_player_cannot_target_their_own_face_down_card():
    from tests.helpers import card, creature, game
    g, lb = game([card("own", "c4", 2, override=creature()), card("hid", "c5", 2, override=creature())],
                 active=2, turn=2)
    g.state.turn_face_down(g.cards[lb["hid"]])
    assert not any(a.get("target") in (lb["hid"], "x-c5") for a in g.legal_actions(2))


def test_415_legal_actions_never_name_a_card_hidden_from_the_player():
    from tests.selfplay_util import hidden_ids, new_game, random_steps
    seen_hidden = 0
    for seed in range(3):
        g = new_game(seed)
        for _ in random_steps(g, seed, 300):
            if g.result is not None:
                break
            p = g.to_act()
            secret = hidden_ids(g, p)
            text = str(g.legal_actions(p))
            assert not any(f"'{cid}'" in text for cid in secret)
            seen_hidden += "x-" in text
    assert seen_hidden > 0  # face-down cards were offered as targets, by alias


def test_415_a_defender_prompt_names_face_down_defenders_by_alias_in_other_viewers_views():
    from tests.helpers import card, creature, game
    g, lb = game([card("att", "c3", 1, override=creature(strike=(1, 2, 3))),
                  card("tgt", "c4", 2), card("hid", "d4", 2)], turn=3, dice=[3, 3])
    g.state.turn_face_down(g.cards[lb["hid"]])
    g.apply(1, {"act": "attack", "source": lb["att"], "target": lb["tgt"]})
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    assert g.prompt["kind"] == "defender"
    for viewer in (1, None):
        assert g.view(viewer)["prompt"]["options"] == ["x-d4"]
    assert g.view(2)["prompt"]["options"] == [lb["hid"]]


def test_307_a_mandatory_battle_start_trigger_must_be_declared_before_passing():
    """Гермет's "at the start of the battle" triggers are mandatory (RULES.md Q4): while one can be declared, its
    player is offered no pass, so passing cannot make it lapse (02-battle.md §1.6 [307.2-307.4])."""
    from engine import Game, load_deck
    deck = load_deck("Степи-Болота (2023 relaunch cards)")
    g = Game.new(seed=5, deck1=["vs2023-196-germet"] * 3 + deck[3:], deck2=deck)
    asked = []
    for _ in range(800):
        if g.phase == "main":
            break
        p = g.to_act()
        legal = [a for a in g.legal_actions(p) if a["act"] != "concede"]
        if g.phase == "battle_start" and any(not t["optional"] for t in g.pending[p]):
            asked.append(legal)
        recruit = [a for a in legal if isinstance(a.get("option"), dict) and g.cards.get(
            a["option"].get("recruit") or "") is not None and g.cards[a["option"]["recruit"]].defkey == "vs2023-196-germet"]
        passes = [a for a in legal if a["act"] == "pass"]
        g.apply(p, (recruit or passes or legal)[0])   # a player that would rather pass
    assert asked and all(a["act"] != "pass" for legal in asked for a in legal)
    germ = [c for c in g.cards.values() if c.defkey == "vs2023-196-germet" and g.in_play(c)]
    assert germ and sorted(a["kw"] for a in germ[0].acquired) == ["move_bonus", "regeneration"]
