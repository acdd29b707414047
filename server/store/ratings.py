"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012) through the ``glicko2-py`` library.

Each rated game is its own rating period: both players are updated from their ratings before the game (score 1 for
the winner, 0 for the loser, 0.5 each for a draw). A game is rated only when both seats are registered players,
neither seat is the computer and the two players differ (:func:`is_rated`).
"""
from __future__ import annotations

from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating

TAU = 0.5          # Glickman's system constant (volatility change per period); the paper suggests 0.3 .. 1.2


def is_rated(players: dict, bots: dict) -> bool:
    """True when both seats (``{"1": id | None, "2": ...}``) are distinct registered players and no seat is a bot."""
    p1, p2 = players.get("1"), players.get("2")
    return bool(p1 and p2 and p1 != p2 and not bots)


def _score(winner, seat: int) -> float:
    if winner == "draw":
        return 0.5
    return 1.0 if winner == seat else 0.0


def rate(r1: dict, r2: dict, winner) -> tuple[dict, dict]:
    """The two players' ratings after one game between them.

    ``r1``, ``r2``: ``{"player", "rating", "rd", "vol", "games"}`` of seat 1 and seat 2 before the game (display
    scale: rating ~1500, RD in rating points); ``winner``: 1, 2 or "draw". Returns the new ``(r1, r2)`` with
    ``games`` incremented. Raises ValueError for a winner other than 1, 2 or "draw".
    """
    if winner not in (1, 2, "draw"):
        raise ValueError(f"winner must be 1, 2 or 'draw', not {winner!r}")
    out = []
    for me, other, seat in ((r1, r2, 1), (r2, r1, 2)):
        new = update_rating(rating_to_mu(me["rating"]), rd_to_phi(me["rd"]), me["vol"],
                            [(rating_to_mu(other["rating"]), rd_to_phi(other["rd"]), _score(winner, seat))], TAU)
        out.append(dict(me, rating=mu_to_rating(new.mu), rd=phi_to_rd(new.phi), vol=new.sigma,
                        games=int(me.get("games", 0)) + 1))
    return out[0], out[1]
