"""Deck construction (колода): 01-game-and-cards.md §7.1 [100.2-100.3, g-34 Horde]."""
from __future__ import annotations

from .cards import card_def, load_deck, starter_decks  # noqa: F401  (re-exported)
from .errors import EngineError

MIN_CARDS, MAX_CARDS, MAX_COPIES, MAX_COPIES_HORDE = 30, 50, 3, 5


def validate_deck(ids: list[str]) -> None:
    """Check a constructed deck: 30-50 cards, at most 3 cards of one Russian name across editions (5 with Horde).

    Raises EngineError("invalid_deck", sentence) or EngineError("unknown_card")."""
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise EngineError("invalid_deck", "A deck is a list of card ids.")
    if not MIN_CARDS <= len(ids) <= MAX_CARDS:
        raise EngineError("invalid_deck", f"A deck holds {MIN_CARDS} to {MAX_CARDS} cards, not {len(ids)}.")
    counts: dict[str, int] = {}
    horde: dict[str, bool] = {}
    for i in ids:
        d = card_def(i)
        counts[d["name_ru"]] = counts.get(d["name_ru"], 0) + 1
        horde[d["name_ru"]] = any(a.get("kw") == "horde" for a in d.get("abilities") or [])
    for name, n in counts.items():
        cap = MAX_COPIES_HORDE if horde[name] else MAX_COPIES
        if n > cap:
            raise EngineError("invalid_deck", f"At most {cap} cards named {name} may be in a deck, not {n}.")
