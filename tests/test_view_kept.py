"""What projections keep for the next (engine/view.py: card views ``_kept_card``, ``players`` entries, the log's
masked events and its tail ``_log``): a projection equals, byte for byte, one built afresh, and what did not
change is the previous view's very object."""
from __future__ import annotations

import random

import msgpack

import engine
from engine.game import Game
from engine.selfplay import random_action

VIEWERS = (1, 2, None)


def _games(n: int = 2, actions: int = 250):
    """Seeded random games, yielding the game after each applied action."""
    decks = sorted(engine.starter_decks())
    for seed in range(n):
        g = Game.new(seed, engine.load_deck(decks[seed % len(decks)]),
                     engine.load_deck(decks[(seed + 1) % len(decks)]))
        rng = random.Random(seed)
        for _ in range(actions):
            p = g.to_act()
            if g.result is not None or p is None:
                break
            g.apply(p, random_action(rng, g.legal_actions(p)))
            yield g


def _fresh(g, viewer) -> dict:
    """``viewer``'s view built with nothing kept from earlier projections."""
    kept = g._view_cards, g._view_players, g._view_log
    g._view_cards, g._view_players, g._view_log = {}, {}, {}
    try:
        return g.view(viewer)
    finally:
        g._view_cards, g._view_players, g._view_log = kept


def _bytes(view) -> bytes:
    return msgpack.packb(view, use_bin_type=True)


def test_a_view_built_on_what_earlier_ones_kept_encodes_as_one_built_afresh():
    for g in _games():
        views = g.views(VIEWERS)
        for viewer in VIEWERS:
            assert _bytes(views[viewer]) == _bytes(_fresh(g, viewer))


def test_a_card_shown_face_up_that_did_not_change_is_the_previous_views_object():
    shared = changed = 0
    last = None
    for g in _games(1):
        view = g.view(None)
        if last is not None:
            for k, c in view["cards"].items():
                old = last["cards"].get(k)
                if c["hidden"] and c["card"] is None:     # face down to this viewer: built per projection
                    continue
                if old is not None and old == c:
                    assert old is c
                    shared += 1
                elif old is not None:
                    changed += 1
        last = view
    assert shared > 10 * changed > 0


def test_a_players_entry_that_did_not_change_is_the_previous_views_object():
    last = None
    shared = 0
    for g in _games(1):
        view = g.view(1)
        if last is not None:
            for k, entry in view["players"].items():
                if entry == last["players"][k]:
                    assert entry is last["players"][k]
                    shared += 1
        last = view
    assert shared > 0


def test_the_game_keeps_only_the_cards_its_last_views_showed():
    for g in _games(1):
        views = g.views(VIEWERS)
        shown = {k for v in views.values() for k in v["cards"]}
        kept = [k for k in g._view_cards if not (type(k) is tuple and k[0] in ("cards", "parts"))]   # card views
        assert {k for k in kept if type(k) is str} <= shown
        assert sum(1 for k in kept if type(k) is tuple) <= sum(1 for k in shown if k.startswith("x-"))


def test_a_views_parts_equal_to_the_previous_views_are_those_very_objects_and_alike_for_every_viewer():
    from engine.view import _same
    last, reused = (None, None, True), 0
    for g in _games(2):
        views = g.views(VIEWERS)
        hidden = any(c.hidden for c in g.cards.values())
        for key in ("cells", "priority") + (() if hidden else ("queue", "prompt", "executing")):
            assert views[1][key] is views[2][key] is views[None][key]
        if last[0] is g:
            for key in ("cells", "priority") + (() if hidden or last[2] else ("queue", "prompt", "executing")):
                if _same(last[1][None][key], views[None][key]):
                    assert views[None][key] is last[1][None][key]
                    reused += isinstance(views[None][key], (dict, list))
        last = (g, views, hidden)
    assert reused > 0


def test_strict_sameness_tells_true_from_one_and_a_maps_key_order():
    from engine.view import _same
    assert _same({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]})
    assert not _same({"a": True}, {"a": 1}) and not _same([1], [1.0]) and not _same({"a": 1, "b": 2}, {"b": 2, "a": 1})


def test_a_player_with_nothing_of_their_own_to_see_shares_the_spectators_card_map_and_no_other_does():
    shared = separate = 0
    for g in _games(2):
        views = g.views(VIEWERS)
        face_down = any(c.hidden for c in g.cards.values())
        for p in (1, 2):
            own = face_down or g.deals[p] or g.recruits[p] or g.pending[p]
            if own:
                assert views[p]["cards"] is not views[None]["cards"]
                separate += 1
            else:
                assert views[p]["cards"] is views[None]["cards"]
                shared += 1
    assert shared and separate


def test_a_players_entry_is_one_object_for_every_viewer_but_its_owner():
    for g in _games(1, actions=120):
        views = g.views(VIEWERS)
        assert views[2]["players"]["1"] is views[None]["players"]["1"] is not views[1]["players"]["1"]
        assert views[1]["players"]["2"] is views[None]["players"]["2"] is not views[2]["players"]["2"]
        assert "deal_cards" in views[1]["players"]["1"] and "deal_cards" not in views[None]["players"]["1"]
