"""Redistribution (перераспределение, ``redistribute_wounds``; 03-abilities.md §4 [g-37]): heal up to n wounds of
``from`` and deal as many wounds among ``to`` (in the chosen order, one each in turn); only as many are dealt as were
healed (03 §4 [DOUBT]). Its declaration options: its ``declared_targets`` hook
(:func:`engine.rules.options.target_options`); as a trigger's effect its flag ``spares_event_card`` keeps the
triggering card out of its chosen targets."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import amount_of
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import damage
from engine.rules import targets as tg
from engine.rules.options import MAX_COMBOS, chosen, combos
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Move up to ``n`` wounds from ``from`` onto the ``to`` cards, one each in turn; fizzles without both."""
    frm = tg.resolve(g, e, src, eff.get("from")) if not tg.is_choice(eff.get("from")) else \
        [g.cards[e["target"]]] if e.get("target") in g.cards and g.in_play(e["target"]) else []
    if tg.is_choice(eff.get("to")):
        ids = e.get("targets") or ([] if tg.is_choice(eff.get("from")) else [e.get("target")])
        to = [g.cards[i] for i in ids if i in g.cards and g.in_play(i)]
    else:
        to = tg.resolve(g, e, src, eff.get("to"))
    if not frm or not to:
        g.emit(Event.FIZZLED, source=e["source"])
        return
    n = damage.heal(g, frm[0], amount_of(g, e, src, eff))
    if n is None:  # a heal replacement is being asked inside the entry [419]
        return
    for i in range(n):
        t = to[i % len(to)]
        damage.wound(g, t, 1, "spell" if e.get("spell") else "wound", src)
    damage.check_deaths(g, to)


def declared_targets(g: GameState, card, a: dict) -> list[dict]:
    """The declarations of the ability (or a trigger's effect): ``target`` the creature healed (when ``from`` is
    chosen: a wounded one) and ``targets`` the recipients (when ``to`` is chosen, never the healed one), at most
    :data:`engine.rules.options.MAX_COMBOS` of them; [] when a named ``from`` has no wound."""
    frm, to = a.get("from"), a.get("to")
    froms = [t for t in chosen(g, card, a, frm) if g.cards[t].wounds > 0] if tg.is_choice(frm) else [None]
    if not tg.is_choice(frm) and not any(c.wounds for c in tg.resolve(g, {"controller": card.controller}, card,
                                                                      frm)):
        return []
    out = []
    for f in froms:
        if tg.is_choice(to):
            tos = [t for t in chosen(g, card, a, to) if t != f]
            for c in combos(tos, to.get("count", 1)):
                o: dict = {"targets": c} if f is not None else ({"target": c[0]} if len(c) == 1 else {"targets": c})
                if f is not None:
                    o["target"] = f
                out.append(o)
        elif f is not None and f != card.id:
            out.append({"target": f})
    return out[:MAX_COMBOS]


def text(a: dict, lang: str, words) -> str:
    """"move up to N wounds from <from> onto <to>" in ``lang``."""
    n, dst = words.amount(a["n"], lang), words.target(a["to"], lang)
    if lang == "en":
        return f"move up to {n} wounds from {words.target(a['from'], lang)} onto {dst}"
    src = words.target(a["from"], lang, 2)
    return (f"перенести до {n} ран с {src} на {dst}").replace(" с своего", " со своего") \
        .replace(" на до ", " на несколько целей: до ")


REDISTRIBUTE_WOUNDS = register_keyword(Keyword(
    kw="redistribute_wounds", places="activated effect", rule="03 §4 redistribute_wounds [g-37]", text=text,
    fields={"n": "amount!", "from": "target!", "to": "target!", **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, needs_target=True, declared_targets=declared_targets,
    flags=frozenset({"spares_event_card"})))
