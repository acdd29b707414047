"""The Store contract (server/store/__init__.py), each test run against SQLite and PostgreSQL."""
from __future__ import annotations

import pytest

from server.store import DEFAULT_RATING, StoreError, hash_secret


def _game(gid: str, p1, p2, started: float, **extra) -> dict:
    g = {"id": gid, "seed": 2 ** 62 - 1, "decks": [["a1", "a2"], ["b1"]], "deck_names": ["Forest", "Mountains"],
         "log": [[1, {"act": "pass"}], [2, {"act": "concede"}]], "result": {"winner": 1, "reason": "concession"},
         "players": {"1": p1, "2": p2}, "names": {"1": "Ann", "2": "Bob"}, "bots": {}, "rated": True,
         "started": started, "duration": 12.5, "version": 2, "options": {"clock": {"base": 900.0}}}
    g.update(extra)
    return g


async def test_migrations_bring_a_fresh_database_to_the_newest_revision(store):
    assert await store.revision() == "0004"


async def test_migrations_on_an_already_migrated_database_change_nothing(store, store_url):
    from server.store.sql import SqlStore
    p = await store.create_player("Ann", hash_secret("s"))
    again = SqlStore(store_url)
    await again.start()
    try:
        assert await again.get_player(p["id"]) == p
    finally:
        await again.close()


async def test_a_created_player_is_found_by_id(store):
    p = await store.create_player("  Ann  ", hash_secret("s1"))
    assert p["name"] == "Ann" and isinstance(p["id"], str) and p["created"] > 0
    assert await store.get_player(p["id"]) == p


async def test_an_unknown_player_is_none(store):
    assert await store.get_player("nobody") is None
    assert await store.verify_player("nobody", "x") is None


async def test_verify_accepts_only_the_players_own_secret(store):
    p = await store.create_player("Ann", hash_secret("right"))
    found = await store.verify_player(p["id"], "right")
    assert found.pop("session") and found == p
    assert await store.verify_player(p["id"], "wrong") is None


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a\nb", 7])
async def test_a_bad_player_name_is_refused_with_a_code(store, name):
    with pytest.raises(StoreError) as e:
        await store.create_player(name, hash_secret("s"))
    assert e.value.code == "bad_name"


async def test_a_renamed_player_keeps_the_id(store):
    p = await store.create_player("Ann", hash_secret("s"))
    assert (await store.rename_player(p["id"], "Anna"))["name"] == "Anna"
    assert (await store.get_player(p["id"]))["name"] == "Anna"
    assert await store.rename_player("nobody", "X") is None


async def test_saved_decks_belong_to_their_owner_only(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    d = await store.create_deck(ann["id"], "Forest", ["c1", "c2", "c2"])
    assert d["cards"] == ["c1", "c2", "c2"] and d["owner"] == ann["id"]
    assert await store.get_deck(ann["id"], d["id"]) == d
    assert await store.get_deck(bob["id"], d["id"]) is None
    assert await store.list_decks(bob["id"]) == []
    assert await store.rename_deck(bob["id"], d["id"], "Mine") is None
    assert await store.delete_deck(bob["id"], d["id"]) is False
    assert await store.duplicate_deck(bob["id"], d["id"]) is None
    assert await store.get_deck(ann["id"], d["id"]) == d


async def test_decks_list_newest_updated_first(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    first = await store.create_deck(ann["id"], "One", ["c1"])
    second = await store.create_deck(ann["id"], "Two", ["c2"])
    assert [d["id"] for d in await store.list_decks(ann["id"])] == [second["id"], first["id"]]
    await store.update_deck(ann["id"], first["id"], cards=["c3"])
    assert [d["id"] for d in await store.list_decks(ann["id"])] == [first["id"], second["id"]]


async def test_rename_and_update_change_only_what_was_given(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    d = await store.create_deck(ann["id"], "One", ["c1"])
    r = await store.rename_deck(ann["id"], d["id"], "Renamed")
    assert (r["name"], r["cards"], r["created"]) == ("Renamed", ["c1"], d["created"])
    u = await store.update_deck(ann["id"], d["id"], cards=["c9", "c8"])
    assert (u["name"], u["cards"]) == ("Renamed", ["c9", "c8"])


async def test_a_duplicate_is_a_new_deck_with_the_same_cards(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    d = await store.create_deck(ann["id"], "One", ["c1", "c2"])
    copy = await store.duplicate_deck(ann["id"], d["id"])
    assert copy["id"] != d["id"] and copy["cards"] == d["cards"] and copy["name"] == "One (2)"
    named = await store.duplicate_deck(ann["id"], d["id"], "Other")
    assert named["name"] == "Other"
    assert len(await store.list_decks(ann["id"])) == 3


async def test_a_deleted_deck_is_gone(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    d = await store.create_deck(ann["id"], "One", ["c1"])
    assert await store.delete_deck(ann["id"], d["id"]) is True
    assert await store.get_deck(ann["id"], d["id"]) is None
    assert await store.delete_deck(ann["id"], d["id"]) is False


@pytest.mark.parametrize("cards", ["c1", [1, 2], ["c"] * 201, [""]])
async def test_bad_deck_cards_are_refused_with_a_code(store, cards):
    ann = await store.create_player("Ann", hash_secret("a"))
    with pytest.raises(StoreError) as e:
        await store.create_deck(ann["id"], "One", cards)
    assert e.value.code == "bad_cards"
    assert await store.list_decks(ann["id"]) == []


async def test_a_deck_of_an_unknown_player_is_refused(store):
    with pytest.raises(StoreError) as e:
        await store.create_deck("nobody", "One", ["c1"])
    assert e.value.code == "no_player"


async def test_a_recorded_game_comes_back_whole(store):
    g = _game("room1", "p1", None, 1000.0, bots={"2": "heuristic"}, rated=False)
    assert await store.record_game(g) is True
    assert await store.get_game("room1") == g


async def test_a_game_is_recorded_once(store):
    assert await store.record_game(_game("room1", "p1", "p2", 1000.0)) is True
    assert await store.record_game(_game("room1", "p1", "p2", 2000.0, version=99)) is False
    assert (await store.get_game("room1"))["version"] == 2


async def test_a_game_without_its_log_is_refused(store):
    g = _game("room1", "p1", "p2", 1000.0)
    del g["log"]
    with pytest.raises(StoreError) as e:
        await store.record_game(g)
    assert e.value.code == "bad_game"
    assert await store.get_game("room1") is None


async def test_a_players_games_list_newest_first_without_the_log(store):
    await store.record_game(_game("g1", "ann", "bob", 1000.0))
    await store.record_game(_game("g2", "bob", "ann", 2000.0))
    await store.record_game(_game("g3", "bob", "carl", 3000.0))
    rows = await store.list_games("ann")
    assert [r["id"] for r in rows] == ["g2", "g1"]
    assert all("log" not in r and "seed" not in r and "decks" not in r for r in rows)
    assert [r["id"] for r in await store.list_games("ann", before=2000.0)] == ["g1"]
    assert [r["id"] for r in await store.list_games("bob", limit=2)] == ["g3", "g2"]
    assert await store.get_game("nope") is None


async def test_a_players_games_list_names_a_renamed_player_by_the_new_name(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    g = _game("g1", ann["id"], None, 1000.0, bots={"2": "heuristic"})
    g["names"] = {"1": "Ann", "2": "Computer"}
    await store.record_game(g)
    await store.rename_player(ann["id"], "Anna")
    [row] = await store.list_games(ann["id"])
    assert row["names"] == {"1": "Anna", "2": "Computer"}
    assert (await store.get_game("g1"))["names"] == {"1": "Ann", "2": "Computer"}     # the record itself stays


async def test_a_new_player_has_the_default_rating(store):
    r = await store.get_rating("ann")
    assert (r["rating"], r["rd"], r["vol"], r["games"]) == (
        DEFAULT_RATING["rating"], DEFAULT_RATING["rd"], DEFAULT_RATING["vol"], 0)


async def test_updated_ratings_are_kept_and_ranked(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    await store.create_player("Carl", hash_secret("c"))      # never rated: not on the leaderboard
    await store.update_ratings([
        {"player": ann["id"], "rating": 1662.3, "rd": 290.3, "vol": 0.06, "games": 1},
        {"player": bob["id"], "rating": 1337.7, "rd": 290.3, "vol": 0.06, "games": 1}])
    assert (await store.get_rating(ann["id"]))["rating"] == 1662.3
    await store.update_ratings([{"player": bob["id"], "rating": 1700.0, "rd": 250.0, "vol": 0.059, "games": 2}])
    board = await store.leaderboard()
    assert [(r["name"], r["rating"], r["games"]) for r in board] == [("Bob", 1700.0, 2), ("Ann", 1662.3, 1)]
    assert [r["name"] for r in await store.leaderboard(limit=1, offset=1)] == ["Ann"]


async def test_a_live_room_is_its_snapshot_plus_the_entries_after_it(store):
    await store.save_room("r1", b"snap-1")
    await store.append_room_log("r1", 1, b"e1")
    await store.append_room_log("r1", 2, b"e2")
    assert await store.load_room("r1") == (b"snap-1", [b"e1", b"e2"])
    await store.save_room("r1", b"snap-2")                # a snapshot includes every entry before it
    await store.append_room_log("r1", 3, b"e3")
    assert await store.load_room("r1") == (b"snap-2", [b"e3"])
    assert await store.room_ids() == ["r1"]
    await store.delete_room("r1")
    assert await store.load_room("r1") is None and await store.room_ids() == []


async def test_a_log_entry_is_appended_once(store):
    await store.save_room("r1", b"s")
    await store.append_room_log("r1", 1, b"e1")
    with pytest.raises(StoreError) as e:
        await store.append_room_log("r1", 1, b"again")
    assert e.value.code == "bad_entry"
    assert await store.load_room("r1") == (b"s", [b"e1"])


async def test_a_rated_game_updates_both_ratings_once(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    g = _game("g1", ann["id"], bob["id"], 1000.0, names=None)
    assert await store.record_game(g) is True
    a, b = await store.get_rating(ann["id"]), await store.get_rating(bob["id"])
    assert a["rating"] > 1500 > b["rating"] and a["games"] == b["games"] == 1
    assert await store.record_game(g) is False
    assert (await store.get_rating(ann["id"]))["games"] == 1
    assert (await store.get_game("g1"))["names"] == {"1": "Ann", "2": "Bob"}


async def test_an_unrated_game_changes_no_rating(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    await store.record_game(_game("g1", ann["id"], None, 1000.0, rated=False, bots={"2": "heuristic"}))
    assert (await store.get_rating(ann["id"]))["games"] == 0
    assert await store.leaderboard() == []


async def test_an_upgrade_from_the_first_revision_keeps_the_data(store_url):
    """A database created by an older release (revision 0001) is migrated on start without losing its rows."""
    from server.store.sql import SqlStore
    from tests.store.revisions import store_at

    await store_at(store_url, "0001", [("INSERT INTO players (id, name, secret_hash, created) "
                                        "VALUES ('p1', 'Ann', :h, 1.0)", {"h": hash_secret("s")})])
    new = SqlStore(store_url)
    await new.start()
    try:
        assert await new.revision() == "0004"
        assert (await new.verify_player("p1", "s"))["name"] == "Ann"
    finally:
        await new.close()
