"""What a person reads on a page, and the raw values that must never be among it: snake_case codes, ``null``,
``undefined``, ``NaN``, a negative crystal count, and words of the other language (card names, players' names,
cell names such as ``c3`` and the quoted «names» excepted). Used by the raw-values walk (test_raw_values.py) and
the rules and tutorial tests.
"""
from __future__ import annotations

import json
import re
import urllib.request

#: the page's visible text, the attributes a person reads (title, aria-label, placeholder), and option texts; the
#: language switch (it names the other language on purpose) left out
READ_TEXT = """() => {
  const lang = document.getElementById('lang');
  const was = lang ? lang.style.display : null;
  if (lang) lang.style.display = 'none';
  const texts = [document.body.innerText];
  if (lang) lang.style.display = was;
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], option')) {
    if (el.closest('#lang') || el.closest('[hidden]')) continue;
    for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) texts.push(el.getAttribute(a));
    if (el.tagName === 'OPTION') texts.push(el.textContent);
  }
  const crystals = [...document.querySelectorAll('.pbar .gold b, .pbar .silver b, .budget')].map((e) => e.textContent);
  return {texts, crystals};
}"""

#: Latin tokens a Russian page may show (cell names a1..e6 are matched separately): X of "X = 2", key names
RU_ALLOWED = {"X", "Esc", "Enter", "BRK"}   # BRK: the literal prefix of a deck code (BRK1...)


def card_names(url: str) -> list[str]:
    """Every card name of the server's catalogue in both languages, longest first (they are stripped before the
    language check: a card keeps its printed name, and the Russian page shows the English one alongside)."""
    with urllib.request.urlopen(url + "/api/cards", timeout=10) as r:
        data = json.loads(r.read())
    cards = data if isinstance(data, list) else data.get("cards", list(data.values()))
    names = {c.get(k) for c in cards for k in ("name_ru", "name_en") if c.get(k)}
    return sorted(names, key=len, reverse=True)


def problems(page, lang: str, names: list[str]) -> list[tuple[str, str]]:
    """The raw values on ``page`` as (kind, word, excerpt) triples; [] when it reads clean. ``names``: words that may be of
    either language (card names, players' names)."""
    got = page.evaluate(READ_TEXT)
    out: list[tuple[str, str]] = []
    named = _names_pattern(got["texts"], names)
    for text in got["texts"]:
        s = re.sub(r"«[^»]*»", " ", text)
        if named:
            s = named.sub(" ", s)
        for m in re.finditer(r"\b[a-z]+_[a-z0-9_]+\b", s):
            out.append(("snake_case", m.group(0), _around(s, m)))
        for m in re.finditer(r"\b(null|undefined|NaN)\b", s):
            out.append(("raw value", m.group(0), _around(s, m)))
        if lang == "ru":
            for m in re.finditer(r"[A-Za-z][A-Za-z'’]+", s):
                w = m.group(0)
                if w not in RU_ALLOWED and not re.fullmatch(r"[a-e][1-6]", w):
                    out.append(("english word", w, _around(s, m)))
        else:
            for m in re.finditer(r"[А-Яа-яЁё]{2,}", s):
                out.append(("russian word", m.group(0), _around(s, m)))
    for c in got["crystals"]:
        if re.search(r"-\s*\d|−\s*\d", c):
            out.append(("negative crystals", c, c))
    return out


def _names_pattern(texts: list[str], names: list[str]) -> re.Pattern | None:
    """The pattern of the names of ``names`` that occur in ``texts``, longest first, in any case (headings may be
    upper-cased by CSS, and innerText shows it so); None when none occurs. Only the names on the page go into it: an
    alternation of the whole catalogue's names, tried at every character of every text, would be most of the
    raw-values walk's own time."""
    low = "\n".join(texts).lower()
    present = [n for n in names if n.lower() in low]
    return re.compile("|".join(re.escape(n) for n in present), re.IGNORECASE) if present else None


def _around(s: str, m: re.Match) -> str:
    return s[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
