"""Glicko-2 updates (server/store/ratings.py) against Glickman's worked example and the rating rules of the service."""
from __future__ import annotations

import pytest
from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating

from server.store.ratings import is_rated, rate


def _r(rating=1500.0, rd=350.0, vol=0.06, games=0, player="x"):
    return {"player": player, "rating": rating, "rd": rd, "vol": vol, "games": games}


def test_the_library_reproduces_glickmans_worked_example():
    # "Example of the Glicko-2 system" (2012): 1500/200 beats 1400/30, loses to 1550/100 and 1700/300
    opponents = [(rating_to_mu(1400), rd_to_phi(30), 1.0), (rating_to_mu(1550), rd_to_phi(100), 0.0),
                 (rating_to_mu(1700), rd_to_phi(300), 0.0)]
    new = update_rating(rating_to_mu(1500), rd_to_phi(200), 0.06, opponents, 0.5)
    assert mu_to_rating(new.mu) == pytest.approx(1464.06, abs=0.01)
    assert phi_to_rd(new.phi) == pytest.approx(151.52, abs=0.01)
    assert new.sigma == pytest.approx(0.05999, abs=1e-5)


def test_the_winner_gains_what_an_equal_loser_loses():
    a, b = rate(_r(player="a"), _r(player="b"), 1)
    assert a["rating"] > 1500 > b["rating"]
    assert a["rating"] - 1500 == pytest.approx(1500 - b["rating"])
    assert a["rd"] < 350 and b["rd"] < 350 and a["games"] == b["games"] == 1


def test_a_draw_between_equals_changes_no_rating():
    a, b = rate(_r(), _r(), "draw")
    assert a["rating"] == pytest.approx(1500) and b["rating"] == pytest.approx(1500)


def test_beating_a_stronger_player_gains_more():
    weak_wins, _ = rate(_r(1400, 100), _r(1700, 100), 1)
    strong_wins, _ = rate(_r(1700, 100), _r(1400, 100), 1)
    assert weak_wins["rating"] - 1400 > strong_wins["rating"] - 1700


def test_a_bad_winner_is_refused():
    with pytest.raises(ValueError):
        rate(_r(), _r(), 3)


@pytest.mark.parametrize("players, bots, rated", [
    ({"1": "a", "2": "b"}, {}, True),
    ({"1": "a", "2": None}, {"2": "heuristic"}, False),    # against the computer: unrated
    ({"1": "a", "2": "b"}, {"2": "heuristic"}, False),
    ({"1": "a", "2": None}, {}, False),                    # an anonymous seat
    ({"1": "a", "2": "a"}, {}, False),                     # against oneself
])
def test_only_games_between_two_distinct_registered_players_are_rated(players, bots, rated):
    assert is_rated(players, bots) is rated
