"""Versions: stale actions are refused with the current v, repeated ids get the first answer and apply once,
per-viewer diffs reproduce each viewer's view (synthetic game; the engine self-play test is separate)."""
import json

from hypothesis import given, settings, strategies as st

from engine.errors import EngineError
from protocol import Action, Diff, End, Error, RoomVersions, Sync, apply, encode


class ToyGame:
    """A two-player toy with the engine's interface: each player holds hidden cards and plays them face up."""

    def __init__(self, hand_size=4):
        self.version = 0
        self.result = None
        self.turn = 1
        self.hands = {1: [f"c{i}" for i in range(hand_size)], 2: [f"c{i}" for i in range(10, 10 + hand_size)]}
        self.table = []
        self.events = []
        self.applied = []

    def to_act(self):
        return None if self.result else self.turn

    def legal_actions(self, p):
        if p != self.to_act():
            return []
        return [{"act": "pass"}, {"act": "concede"}] + [{"act": "play", "source": c} for c in self.hands[p]]

    def apply(self, p, action):
        if self.result:
            raise EngineError("game_over", "The game has ended.")
        if p != self.turn:
            raise EngineError("not_your_turn", "The game is not waiting for this player.")
        if action not in self.legal_actions(p):
            raise EngineError("illegal_action", "The rules do not allow this action now.")
        self.applied.append((p, action))
        if action["act"] == "concede":
            self.result = {"winner": 3 - p, "reason": "concede"}
        elif action["act"] == "play":
            self.hands[p].remove(action["source"])
            self.table.append(action["source"])
            self.events.append({"type": "played", "card": action["source"], "player": p})
        else:
            self.events.append({"type": "pass", "player": p})
        self.turn = 3 - p
        self.version += 1
        return []

    def view(self, viewer):
        cards = {c: {"id": c, "zone": "table", "hidden": False} for c in self.table}
        if viewer in (1, 2):
            cards.update({c: {"id": c, "zone": "hand", "hidden": False} for c in self.hands[viewer]})
        return {"viewer": viewer, "to_act": self.to_act(), "cards": cards, "log": self.events[-3:],
                "players": {str(p): {"hand": len(self.hands[p])} for p in (1, 2)}, "result": self.result}


def canon(x):
    return json.dumps(x, sort_keys=True)


def joined(game=None, ledger_size=128):
    room = RoomVersions(game or ToyGame(), ledger_size=ledger_size)
    views = {viewer: room.sync(viewer).view for viewer in (1, 2, None)}
    return room, views


def test_sync_carries_version_seat_view_and_clocks():
    room = RoomVersions(ToyGame())
    s = room.sync(2, clocks={"1": 60000, "2": 60000, "running": 1})
    assert (s.v, s.you, s.view, s.clocks) == (0, 2, room.game.view(2), {"1": 60000, "2": 60000, "running": 1})


def test_legal_actions_go_only_to_the_player_to_act():
    room = RoomVersions(ToyGame())
    assert [room.sync(v).legal for v in (1, 2, None)] == [room.game.legal_actions(1), None, None]


def test_accepted_action_diffs_reproduce_every_viewers_view():
    room, views = joined()
    out = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"}))
    assert out.applied and set(out.broadcast) == {1, 2, None}
    for viewer, frame in out.broadcast.items():
        assert isinstance(frame, Diff) and frame.v == 1
        assert canon(apply(views[viewer], frame.ops)) == canon(room.game.view(viewer))


def test_actor_frame_carries_the_action_id_and_no_other_does():
    room, _ = joined()
    out = room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert {viewer: f.id for viewer, f in out.broadcast.items()} == {1: "a1", 2: None, None: None}


def test_a_new_version_asks_the_views_hook_once_for_every_tracked_viewer():
    game = ToyGame()
    asked = []

    def views(viewers):
        asked.append(list(viewers))
        return [game.view(viewer) for viewer in viewers]
    room = RoomVersions(game, views=views)
    for viewer in (1, 2, None):
        room.sync(viewer)
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert asked == [[1, 2, None]]


def test_each_new_versions_frames_carry_the_clocks_its_step_returned_once():
    game = ToyGame()
    steps = []

    def step():
        steps.append(game.version)
        return {"1": 1000 * game.version, "2": 60000, "running": game.to_act()}
    room = RoomVersions(game, on_version=step)
    for viewer in (1, 2, None):
        room.sync(viewer)
    out = room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert steps == [1]
    assert {f.clocks["1"] for f in out.broadcast.values()} == {1000}


def test_a_new_versions_views_and_diffs_are_timed_once_each():
    timed = []

    class Phase:
        def __init__(self, name):
            self.name = name

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            timed.append(self.name)
    room = RoomVersions(ToyGame(), phase=Phase)
    for viewer in (1, 2, None):
        room.sync(viewer)
    timed.clear()
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert timed == ["view", "diff"]


def test_stale_action_is_refused_with_current_version_and_not_applied():
    room, _ = joined()
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    out = room.submit(2, Action("b1", 0, {"act": "pass"}))
    assert isinstance(out.reply, Error) and (out.reply.code, out.reply.v, out.reply.id) == ("stale", 1, "b1")
    assert not out.applied and room.game.version == 1 and out.broadcast == {}


def test_repeated_id_gets_the_same_answer_and_is_applied_once():
    room, _ = joined()
    first = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"}))
    again = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"}))
    assert encode(again.reply) == encode(first.broadcast[1])
    assert not again.applied and again.broadcast == {} and len(room.game.applied) == 1


def test_repeated_id_of_a_refused_action_gets_the_same_error():
    room, _ = joined()
    first = room.submit(1, Action("a1", 0, {"act": "play", "source": "c99"}))
    again = room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert encode(again.reply) == encode(first.reply) and room.game.applied == []


def test_ids_are_per_seat():
    room, _ = joined()
    room.submit(1, Action("same", 0, {"act": "pass"}))
    out = room.submit(2, Action("same", 1, {"act": "pass"}))
    assert out.applied


def test_engine_rejection_keeps_the_engine_code():
    room, _ = joined()
    out = room.submit(1, Action("a1", 0, {"act": "play", "source": "c10"}))
    assert (out.reply.code, out.reply.engine, out.reply.v, out.reply.id) == ("illegal_action", "illegal_action", 0, "a1")


def test_acting_out_of_turn_is_not_your_turn():
    room, _ = joined()
    out = room.submit(2, Action("b1", 0, {"act": "pass"}))
    assert (out.reply.code, out.reply.engine) == ("not_your_turn", "not_your_turn")


def test_spectator_cannot_act():
    room, _ = joined()
    out = room.submit(None, Action("s1", 0, {"act": "pass"}))
    assert out.reply.code == "not_a_player" and room.game.version == 0


def test_ledger_is_bounded_and_an_evicted_accepted_id_is_stale_not_reapplied():
    room, _ = joined(ledger_size=2)
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    room.submit(2, Action("b1", 1, {"act": "pass"}))
    for i in range(3):
        room.submit(1, Action(f"bad{i}", 2, {"act": "play", "source": "c99"}))
    assert len(room._ledger[1]) == 2
    out = room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert out.reply.code == "stale" and len(room.game.applied) == 2


def test_an_old_accepted_id_gets_its_first_frame_byte_for_byte_from_the_encoded_ledger():
    room, _ = joined()
    first = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"})).broadcast[1]
    room.remember(1, "a1", Diff(first.v, first.ops, first.legal, {"1": 5, "2": 6, "running": 2}, "a1"))
    room.submit(2, Action("b1", 1, {"act": "pass"}))
    room.submit(1, Action("a2", 2, {"act": "pass"}))
    assert isinstance(room._ledger[1].recent["a1"], bytes)   # older answers are kept as their bytes
    again = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"}))
    assert encode(again.reply) == encode(Diff(first.v, first.ops, first.legal, {"1": 5, "2": 6, "running": 2}, "a1"))
    assert not again.applied and len(room.game.applied) == 3


def played_ids(n, ledger_size):
    """A room where seat 1 sent ``n`` accepted actions a0.. (seat 2 passing between) and their first answers."""
    room, _ = joined(ledger_size=ledger_size)
    first = {}
    for i in range(n):
        first[f"a{i}"] = encode(room.submit(1, Action(f"a{i}", room.v, {"act": "pass"})).broadcast[1])
        room.submit(2, Action(f"b{i}", room.v, {"act": "pass"}))
    return room, first


def test_every_id_in_the_window_gets_its_first_frame_byte_for_byte_from_the_ledger_blocks():
    room, first = played_ids(100, 64)
    assert room._ledger[1].blocks                           # the older answers are in compressed blocks
    for aid in [f"a{i}" for i in range(36, 100)]:
        again = room.submit(1, Action(aid, 0, {"act": "pass"}))
        assert again.reply is not None and encode(again.reply) == first[aid]
    assert len(room.game.applied) == 200


def test_an_id_older_than_the_window_is_stale_even_while_its_block_is_kept():
    room, _ = played_ids(100, 64)
    out = room.submit(1, Action("a35", 0, {"act": "pass"}))
    assert out.reply.code == "stale" and len(room.game.applied) == 200


def test_an_answer_remembered_with_its_sent_bytes_is_repeated_as_those_bytes():
    room, _ = joined()
    first = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"})).broadcast[1]
    final = Diff(first.v, first.ops, first.legal, {"1": 5, "2": 6, "running": 2}, "a1")
    room.remember(1, "a1", final, encode(final))
    again = room.submit(1, Action("a1", 0, {"act": "play", "source": "c0"}))
    assert encode(again.reply) == encode(final) and not again.applied


def test_version_jump_sends_syncs():
    room, _ = joined()
    room.game.apply(1, {"act": "pass"})
    room.game.apply(2, {"act": "pass"})
    frames = room.advance()
    assert all(isinstance(f, Sync) and f.v == 2 for f in frames.values()) and set(frames) == {1, 2, None}


def test_advance_without_new_version_sends_nothing():
    room, _ = joined()
    assert room.advance() == {}


def test_final_action_comes_with_an_end_frame():
    room, _ = joined()
    out = room.submit(1, Action("a1", 0, {"act": "concede"}))
    assert out.end == End(1, {"winner": 2, "reason": "concede"})


def test_forgotten_viewer_gets_no_frames():
    room, _ = joined()
    room.forget(None)
    out = room.submit(1, Action("a1", 0, {"act": "pass"}))
    assert set(out.broadcast) == {1, 2}


steps = st.lists(st.tuples(st.sampled_from([1, 2]), st.sampled_from(["x1", "x2", "x3", "x4", "x5", "x6"]),
                           st.integers(-1, 1), st.integers(0, 6)), max_size=30)


@settings(max_examples=200, deadline=None)
@given(steps)
def test_random_sessions_apply_each_id_once_and_keep_client_views_exact(script):
    room, views = joined(ToyGame(hand_size=3))
    versions = dict.fromkeys(views, 0)
    first_answer = {}
    accepted = 0
    for seat, aid, dv, pick in script:
        legal = room.game.legal_actions(room.game.to_act() or 1) or [{"act": "pass"}]
        out = room.submit(seat, Action(aid, max(0, room.v + dv), legal[pick % len(legal)]))
        answer = out.reply if out.reply is not None else out.broadcast[seat]
        if (seat, aid) in first_answer:
            assert encode(answer) == first_answer[(seat, aid)] and not out.applied
        else:
            first_answer[(seat, aid)] = encode(answer)
        accepted += out.applied
        for viewer, frame in out.broadcast.items():
            assert frame.v == versions[viewer] + 1
            views[viewer], versions[viewer] = apply(views[viewer], frame.ops), frame.v
    assert room.game.version == accepted == len(room.game.applied)
    for viewer in views:
        assert canon(views[viewer]) == canon(room.game.view(viewer))


def test_client_that_missed_a_diff_resyncs_to_the_current_view():
    room, views = joined()
    room.submit(1, Action("a1", 0, {"act": "pass"}))          # player 2's client loses this diff
    out = room.submit(2, Action("b1", 1, {"act": "play", "source": "c10"}))
    assert out.broadcast[2].v == 2                             # a gap for a client still at v 0: it resyncs
    sync = room.sync(2)
    assert (sync.v, canon(sync.view)) == (2, canon(room.game.view(2)))


def test_diffs_after_a_resync_continue_from_the_synced_view():
    room, _ = joined()
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    view = room.sync(2).view
    out = room.submit(2, Action("b1", 1, {"act": "pass"}))
    assert canon(apply(view, out.broadcast[2].ops)) == canon(room.game.view(2))


def test_a_concession_built_on_an_older_version_is_applied_not_stale():
    room, _ = joined()
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    out = room.submit(2, Action("b1", 0, {"act": "concede"}))
    assert out.applied and room.game.result == {"winner": 1, "reason": "concede"}


def test_a_repeated_concession_id_gets_its_first_answer_and_applies_once():
    room, _ = joined()
    room.submit(1, Action("a1", 0, {"act": "pass"}))
    first = room.submit(2, Action("b1", 0, {"act": "concede"}))
    again = room.submit(2, Action("b1", 0, {"act": "concede"}))
    assert encode(again.reply) == encode(first.broadcast[2]) and not again.applied
    assert room.game.applied.count((2, {"act": "concede"})) == 1
