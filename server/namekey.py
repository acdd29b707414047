"""The uniqueness keys of a display name: two names are the same name when either key is equal.

A key folds what a reader cannot tell apart on the page:

* Unicode compatibility forms (NFKC: full-width «Ａｌｉｃｅ», ligatures, superscripts);
* case (``str.casefold``);
* confusable characters (Unicode UTS #39 "skeleton": Cyrillic «А» and Latin «A», the digit 1 and the letter l ...),
  from the Unicode confusables data that the ``confusable_homoglyphs`` package ships (read once, offline). (The
  ``confusables`` package, which ships ``confusables.txt`` itself, installs a top-level ``tests`` package that
  shadows the project's own, so it is not used.)

UTS #39 maps some letters only in one case (Cyrillic «Н» looks like Latin «H», its small «н» does not look like «h»;
small «г» looks like «r», capital «Г» does not), so a name has two keys: the skeleton of its upper-case form
(``upper``) and of its case-folded form (``lower``), each unique in the store (server/store/accounts.py).

Letter-spacing does not make another name: spaces and other separators (Unicode Z*), format characters (Cf: the
zero-width space and joiners), INVISIBLE characters, connectors and dashes (Pc, Pd: ``_``, ``-``) and dot-like
marks (SPACERS: ``.``, ``·`` ...) are left out of both keys, so «A d m i n», «A.d.m.i.n» and «Ad_min» are «Admin»
(``"Ann a"`` is ``"Anna"``).
"""
from __future__ import annotations

import functools
import os
import unicodedata

KEY_MAX = 128      # characters in a key (an NFKC expansion of a 24-character name stays far below)
# Unicode categories refused anywhere in a name: control (Cc), format (Cf: bidi overrides, zero-width characters),
# line/paragraph separators, surrogates, private use, unassigned.
BAD_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
# Characters that print as nothing although their category is a letter, a symbol or a mark: Hangul fillers, the
# blank Braille pattern, the combining grapheme joiner, Khmer inherent vowels, Mongolian variation selectors and the
# variation selectors (Unicode's Default_Ignorable_Code_Point outside Cf, plus U+2800).
INVISIBLE = frozenset(map(chr, (0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x17B4, 0x17B5, 0x180B, 0x180C,
                                0x180D, 0x180F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0))))
# Punctuation that spaces letters apart like a space does (left out of the keys with separators and dashes).
SPACERS = frozenset(".\u00b7\u2022\u2024\u2025\u2026\u2027\u2219\u22c5\u30fb\uff0e\uff65")
# Categories left out of the keys: separators, format characters, connector and dash punctuation.
SPACING_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cf", "Pc", "Pd"})
# Categories of which a name needs at least one character: letters, digits, punctuation, symbols.
VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def printable(name: str) -> bool:
    """True when ``name`` has a visible character (a letter, digit, punctuation or symbol outside INVISIBLE) and no
    control, format, unassigned or INVISIBLE character: what a display name needs (server/names.py)."""
    if any(unicodedata.category(ch) in BAD_CATEGORIES or ch in INVISIBLE for ch in name):
        return False
    return any(unicodedata.category(ch)[0] in VISIBLE_CATEGORIES for ch in name)


@functools.cache
def _table() -> dict[str, str]:
    """``{character: prototype}`` from the confusables data of ``confusable_homoglyphs`` (Unicode UTS #39
    ``confusables.txt``, shipped inside the package and read once, offline). That data lists each pair of the file
    both ways; a prototype and the characters mapped to it form one group, and each character of a group maps to the
    group's prototype: its member of more than one character if any (``m`` -> ``rn``), else the member with the most
    pairs (the prototype of the file), the smallest code point on a tie."""
    import json
    import confusable_homoglyphs
    path = os.path.join(os.path.dirname(confusable_homoglyphs.__file__), "confusables.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    bare = lambda text: text.strip("\u200e\u200f")     # the data wraps some right-to-left entries in LRM marks
    for ch, glyphs in data.items():
        for g in glyphs:
            parent[find(bare(ch))] = find(bare(g["c"]))
    groups: dict[str, list[str]] = {}
    for ch in parent:
        groups.setdefault(find(ch), []).append(ch)
    table: dict[str, str] = {}
    for members in groups.values():
        proto = min(members, key=lambda m: (len(m) == 1, -len(data.get(m, data.get(f"\u200e{m}\u200e", ()))), m))
        table.update((m, proto) for m in members if len(m) == 1 and m != proto)
    return table


def skeleton(text: str) -> str:
    """UTS #39 skeleton: NFD, each character replaced by its confusable prototype, NFD again."""
    table = _table()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


def unspaced(text: str) -> str:
    """``text`` without what only spaces letters apart: whitespace, separators, format and INVISIBLE characters,
    connectors, dashes and SPACERS («A d m i n» -> «Admin»)."""
    return "".join(ch for ch in text if not (ch.isspace() or ch in INVISIBLE or ch in SPACERS
                                             or unicodedata.category(ch) in SPACING_CATEGORIES))


def name_keys(name: str) -> tuple[str, str]:
    """``(upper, lower)``: the keys of a display name (str), each at most KEY_MAX characters (cut beyond). Both
    leave out spacing (``unspaced``) before and after the confusable skeleton (a prototype may be a dash); a name
    of spacing marks only (``"..."``) keeps them, runs of spaces as one."""
    text = unicodedata.normalize("NFKC", name)
    folded = unspaced(text) or " ".join(text.split())
    keys = [skeleton(form).casefold() for form in (folded.upper(), folded.casefold())]
    upper, lower = (unspaced(key) or key for key in keys)
    return upper[:KEY_MAX], lower[:KEY_MAX]


def same_name(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` may not both be names of players (either key equal)."""
    ka, kb = name_keys(a), name_keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]
