"""Conditions about the card itself and the turn: who plays first, whose turn it is, its state, its defence, its
movement this turn (docs/card-vocabulary.md "Conditions")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards.words import idx, tokens
from engine.model.history import acts, chain_from, steps
from engine.rules.conditions.base import Condition, Flag, register
from engine.rules.filters import Filter, passes, phrase


@dataclass(frozen=True, slots=True)
class SecondPlayer(Flag):
    """``second_player``: its owner is the second player (02 §1.1)."""

    def words(self) -> tuple[str, str]:
        return ("if its owner plays second", "если её владелец ходит вторым")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.first is not None and source.owner != g.first


@dataclass(frozen=True, slots=True)
class FirstPlayer(Flag):
    """``first_player``: its owner is the first player (02 §1.1)."""

    def words(self) -> tuple[str, str]:
        return ("if its owner plays first", "если её владелец ходит первым")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.first is not None and source.owner == g.first


@dataclass(frozen=True, slots=True)
class OpponentTurn(Flag):
    """``opponent_turn``: it is the turn of this card's opponent."""

    def words(self) -> tuple[str, str]:
        return ("in the opponent's turn", "в ход противника")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.active != source.controller


@dataclass(frozen=True, slots=True)
class OwnTurn(Flag):
    """``own_turn``: it is the turn of this card's controller."""

    def words(self) -> tuple[str, str]:
        return ("in your turn", "в ваш ход")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.active == source.controller


def _defender(g: Any) -> Any:
    ex = g.executing
    return ex.get("data", {}).get("defender") if ex else None


@dataclass(frozen=True, slots=True)
class Defending(Flag):
    """``defending``: this card is the defender of the simple strike executing now [205.3]."""

    def words(self) -> tuple[str, str]:
        return ("while it is acting as a defender", "пока она выступает защитником")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return bool(g.executing) and _defender(g) == source.id


@dataclass(frozen=True, slots=True)
class NotDefending(Flag):
    """``not_defending``: this card is not the defender of the simple strike executing now."""

    def words(self) -> tuple[str, str]:
        return ("not while it is a defender", "но не когда она защитник")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return not (g.executing and _defender(g) == source.id)


@dataclass(frozen=True, slots=True)
class IsClosed(Flag):
    """``is_closed``: this card is closed."""

    def words(self) -> tuple[str, str]:
        return ("while it is closed", "пока она закрыта")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return bool(source.closed)


@dataclass(frozen=True, slots=True)
class Unwounded(Flag):
    """``unwounded``: this card has no wounds."""

    def words(self) -> tuple[str, str]:
        return ("while it has no wounds", "пока на ней нет ран")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return source.wounds == 0


@dataclass(frozen=True, slots=True)
class TokensAtMost(Condition):
    """``tokens_at_most``: this card holds at most n tokens."""

    n: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return source.tokens <= self.n

    def text(self, lang: str) -> str:
        if not self.n:
            return "while it has no token" if lang == "en" else "пока на ней нет фишек"
        return f"while it has at most {tokens(self.n, lang)}" if lang == "en" else \
            f"пока на ней не больше {tokens(self.n, lang)}"


@dataclass(frozen=True, slots=True)
class TokensAtLeast(Condition):
    """``tokens_at_least``: this card holds at least n tokens."""

    n: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return source.tokens >= self.n

    def text(self, lang: str) -> str:
        return f"while it has at least {tokens(self.n, lang)}" if lang == "en" else \
            f"пока на ней не меньше {tokens(self.n, lang)}"


@dataclass(frozen=True, slots=True)
class CurrentLifeAtLeast(Condition):
    """``current_life_at_least``: life + additional life - wounds >= n [204.6]."""

    n: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.life(source) - source.wounds >= self.n

    def text(self, lang: str) -> str:
        return f"while it has at least {self.n} lives" if lang == "en" else f"пока у неё не меньше {self.n} жизней"


@dataclass(frozen=True, slots=True)
class CurrentLifeAtMost(Condition):
    """``current_life_at_most``: life + additional life - wounds <= n [204.6]."""

    n: int = 0

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return g.life(source) - source.wounds <= self.n

    def text(self, lang: str) -> str:
        return f"while it has at most {self.n} lives" if lang == "en" else f"пока у неё не больше {self.n} жизней"


@dataclass(frozen=True, slots=True)
class NotMovedThisTurn(Flag):
    """``not_moved_this_turn``: this card has spent no movement of its own this turn [203.4] (Камнедрев)."""

    def words(self) -> tuple[str, str]:
        return ("if it has not moved this turn", "если в этот ход она не перемещалась")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        return not source.markers.get("movement")


@dataclass(frozen=True, slots=True)
class MovedStraight(Condition):
    """``moved_straight``: this turn it moved at least ``at_least`` cells by its own steps, all one way
    (engine/model/history.py)."""

    at_least: int = 0

    def words(self) -> tuple[str, str]:
        return ("in one direction", "в одном направлении")

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        st = steps(g, source)
        straight = all(s == st[0] for s in st)
        return len(st) >= self.at_least and straight == self.straight()

    def straight(self) -> bool:
        """True: all steps one way; False (``moved_turning``): not all one way."""
        return True

    def text(self, lang: str) -> str:
        if lang == "en":
            return f"if it has moved at least {self.at_least} cells {self.words()[0]} this turn"
        return f"если в этот ход она прошла не меньше {self.at_least} клеток {self.words()[1]}"


@dataclass(frozen=True, slots=True)
class MovedTurning(MovedStraight):
    """``moved_turning``: this turn it moved at least ``at_least`` cells, not all one way."""

    def straight(self) -> bool:
        return False

    def words(self) -> tuple[str, str]:
        return ("in different directions", "в разных направлениях")


_ACTS = {"strike": ("a simple strike", "простой удар"), "shot": ("a shot", "выстрел"), "heal": ("a heal", "лечение")}


@dataclass(frozen=True, slots=True)
class ActionChain(Condition):
    """``action_chain``: the last len(``of``) actions declared this turn by the other cards of its controller
    (since its chain was last used) are ``of`` in any order, all by creatures matching ``filter``; moving in
    between is no action (engine/model/history.py ``acts``; Очи Кронга)."""

    of: tuple[str, ...] = ()
    filter: tuple[Filter, ...] = ()

    def holds(self, g: Any, source: Any, entry: dict, point: dict) -> bool:
        want = sorted(self.of)
        start = chain_from(g, source)
        seq = sorted((s, what, o) for o in g.cards.values() if o.controller == source.controller
                     and o.id != source.id for s, what in acts(g, o) if s > start)
        last = seq[-len(want):] if want else []
        return len(last) == len(want) and sorted(w for _, w, _ in last) == want and all(
            g.is_creature(o) and passes(g, source, o, self.filter) for _, _, o in last)

    def text(self, lang: str) -> str:
        what = ", ".join(_ACTS.get(w, (w, w))[idx(lang)] for w in self.of)
        who = phrase(self.filter, lang)
        if lang == "en":
            return (f"if your other creatures ({who}) have just made {what} one after another, in any order (moving "
                    f"in between does not break it)")
        return (f"если ваши другие существа ({who}) только что провели {what} одно за другим в любом порядке "
                f"(перемещения между ними не прерывают цепочку)")


register({"second_player": SecondPlayer, "first_player": FirstPlayer, "opponent_turn": OpponentTurn,
          "own_turn": OwnTurn, "defending": Defending, "not_defending": NotDefending, "is_closed": IsClosed,
          "unwounded": Unwounded, "tokens_at_most": TokensAtMost, "tokens_at_least": TokensAtLeast,
          "current_life_at_least": CurrentLifeAtLeast, "current_life_at_most": CurrentLifeAtMost,
          "not_moved_this_turn": NotMovedThisTurn, "moved_straight": MovedStraight, "moved_turning": MovedTurning,
          "action_chain": ActionChain})
