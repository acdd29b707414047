"""The bot-vs-bot harness (bench/harness.py) on a small N: real server process, spectators, random reconnects; every
frame checked for hidden cards, every state against a fresh view, the game against its replay. The checker itself
is shown to catch a planted hidden marker and a wrong state."""
from __future__ import annotations

import copy

import msgpack
import pytest

from bench.harness import check_game, play_game
from bench.servers import ServerProcess
from engine import Game


@pytest.fixture(scope="module")
async def games():
    out = []
    with ServerProcess(rate_per_sec=1000, rate_burst=1000) as server:
        for seed in (1, 2):
            out.append(await _played(server, seed))
    return out


async def _played(server, seed):
    import bench.harness as h
    kept = {}
    orig = h.check_game

    def keep(clients, record):
        kept["clients"], kept["record"] = clients, record
        return orig(clients, record)
    h.check_game = keep
    try:
        report = await play_game(server, seed, spectators=2, reconnect=0.08, timeout=120)  # >= 1 drop per game in practice, even a short one
    finally:
        h.check_game = orig
    return report, kept["clients"], kept["record"]


def test_harness_games_pass_every_check(games):
    for report, _, _ in games:
        assert report["failures"] == [] and report["result"] is not None


def test_harness_games_include_reconnects_and_spectators(games):
    for report, clients, _ in games:
        assert report["reconnects"] > 0
        assert sum(c.viewer is None for c in clients) == 2


def _with_deck_card_planted(games, last: bool) -> tuple:
    """A copy of the first game's clients whose spectator got, in its first frame (``last``: its last frame, at
    the final version), the id of the deepest card of deck 2 at v0 (hidden from it), and the game's record."""
    _, clients, record = games[0]
    clients = copy.deepcopy(clients)
    deck_card = Game.new(record["seed"], *record["decks"]).decks[2][-1]
    spectator = next(c for c in clients if c.viewer is None)
    frames = [(v, d) for v, d in spectator.raw if v is not None]
    v, data = frames[-1] if last else frames[0]
    spectator.raw.append((v, data + msgpack.packb(deck_card)))
    return clients, record


def test_checker_catches_a_hidden_card_in_a_frame(games):
    assert any("in a frame" in f for f in check_game(*_with_deck_card_planted(games, last=False)))


def test_checker_catches_a_hidden_card_in_a_frame_of_the_finished_game(games):
    assert any("in a frame" in f for f in check_game(*_with_deck_card_planted(games, last=True)))


def test_checker_catches_a_wrong_state(games):
    _, clients, record = games[0]
    clients = copy.deepcopy(clients)
    v = sorted(clients[1].states)[len(clients[1].states) // 2]
    clients[1].states[v][0]["turn"] = -1
    assert any("differs from a fresh view" in f for f in check_game(clients, record))
