"""Strike bonus (``strike_bonus``; 03-abilities.md §1.12 [422]): +n to the listed strength ``values`` of its
``applies_to`` attacks against ``vs`` targets. Read by :func:`engine.rules.keywords.strike_mod` through this record's
``strike_mod`` hook; its ``varies_strike`` hook says a bonus counted per strength makes the card roll."""
from __future__ import annotations

from engine.cards.words import STRENGTH, and_
from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards.kinds import LEVELS, kinds_match
from engine.rules import targets as tg
from engine.rules.keywords import vs_ok
from engine.model.state import GameState


def strike_mod(g: GameState, card, target, kind, level, mine) -> int:
    """+n (an amount, counted against ``target``) for each copy whose ``applies_to`` covers ``kind``, whose
    ``values`` hold the strength ``level`` (any when None) and whose ``vs`` allows ``target`` [216.8, 422]."""
    m = 0
    for a in mine:
        if not kinds_match(kind, a.get("applies_to") or ["simple_strike"]):
            continue
        if level is not None and a.get("values") and LEVELS[level] not in a["values"]:
            continue
        if vs_ok(g, card, a, target):
            m += tg.amount(g, a.get("n", 1), {}, card, target, level)
    return m


def varies_strike(g: GameState, card, mine) -> bool:
    """True when one of the card's copies ``mine`` has an n counted per strength (a dict amount: Метаморф copies
    the target's value of the strength it rolls; 02 §6)."""
    return any(isinstance(a.get("n"), dict) for a in mine)


def short_form(a: dict, place: str) -> None:
    """The card pool's short form (cards README: ``applies_to`` names another attack, so without it the bonus is to
    the simple strike, all three values)."""
    if a.get("applies_to") in ("weak", "medium", "strong"):  # the pool's "applies_to": "weak" (Санкторум)
        a["values"] = [a.pop("applies_to")]
    a.setdefault("applies_to", ["simple_strike"])
    a.setdefault("values", ["weak", "medium", "strong"])


def text(a: dict, lang: str, words) -> str:
    """"+N to its <attacks> [(values only)] [against ...]" in ``lang``."""
    en = lang == "en"
    vals = ""
    if a["values"] != ["weak", "medium", "strong"]:
        vals = (" (" + and_([STRENGTH[v][0] for v in a["values"]], lang) + " value only)" if en
                else " (только " + and_([STRENGTH[v][1] for v in a["values"]], lang) + ")")
    n = words.amount(a["n"], lang)
    sign = "−" if isinstance(a["n"], int) and a["n"] < 0 else "+"
    n = n.lstrip("-")
    tail = f"{vals}{words.vs(a, lang)}{words.conditions(a.get('condition'), lang)}"
    if en:
        return f"{sign}{n} to its {words.kinds(a['applies_to'], lang)}{tail}"
    return f"{sign}{n} к {words.kinds(a['applies_to'], lang, 2)}{tail}"


STRIKE_BONUS = register_keyword(Keyword(
    kw="strike_bonus", places="static grant", rule="03 §1.12 [422]", text=text,
    fields={"n": "amount!", "applies_to": "kinds!", "values": "strengths!", "vs": "filters?",
            "condition": "conditions?", "stacks": "bool?"}, strike_mod=strike_mod,
    varies_strike=varies_strike, short_form=short_form))
