"""Computer players (боты): pure policies ``policy(view, legal, rng) -> action`` that read views only.

They sit above the engine and use its public API, the public card data and the one Strike Table
(engine/rules/strike_table.py); :data:`POLICIES` names them for the server and the bench.
"""
from bots.policies import POLICIES, Policy, heuristic_policy, play, random_policy

__all__ = ["POLICIES", "Policy", "heuristic_policy", "play", "random_policy"]
