"""Effect objects (docs/card-vocabulary.md "effects"): what an executing entry does, one function per ``kw``.

Each function is ``f(g, entry, source, effect)``; targets are resolved when the entry executes (only cards in the
play zone [SEED S2]). An effect of a spell (``entry["spell"]``) does nothing to a card with protection from spells
or magic [411]. Rules per function; the ``choose_one`` choice is asked by :mod:`engine.procedure.execute` (RULES.md Q4).
"""
from __future__ import annotations

from engine.cards.keywords import CUSTOMS
from engine.cards.kinds import REACH
from engine.effects import choice
from engine.effects.attack import execute_attack_ability
from engine.effects.registry import register
from engine.model.enums import Event
from engine.ops import acquire
from engine.ops import damage
from engine.ops import trigger_points
from engine.ops.durations import ON_EXPIRE, add
from engine.ops.tokens import add_life, gain_tokens
from engine.ops.zones import relocate
from engine.rules import keywords
from engine.rules.cells import free
from engine.rules import strike_table
from engine.rules import targets as tg


def targets(g, e, src, eff, default="self", key="target"):
    """The cards ``eff`` acts on; a spell skips cards protected from it [411]."""
    out = tg.resolve(g, e, src, eff.get(key, default))
    if e.get("spell"):
        out = [t for t in out if not keywords.protected(g, t, "spell", None, src)]
    return out


def _n(g, e, src, eff, key="n", target=None):
    return tg.amount(g, eff.get(key, 1), e, src, target)


def eff_accumulate(g, e, src, eff):
    """Accumulate a token (накопить фишку) [218.3]: +1 up to the card's token maximum."""
    gain_tokens(g, src, 1)


def eff_gain_token(g, e, src, eff):
    """Put n tokens on the target (not accumulating) [218.5]; a card that takes tokens only from itself (custom
    ``tokens_from_self_only``, Пустотник) refuses another card's."""
    for t in targets(g, e, src, eff):
        if t is not src and any(a.get("handler") == "tokens_from_self_only" for a in keywords.kws(g, t, "custom")):
            g.emit(Event.PROTECTED, card=t.id, kind="tokens")
            continue
        gain_tokens(g, t, _n(g, e, src, eff, target=t))


def eff_remove_tokens(g, e, src, eff):
    """The target loses tokens (``n``: ``"all"`` or a number, at most what it has): an effect, not a payment
    [218]."""
    for t in targets(g, e, src, eff):
        n = t.tokens if eff.get("n", "all") == "all" else min(t.tokens, eff["n"])
        if n:
            g.emit("tokens_lost", card=t.id, n=n)
            t.tokens -= n


def eff_stay_open(g, e, src, eff):
    """Without closing (не закрываясь) [g-78] as an effect: the card that closed to attack is open again; its
    actions and strikes this turn stay counted (it is not re-opened [219.4])."""
    for t in targets(g, e, src, eff, "self"):
        if t.closed:
            t.closed = False
            g.emit("opened", card=t.id)


def eff_cell_blast(g, e, src, eff):
    """A delayed blast on the attacked card's cell (Орк-бомбардир, 'explosion'): at the start of its controller's
    next turn every card then standing on that cell takes n wounds, an influence (card text)."""
    t = g.cards.get((e.get("point") or {}).get("card") or e.get("target") or "")
    if t is None or t.zone != "battlefield" or not t.cell:
        return
    add(g, "turn_start", src.id if src else e["source"], "cell_blast", player=e["controller"],
                  cell=t.cell, n=eff.get("n", 1))
    g.emit("cell_marked", cell=t.cell, marker="bomb")


def _cell_blast_ends(g, entry: dict) -> None:
    on = g.cards.get(g.board.get(entry.get("cell") or "") or "")
    if on is not None:
        damage.wound(g, on, entry.get("n", 1), "wound", g.cards.get(entry.get("card") or ""))
        damage.check_deaths(g, [on])


def eff_heal(g, e, src, eff):
    """Heal n (``full``: all) [g-18]; ``cure_poison`` also removes Poisoning. A heal replacement asked inside the
    entry [419] pauses it; the cards already healed are not healed again when it resumes."""
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


def eff_vampirism(g, e, src, eff):
    """Vampirism [g-06]: heal n; what exceeds its wounds becomes additional life up to its life maximum."""
    if src is None or not g.in_play(src):
        return
    n = eff.get("n", 0)
    healed = damage.heal(g, src, n)
    if healed is None:
        return
    add_life(g, src, n - healed)


def eff_add_life(g, e, src, eff):
    """Additional life n [204]."""
    for t in targets(g, e, src, eff):
        add_life(g, t, _n(g, e, src, eff, target=t))


def eff_wound(g, e, src, eff):
    """Deal n wounds: an influence, not an attack (armour does not apply) [401.5]; a spell's wounds are magic."""
    ts = targets(g, e, src, eff, "attacked")
    tick = bool(eff.get("_self")) and e.get("ability") == "poison"  # a creature's own Poisoning [g-36]
    for t in ts:
        dealt = damage.wound(g, t, _n(g, e, src, eff, target=t), "spell" if e.get("spell") else "wound", src,
                             poison_tick=tick)
        if tick and dealt:
            trigger_points.collect(g, {"type": "poison_wounds", "card": t.id, "n": dealt})
    each = isinstance(eff.get("target"), str) and eff["target"].startswith("each_")
    g._poison_tick = tick
    try:
        damage.check_deaths(g, ts, owner_orders=each)  # "each ...": the owner orders several deaths (02 §7.3)
    finally:
        g._poison_tick = False


def eff_close(g, e, src, eff):
    """Close the target [219.1]."""
    for t in targets(g, e, src, eff, "attacked"):
        if not t.closed:
            t.closed = True
            g.emit(Event.CLOSED, card=t.id)


def eff_open(g, e, src, eff):
    """Open the target [219.2]."""
    for t in targets(g, e, src, eff, "self"):
        if t.closed:
            t.closed = False
            t.markers.pop("movement", None)  # full movement again [203.7]
            t.actions = 0  # and it may act again [219.4]
            t.used.pop("strikes", None)
            g.emit(Event.OPENED, card=t.id)


def eff_skip_next_open(g, e, src, eff):
    """The target does not open at the start of its controller's next turn (card text, [311])."""
    for t in targets(g, e, src, eff, "attacked"):
        t.markers["skip_open"] = 1
        g.emit(Event.SKIP_OPEN, card=t.id)


def eff_poison(g, e, src, eff):
    """Poisoning for n [g-36]: marker ``poison``, the greatest n counts [414.4]; no effect on a creature with
    protection from poison; only creatures."""
    for t in targets(g, e, src, eff, "attacked"):
        if not g.is_creature(t) or keywords.protected(g, t, "poison", None, src):
            g.emit(Event.PROTECTED, card=t.id, kind="poison")
            continue
        n = _n(g, e, src, eff, target=t)
        if n <= 0:
            continue
        t.markers["poison"] = max(t.markers.get("poison", 0), n)
        g.emit(Event.POISONED, card=t.id, n=t.markers["poison"])


def eff_destroy(g, e, src, eff):
    """Destruction effect [g-94]."""
    for t in targets(g, e, src, eff, "attacked"):
        damage.destroy(g, t, by=src, kind="destroy")


def eff_finishing_blow(g, e, src, eff):
    """Finishing blow at X [g-13, g-95]: destroys the target if its current life is still <= X, else nothing."""
    for t in targets(g, e, src, eff, "attacked"):
        if g.life(t) - t.wounds <= _n(g, e, src, eff, target=t):
            damage.destroy(g, t, by=src, kind="finishing_blow")
        else:
            g.emit(Event.FIZZLED, source=e["source"])


def eff_attack(g, e, src, eff):
    """An attack ability (shot, throw, discharge, magic/special strike, strike across a row) at each target."""
    ids = e.get("targets") or [e.get("target")]
    spec = eff.get("target")
    if isinstance(spec, str):
        ids = [t.id for t in tg.resolve(g, e, src, spec)] or [None]
    for tid in ids:
        execute_attack_ability(g, dict(e, target=tid), eff)


def eff_grant(g, e, src, eff):
    """The target acquires ``abilities`` until ``until`` [407, 418]."""
    for t in targets(g, e, src, eff):
        acquire.grant(g, t, eff.get("abilities") or [], eff.get("until", "end_of_battle"), e["controller"], src,
                      eff.get("used_by"))


def eff_redistribute(g, e, src, eff):
    """Redistribution (перераспределение) [g-37]: heal up to n wounds of ``from`` and deal as many wounds among
    ``to`` (in the chosen order, one each in turn); only as many are dealt as were healed (03 §4 [DOUBT])."""
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
    n = damage.heal(g, frm[0], _n(g, e, src, eff))
    if n is None:
        return
    for i in range(n):
        t = to[i % len(to)]
        damage.wound(g, t, 1, "spell" if e.get("spell") else "wound", src)
    damage.check_deaths(g, to)


def eff_resurrect(g, e, src, eff):
    """Resurrection [g-07]: a card from the graveyard to the declared cell, closed if printed so; it comes back
    with no markers and under the resurrecting player's control (docs/rules-decisions.md)."""
    t = g.cards.get(e.get("target"))
    to = e.get("to")
    if t is None or t.zone != "graveyard" or not free(g, to):
        g.emit(Event.FIZZLED, source=e["source"])
        return
    g.graveyards[t.owner].remove(t.id)
    t.reset_in_play_state()
    t.controller = e["controller"]
    if g.is_flyer(t):
        t.zone = "aux"
        g.aux[t.controller].append(t.id)  # a flyer goes to the aux zone [211.2.a]
    else:
        t.zone = "battlefield"
        t.cell = to
        g.board[to] = t.id
    t.closed = bool(eff.get("closed"))
    g.emit(Event.RESURRECTED, card=t.id, to=to)


def eff_condor_dive(g, e, src, eff):
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
    src.markers["grounded"] = 1
    g.emit(Event.MOVED, card=src.id, frm=None, to=left)
    lvl = strike_table.single_level(g.roll(src.controller, src.id, "dive"))
    damage.wound(g, t, (3, 4, 4)[lvl], "wound", src)
    damage.check_deaths(g, [t])


CUSTOM = {"condor_dive": eff_condor_dive}


def eff_custom(g, e, src, eff):
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
    "accumulate_token": eff_accumulate, "gain_token": eff_gain_token, "heal": eff_heal, "wound": eff_wound,
    "close_target": eff_close, "open_target": eff_open, "poison": eff_poison, "destroy": eff_destroy,
    "finishing_blow": eff_finishing_blow, "resurrect": eff_resurrect, "grant": eff_grant,
    "redistribute_wounds": eff_redistribute, "add_life": eff_add_life,
    "skip_next_open": eff_skip_next_open, "_vampirism": eff_vampirism, "custom": eff_custom,
    "remove_tokens": eff_remove_tokens, "cell_blast": eff_cell_blast, "no_close_on_attack": eff_stay_open,
    **{k: eff_attack for k in REACH},
}.items():
    register(_kw)(_fn)
ON_EXPIRE["cell_blast"] = _cell_blast_ends
