"""The game's seeded random number generator: dice and shuffles, logged and replayable.

SplitMix64 keeps its whole state in one 64-bit integer, so a snapshot stores it as one number and a restored game
rolls exactly the same dice. Scenarios may force dice (../shared/scenarios/FORMAT.md `dice`): forced values are
used first, and a strict game refuses to roll past them.
"""
from __future__ import annotations


_MASK = (1 << 64) - 1


class DiceExhausted(Exception):
    """A strict game (a scenario with forced dice) asked for more dice than were listed."""


class Rng:
    """Deterministic RNG. ``state`` is an int in [0, 2**64); ``forced`` a list of d6 results used first.

    ``strict`` (scenarios): when ``forced`` is exhausted, rolling a die raises :class:`DiceExhausted` instead of
    drawing from the generator. Shuffles always use the generator.
    """

    __slots__ = ("state", "forced", "strict")

    def __init__(self, seed: int, forced: list[int] | None = None, strict: bool = False):
        self.state = seed & _MASK
        self.forced = list(forced or [])
        self.strict = strict

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), n >= 1 (rejection sampling: no modulo bias)."""
        limit = _MASK - (_MASK % n)
        while True:
            r = self._next()
            if r < limit:
                return r % n

    def d6(self) -> int:
        """One six-sided die, 1..6: the next forced value if any, else from the generator."""
        if self.forced:
            return self.forced.pop(0)
        if self.strict:
            raise DiceExhausted("the scenario listed fewer dice than the game rolled")
        return self.below(6) + 1

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_dict(self) -> dict:
        """``{"state": int, "forced": [int], "strict": bool}`` (JSON-like)."""
        return {"state": self.state, "forced": list(self.forced), "strict": self.strict}

    @classmethod
    def from_dict(cls, d: dict) -> "Rng":
        """Inverse of :meth:`to_dict`."""
        r = cls(0, d["forced"], d["strict"])
        r.state = d["state"]
        return r
