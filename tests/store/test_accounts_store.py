"""The accounts part of the store on both backends: rating history per rated game, the figures of a profile,
sessions, friends, challenges, the leaderboard's games filter."""
from __future__ import annotations

from server.profiles import tally
from server.store import hash_secret


def _game(gid, p1, p2, started, winner=1, decks=("Forest", "Mountains"), rated=True):
    return {"id": gid, "seed": 1, "decks": [["a"], ["b"]], "deck_names": list(decks), "log": [],
            "result": {"winner": winner, "reason": "concession"}, "players": {"1": p1, "2": p2}, "names": None,
            "bots": {}, "rated": rated, "started": started, "duration": 1.0, "version": 2, "options": {}}


async def test_each_rated_game_adds_a_point_of_rating_history(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    await store.record_game(_game("g1", ann["id"], bob["id"], 1.0, winner=1))
    await store.record_game(_game("g2", bob["id"], ann["id"], 2.0, winner=1))
    await store.record_game(_game("g3", bob["id"], ann["id"], 3.0, rated=False))
    history = await store.rating_history(ann["id"])
    assert [h["game"] for h in history] == ["g1", "g2"]
    assert history[0]["rating"] > 1500 and history[1]["rating"] < history[0]["rating"]     # won, then lost
    assert history[-1]["rating"] == (await store.get_rating(ann["id"]))["rating"]


async def test_a_profiles_figures_count_games_with_a_result_and_their_decks(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    await store.record_game(_game("g1", ann["id"], bob["id"], 1.0, winner=1, decks=("Forest", "Swamp")))
    await store.record_game(_game("g2", bob["id"], ann["id"], 2.0, winner=1, decks=("Swamp", "Forest")))
    await store.record_game(_game("g3", ann["id"], bob["id"], 3.0, winner="draw", decks=("Steppe", None)))
    await store.record_game(_game("g4", ann["id"], bob["id"], 4.0, winner=None, decks=("Forest", "Swamp"), rated=False))
    counts, decks = tally(await store.game_outcomes(ann["id"]))
    assert counts == {"played": 3, "won": 1, "lost": 1, "drawn": 1}
    assert decks == [{"name": "Forest", "games": 2}, {"name": "Steppe", "games": 1}]


async def test_sessions_end_one_or_all(store):
    ann = await store.create_player("Ann", hash_secret("first"))
    second = await store.create_session(ann["id"], hash_secret("second"))
    first = (await store.verify_player(ann["id"], "first"))["session"]
    assert (await store.verify_player(ann["id"], "second"))["session"] == second != first
    assert await store.revoke_sessions(ann["id"], keep=second) == [first]
    assert await store.verify_player(ann["id"], "first") is None and await store.session_alive(second)
    assert await store.end_session(ann["id"], second) and not await store.session_alive(second)


async def test_friend_links_both_ways(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    assert await store.add_friend(ann["id"], bob["id"]) and not await store.add_friend(ann["id"], bob["id"])
    assert await store.friend_links(bob["id"]) == {"added": {}, "added_me": {ann["id"]: "Ann"}}
    assert await store.remove_friend(ann["id"], bob["id"]) and not await store.remove_friend(ann["id"], bob["id"])


async def test_a_challenge_is_settled_once(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    c = await store.create_challenge(ann["id"], bob["id"], {"label": "A", "cards": ["x"]}, "5+3")
    assert [x["id"] for x in await store.open_challenges(bob["id"], since=0)] == [c["id"]]
    assert await store.settle_challenge(c["id"], "accepted") and not await store.settle_challenge(c["id"], "declined")
    assert await store.open_challenges(bob["id"], since=0) == []


async def test_the_leaderboard_keeps_players_with_enough_games(store):
    ann = await store.create_player("Ann", hash_secret("a"))
    bob = await store.create_player("Bob", hash_secret("b"))
    await store.update_ratings([{"player": ann["id"], "rating": 1600.0, "rd": 200.0, "vol": 0.06, "games": 5},
                                {"player": bob["id"], "rating": 1700.0, "rd": 200.0, "vol": 0.06, "games": 2}])
    assert [r["name"] for r in await store.leaderboard(min_games=3)] == ["Ann"]
    assert [r["name"] for r in await store.leaderboard()] == ["Bob", "Ann"]
