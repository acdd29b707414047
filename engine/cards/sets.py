"""Card sets as data files: community cards written in the card vocabulary, loaded beside the project's data.

A card set is one JSON file ``{"set": NAME, "cards": [card, ...]}``; each card is a card definition as in
``engine/data/cards.json`` (01-game-and-cards.md §3) whose omitted properties take the defaults of
:data:`engine.cards.pool._DEFAULTS` and whose abilities may use the short forms of
../shared/scenarios/FORMAT.md and every named ability of 03-abilities.md §4 (docs/cards.md "Writing a card set").
Every card is validated by the card schema (:mod:`engine.cards.schema`) when the set loads.

Where sets are found: every ``*.json`` file of ``engine/data/sets/`` and of each directory listed in the
environment variable ``BERSERK_CARD_SETS`` (separated by ``os.pathsep``), read once when the pool first loads;
:func:`add_set` adds one more file later (tests, tools).

"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final

from engine.cards import pool
from engine.cards.schema import validate_card
from engine.cards.vocab import normalize_ability
from engine.errors import EngineError

#: The directory of the sets shipped with the engine.
SETS_DIR = pool._DATA / "sets"
#: The environment variable naming further directories of set files.
ENV: Final = "BERSERK_CARD_SETS"


def read_set(path: str | Path) -> list[dict]:
    """The cards of one set file, normalized and validated, each with ``origin`` = the set's name.

    Raises EngineError("invalid_card") for a file that is not a set (``{"set": str, "cards": [...]}``), a card
    without a new unique ``id``, or a card that does not fit the schema (the sentence names the file, the card,
    the ability and the field)."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EngineError("invalid_card", f"Card set {path.name}: cannot be read as JSON ({exc}).") from None
    if not (isinstance(doc, dict) and isinstance(doc.get("set"), str) and isinstance(doc.get("cards"), list)):
        raise EngineError("invalid_card", f"Card set {path.name}: a set is {{'set': name, 'cards': [...]}}.")
    out, seen = [], set()
    for i, raw in enumerate(doc["cards"]):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not raw["id"] \
                or raw["id"] in seen or pool.resolve_id(raw["id"]) is not None:
            raise EngineError("invalid_card", f"Card set {path.name}: card {i + 1} needs an id of its own.")
        seen.add(raw["id"])
        card = {**pool._DEFAULTS, "name_en": raw.get("name_ru", ""), "text_ru": "", **raw, "origin": doc["set"]}
        try:
            card["abilities"] = [normalize_ability(a) for a in card.get("abilities") or []]
        except (ValueError, TypeError, AttributeError) as exc:
            raise EngineError("invalid_card", f"Card set {path.name}: card {raw['id']!r}: {exc}.") from None
        try:
            out.append(validate_card(card))
        except EngineError as e:
            raise EngineError("invalid_card", f"Card set {path.name}: {e.message}") from None
    return out


def set_files() -> list[Path]:
    """Every set file of :data:`SETS_DIR` and of the directories in ``$BERSERK_CARD_SETS``, sorted by name."""
    dirs = [SETS_DIR] + [Path(d) for d in os.environ.get(ENV, "").split(os.pathsep) if d]
    return [f for d in dirs if d.is_dir() for f in sorted(d.glob("*.json"))]


def add_set(path: str | Path) -> list[str]:
    """Load one set file into the pool (validated, :func:`read_set`) and return its card ids; the pool is
    re-read so that decks and games may name the new cards. Raises EngineError("invalid_card")."""
    cards = read_set(path)
    pool.EXTRA.extend(cards)
    pool._pool.cache_clear()
    return [c["id"] for c in cards]


#: The set files loaded so far (each once).
LOADED: Final[set[str]] = set()


def load_all() -> None:
    """Load every set of :func:`set_files` not loaded yet (``engine.cards`` calls it once when imported)."""
    for f in set_files():
        if str(f.resolve()) not in LOADED:
            LOADED.add(str(f.resolve()))
            add_set(f)
