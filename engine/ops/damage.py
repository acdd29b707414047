"""Wounds (раны), death and leaving play: 02-battle.md §7, RULES.md Q3.

Death is a base effect: a card dies the moment wounds bring its current life to 0 or below, inside the executing
entry; it goes on top of its owner's graveyard with its attachments after it (host first) [210.6, SEED S2]; its
"dies" triggers and others' "any_creature_dies" triggers become pending [SEED S3].
"""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS, hooked
from engine.model.enums import Event
from engine.model.history import record_wounds
from engine.ops import passives
from engine.ops import trigger_points
from engine.rules import grants
from engine.rules import keywords
from engine.model.state import Card, GameState


def wound(g: GameState, target, amount: int, kind: str, source=None, level: int | None = None, poison_tick: bool = False) -> int:
    """Put ``amount`` wounds of attack/effect ``kind`` on ``target`` after protection and prevention (§7.1);
    ``poison_tick``: the wounds of the target's own Poisoning [g-36]. A card on a lit cell takes more
    (:func:`engine.rules.keywords.lit_extra`).

    Returns the wounds actually placed. Deaths are not checked here: call :func:`check_deaths` after every
    simultaneous blow has been dealt (§7.3). Only cards in the play zone take wounds [SEED S2].
    """
    if not g.in_play(target):
        return 0
    if amount <= 0:
        prevent(g, target, 0, kind, source)  # an attack that deals nothing still uses Camouflage up [g-24]
        return 0
    if keywords.protected(g, target, kind, level, source, amount):
        g.emit(Event.PROTECTED, card=target.id, kind=kind)
        return 0
    if keywords.no_wounds(g, target, kind):
        return 0  # "takes no wounds from ..." [g-79]
    if kind not in ("wound", "poison", "spell") and not keywords.unreducible(g, source, kind):
        amount = keywords.row_capped(g, keywords.capped(g, target, amount, kind, source), kind, source)
    if g.effects:
        amount += keywords.lit_extra(g, target, kind, source, poison_tick)
    amount = keywords.reduce(g, target, amount, kind, level, source)
    amount = prevent(g, target, amount, kind, source)
    if amount <= 0:
        return 0
    target.wounds += amount
    record_wounds(g, target, amount, kind)
    if source is not None:
        target.used["hit_by"] = source.id  # who wounded it last, for Corpse-Eating [g-51]
        target.used["hit_kind"] = kind
    g.emit(Event.WOUNDS, card=target.id, n=amount, kind=kind, source=source.id if source else None)
    trigger_points.collect(g, {"type": "hit" if kind not in ("wound", "poison", "spell") else "wounded",
                               "card": target.id, "by": source.id if source else None, "attack": kind, "n": amount})
    if kind == "simple_strike" and source is not None:
        passives.struck(g, source, target, amount)
    return amount


def heal(g: GameState, target, amount) -> int | None:
    """Remove up to ``amount`` wounds (``"full"``: all) from a card in play; returns how many [g-18], or None while
    a player is asked inside the executing entry whether a replacement of the heal applies [419] (the caller
    returns and is called again with the answer, engine/effects/choice.py)."""
    if not g.in_play(target) or keywords.flagged(g, target, "unhealable"):
        return 0  # an incorporeal creature cannot be healed [g-03, g-18]
    for i, a in enumerate(g.abilities(target)):  # a heal replacement of the healed card [419] (Вожак сатиров)
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.on_heal is not None:
            replaced = k.on_heal(g, target, i, a, amount)
            if replaced is None:
                return None
            if replaced:
                return 0
    if target.wounds:
        amount = _heal_twisted(g, target, amount)
    n = target.wounds if amount == "full" else min(target.wounds, max(0, int(amount)))
    target.wounds -= n
    if n:
        g.emit(Event.HEALED, card=target.id, n=n)
    return n


def _heal_twisted(g: GameState, target, amount):
    """Мрачная дворянка (engine/effects/customs/heal_twist.py): the first heal each turn that a card of the
    opponent of a holder of ``blocks_first_enemy_heal`` receives is cancelled, and the first heal a card of the
    holder of ``doubles_first_own_heal`` receives is doubled (each while its condition holds; once per turn each;
    the owner always uses it: it only helps)."""
    for d in g.play_cards():
        if d.controller != target.controller and d.used.get("heal_block") != g.turn \
                and grants.custom_flag(g, d, "blocks_first_enemy_heal"):
            d.used["heal_block"] = g.turn
            g.emit(Event.BLOCKED, card=target.id, by="heal_block")
            return 0
    for d in g.play_cards():
        if d.controller == target.controller and d.used.get("heal_double") != g.turn \
                and grants.custom_flag(g, d, "doubles_first_own_heal"):
            d.used["heal_double"] = g.turn
            g.emit("heal_doubled", card=target.id)
            return amount if amount == "full" else 2 * max(0, int(amount))
    return amount


def unhosted_attachments_die(g: GameState) -> None:
    """Base effect [421.4-421.5]: an attachment whose host is no longer a legal host dies at once (01 §4.3, §4.7):
    a symbiote or parasite when the host gained a subtype (Flight) or stopped being a creature [210.3], or became
    incorporeal while the attachment is corporeal [210.5]; equipment when its wearer became a flyer, an
    incorporeal creature, a symbiote or a parasite [214.6-214.7]. A host leaving play takes its attachments with it
    elsewhere (:func:`destroy`, engine/ops/zones.py). Called whenever a player would be asked."""
    doomed = []
    for c in g.attachments():  # attachments stand on no board cell of their own
        host = g.cards.get(c.attached_to)
        if host is not None and g.in_play(host) and _host_lost(g, c, host):
            doomed.append(c)
    for c in doomed:
        destroy(g, c)


def _host_lost(g: GameState, card, host) -> bool:
    """Is ``host`` no longer a legal host of the attached ``card`` [210.3, 210.5, 214.6]?"""
    bodiless = keywords.flagged(g, host, "bodiless")
    if g.is_creature(card):
        return not g.is_creature(host) or g.is_flyer(host) or (bodiless and not keywords.flagged(g, card, "bodiless"))
    if g.defn(card).get("kind") == "equipment":
        return g.is_flyer(host) or bodiless or bool(host.attached_to)
    return False


def is_dead(g: GameState, card: Card) -> bool:
    """Current life <= 0 [204.6, 402.3]."""
    return g.in_play(card) and g.life(card) - card.wounds <= 0


def check_deaths(g: GameState, cards, owner_orders: bool = False) -> list:
    """Destroy every listed card whose current life is <= 0, in the listed order (§7.3). Returns the dead.

    ``owner_orders`` (an "each ..." effect, 02-battle.md §7.3 [PROPOSAL]): when two or more cards of one owner die
    together, that owner then orders them into the graveyard (the executing entry asks, ``death_order``)."""
    dead = [c for c in cards if c is not None and is_dead(g, c)]
    attached = {c.id: [a.id for a in g.cards.values() if a.attached_to == c.id and g.in_play(a)] for c in dead}
    for c in dead:
        destroy(g, c)
    if owner_orders and g.executing is not None:
        for p in (1, 2):
            mine = [c.id for c in dead if c.owner == p]
            if len(mine) >= 2:
                g.executing["data"].setdefault("death_order", []).append(
                    {"player": p, "cards": mine, "attached": {h: attached[h] for h in mine if attached[h]}})
    return dead


def reorder_graveyard(g: GameState, p: int, order: list[str], attached: dict) -> None:
    """Put the cards of ``order`` (which just died together; first = entered first) back on top of ``p``'s
    graveyard in that order, each host followed by its attachments (``attached``: host -> ids) [210.6, 02 §7.3]."""
    segment: list[str] = []
    for h in order:
        segment.append(h)
        segment.extend(attached.get(h, []))
    top = [cid for cid in reversed(segment) if cid in g.graveyards[p]]
    g.graveyards[p] = top + [cid for cid in g.graveyards[p] if cid not in segment]
    g.emit(Event.GRAVEYARD_ORDER, player=p, cards=list(order))


def take_over(g: GameState, cell: str, leaving=None) -> None:
    """``cell`` has no holder any more (``leaving`` is leaving it): the first other card still standing on it, an
    incorporeal creature sharing it (engine/ops/sharing.py [g-03]), holds it now."""
    if cell in g.board:
        return
    for c in g.cards.values():
        if c is not leaving and c.zone == "battlefield" and not c.attached_to and c.cell == cell:
            g.board[cell] = c.id
            g.play_changed()
            return


def remove_from_play(g: GameState, card: Card) -> None:
    """Take a card out of the battlefield or an aux zone (no destination): board, aux list, attachments' host."""
    if card.zone == "battlefield" and card.cell and g.board.get(card.cell) == card.id:
        shared = bool(g.sharers())  # read before the board changes
        del g.board[card.cell]
        if shared:
            take_over(g, card.cell, card)  # an incorporeal creature sharing the cell holds it now [g-03]
    if card.zone == "aux" and card.id in g.aux[card.controller]:
        g.aux[card.controller].remove(card.id)
    for p in (1, 2):
        if card.id in g.aux[p]:
            g.aux[p].remove(card.id)
    g.play_changed()


def destroy(g: GameState, card, by=None, kind: str | None = None) -> None:
    """Destruction (гибель): to the top of the owner's graveyard, attachments after it; triggers pending.

    A dead card keeps its wounds, tokens and markers until its own "on death" abilities triggered by this death
    have executed (or lapsed, or were forfeited) [g-87], 02-battle.md §7.2: :func:`release_dead` clears them.
    ``by``/``kind``: the card and ability kind that destroyed it (default: the last that wounded it), for
    Corpse-Eating [g-51]."""
    if not g.in_play(card):
        return
    if by is None and card.used.get("hit_by"):
        by, kind = g.cards.get(card.used["hit_by"]), card.used.get("hit_kind")
    passives.destroyed(g, card, by, kind)
    last_cell = card.cell if card.zone == "battlefield" else None
    attached = [c for c in g.attachments() if c.attached_to == card.id]  # attached cards are on the battlefield
    _die(g, card, last_cell)
    for a in attached:
        _die(g, a, last_cell)


def _die(g: GameState, card: Card, last_cell) -> None:
    controller = card.controller
    poison = card.markers.get("poison", 0)
    for k in hooked("at_death"):  # e.g. it loses Incarnation X [g-19]
        k.at_death(g, card)
    remove_from_play(g, card)
    card.zone = "graveyard"
    card.controller = card.owner
    card.cell = None
    card.attached_to = None
    g.play_changed()
    g.graveyards[card.owner].insert(0, card.id)
    g.emit(Event.DIED, card=card.id, controller=controller, owner=card.owner)
    ev = {"type": "died", "card": card.id, "controller": controller, "cell": last_cell}
    if getattr(g, "_poison_tick", False):
        ev.update(how="poison", poison=poison)  # died of its own poisoning (Сеятель хвори)
    trigger_points.collect(g, ev)
    if _own_death_pending(g, card.id):
        card.used = {"on_death": 1}  # keeps wounds, tokens and markers for now [g-87]
        g._death_held = True
        card.acquired = []
        card.actions = 0
        card.closed = False
        card.hidden = False
    else:
        card.reset_in_play_state()


def _own_death_pending(g: GameState, cid: str) -> bool:
    """Is an "on death" ability of card ``cid``, triggered by its death, pending, queued or executing?"""
    def mine(e):
        pt = e.get("point") or {}
        return e.get("source") == cid and pt.get("type") == "died" and pt.get("card") == cid
    if any(mine(t) for p in (1, 2) for t in g.pending[p]) or any(mine(e) for e in g.queue):
        return True
    return g.executing is not None and mine(g.executing["entry"])


def release_dead(g: GameState) -> None:
    """Clear the markers of dead cards whose own "on death" abilities are all done [g-87] (called by the flow
    whenever it advances). Nothing to look at once none was left held (``g._death_held`` False) until a card dies
    with such an ability pending."""
    if not g._death_held:
        return
    held = False
    for p in (1, 2):
        for cid in g.graveyards[p]:
            c = g.cards[cid]
            if c.used and c.used.get("on_death"):
                if _own_death_pending(g, cid):
                    held = True
                else:
                    c.reset_in_play_state()
    g._death_held = held


def prevent(g: GameState, target, amount: int, kind: str, source=None) -> int:
    """Prevention [420]: the wounds left after each registered keyword's ``prevent`` hook the target has copies of
    (their modules: camouflage [g-24], armour [g-05] ...). Every hook sees every attack, also one with no wound left:
    Armour then stops nothing and keeps its budget [420.4], while Camouflage counts attacks, not wounds, and is used
    up by the first attack of the turn even when it deals 0 (03 §4 camouflage).

    Order [420.3.a]: the damaged card's controller orders its preventions; the engine takes the order no controller
    would refuse: the preventions that stop a whole attack and are used up by it whatever the order (flag
    ``prevents_whole_attack``) first, then those that spend a budget of wounds (Armour), in registration order."""
    for k in _prevention_order():
        mine = keywords.kws(g, target, k.kw)
        if mine:
            amount = k.prevent(g, target, max(0, amount), kind, source, mine)
    return max(0, amount)


def _prevention_order() -> list:
    """The ``prevent`` hooks in the order :func:`prevent` applies them [420.3.a]."""
    ks = hooked("prevent")
    return [k for k in ks if "prevents_whole_attack" in k.flags] + \
        [k for k in ks if "prevents_whole_attack" not in k.flags]
