"""Computer players (боты): pure policies ``policy(view, legal, rng) -> action`` that read views only.

They sit above the engine and use its public API, the public card data and the one Strike Table
(engine/rules/strike_table.py); :data:`POLICIES` names them for the server and the bench, :data:`LEVELS` are the
four offered to people (bots/levels.py).
"""
from bots.levels import LEVELS, POLICIES, SEARCHING, level_for_rating
from bots.policies import Policy, beginner_policy, heuristic_policy, play, random_policy
from bots.search import expert_policy, strong_policy

__all__ = ["LEVELS", "POLICIES", "SEARCHING", "Policy", "beginner_policy", "expert_policy", "heuristic_policy",
           "level_for_rating", "play", "random_policy", "strong_policy"]
