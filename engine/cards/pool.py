"""Card definitions (printed properties and abilities) loaded from the project's own data file.

The engine never reads ``../shared`` at run time: ``engine/data/cards.json`` is the project's card data, one object
per pool card, keyed by the pool's ``id`` (e.g. ``"vs2003-fagor"``) and findable by its Russian name where that name
is unique. Rules: 01-game-and-cards.md §3 (card properties), §4 (card types).

A card definition is a JSON-like dict with at least ``id``, ``name_ru``, ``name_en``, ``kind`` (``creature``,
``artifact``, ``terrain``, ``equipment``), ``element``, ``cost``, ``elite``, ``unique``, ``flyer``, ``symbiote``,
``life``, ``move``, ``strike`` ([weak, medium, strong]), ``classes``, ``abilities`` (the normalized vocabulary
of ``engine/cards/vocab.py`` and ``docs/card-vocabulary.md``), ``text_en`` and ``text_ru``; the cards taken from
``../shared/cards/set1-rest.json`` (the rest of «Война стихий» 2023) carry ``origin: "set1-rest"``.
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Final

from engine.cards.schema import validate_card
from engine.cards.vocab import normalize_ability
from engine.errors import EngineError


#: engine/data, found from the package (engine/__init__.py is never compiled), not from this module's ``__file__``:
#: compiled (berserk_native.py), this module is loaded from _berserk_compiled/.
_DATA = Path(sys.modules["engine"].__file__).resolve().parent / "data"

#: Properties a scenario ``override`` may replace (../shared/scenarios/FORMAT.md).
OVERRIDABLE: Final = ("kind", "element", "life", "move", "strike", "cost", "elite", "unique", "flyer", "symbiote",
               "classes", "abilities")

_DEFAULTS = {"kind": "creature", "element": "Нейтральные", "cost": 0, "elite": False, "unique": False,
             "flyer": False, "symbiote": False, "life": 1, "move": 1, "strike": [0, 0, 0], "classes": [],
             "abilities": [], "name_en": "", "text_en": ""}


def _unique_names(cards: list[dict]) -> dict[str, str]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c["name_ru"]] = counts.get(c["name_ru"], 0) + 1
    return {c["name_ru"]: c["id"] for c in cards if counts[c["name_ru"]] == 1}


#: Card sets loaded besides the project's data (engine/cards/sets.py adds them; each card validated).
EXTRA: Final[list[dict]] = []


@lru_cache(maxsize=1)
def _pool() -> tuple[dict[str, dict], dict[str, str]]:
    raw = json.loads((_DATA / "cards.json").read_text(encoding="utf-8"))
    for c in raw:
        validate_card(c)  # EngineError("invalid_card") naming the card, the ability and the field
    raw += EXTRA
    by_id = {c["id"]: c for c in raw}
    # A Russian name names the one starter-pool card that has it (../shared/scenarios/FORMAT.md "only one pool card
    # has that name"); set1-rest records (``origin: "set1-rest"``) are named so only when no pool card shares it.
    by_name = _unique_names(raw)
    by_name.update(_unique_names([c for c in raw if c.get("origin") != "set1-rest"]))
    return by_id, by_name


def all_cards() -> list[dict]:
    """Every pool card definition, in data-file order. Returns fresh copies (callers may mutate them)."""
    return [json.loads(json.dumps(c)) for c in _pool()[0].values()]


def resolve_id(name_or_id: str) -> str | None:
    """The pool id for a pool id or a unique Russian name; None when it names no pool card (or several)."""
    by_id, by_name = _pool()
    if name_or_id in by_id:
        return name_or_id
    return by_name.get(name_or_id)


def require_card(name_or_id: str) -> str:
    """The pool id of a pool id or unique Russian name (:func:`resolve_id`), without copying its definition.
    Raises EngineError("unknown_card") as :func:`card_def` does for a name of no pool card."""
    cid = resolve_id(name_or_id)
    if cid is None:
        raise EngineError("unknown_card", f"No pool card is named {name_or_id!r}.")
    return cid


def card_def(name_or_id: str, override: dict | None = None) -> dict:
    """The definition of a pool card (by id or unique Russian name), with ``override`` applied.

    A name that is not in the pool builds a custom card when ``override`` is given (FORMAT.md "Custom cards");
    its id is ``"custom:" + name``. Overridden ``abilities`` are brought into the data-file vocabulary with
    :func:`engine.cards.vocab.normalize_ability` (FORMAT.md short forms such as ``"cost": "X tokens"``). Returns a
    fresh dict.

    Raises EngineError("unknown_card") for a name that is neither in the pool nor overridden,
    EngineError("invalid_scenario") for an overridden ability whose cost or limit cannot be read, and
    EngineError("invalid_card") for an overridden card that does not fit the card schema
    (:mod:`engine.cards.schema`: an unknown keyword or parameter, a wrong type, an impossible value).
    """
    cid = resolve_id(name_or_id)
    if cid is not None:
        base = json.loads(json.dumps(_pool()[0][cid]))
    elif override is not None:
        base = dict(_DEFAULTS, id="custom:" + name_or_id, name_ru=name_or_id, name_en=name_or_id)
    else:
        raise EngineError("unknown_card", f"No pool card is named {name_or_id!r}.")
    for key, value in (override or {}).items():
        if key in OVERRIDABLE:
            base[key] = json.loads(json.dumps(value))
    if override and "abilities" in override:
        try:
            base["abilities"] = [normalize_ability(a) for a in base["abilities"]]
        except (ValueError, TypeError, AttributeError) as exc:
            raise EngineError("invalid_scenario", f"An overridden ability cannot be read: {exc}.") from None
    if override:
        validate_card(base)  # EngineError("invalid_card"): an unknown kw never plays as a vanilla creature
    return base
