"""Strangling (удушение; Тварь, ../shared/cards/README.md §6.6, card text): the target gets one more 'strangling'
marker. With 1 it cannot move, with 2 it also cannot attack, at 3 the Beast destroys it. The markers hold only
while the Beast that put them stays next to it: once no such Beast is adjacent they do nothing, and they come off
at the end of the turn (:mod:`engine.ops.durations`; a new strangling starts again from one).

The state ``_strangled`` (``n`` = the markers, ``marker: "strangling"``, until ``source_adjacent``) carries the
effects: ``cannot_move`` from one marker (:func:`engine.rules.grants.under`), ``cannot_attack`` from two (read by
:func:`engine.rules.combat.strike_targets` and :func:`engine.rules.declarable.can_pay`, only while ``n >= 2``:
the state of one marker is ``_strangled``, of two or more ``_strangled_hard``).
"""
from __future__ import annotations

from engine.cards.keywords import STATES, Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire, damage
from engine.rules.grants import holds_now
from engine.model.state import GameState

MARKER = "strangling"


def execute(g: GameState, e, src, eff) -> None:
    """One more strangling marker on every target (a fresh count when the old markers no longer hold); the state
    that matches the count; at three the source destroys it ([g-94] destruction)."""
    for t in targets(g, e, src, eff, "attacked"):
        held = [a for a in t.acquired if a.get("kw") in ("_strangled", "_strangled_hard")]
        n = t.markers.get(MARKER, 0) if held and all(holds_now(g, t, a) for a in held) else 0
        t.acquired = [a for a in t.acquired if a not in held]
        n += 1
        t.markers[MARKER] = n
        g.emit("marked", card=t.id, marker=MARKER, n=n)
        if n >= 3:
            damage.destroy(g, t, by=src, kind="destroy")
            continue
        acquire.grant(g, t, [{"kw": "_strangled" if n == 1 else "_strangled_hard", "marker": MARKER}],
                      "source_adjacent", e["controller"], src)


def text(a: dict, lang: str, words) -> str:
    """The strangling in plain words."""
    t = words.target(a.get("target", "attacked"), lang)
    if lang == "en":
        return (f"put one more 'strangling' marker on {t}: with 1 it cannot move, with 2 it also cannot attack, at "
                f"3 this card destroys it; the markers go when this card no longer stands next to it")
    return (f"положить ещё один маркер «удушение» на {t}: с 1 она не может перемещаться, с 2 ещё и атаковать, при 3 "
            f"эта карта её уничтожает; маркеры снимаются, когда эта карта больше не стоит рядом")


STRANGLING = register_keyword(Keyword(
    kw="strangling", places="effect", rule="card text (Тварь, README §6.6); 03 §5 destroy [g-94]", text=text,
    fields={"target": "target?"}, handler=execute,
    state="_strangled", state_effects=frozenset({"cannot_move"}), state_name="strangling"))
#: The state of two markers: no keyword of its own (nothing in the card data names it), only its effects.
STATES["_strangled_hard"] = Keyword(
    kw="strangling", places="effect", rule="card text (Тварь, README §6.6)", text=text,
    state="_strangled_hard", state_effects=frozenset({"cannot_move", "cannot_attack"}), state_name="strangling")
