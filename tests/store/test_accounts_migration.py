"""The accounts migration (0003) on a store with duplicate names, on SQLite and PostgreSQL: the oldest holder keeps a
name, later ones get a suffix, invisible names are replaced, every secret still signs in, and the unique keys hold."""
from __future__ import annotations

import pytest

from server.store import StoreError, hash_secret
from server.store.sql import SqlStore
from tests.store.revisions import store_at

OLD = [("p1", "Ann", 1.0), ("p2", "ann", 2.0), ("p3", "\u0410nn", 3.0), ("p4", "\uff21\uff4e\uff4e", 4.0),
       ("p5", "Bob", 5.0), ("p6", "\u3164", 6.0), ("p7", "\u2800", 7.0), ("p8", "Ann 2", 0.5)]


async def _store_at_0002(url: str) -> None:
    await store_at(url, "0002", [("INSERT INTO players (id, name, secret_hash, created) VALUES (:i, :n, :h, :c)",
                                  {"i": pid, "n": name, "h": hash_secret("s-" + pid), "c": created})
                                 for pid, name, created in OLD])


async def test_duplicate_names_are_renamed_oldest_first_and_secrets_keep_working(store_url):
    await _store_at_0002(store_url)
    store = SqlStore(store_url)
    await store.start()
    try:
        names = {pid: (await store.get_player(pid))["name"] for pid, _, _ in OLD}
        assert names == {"p8": "Ann 2", "p1": "Ann", "p2": "ann 3", "p3": "\u0410nn 4",
                         "p4": "\uff21\uff4e\uff4e 5",
                         "p5": "Bob", "p6": "Player", "p7": "Player 2"}
        for pid, _, _ in OLD:
            assert (await store.verify_player(pid, "s-" + pid))["id"] == pid
    finally:
        await store.close()


async def test_after_the_migration_a_confusable_name_cannot_be_taken(store_url):
    await _store_at_0002(store_url)
    store = SqlStore(store_url)
    await store.start()
    try:
        with pytest.raises(StoreError) as e:
            await store.create_player("BOB", hash_secret("x"))
        assert e.value.code == "name_taken"
        with pytest.raises(StoreError):
            await store.rename_player("p1", "b\u043eb")        # Cyrillic о
        assert (await store.get_player("p1"))["name"] == "Ann"
    finally:
        await store.close()


async def test_names_that_differ_only_in_spacing_are_renamed_by_0004_oldest_first(store_url):
    rows = [("q1", "Admin", "admin", "adrnin", 1.0), ("q2", "A d m i n", "a d m l n", "a d rn i n", 2.0),
            ("q3", "Ad_min", "ad_mln", "ad_rnin", 3.0), ("q4", "Bob", "bob", "bob", 4.0)]
    await store_at(store_url, "0003", [(
        "INSERT INTO players (id, name, created, name_key, name_key_lower) VALUES (:i, :n, :c, :u, :l)",
        {"i": pid, "n": name, "u": upper, "l": lower, "c": created}) for pid, name, upper, lower, created in rows])
    store = SqlStore(store_url)
    await store.start()
    try:
        names = {pid: (await store.get_player(pid))["name"] for pid, *_ in rows}
        assert names == {"q1": "Admin", "q2": "A d m i n 2", "q3": "Ad_min 3", "q4": "Bob"}
        with pytest.raises(StoreError) as e:
            await store.create_player("A.d.m.i.n", hash_secret("x"))
        assert e.value.code == "name_taken"
    finally:
        await store.close()
