"""Heal (лечение, ``heal``; 03-abilities.md §4 heal [g-18]): the target is healed by n (``"full"``: every wound);
``cure_poison`` also removes its Poisoning. An activated ability or an effect (regeneration and vampirism heal through
it too, engine/ops/passives.py). Its declaration options: engine/rules/options.py."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects import choice
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import damage
from engine.rules import targets as tg
from engine.rules.keywords import flagged
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Heal each target (default: this card) by ``n`` (default 1; ``"full"``); ``cure_poison`` cures it [g-18]. A
    heal replacement asked inside the entry [419] pauses it; the cards already healed are not healed again when it
    resumes."""
    done = choice.memo(g, "heal_done").setdefault("ids", [])
    for t in targets(g, e, src, eff):
        if t.id in done:
            continue
        n = eff.get("n", 1)
        if damage.heal(g, t, "full" if n == "full" else tg.amount(g, n, e, src, t)) is None:
            return
        done.append(t.id)
        if eff.get("cure_poison") and t.markers.pop("poison", None):
            g.emit(Event.CURED, card=t.id)
    choice.forget(g, "heal_done")


def short_form(a: dict, place: str) -> None:
    """Without a ``target`` it heals the card itself."""
    a.setdefault("target", "self")


def text(a: dict, lang: str, words) -> str:
    """"heal <target> by N" / "heal <target> completely" [+ "and remove its poisoning"] in ``lang``."""
    en = lang == "en"
    n, t = a["n"], words.target(a.get("target"), lang)
    if n == "full":
        out = f"heal {t} completely" if en else f"полностью излечить {t}"
    else:
        out = f"heal {t} by {words.amount(n, lang)}" if en else f"излечить {t} на {words.amount(n, lang)}"
    if a.get("cure_poison"):
        out += " and remove its poisoning" if en else " и снять с неё отравление"
    return out


def futile(g: GameState, eff: dict, card, closed: bool) -> bool:
    """A card with the named effect ``unhealable`` (an incorporeal creature) cannot be healed [g-03, g-18]; healing
    an unwounded card stays declarable (a heal can be replaced [419])."""
    return flagged(g, card, "unhealable")


HEAL = register_keyword(Keyword(
    kw="heal", places="activated effect", rule="03 §4 heal [g-18]", text=text,
    fields={"n": "heal_amount!", "target": "target!", "cure_poison": "bool?", "range": "range?", **NAMED_FIELDS,
            **ACTIVATED_FIELDS},
    handler=execute, needs_target=True, short_form=short_form, futile=futile))
