"""Finishing blow (добивание, ``finishing_blow``; 03-abilities.md §4 [g-13, g-95]): the target next to it is destroyed
if its current life is still at most X, else nothing happens. Its declaration options:
its ``declared_targets`` hook (:func:`engine.rules.options.target_options`)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import amount_of, targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import damage
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.rules.keywords import flagged
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Destroy each target (default: the attacked card) whose life + additional life - wounds is <= ``n``."""
    for t in targets(g, e, src, eff, "attacked"):
        if g.life(t) - t.wounds <= amount_of(g, e, src, eff, target=t):
            damage.destroy(g, t, by=src, kind="finishing_blow")
        else:
            g.emit(Event.FIZZLED, source=e["source"])


def declared_targets(g: GameState, card, a: dict) -> list[dict]:
    """``{"target": id}`` for each adjacent creature (no symbiote) without the named effect ``unfinishable`` (an
    incorporeal one cannot be finished off) whose current life is X or less [g-13, g-95] (X an amount, counted
    now, e.g. Кровяница's poisoned neighbours of the target) and that matches the target's ``filter``."""
    out = []
    for c in adjacent_cards(g, card):
        if not g.is_creature(c) or g.defn(c).get("symbiote") or flagged(g, c, "unfinishable"):
            continue
        n = tg.amount(g, a.get("n", 0), {"controller": card.controller}, card, c)
        if g.life(c) - c.wounds <= n and tg.match(g, card, c, (a.get("target") or {}).get("filter")
                                                  if isinstance(a.get("target"), dict) else None):
            out.append({"target": c.id})
    return out


def short_form(a: dict, place: str) -> None:
    """The card pool's form names no target: an adjacent creature, chosen at declaration [g-13]."""
    if place == "top":
        a.setdefault("target", {"choose": "creature", "side": "any"})


def text(a: dict, lang: str, words) -> str:
    """"finishing blow for N at <target> next to it" in ``lang``."""
    n, t = words.amount(a["n"], lang), words.target(a.get("target"), lang)
    return f"finishing blow for {n} at {t} next to it" if lang == "en" else f"добивание на {n}: {t} рядом с ней"


FINISHING_BLOW = register_keyword(Keyword(
    kw="finishing_blow", places="activated effect", rule="03 §4 finishing_blow [g-13]", text=text,
    fields={"n": "amount!", "target": "target!", **NAMED_FIELDS, **ACTIVATED_FIELDS}, handler=execute,
    declared_targets=declared_targets, short_form=short_form))
