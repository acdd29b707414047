"""The journal holds what the viewers saw alike once, and still exactly what each viewer saw."""
import random

import engine as ENGINE
from engine.selfplay import random_action
from server.journal import VIEWERS, Journal


def played(actions=150, seed=7):
    decks = [ENGINE.load_deck(n) for n in sorted(ENGINE.starter_decks())[:2]]
    game = ENGINE.Game.new(seed=seed, deck1=decks[0], deck2=decks[1])
    rng, log, seen = random.Random(seed), [], {v: {} for v in VIEWERS}
    for viewer in VIEWERS:
        seen[viewer].update({e["seq"]: e for e in game.view(viewer).get("log") or []})
    while game.result is None and game.version < actions:
        p = game.to_act()
        action = random_action(rng, game.legal_actions(p))
        game.apply(p, action)
        log.append([p, action])
        for viewer in VIEWERS:
            seen[viewer].update({e["seq"]: e for e in game.view(viewer).get("log") or []})
    return Journal.rebuild(ENGINE, seed, decks, log), seen


def events(journal, viewer, groups=None):
    groups = journal.groups if groups is None else groups
    return [e for group in groups[viewer] for entry in group["entries"] for e in entry["events"]]


def test_each_viewers_journal_holds_exactly_the_events_its_views_showed():
    journal, seen = played()
    for viewer in VIEWERS:
        assert {e["seq"]: e for e in events(journal, viewer)} == seen[viewer]


def test_events_the_viewers_saw_alike_are_one_object_in_every_journal():
    journal, _ = played()
    groups = journal.groups
    spectator = {e["seq"]: e for e in events(journal, None, groups)}
    for seat in (1, 2):
        same = [e for e in events(journal, seat, groups) if spectator.get(e["seq"]) == e]
        assert same and all(spectator[e["seq"]] is e for e in same)


def test_a_room_restored_from_its_snapshot_and_log_has_the_journal_of_the_room_without_replaying_the_game():
    import msgpack

    from server.bus import memory_bus
    from server.metrics import Metrics
    from server.room import Room, hash_token
    from server.settings import Settings

    opts = {"decks": sorted(ENGINE.starter_decks())[:2], "clock": None, "spectators": True}
    room, _ = Room.create("jr", opts, ENGINE, memory_bus(), Settings(fixed_seed=11), Metrics())
    room.seats.tokens[2] = hash_token("two")
    room.deal()
    rng, g = random.Random(11), room.game

    def play(n):
        for _ in range(n):
            if g.result is None:
                room.apply(g.to_act(), random_action(rng, g.legal_actions(g.to_act())))
    play(120)
    blob = room.snapshot()
    room.store.logged_v = room.v
    play(15)
    entries = [room.store.log_entry()]
    rebuilt = Journal.rebuild(ENGINE, room.seed, room.decks, room.game.log)
    calls = []
    original = Journal.rebuild
    Journal.rebuild = classmethod(lambda cls, *a: calls.append(a) or original(*a))
    try:
        restored = Room.restore(blob, ENGINE, None, Settings(fixed_seed=11), Metrics(), entries)
        got = restored.journal
    finally:
        Journal.rebuild = original
    assert msgpack.unpackb(blob)["journal"] and calls == []
    assert got.groups == room.journal.groups == rebuilt.groups and restored.v == room.v


def test_closed_turns_are_kept_packed_and_a_view_encodes_them_as_their_plain_value():
    import msgpack

    from protocol.packed import default
    from server.journal import ClosedGroup

    journal, _ = played()
    for viewer in VIEWERS:
        view = journal.view(viewer)
        assert len(view) >= 2 and all(isinstance(g, ClosedGroup) for g in view[:-1])
        assert msgpack.packb(view, default=default) == msgpack.packb(journal.groups[viewer])


def test_the_viewers_closed_turns_of_one_version_share_one_packed_blob():
    journal, _ = played()
    first = [journal.view(viewer)[0] for viewer in VIEWERS]
    assert len({id(g.blob) for g in first}) == 1


def test_the_older_entries_of_a_long_open_turn_are_packed_and_encode_as_their_plain_value():
    import msgpack

    from protocol.packed import default
    from server.journal import OPEN_KEEP, ClosedEntry

    journal, _ = played(actions=15)       # still in the preliminary phase (turn 0)
    for viewer in VIEWERS:
        entries = journal.view(viewer)[-1]["entries"]
        dicts = [en for en in entries if not isinstance(en, ClosedEntry)]
        assert any(isinstance(en, ClosedEntry) for en in entries) and len(dicts) < 2 * OPEN_KEEP
        assert msgpack.packb(journal.view(viewer), default=default) == msgpack.packb(journal.groups[viewer])



def test_an_open_turn_after_the_preliminary_phase_keeps_its_entries_unpacked_below_twice_its_keep():
    from types import SimpleNamespace

    from server.journal import OPEN_KEEP_TURNS, ClosedEntry

    journal, log = Journal(), []
    game = SimpleNamespace(version=0)
    for v in range(1, 2 * OPEN_KEEP_TURNS):
        game.version = v
        log.append({"type": "pass", "seq": v})
        journal.record(game, 1, lambda viewer: {"turn": 1, "log": log[-5:]})
    for viewer in VIEWERS:
        entries = journal.view(viewer)[-1]["entries"]
        assert len(entries) == 2 * OPEN_KEEP_TURNS - 1
        assert not any(isinstance(en, ClosedEntry) for en in entries)
