"""Trigger points (RULES.md S3, [SEED S3]): an event makes the matching triggered abilities pending for their
controller (``g.pending``). Declaring pending triggers is :mod:`engine.procedure.triggers`.

Event shapes: ``moved {card}``, ``died {card, controller}``, ``before_turn|turn_start|turn_end {player}``, ``attack_declared
{card, by, attack}`` (an attack is declared with it as target), ``attacked {card, by, attack}`` (it is the final
target of an executing attack), ``hit {card, by, attack, n}`` (wounds from an attack), ``wounded {card, by, attack, n}`` (other wounds), ``strikes {card, target, attack, role, strength,
missed?}``, ``becomes_defender {card}``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards.keywords import KEYWORDS, hooked, hooked_kws
from engine.cards.kinds import kinds_match
from engine.model.enums import Event
from engine.model.memo import close_scope, open_scope
from engine.model.state import Card, GameState
from engine.model.types import PendingTrigger
from engine.rules.conditions import holds
from engine.rules.grants import aura_kws, custom_flag, effective


def _trigger_abilities(g: GameState, card: Card, granted: bool = False) -> Sequence[tuple]:
    """(index, trigger) pairs of the card; ``granted`` adds triggers granted by formation/aura (index ``"g<n>"``).
    Without acquired abilities a card's abilities are its definition's, so what is read from them alone (its
    triggers, whether a formation of it grants one) is kept in the definition (``_triggers``): the sequence
    returned may be that kept one, so callers only read it."""
    base = g.abilities(card)
    own: Sequence[tuple]
    if card.acquired:
        own = [(i, a) for i, a in enumerate(base) if a.get("kw") == "trigger"]
        may = granted and _may_be_granted_triggers(g, base)
    else:
        pt = _printed_triggers(g, card)
        own, formation = pt[0], pt[1]
        may = granted and (formation or "trigger" in aura_kws(g))
    if not may:
        return own
    extra = [a for a in effective(g, card) if a.get("kw") == "trigger" and not any(a is b for b in base)]
    if not extra:
        return own
    out = list(own)
    for j, a in enumerate(extra):
        out.append((f"g{j}", a))
    return out


def _printed_triggers(g: GameState, card: Card) -> tuple:
    """(the (index, trigger) pairs of the card's definition, whether a formation of it grants a trigger, the event
    types on which one of those pairs may fire (:data:`FIRES_ON`), those types together with the ones on which a
    trigger a formation of it grants may fire (None when a granted keyword stands for others: any type), whether
    it has anything that works from the graveyard at the start of a turn (a Valhalla trigger, a start-of-turn
    trigger from the graveyard, a keyword's ``graveyard_turn_start``)), kept in the definition (``_triggers``): the
    abilities of a card without acquired ones."""
    d = g.defn(card)
    t = d.get("_triggers")
    if t is None:
        base = d["abilities"]
        pairs = tuple((i, a) for i, a in enumerate(base) if a.get("kw") == "trigger")
        on = frozenset(et for _, a in pairs if not a.get("from_graveyard") for et in FIRES_ON.get(a.get("when"), ()))
        formation, granted = _formation_grants(base)
        grave = any(a.get("when") == "valhalla" or (a.get("from_graveyard") and a.get("when") == "start_of_turn")
                    for _, a in pairs) or any(_graveyard_turn_start(a) for a in base)
        t = d["_triggers"] = (pairs, formation, on, None if granted is None else on | granted, grave)
    return t


def _graveyard_turn_start(a: dict) -> bool:
    """True when ability ``a`` is of a keyword that works from the graveyard at the start of its owner's turn."""
    k = KEYWORDS.get(a.get("kw"))
    return k is not None and k.graveyard_turn_start is not None


def _grave_quiet(g: GameState, card: Card) -> bool:
    """True when nothing of ``card`` works from the graveyard at the start of a turn (no acquired abilities and
    none such printed: :func:`_printed_triggers`)."""
    return not card.acquired and not _printed_triggers(g, card)[4]


#: A trigger's ``when`` -> the event types on which :func:`_fires` may answer True for it (no other ``when`` fires
#: in play).
FIRES_ON: Final[dict[str, tuple[str, ...]]] = {
    "moves": ("moved",), "jumps": ("moved",), "battle_start": ("battle_start",), "poison_wounds": ("poison_wounds",),
    "before_turn": ("before_turn",), "start_of_turn": ("turn_start",), "end_of_turn": ("turn_end",),
    "dies": ("died",), "wounded": ("hit", "wounded"), "attack_declared": ("attack_declared",),
    "attacked": ("attacked",), "hit": ("hit",), "strikes": ("strikes",), "incarnates": ("incarnated",),
    "gains_incarnation_token": ("incarnation_token",), "carrion_eats": ("carrion_eats",),
    "becomes_defender": ("becomes_defender",), "prophecy_reveals": ("prophecy_reveal",), "acts": ("acts",)}


def _may_be_granted_triggers(g: GameState, base: list[dict]) -> bool:
    """False when :func:`engine.rules.grants.effective` cannot add a trigger to the abilities ``base`` of a card:
    none of them grants its own card a trigger or a keyword that stands for others (``expand``; a formation), and
    no aura in play grants a trigger (those are the only sources of granted abilities without a target)."""
    return "trigger" in aura_kws(g) or _formation_grants(base)[0]


def _formation_grants(base: list[dict]) -> tuple[bool, frozenset | None]:
    """(whether one of the abilities ``base`` is of a keyword that grants abilities to its own card (``grants_now``:
    a formation) and grants a trigger or a keyword that stands for others (``expand``), the event types on which a
    trigger so granted may fire (:data:`FIRES_ON`; None when a granted keyword stands for others: any type))."""
    names = hooked_kws("grants_now")
    grants = False
    out: set = set()
    for a in base:
        if a.get("kw") in names:
            for x in a.get("grants") or ():
                k = x.get("kw")
                if k in KEYWORDS and KEYWORDS[k].expand is not None:
                    return True, None
                if k == "trigger":
                    grants = True
                    out.update(FIRES_ON.get(x.get("when"), ()))
    return grants, frozenset(out)


def _turn_matches(turn: str, own: bool) -> bool:
    return turn == "each" or (turn == "own") == own


def _fires(g: GameState, c: Card, a: dict, ev: dict) -> bool:
    """Does trigger ``a`` of card ``c`` fire on event ``ev``?"""
    when, et = a.get("when"), ev["type"]
    if a.get("from_graveyard"):
        return False  # it works only from the graveyard (collect asks those apart)
    subject = a.get("subject", "self")
    if when == "moves":
        if et != "moved":
            return False
        return ev["card"] == c.id if subject == "self" else (subject == "any" or ev["card"] != c.id)
    if when == "battle_start":
        return et == "battle_start"
    if when == "poison_wounds":  # a creature took wounds from its Poisoning (Ноками)
        return et == "poison_wounds" and (subject != "self" or ev["card"] == c.id)
    if when == "before_turn":  # just before the start of a turn: the turn preparation step [310.2]
        return et == "before_turn" and _turn_matches(a.get("turn", "own"), ev["player"] == c.controller)
    if when in ("start_of_turn", "end_of_turn"):
        if et != ("turn_start" if when == "start_of_turn" else "turn_end"):
            return False
        turn = a.get("turn", "own")
        return turn == "each" or (turn == "own") == (ev["player"] == c.controller)
    if when == "dies":
        if et != "died" or subject == "self":
            return False
        dead = g.cards[ev["card"]]
        return g.is_creature(dead) and (subject == "any" or ev["card"] != c.id)
    if when == "wounded":  # it receives wounds, from an attack ("hit") or not ("wounded"): Agility [g-21]
        return et in ("hit", "wounded") and ev["card"] == c.id
    if when in ("attack_declared", "attacked", "hit"):
        if et != when:
            return False
        if subject == "other":
            if ev["card"] == c.id:
                return False
        elif ev["card"] != c.id:
            return False
        return kinds_match(ev.get("attack", ""), a.get("attack"))
    if when == "strikes":  # a miss counts only for "whether it hits or misses" (hit_or_miss) or "misses" (miss_only)
        whose = ev.get("card") == c.id if subject == "self" else (subject == "any" or ev.get("card") != c.id)
        return (et == "strikes" and whose and kinds_match(ev.get("attack", ""), a.get("attack"))
                and (not ev.get("missed") or bool(a.get("hit_or_miss") or a.get("miss_only")))
                and (ev.get("missed") or not a.get("miss_only"))
                and (not a.get("roles") or ev.get("role") in a["roles"])
                and (not a.get("strength") or ev.get("strength") in a["strength"]))
    if when == "incarnates":  # it came back from the graveyard by Incarnation (``subject`` any/other: a card did)
        return et == "incarnated" and (ev["card"] == c.id if subject == "self" else (subject == "any"
                                                                                   or ev["card"] != c.id))
    if when == "gains_incarnation_token":  # in play (e.g. the token came as it incarnated): the graveyard case is above
        return et == "incarnation_token" and ev["card"] == c.id
    if when == "jumps":  # its own jump (a named movement), after it landed (Дети топи, Шакси)
        return et == "moved" and ev.get("how") == "jump" and ev["card"] == c.id
    if when == "carrion_eats":  # its Corpse-Eating applies (Жжраг)
        return et == "carrion_eats" and ev["card"] == c.id
    if when == "becomes_defender":
        return et == "becomes_defender" and ev["card"] == c.id
    if when == "prophecy_reveals":  # a prophecy of its controller revealed cards (Исхарская ненасыть, Махинатор)
        return et == "prophecy_reveal" and ev.get("player") == c.controller and bool(ev.get("cards"))
    if when == "acts":  # a card declared a simple strike or an activated ability (engine/model/history.py)
        return et == "acts" and (ev["card"] == c.id if subject == "self" else (subject == "any" or ev["card"] != c.id))
    return False


def collect(g: GameState, event: dict) -> None:
    """Make pending every trigger ``event`` fires ([SEED S3]; 01-game-and-cards.md §5.7: only cards in play,
    except a card's own "dies" trigger, which fires from the graveyard [405.4], and Valhalla).

    Event shapes: ``moved {card}``, ``died {card, controller}``, ``before_turn|turn_start|turn_end {player}``,
    ``attack_declared {card, by, attack}``, ``attacked {card, by, attack}``, ``hit {card, by, attack, n}``,
    ``strikes {card, target, attack, role, strength, missed?}``, ``becomes_defender {card}``."""
    et = event["type"]
    if et in ("died", "moved"):  # a battlefield cell may have freed
        cell_freed(g, event.get("card") if et == "died" else None)
    if et == "died":
        dead = g.cards[event["card"]]
        for i, a in _trigger_abilities(g, dead):
            if a.get("when") == "dies" and a.get("subject", "self") == "self":
                _add(g, dead, i, a, event["controller"], event)
    if et == "incarnation_token":  # a graveyard card's own "when it receives an incarnation token"
        shown = g.cards[event["card"]]
        if shown.zone == "graveyard":
            for i, a in _trigger_abilities(g, shown):
                if a.get("when") == "gains_incarnation_token" and (not a.get("condition") or holds(
                        g, shown, a["condition"], {"point": event})):
                    _add(g, shown, i, a, shown.owner, event)
            return
    if et == "prophecy_reveal":  # the revealed cards' own "when your prophecy reveals it" (they are in the deck)
        for cid in event["cards"]:
            shown = g.cards[cid]
            for i, a in _trigger_abilities(g, shown):
                if a.get("when") == "revealed_by_prophecy" and shown.owner == event["player"]:
                    _add(g, shown, i, a, shown.owner, dict(event, card=cid))
    if et == "turn_start":
        first = len(g.pending[event["player"]])
        for cid in list(g.graveyards[event["player"]]):
            dead = g.cards[cid]
            if _grave_quiet(g, dead):
                continue
            for i, a in _trigger_abilities(g, dead):
                if a.get("when") == "valhalla":
                    _add(g, dead, i, a, dead.owner, event)
        if len(g.pending[event["player"]]) > first and any(
                c.controller == event["player"] and custom_flag(g, c, "valhalla_twice") for c in g.play_cards()):
            g.pending[event["player"]].insert(first + 1, dict(g.pending[event["player"]][first]))  # Рагнар
        for cid in list(g.graveyards[event["player"]]):  # after Valhalla: Рагнар doubles the first Valhalla only
            dead = g.cards[cid]
            if _grave_quiet(g, dead):
                continue
            for a in g.abilities(dead):  # keywords that work from the graveyard at the start of its owner's turn
                k = KEYWORDS.get(a.get("kw"))
                if k is not None and k.graveyard_turn_start is not None:
                    effects = k.graveyard_turn_start(g, dead, a)
                    if effects:
                        _add(g, dead, a["kw"], {"effects": effects}, dead.owner, event)
        for p in (1, 2):  # start-of-turn triggers that work only from their owner's graveyard (Скелетный червь)
            for cid in list(g.graveyards[p]):
                dead = g.cards[cid]
                if _grave_quiet(g, dead):
                    continue
                for i, a in _trigger_abilities(g, dead):
                    if a.get("from_graveyard") and a.get("when") == "start_of_turn" and \
                            _turn_matches(a.get("turn", "own"), event["player"] == dead.owner):
                        _add(g, dead, i, a, dead.owner, event)
    _collect_in_play(g, event)


def _collect_in_play(g: GameState, event: dict) -> None:
    """The triggers of the cards in play that ``event`` fires become pending (a read-only scope,
    :func:`engine.model.memo.open_scope`: it writes only ``g.pending``, which no memoized read looks at, and keeps
    the printed triggers of the play zone's cards with its list in ``g._play_triggers``)."""
    opened = open_scope(g)
    try:
        _collect_in_play_scoped(g, event)
    finally:
        close_scope(g, opened)


def _collect_in_play_scoped(g: GameState, event: dict) -> None:
    aura = "trigger" in aura_kws(g)
    et = event["type"]
    cards = g.play_cards()
    kept = g._play_triggers
    if kept and kept[0] is cards:
        printed: list = kept[1]
    else:
        printed = [_printed_triggers(g, c) for c in cards]
        g._play_triggers = (cards, printed)
    for j, c in enumerate(cards):  # by index: no tuple unpacked per card (the hottest loop of an event)
        if not c.acquired and not aura:
            pt: tuple = printed[j]  # (its triggers, a formation grants one, ..., the event types they fire on, ...)
            fires_on = pt[3]
            if fires_on is not None and et not in fires_on:
                continue  # none of its triggers, printed or granted by its formation, fires on this type of event
            trigs = pt[0] if not pt[1] else _trigger_abilities(g, c, granted=True)
        else:
            trigs = _trigger_abilities(g, c, granted=True)
        for i, a in trigs:
            if _fires(g, c, a, event) and (not a.get("condition") or holds(g, c, a["condition"],
                                                                             {"point": event})):
                _add(g, c, i, a, c.controller, event)


#: Event fields kept in a pending trigger only when its effects name the reader: event type -> (field, reader).
#: A keyword that reads one names it in its record's ``reads_event`` (:func:`_extra`).
_EXTRA: Final = {"becomes_defender": [("target", "defended")], "died": [("poison", "event_poison")],
          "strikes": [("value", ("event_strike_value", "zealot_ward"))],
          "prophecy_reveal": [("cards", ("revealed_to_top", "glutton_feast"))]}


def _extra(event_type: str) -> list[tuple]:
    """(field, readers) of :data:`_EXTRA` for ``event_type``, plus each keyword whose ``reads_event`` names a field
    of that event as a reader of it."""
    out = list(_EXTRA.get(event_type, ()))
    for k in hooked("reads_event"):
        out.extend((key, (k.kw,)) for key in k.reads_event.get(event_type, ()))
    return out


def cell_freed(g: GameState, just_died: str | None = None) -> None:
    """A battlefield cell may have freed: the graveyard keywords that wait for one (``graveyard_cell_freed``,
    :class:`engine.cards.keywords.Keyword`) become mandatory pending triggers of their cards, once each while
    pending or queued (Incarnation: "no free cell: it fires as soon as one frees" [g-19]). A card that has just died
    (``just_died``, or one still keeping its markers for its on-death abilities) waits for nothing yet."""
    waiting = {t["source"] for p in (1, 2) for t in g.pending[p]} | {e["source"] for e in g.queue}
    for p in (1, 2):
        for cid in g.graveyards[p]:
            dead = g.cards[cid]
            if cid in waiting or not dead.tokens or cid == just_died or dead.used.get("on_death"):
                continue
            for a in g.abilities(dead):
                k = KEYWORDS.get(a.get("kw"))
                if k is not None and k.graveyard_cell_freed is not None:
                    effects = k.graveyard_cell_freed(g, dead, a)
                    if effects:
                        _add(g, dead, a["kw"], {"effects": effects}, dead.owner, {"type": "cell_freed"})


def _add(g: GameState, card: Card, idx, a, controller, event):
    point = {k: v for k, v in event.items() if k in ("type", "card", "by", "player", "attack", "n", "target",
                                                     "frm", "to", "cell", "controller", "poison", "value", "cards",
                                                     "die")}
    for key, readers in _extra(event["type"]):
        readers = (readers,) if isinstance(readers, str) else readers
        if key in point and not any(f"'{r}'" in repr(a.get("effects")) for r in readers):
            del point[key]  # kept only for the effects that read it (Бьёрн's defended card, Сеятель's poison,
            # Ревнитель Сеггера's strike value, the cards a prophecy revealed for Махинатор and Исхарская ненасыть,
            # the plague creature's own die)
    g.pending[controller].append({
        "source": card.id, "ability": idx, "controller": controller,
        "optional": bool(a.get("optional")), "effects": a.get("effects") or [], "point": point,
    })


def add_base_trigger(g: GameState, card, name: str, effect: dict) -> None:
    """A mandatory start-of-turn trigger that is not printed as a trigger: regeneration, poisoning (02-battle.md
    §2, turn start step 4). ``name`` is the ability label shown in the queue."""
    g.pending[card.controller].append({
        "source": card.id, "ability": name, "controller": card.controller, "optional": False,
        "effects": [effect], "point": {"type": "turn_start", "player": card.controller},
    })


def clear_pending(g: GameState) -> None:
    """Drop every pending trigger (the game ended)."""
    g.pending = {1: [], 2: []}


def chain_key(e: dict) -> list:
    """What an entry or pending trigger does, for the loop rule: [source, ability, the card it is about, the
    source of the entry that caused it] (RULES.md Q9, [103.4])."""
    point = e.get("point") or {}
    return [e.get("source"), e.get("ability"), point.get("card") or e.get("target"), e.get("cause")]


def cut_loops(g: GameState, entry: dict) -> None:
    """RULES.md Q9 [103.4]: the triggers that became pending while ``entry`` executed belong to its chain; one
    that exactly repeats an effect earlier in the chain is cut (it never enters the queue), and with it
    everything it would have caused."""
    chain = list(entry.get("chain") or []) + [chain_key(entry)]
    for p in (1, 2):
        keep = []
        for t in g.pending[p]:
            if "chain" not in t:
                t["cause"] = entry.get("source")
                t["chain"] = chain
                if chain_key(t) in chain:
                    g.emit(Event.LOOP_CUT, source=t["source"], ability=t["ability"])
                    continue
            keep.append(t)
        g.pending[p] = keep


def take(g: GameState, p: int, index: int) -> PendingTrigger:
    """Take pending trigger ``index`` of player ``p`` out of the pending list (it is being declared)."""
    return g.pending[p].pop(index)


def set_aside(g: GameState, p: int, point_type: str) -> list[PendingTrigger]:
    """Take out of player ``p``'s pending triggers those whose trigger point is not of ``point_type`` and return
    them, in order (they wait while the others are resolved; :func:`put_back` returns them)."""
    others = [t for t in g.pending[p] if t["point"].get("type") != point_type]
    if others:
        g.pending[p] = [t for t in g.pending[p] if t["point"].get("type") == point_type]
    return others


def put_back(g: GameState, p: int, waiting: list[PendingTrigger]) -> None:
    """Return triggers taken out by :func:`set_aside` to the front of player ``p``'s pending triggers."""
    if waiting:
        g.pending[p] = list(waiting) + g.pending[p]


def keep_only(g: GameState, p: int, kept: list[PendingTrigger]) -> None:
    """Keep only ``kept`` of player ``p``'s pending triggers (the others lapse: unpayable, or forfeited by a pass
    [Q5.1])."""
    g.pending[p] = kept
