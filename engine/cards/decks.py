"""Deck construction (колода): the preconstructed decks and the one deck validator.

Rules: 01-game-and-cards.md §7.1 (constructed and limited formats [100.2.a-100.4, g-34 Horde, g-76 Copy]):

- a constructed deck holds 30 to 50 cards [100.2.a, 100.3]; a draft / sealed ("limited") deck 20 to 50;
- constructed: at most 3 copies of one name [100.2.b], at most 5 when the card has Horde (Орда) [g-34]; copies are
  counted by ``name_ru`` across editions (two printings of one name are copies [g-76]); limited: no copy limit;
- uniqueness limits the squad, not the deck (§3.9), so it is not checked here;
- tournament bans [100.4] are not part of the engine.

:func:`deck_errors` reports **every** problem of a deck, each a :class:`DeckError` with a stable code and one
sentence in Russian and in English; :func:`validate_deck` raises them together. Every caller (``Game.new``, the
HTTP API, the deck builder, room creation) goes through these two functions.

The preconstructed decks live in ``engine/data/decks.json`` (format: docs/engine-api.md "Decks"):
a JSON list of ``{"id", "name", "name_en", "starter"?, "cards": [{"id", "count"}]}``.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from engine.cards.keywords import KEYWORDS
from engine.cards.pool import _DATA, _pool, resolve_id
from engine.errors import EngineError

__all__ = ["DeckError", "InvalidDeck", "deck_errors", "validate_deck", "deck_counts", "preconstructed_decks",
           "find_deck", "load_deck", "starter_decks", "deck_elements", "FORMATS", "MAX_ENTRIES",
           "MAX_CARDS", "MAX_COPIES", "MIN_CARDS", "CODES", "ELEMENTS_EN"]

MIN_CARDS = 30          #: [100.2.a] constructed minimum
MAX_CARDS: Final = 50          #: [100.3] maximum in every format
MAX_COPIES: Final = 3          #: [100.2.b] copies of one name (constructed)
MAX_ENTRIES: Final = 200       #: longest list of entries read at all (a legal deck has at most 50)

#: format -> (minimum size, copy limit or None) [100.2.a, 100.2.b]
FORMATS: Final = {"constructed": (MIN_CARDS, MAX_COPIES), "limited": (20, None)}

#: Every code :func:`deck_errors` may report, with its meaning.
CODES: Final = {
    "not_a_list": "The deck is not a list.",
    "too_many_entries": f"The list has more than {MAX_ENTRIES} entries; nothing else is checked.",
    "bad_entry": "An entry is neither a card id nor an object {id, count}.",
    "bad_count": f"An entry's count is not a whole number from 1 to {MAX_CARDS}.",
    "unknown_card": "An entry names no card of the pool.",
    "ambiguous_card": "A Russian name is shared by several editions; use the card id.",
    "too_few_cards": "The deck is smaller than the format's minimum [100.2.a].",
    "too_many_cards": f"The deck holds more than {MAX_CARDS} cards [100.3].",
    "too_many_copies": "More copies of one name than allowed [100.2.b, g-34 Horde].",
    "unknown_format": "The format is neither constructed nor limited.",
}

#: Element names (as in the card data) in English.
ELEMENTS_EN: Final = {"Степи": "Steppes", "Леса": "Forests", "Горы": "Mountains", "Болота": "Swamps", "Тьма": "Darkness",
               "Нейтральные": "Neutral"}


@dataclass(frozen=True)
class DeckError:
    """One problem of a deck: ``code`` (a key of :data:`CODES`), ``ru`` and ``en`` (one sentence each), and
    ``card`` (the pool id or the unknown text the problem is about, else None)."""

    code: str
    ru: str
    en: str
    card: str | None = field(default=None)

    def msg(self, lang: str = "ru") -> str:
        """The sentence in ``lang`` ("ru" or "en"; anything else gives Russian)."""
        return self.en if lang == "en" else self.ru

    def to_dict(self, lang: str = "ru") -> dict:
        """``{"code", "msg"}`` (plus ``"card"`` when the problem is about one card), msg in ``lang``."""
        out = {"code": self.code, "msg": self.msg(lang)}
        if self.card is not None:
            out["card"] = self.card
        return out


class InvalidDeck(EngineError):
    """The deck breaks the deck rules: ``code == "invalid_deck"``, ``message`` joins the English sentences,
    ``errors`` is the full list of :class:`DeckError`."""

    def __init__(self, errors: list[DeckError]):
        super().__init__("invalid_deck", " ".join(e.en for e in errors))
        self.errors = errors


def _copy_limit(card: dict) -> int:
    """The copies of ``card``'s name a constructed deck may hold: :data:`MAX_COPIES`, or more when one of its
    keywords' records says so (``deck_copies``: Horde, five [g-34])."""
    more = [k.deck_copies for a in card["abilities"] if (k := KEYWORDS.get(a.get("kw"))) is not None
            and k.deck_copies is not None]
    return max(more, default=MAX_COPIES)


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _entry(i: int, entry) -> tuple[str | None, int | None, list[DeckError]]:
    """One entry -> (text naming a card, count, problems); a card id string counts one copy."""
    if isinstance(entry, str):
        return entry, 1, []
    if not (isinstance(entry, dict) and set(entry) == {"id", "count"} and isinstance(entry["id"], str)):
        return None, None, [DeckError("bad_entry", f"Запись {i + 1} — не id карты и не объект {{id, count}}.",
                                      f"Entry {i + 1} is neither a card id nor an object {{id, count}}.")]
    count = entry["count"]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_CARDS:
        return None, None, [DeckError("bad_count", f"Запись {i + 1}: число копий должно быть целым от 1 до "
                                                   f"{MAX_CARDS}.",
                                      f"Entry {i + 1}: the count must be a whole number from 1 to {MAX_CARDS}.",
                                      _short(entry["id"]))]
    return entry["id"], count, []


def deck_counts(deck) -> tuple[Counter, list[DeckError]]:
    """Read a deck into ``Counter(pool id -> copies)`` plus the problems of its entries (never raises).

    ``deck``: a list of pool ids or unique Russian names, copies repeated (``["vs2003-fagor", ...]``), or a list
    of ``{"id": str, "count": int}`` (both forms may mix). Entries with a problem are left out of the counter.
    """
    if not isinstance(deck, list):
        return Counter(), [DeckError("not_a_list", "Колода должна быть списком карт.",
                                     "A deck must be a list of cards.")]
    if len(deck) > MAX_ENTRIES:
        return Counter(), [DeckError("too_many_entries", f"В списке больше {MAX_ENTRIES} записей.",
                                     f"The list has more than {MAX_ENTRIES} entries.")]
    counts: Counter = Counter()
    problems: list[DeckError] = []
    seen_bad: set[str] = set()
    by_id = _pool()[0]
    for i, entry in enumerate(deck):
        text, n, bad = _entry(i, entry)
        problems += bad
        if text is None:
            continue
        cid = resolve_id(text)
        if cid is None:
            if text not in seen_bad:
                seen_bad.add(text)
                problems.append(_unknown(text, by_id))
            continue
        counts[cid] += n
    return counts, problems


def _unknown(text: str, by_id: dict) -> DeckError:
    if any(c["name_ru"] == text for c in by_id.values()):
        return DeckError("ambiguous_card", f"Имя «{_short(text)}» носят карты нескольких изданий; укажите id карты.",
                         f"The name {_short(text)!r} belongs to cards of several editions; give the card id.",
                         _short(text))
    return DeckError("unknown_card", f"Карты «{_short(text)}» нет в наборе.",
                     f"There is no card {_short(text)!r} in the pool.", _short(text))


def deck_errors(deck, fmt: str = "constructed") -> list[DeckError]:
    """Every problem of ``deck`` (see :func:`deck_counts` for its shape) in format ``fmt`` ("constructed" or
    "limited"), 01-game-and-cards.md §7.1; ``[]`` when the deck is legal. Order: entry problems, size, copies
    (by Russian name). Never raises and changes nothing."""
    if fmt not in FORMATS:
        return [DeckError("unknown_format", "Формат колоды должен быть constructed или limited.",
                          "The deck format must be constructed or limited.")]
    minimum, copy_limit = FORMATS[fmt]
    counts, problems = deck_counts(deck)
    if problems and problems[0].code in ("not_a_list", "too_many_entries"):
        return problems
    n = sum(counts.values())
    if n < minimum:
        problems.append(DeckError("too_few_cards", f"В колоде должно быть не меньше {minimum} карт; сейчас карт: {n}.",
                                  f"A deck needs at least {minimum} cards; this one has {n}."))
    if n > MAX_CARDS:
        problems.append(DeckError("too_many_cards", f"В колоде может быть не больше {MAX_CARDS} карт; сейчас карт: "
                                                    f"{n}.",
                                  f"A deck may hold at most {MAX_CARDS} cards; this one has {n}."))
    if copy_limit is not None:
        problems += _copy_errors(counts)
    return problems


def _copy_errors(counts: Counter) -> list[DeckError]:
    by_id = _pool()[0]
    copies: Counter = Counter()
    limits: dict[str, int] = {}
    first_id, name_en = {}, {}
    for cid, n in counts.items():
        card = by_id[cid]
        copies[card["name_ru"]] += n
        first_id.setdefault(card["name_ru"], cid)
        name_en.setdefault(card["name_ru"], card.get("name_en") or card["name_ru"])
        limits[card["name_ru"]] = max(limits.get(card["name_ru"], MAX_COPIES), _copy_limit(card))
    out = []
    for name, n in sorted(copies.items()):
        limit = limits[name]
        if n > limit:
            out.append(DeckError("too_many_copies",
                                 f"Карт с именем «{name}» может быть не больше {limit} (все издания вместе); "
                                 f"сейчас: {n}.",
                                 f"A deck may hold at most {limit} copies of {name_en[name]} (all editions "
                                 f"together); this one has {n}.", first_id[name]))
    return out


def validate_deck(deck, fmt: str = "constructed") -> None:
    """Check a deck (shape of :func:`deck_counts`) against 01 §7.1. Returns None when it is legal; raises
    :class:`InvalidDeck` (an ``EngineError("invalid_deck")`` carrying every :class:`DeckError`) when it is not.
    Nothing is changed."""
    problems = deck_errors(deck, fmt)
    if problems:
        raise InvalidDeck(problems)


@lru_cache(maxsize=1)
def _precons() -> tuple[dict, ...]:
    raw = json.loads((_DATA / "decks.json").read_text(encoding="utf-8"))
    return tuple(raw)


def deck_elements(counts) -> list[str]:
    """The elements of a deck (``Counter`` or ``{id: copies}``), most copies first, Neutral left out [202.9]."""
    by_id = _pool()[0]
    per: Counter = Counter()
    for cid, n in counts.items():
        el = by_id[cid]["element"]
        if el != "Нейтральные":
            per[el] += n
    return [el for el, _ in sorted(per.items(), key=lambda kv: (-kv[1], kv[0]))]


def preconstructed_decks() -> list[dict]:
    """Every preconstructed deck, in file order: ``{"id", "name": {"ru", "en"}, "starter": bool, "elements":
    [element (Russian, as in the card data)], "cards": [{"id", "count"}]}`` (fresh copies)."""
    out = []
    for d in _precons():
        counts = Counter({c["id"]: c["count"] for c in d["cards"]})
        out.append({"id": d["id"], "name": {"ru": d["name"], "en": d["name_en"]}, "starter": bool(d.get("starter")),
                    "elements": deck_elements(counts), "cards": [dict(c) for c in d["cards"]]})
    return out


def find_deck(key: str) -> dict | None:
    """The preconstructed deck whose id, Russian or English name is ``key`` (shape of
    :func:`preconstructed_decks`), or None."""
    for d in preconstructed_decks():
        if key in (d["id"], d["name"]["ru"], d["name"]["en"]):
            return d
    return None


def load_deck(key: str) -> list[str]:
    """One preconstructed deck's pool ids (copies repeated) by its id, Russian or English name.
    Raises EngineError("unknown_deck")."""
    d = find_deck(key) if isinstance(key, str) else None
    if d is None:
        raise EngineError("unknown_deck", f"No preconstructed deck is named {str(key)[:60]!r}.")
    return [c["id"] for c in d["cards"] for _ in range(c["count"])]


def starter_decks() -> dict[str, list[str]]:
    """The three starter decks (``"starter": true``) by Russian and by English name: name -> pool ids."""
    out = {}
    for d in preconstructed_decks():
        if d["starter"]:
            ids = [c["id"] for c in d["cards"] for _ in range(c["count"])]
            out[d["name"]["ru"]] = ids
            out[d["name"]["en"]] = list(ids)
    return out
