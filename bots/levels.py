"""The computer opponents' levels (уровни): the names the lobby, the server and the bench use.

:data:`LEVELS` are offered to people, weakest first: ``beginner`` (bots/policies.py ``beginner_policy``),
``casual`` (``heuristic_policy``), ``strong`` and ``expert`` (bots/search.py). :data:`POLICIES` holds them plus
``random`` (tests and benches only, never offered) and ``heuristic`` (the former name of ``casual``, kept for rooms
and finished games recorded under it). :data:`SEARCHING` names the levels that think long enough to need a worker
process (server/bot_pool.py).
"""
from __future__ import annotations

from bots.policies import Policy, beginner_policy, heuristic_policy, random_policy
from bots.search import expert_policy, strong_policy

LEVELS: tuple[str, ...] = ("beginner", "casual", "strong", "expert")
SEARCHING: frozenset[str] = frozenset({"strong", "expert"})

POLICIES: dict[str, Policy] = {
    "beginner": beginner_policy, "casual": heuristic_policy, "strong": strong_policy, "expert": expert_policy,
    "random": random_policy, "heuristic": heuristic_policy,
}


def level_for_rating(rating: float | None, games: int = 0) -> str:
    """The level to offer a player of ``rating`` (Elo-like, 1500 at the start) who has finished ``games`` rated
    games: ``beginner`` for a new player (no rating or no games), then by rating: below 1450 beginner, below 1600
    casual, below 1750 strong, else expert."""
    if rating is None or games <= 0:
        return "beginner"
    if rating < 1450:
        return "beginner"
    if rating < 1600:
        return "casual"
    if rating < 1750:
        return "strong"
    return "expert"
