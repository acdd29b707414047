"""Deck export and import: a short text code and a plain list of "3 × Name" lines.

Code: ``"BRK1"`` + base64url (no padding) of 4 bytes per entry: the 24-bit FNV-1a hash of the card's pool id (the
32-bit FNV-1a hash folded to 24 bits) and the count (1..255). The hash keeps a code valid when cards are added to the
pool; a test guards that no two pool ids share a hash. A 30-card deck of 15 names is 84 characters.

Lines: one ``"<count> × <name>"`` per entry, names in Russian or English; a name shared by several cards (two
editions) is followed by its edition's year in parentheses (``"2 × Дракс (2003)"``). Import reads that year, or the
card id in brackets (``"2 × Дракс [vs2003-draks]"``), to tell such cards apart; a shared name alone is the
starter-pool card when one of them is, else ambiguous. Import accepts ``×``, ``x``,
``х`` or ``*`` (or nothing) between count and name, a missing count (one copy), names in either language in any
letter case (ё = е), and skips empty lines and lines starting with ``#`` or ``//``.

Both directions are plain functions of the engine's card pool; problems are :class:`engine.cards.decks.DeckError`
with the codes ``bad_code``, ``bad_line``, ``unknown_name``, ``ambiguous_name``.
"""
from __future__ import annotations

import base64
import re
from collections import Counter
from functools import lru_cache

from engine import DeckError, EngineError, all_cards, card_def

PREFIX = "BRK1"
MAX_CODE = 4096      #: longest code read (characters)
MAX_TEXT = 20000     #: longest line list read (characters)
MAX_LINES = 200

_LINE = re.compile(r"^\s*(?:(\d{1,6})\s*[×xXхХ*]?\s+)?(.+?)\s*$")
_ID = re.compile(r"^(.*?)\s*\[([^\]]+)\]$")
_YEAR = re.compile(r"^(.*?)\s*\(((?:19|20)\d\d)\)$")     # "Дракс (2003)": a shared name and its edition's year


def fnv24(text: str) -> int:
    """FNV-1a 32-bit of ``text`` (UTF-8), folded to 24 bits (xor of the top byte into the low 24 bits)."""
    h = 0x811C9DC5
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return (h >> 24) ^ (h & 0xFFFFFF)


@lru_cache(maxsize=1)
def _tables():
    cards = all_cards()
    by_hash: dict[int, list[str]] = {}
    by_name: dict[str, list[str]] = {}
    for c in cards:
        by_hash.setdefault(fnv24(c["id"]), []).append(c["id"])
        for name in {c["name_ru"], c.get("name_en") or c["name_ru"]}:
            by_name.setdefault(_fold(name), []).append(c["id"])
    return {c["id"]: c for c in cards}, by_hash, by_name


def _fold(name: str) -> str:
    return " ".join(name.casefold().replace("ё", "е").split())


def encode(counts: dict[str, int]) -> str:
    """The short code of a deck ``{pool id: copies}`` (ids must be pool ids, copies 1..255), in the given order."""
    raw = bytearray()
    for cid, n in counts.items():
        raw += fnv24(cid).to_bytes(3, "big") + bytes([n])
    return PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode("ascii").rstrip("=")


def decode(code: str) -> tuple[Counter, list[DeckError]]:
    """A short code -> (``Counter(pool id -> copies)``, problems). Never raises."""
    bad = DeckError("bad_code", "Это не код колоды.", "This is not a deck code.")
    if not isinstance(code, str) or len(code) > MAX_CODE:
        return Counter(), [bad]
    text = "".join(code.split())
    if not text.startswith(PREFIX):
        return Counter(), [bad]
    body = text[len(PREFIX):]
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (ValueError, TypeError):
        return Counter(), [bad]
    if not raw or len(raw) % 4:
        return Counter(), [bad]
    _, by_hash, _ = _tables()
    counts: Counter = Counter()
    problems = []
    for i in range(0, len(raw), 4):
        ids = by_hash.get(int.from_bytes(raw[i:i + 3], "big"), [])
        if len(ids) != 1 or raw[i + 3] == 0:
            problems.append(DeckError("bad_code", f"Код колоды содержит неизвестную карту (запись {i // 4 + 1}).",
                                      f"The deck code holds an unknown card (entry {i // 4 + 1})."))
            continue
        counts[ids[0]] += raw[i + 3]
    return counts, problems


def to_lines(counts: dict[str, int], lang: str = "ru") -> str:
    """The deck as ``"3 × Name"`` lines in ``lang`` ("ru" or "en"), one per entry, in the given order."""
    by_id, _, by_name = _tables()
    out = []
    for cid, n in counts.items():
        card = by_id[cid]
        name = card["name_en"] if lang == "en" and card.get("name_en") else card["name_ru"]
        if len(set(by_name[_fold(name)])) > 1:
            name += f" ({_year(card)})"
        out.append(f"{n} × {name}")
    return "\n".join(out) + ("\n" if out else "")


def from_lines(text: str) -> tuple[Counter, list[DeckError]]:
    """``"3 × Name"`` lines -> (``Counter(pool id -> copies)``, problems); see the module docstring. Never raises."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return Counter(), [DeckError("bad_line", "Список карт слишком длинный или не текст.",
                                     "The card list is too long or not text.")]
    by_id, _, by_name = _tables()
    counts: Counter = Counter()
    problems: list[DeckError] = []
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith(("#", "//"))]
    if len(lines) > MAX_LINES:
        return Counter(), [DeckError("bad_line", f"В списке больше {MAX_LINES} строк.",
                                     f"The list has more than {MAX_LINES} lines.")]
    for i, line in enumerate(lines, 1):
        m = _LINE.match(line)
        n = int(m.group(1)) if m and m.group(1) else 1
        name = m.group(2) if m else line.strip()
        ids = _lookup(name, by_id, by_name)
        short = name if len(name) <= 60 else name[:57] + "..."
        if not 1 <= n <= 50:
            problems.append(DeckError("bad_line", f"Строка {i}: число копий должно быть от 1 до 50.",
                                      f"Line {i}: the count must be from 1 to 50.", short))
        elif not ids:
            problems.append(DeckError("unknown_name", f"Строка {i}: карты «{short}» нет в наборе.",
                                      f"Line {i}: there is no card {short!r} in the pool.", short))
        elif len(ids) > 1:
            years = " / ".join(f"({_year(by_id[cid])})" for cid in ids)
            problems.append(DeckError("ambiguous_name",
                                      f"Строка {i}: имя «{short}» носят карты нескольких изданий; допишите год "
                                      f"издания в скобках: {years}.",
                                      f"Line {i}: cards of several editions are named {short!r}; add the edition's "
                                      f"year in parentheses: {years}.", short))
        else:
            counts[ids[0]] += n
    return counts, problems


def _year(card: dict) -> str:
    """The year of a card's edition ("2003 classic (Мир Фэнтези)" -> "2003"), "" when it names none."""
    m = re.search(r"\b(?:19|20)\d\d\b", card.get("edition") or "")
    return m.group(0) if m else ""


def _lookup(name: str, by_id: dict, by_name: dict) -> list[str]:
    m = _ID.match(name)
    if m and m.group(2).strip() in by_id:
        return [m.group(2).strip()]
    y = _YEAR.match(name)
    if y:
        dated = sorted({cid for cid in by_name.get(_fold(y.group(1)), []) if _year(by_id[cid]) == y.group(2)})
        if len(dated) == 1:
            return dated
    ids = sorted(set(by_name.get(_fold(name), [])))
    if len(ids) > 1:  # a name several editions share names the starter-pool card (FORMAT.md, engine.card_def)
        try:
            preferred = card_def(by_id[ids[0]]["name_ru"])["id"]
        except EngineError:
            return ids
        if preferred in ids:
            return [preferred]
    return ids
