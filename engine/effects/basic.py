"""Effect objects (docs/card-vocabulary.md "effects"): what an executing entry does, one function per ``kw``.

Each function is ``f(g, entry, source, effect)``; targets are resolved when the entry executes (only cards in the
play zone [SEED S2]). An effect of a spell (``entry["spell"]``) does nothing to a card with protection from spells
or magic [411]. Rules per function; the ``choose_one`` choice is asked by :mod:`engine.procedure.execute` (RULES.md Q4).
"""
from __future__ import annotations

from engine.cards.keywords import CUSTOMS
from engine.effects.registry import register
from engine.model.enums import Event
from engine.ops import damage
from engine.ops.tokens import add_life
from engine.ops.zones import relocate
from engine.rules import keywords
from engine.rules import strike_table
from engine.rules import targets as tg
from engine.model.state import GameState


def targets(g: GameState, e, src, eff, default="self", key="target"):
    """The cards ``eff`` acts on; a spell skips cards protected from it [411]."""
    out = tg.resolve(g, e, src, eff.get(key, default))
    if e.get("spell"):
        out = [t for t in out if not keywords.protected(g, t, "spell", None, src)]
    return out


def amount_of(g: GameState, e, src, eff, key="n", target=None) -> int:
    """The value of ``eff``'s amount ``key`` (default 1) for entry ``e``, acting on ``target``."""
    return tg.amount(g, eff.get(key, 1), e, src, target)


def eff_vampirism(g: GameState, e, src, eff):
    """Vampirism [g-06]: heal n; what exceeds its wounds becomes additional life up to its life maximum."""
    if src is None or not g.in_play(src):
        return
    n = eff.get("n", 0)
    healed = damage.heal(g, src, n)
    if healed is None:  # a heal replacement is being asked inside the entry [419]
        return
    add_life(g, src, n - healed)


def eff_condor_dive(g: GameState, e, src, eff):
    """Пустынный кондор, «пике» (custom, docs/cards.md): push the target onto the declared free neighbouring cell;
    the Condor stops being a flyer (movement 1), lands on the cell the target left and wounds it for 3-4-4 (one
    die, an influence)."""
    t = g.cards.get(e.get("target") or "")
    to = e.get("to")
    if src is None or t is None or not g.in_play(src) or t.zone != "battlefield" or to in g.board:
        g.emit(Event.FIZZLED, source=e["source"])
        return
    left = t.cell
    relocate(g, t, to)
    if src.zone == "aux" and src.id in g.aux[src.controller]:
        g.aux[src.controller].remove(src.id)
    src.zone, src.cell = "battlefield", left
    g.board[left] = src.id
    g.play_changed()
    src.markers["grounded"] = 1
    g.emit(Event.MOVED, card=src.id, frm=None, to=left)
    lvl = strike_table.single_level(g.roll(src.controller, src.id, "dive"))
    damage.wound(g, t, (3, 4, 4)[lvl], "wound", src)
    damage.check_deaths(g, [t])


CUSTOM = {"condor_dive": eff_condor_dive}


def eff_custom(g: GameState, e, src, eff):
    """A ``custom`` ability runs the handler its data names: one of this module's, or one registered by a module
    of :mod:`engine.effects.customs` (:data:`engine.cards.keywords.CUSTOMS`); a static custom that executes
    nothing says so (``no_effect``)."""
    if eff["handler"] in CUSTOM:
        CUSTOM[eff["handler"]](g, e, src, eff)
        return
    c = CUSTOMS.get(eff["handler"])
    if c is None or c.execute is None:
        g.emit(Event.NO_EFFECT, source=e["source"], kw="custom")
        return
    c.execute(g, e, src, eff)


for _kw, _fn in {
    "_vampirism": eff_vampirism, "custom": eff_custom,
}.items():
    register(_kw)(_fn)
