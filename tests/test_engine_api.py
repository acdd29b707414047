"""The engine's public API: errors leave the state unchanged, snapshots, replay, views (docs/engine-api.md)."""
import json
import random

import pytest

from engine import EngineError, Game
from tests.helpers import card, game
from engine import load_deck
from engine.selfplay import random_action
from tests.selfplay_util import DECKS, hidden_ids, new_game, random_steps


def test_new_game_starts_in_the_deal_step_with_fifteen_dealt_cards_each():
    g = new_game(3)
    assert g.phase == "deal" and len(g.deals[1]) == 15 and len(g.deals[2]) == 15
    assert g.prompt["kind"] == "first"


def test_malformed_action_is_rejected_with_its_code_and_nothing_changes():
    g = new_game(1)
    before = g.snapshot()
    for bad in (None, [], {"act": 3}, {"act": "fly"}, {"act": "move", "source": 5, "to": "a1"},
                {"act": "ability", "source": "k1", "ability": True}):
        with pytest.raises(EngineError) as e:
            g.apply(g.to_act(), bad)
        assert e.value.code == "malformed_action"
    assert g.snapshot() == before


def test_action_by_the_player_not_asked_is_not_your_turn():
    g = new_game(1)
    other = 3 - g.to_act()
    with pytest.raises(EngineError) as e:
        g.apply(other, {"act": "pass"})
    assert e.value.code == "not_your_turn"


def test_illegal_action_is_rejected_and_the_state_is_byte_identical():
    g, L = game([card("a", "c2", 1)])
    before = g.snapshot()
    with pytest.raises(EngineError) as e:
        g.apply(1, {"act": "move", "source": L["a"], "to": "e5"})
    assert e.value.code == "illegal_action" and g.snapshot() == before


def test_concession_ends_the_game_for_the_opponent():
    g = new_game(2)
    g.apply(1, {"act": "concede"})
    assert g.result == {"winner": 2, "reason": "concession"} and g.to_act() is None


def test_a_concession_named_abandoned_by_the_server_ends_the_game_as_abandoned():
    g = new_game(2)
    g.apply(1, {"act": "concede", "reason": "abandoned"})
    assert g.result == {"winner": 2, "reason": "abandoned"}


def test_a_concession_with_an_unknown_reason_is_malformed_and_changes_nothing():
    g = new_game(2)
    before = g.snapshot()
    with pytest.raises(EngineError) as e:
        g.apply(1, {"act": "concede", "reason": "lightning"})
    assert e.value.code == "malformed_action" and g.snapshot() == before


def test_game_over_rejects_further_actions():
    g = new_game(2)
    g.apply(1, {"act": "concede"})
    with pytest.raises(EngineError) as e:
        g.apply(2, {"act": "pass"})
    assert e.value.code == "game_over"


def test_snapshot_restore_round_trip_is_byte_identical_mid_game():
    g = new_game(4)
    for _ in random_steps(g, 4, 150):
        pass
    b = g.snapshot()
    assert Game.restore(b).snapshot() == b


def test_restored_game_continues_exactly_like_the_original():
    g = new_game(5)
    for _ in random_steps(g, 5, 80):
        pass
    h = Game.restore(g.snapshot())
    for _ in zip(random_steps(g, 99, 80), random_steps(h, 99, 80)):
        pass
    assert g.snapshot() == h.snapshot()


def test_a_game_restored_at_any_step_plays_on_exactly_like_the_original():
    # the board's cell order (the order of legal actions, of simultaneous reveals and triggers) survives the
    # snapshot, whose JSON sorts the board's keys; and a restored prompt's kind is the plain string it was saved as
    g = new_game(4)
    rng = random.Random(4)
    for _ in range(200):
        if g.result is not None:
            break
        p = g.to_act()
        h = Game.restore(g.snapshot())
        legal = g.legal_actions(p)
        assert h.legal_actions(p) == legal
        action = random_action(rng, legal)
        g.apply(p, action)
        h.apply(p, action)
        assert h.snapshot() == g.snapshot()


def test_replay_from_seed_and_log_reproduces_the_final_state():
    g = new_game(6)
    for _ in random_steps(g, 6, 300):
        pass
    r = Game.replay(6, load_deck(DECKS[0]), load_deck(DECKS[1]), g.log)
    assert r.snapshot() == g.snapshot()


def test_invalid_snapshot_raises_invalid_snapshot():
    with pytest.raises(EngineError) as e:
        Game.restore(b"{not json")
    assert e.value.code == "invalid_snapshot"


def test_views_are_json_like():
    g = new_game(7)
    for _ in random_steps(g, 7, 60):
        pass
    for viewer in (1, 2, None):
        v = g.view(viewer)
        assert json.loads(json.dumps(v)) == v


def test_opponents_deal_is_only_a_count_in_a_players_view():
    g = new_game(8)
    v = g.view(1)
    assert v["players"]["2"]["deal"] == 15 and "deal_cards" not in v["players"]["2"]
    assert not (hidden_ids(g, 1) & set(v["cards"]))


def test_each_player_sees_every_card_of_their_own_deal():
    g = new_game(8)
    for p in (1, 2):
        v = g.view(p)
        assert set(g.deals[p]) <= set(v["cards"]), p
        assert all(v["cards"][cid]["zone"] == "deal" and v["cards"][cid]["owner"] == p for cid in g.deals[p])


def test_spectator_sees_neither_deal():
    g = new_game(8)
    v = g.view(None)
    assert all(c["zone"] not in ("deal", "recruits") for c in v["cards"].values())


def test_face_down_cards_show_no_identity_to_the_opponent():
    g = new_game(9)
    while g.phase != "deployment" or not any(c.hidden for c in g.cards.values()):
        p = g.to_act()
        acts = [a for a in g.legal_actions(p) if a["act"] != "concede"]
        recruit = [a for a in acts if isinstance(a.get("option"), dict) and "recruit" in a["option"]]
        g.apply(p, (recruit or [a for a in acts if a.get("option") in ("keep", "done")] or acts)[0])
    hidden = next(c for c in g.cards.values() if c.hidden)
    v = g.view(3 - hidden.controller)
    assert hidden.id not in json.dumps(v)
    alias = v["cards"][f"x-{hidden.cell}"]
    assert alias["card"] is None and alias["hidden"] is True



SEEDED = {"seed": 3, "setup": {"active": 1, "phase": "main", "cards": [
    {"label": "a", "card": "vs2023-001-kochevnik", "owner": 1, "zone": "battlefield", "cell": "c3"},
    {"label": "b", "card": "vs2023-001-kochevnik", "owner": 2, "zone": "battlefield", "cell": "c4"}]}}


def _strike(g, labels):
    g.apply(1, {"act": "attack", "source": labels["a"], "target": labels["b"]})
    for _ in range(4):
        if any(e["type"] == "strike_roll" for e in g.view(1)["log"]):
            return
        g.apply(g.to_act(), {"act": "pass"})


def test_a_scenario_game_with_seeded_dice_rolls_past_the_listed_dice():
    """Game.from_scenario(seeded_dice=True): the listed dice first, then the seed rolls (a game played on from a
    fixed position, the tutorial)."""
    g, labels = Game.from_scenario(dict(SEEDED, dice=[6]), seeded_dice=True)
    _strike(g, labels)
    dice = [e["value"] for e in g.view(1)["log"] if e["type"] == "die"]
    assert len(dice) == 2 and dice[0] == 6


def test_a_scenario_game_refuses_to_roll_past_the_listed_dice_by_default():
    g, labels = Game.from_scenario(dict(SEEDED, dice=[6]))
    with pytest.raises(Exception):
        _strike(g, labels)


def test_the_read_only_listing_holds_the_legal_actions_in_order_without_copying_them():
    g = new_game(1)
    p = g.to_act()
    listing = g.legal_listing(p)
    assert listing == g.legal_actions(p) and listing[-1] == {"act": "concede"}
    assert all(a is b for a, b in zip(g.legal_listing(p), listing))
