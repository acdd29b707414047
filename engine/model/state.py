"""Game state: card instances and zones. Plain data, JSON-like when serialized (snapshot).

Zones [SEED S2] (01-game-and-cards.md §5): each player's deck (колода, closed, top first), deal (сдача),
recruits (набор), graveyard (кладбище, top first, ordered), aux zone (вспомогательная зона: flyers, terrains), and
the shared battlefield (поле боя) of 30 cells. Play zone = battlefield + aux zones.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Final

from mypy_extensions import mypyc_attr

from engine.cards import abilities as ab
from engine.cards.keywords import carries
from engine.cards.pool import card_def
from engine.cards.typed import parse_abilities, parse_effects, parse_value
from engine.errors import EngineError
from engine.model.action_log import ActionLog
from engine.model.board import CELLS
from engine.model.enums import Event, Phase
from engine.model.rng import Rng
from engine.model.types import Executing, PendingTrigger, Priority, Prompt, QueueEntry, Result, TimedEffect


PLAY_ZONES = ("battlefield", "aux")
PERSONAL_ZONES: Final = ("deck", "deal", "recruits", "graveyard", "aux")


@dataclass(slots=True, eq=False)
class Card:
    """One card instance (экземпляр карты).

    ``id``: instance id (``"k17"``); ``defkey``: the card definition's key (a pool id, or ``custom:NAME`` / a
    scenario-overridden key held in ``GameState.defs``); ``owner``/``controller``: 1 or 2 [200.2]; ``zone``: one of
    deck, deal, recruits, battlefield, aux, graveyard; ``cell``: battlefield cell or None (attachments report their
    host's cell); ``attached_to``: host id for symbiotes, parasites, equipment; ``closed``: closed (закрыт) or open;
    ``hidden``: face down on the battlefield [415]; ``wounds`` (раны), ``tokens`` (фишки), ``markers`` (name ->
    count, 01-game-and-cards.md §6.1); ``acquired``: abilities gained in play; ``actions``: card actions taken this
    turn [g-69]; ``used``: per-turn / per-battle limit marks by ability index (str) [SEED S4].

    Compared (and hashed) by identity: an instance id names one card of a game, so ``card in cards`` is an identity
    test (no field-by-field comparison).
    """

    id: str
    defkey: str
    owner: int
    controller: int
    zone: str
    cell: str | None = None
    attached_to: str | None = None
    closed: bool = False
    hidden: bool = False
    wounds: int = 0
    tokens: int = 0
    markers: dict = field(default_factory=dict)
    acquired: list = field(default_factory=list)
    actions: int = 0
    used: dict = field(default_factory=dict)
    #: The card's definition and its definition's facts (engine/rules/grants.py ``DefMeta``) once read: the game's
    #: :meth:`GameState.defn` and ``meta`` of its ``defkey`` (fixed for the game), kept on the card so that the
    #: hottest reads of the rules look up no dict. Not part of the card's state (not serialized, not copied).
    _defn: dict | None = field(default=None, init=False, repr=False)
    _meta: Any = field(default=None, init=False, repr=False)
    #: Read from ``_defn`` when it is set: the definition is of a creature (its ``kind``) [208], printed a flyer.
    _creature: bool = field(default=False, init=False, repr=False)
    _flyer: bool = field(default=False, init=False, repr=False)

    def reset_in_play_state(self) -> None:
        """Lose tokens, markers, wounds and acquired abilities (entering a deck, leaving the play zone) [SEED S2]."""
        self.wounds = 0
        self.tokens = 0
        self.markers = {}
        self.acquired = []
        self.actions = 0
        self.used = {}
        self.closed = False
        self.hidden = False
        self.cell = None
        self.attached_to = None


_CARD_FIELDS = tuple(f.name for f in fields(Card) if f.init)


def card_from_dict(d: dict) -> Card:
    """Inverse of :func:`card_to_dict`."""
    return Card(**{k: d[k] for k in _CARD_FIELDS})


def card_to_dict(c: Card) -> dict:
    """A JSON-like dict of every field of a :class:`Card`, for serializing at once: its containers (``markers``,
    ``acquired``, ``used``) are the card's own, not copies (they hold only JSON-like values: parsed ability parts
    are ``list``/``dict`` subclasses)."""
    return {"id": c.id, "defkey": c.defkey, "owner": c.owner, "controller": c.controller, "zone": c.zone,
            "cell": c.cell, "attached_to": c.attached_to, "closed": c.closed, "hidden": c.hidden,
            "wounds": c.wounds, "tokens": c.tokens, "markers": c.markers, "acquired": c.acquired,
            "actions": c.actions, "used": c.used}


#: What a printed ability reads as while its card has lost its abilities (03 §1.5 [407.3]): no keyword at all.
LOST: Final[dict] = {"kw": "_lost"}

#: How many recent events the state keeps for views' logs.
EVENT_KEEP: Final = 60

_SCALARS = ("seed", "version", "next_id", "next_uid", "event_seq", "turn", "phase", "active", "first", "result",
            "end_turn", "prompt", "prio", "executing", "options", "prelim")
_CONTAINERS: Final = ("log", "events", "decks", "deals", "recruits", "graveyards", "aux", "board", "defs", "queue",
               "pending", "crystals", "effects")
#: The state's fields by shape (engine/determinize.py copies them): scalars and dicts, then containers.
SCALARS, CONTAINERS = _SCALARS, _CONTAINERS

#: defkey -> the definition of a pool card (with its implicit abilities), shared by every game (a copy
#: per game would cost about 190 KB per room); read-only like every definition ``defn`` returns.
_POOL_DEFS: Final[dict[str, dict]] = {}


def _with_implicit(d: dict) -> dict:
    """The definition ``d`` with its implicit abilities, every ability parsed (:mod:`engine.cards.typed`; raises
    EngineError("invalid_card") naming the card, the ability and the field)."""
    return dict(d, abilities=parse_abilities(ab.with_implicit(list(d.get("abilities") or []), d), str(d.get("id"))))


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (berserk_native.py), engine.game.Game's base still
class GameState:
    """The whole state of a game of Berserk between players 1 and 2, plain data, with the reads every rule uses
    (card definitions, life, zones) and the writers of the event log and the result. A snapshot is its JSON form.
    """

    def __init__(self) -> None:
        self.seed = 0
        self.rng = Rng(0)
        self.version = 0
        self.next_id = 1
        self.next_uid = 1
        self.event_seq = 0
        self.turn = 1
        self.phase: str = Phase.MAIN  # a Phase
        self.active: int | None = 1
        self.first: int | None = 1
        self.result: Result | None = None
        self.end_turn = False
        self.prompt: Prompt | None = None          # written by engine/procedure/flow.py
        self.prio: Priority | None = None          # written by engine/procedure/flow.py
        self.executing: Executing | None = None    # written by engine/procedure/execute.py
        self.options: dict = {"deal_size": 15, "turn_cap": 200}
        self.prelim: dict = {}
        #: Every accepted [player, action] in order, packed (engine/model/action_log.py; a read-only sequence).
        self.log: ActionLog = ActionLog()
        self.events: list = []
        self.cards: dict[str, Card] = {}
        self.decks: dict[int, list[str]] = {1: [], 2: []}
        self.deals: dict[int, list[str]] = {1: [], 2: []}
        self.recruits: dict[int, list[str]] = {1: [], 2: []}
        self.graveyards: dict[int, list[str]] = {1: [], 2: []}
        self.aux: dict[int, list[str]] = {1: [], 2: []}
        self.board: dict[str, str] = {}
        self.defs: dict[str, dict] = {}
        self.queue: list[QueueEntry] = []                         # written by engine/procedure/queue.py
        self.pending: dict[int, list[PendingTrigger]] = {1: [], 2: []}  # by engine/ops/trigger_points.py
        self.crystals = {1: {"gold": 0, "silver": 0}, 2: {"gold": 0, "silver": 0}}
        self.effects: list[TimedEffect] = []      # written by engine/ops/durations.py
        self._defcache: dict[str, dict] = {}
        #: definition key -> engine/rules/grants.py's DefMeta of that definition (facts computed once per game).
        self._metacache: dict[str, Any] = {}
        self._fresh: list = []
        #: (version, event_seq, player, actions): the last legal-action list, reused while nothing changed.
        self._legal_cache: tuple | None = None
        #: viewer -> (aliases, {seq: (event, masked copy)}): engine/view.py's masked log events, reused across views.
        self._view_log: dict = {}
        #: card id | ("face_down", card id) -> (inputs, card, view): engine/view.py's card views, ("cards", viewer)
        #: -> a viewer's last ``cards`` map; (player, as its owner sees it) -> its ``players`` entry; each reused by
        #: the next projection while what it shows is unchanged.
        self._view_cards: dict = {}
        self._view_players: dict = {}
        #: The memo of a read-only scope (engine/model/memo.py), None outside one.
        self._memo: dict | None = None
        # The engine's other caches on the game, declared here (a compiled GameState has no instance __dict__,
        # berserk_native.py): (event_seq, {...}) of the ranged taunts in engine/rules/combat.py, (card count, names)
        # of engine/model/history.py; and whether the damage being dealt is a poison tick (engine/effects/basic.py
        # -> engine/ops/damage.py). The aura sources of engine/rules/grants.py: listed at event ``_aura_seq`` (-1:
        # never), and whether a card of the game has an aura at all, as found with ``_aura_cards`` cards and next
        # id ``_aura_next``.
        self._aura_seq = -1
        self._aura_list: list[Card] = []
        self._aura_possible = False
        self._aura_cards = -1
        self._aura_next = -1
        self._taunt_cache: tuple | None = None
        self._history_readers: tuple | None = None
        self._poison_tick: bool = False
        #: The play zone's cards (:meth:`play_cards`) with the play zone count and zone sizes they were listed at;
        #: the count goes up at every change of the play zone (:meth:`play_changed`).
        self._play: list[Card] = []
        self._play_changes = 0
        self._play_at = -1  # the play zone count it was listed at (-1: not yet)
        self._play_ncards = 0  # and the sizes of cards, board and the aux zones it was listed at
        self._play_nboard = 0
        self._play_naux1 = 0
        self._play_naux2 = 0
        #: The attachments among them (:meth:`attachments`) and the cards sharing a cell they do not hold
        #: (:meth:`sharers`), listed with them.
        self._attached: list[Card] = []
        self._sharers: list[Card] = []
        #: (the play zone's list, the printed triggers of each of its cards): engine/ops/trigger_points.py.
        self._play_triggers: tuple = ()
        #: False once no dead card keeps its markers for its own "on death" abilities (engine/ops/damage.py
        #: ``release_dead`` found none); only a death with such an ability pending makes it True again.
        self._death_held = True
        #: False once no card holds a Poisoning marker (engine/ops/passives.py ``lose_poisoning`` found none);
        #: putting one on a card (engine/effects/keywords/poison.py, mark.py) makes it True again.
        self._poisoned = True
        #: False once no card is face down (engine/rules/hidden.py ``any_hidden`` found none); only
        #: :meth:`turn_face_down` makes it True again.
        self._face_down = True

    def new_card(self, defkey: str, owner: int, zone: str) -> Card:
        """Create a card instance with the next instance id (a new card, 01-game-and-cards.md §5.5)."""
        c = Card(id=f"k{self.next_id}", defkey=defkey, owner=owner, controller=owner, zone=zone)
        self.next_id += 1
        self.cards[c.id] = c
        return c

    def defn(self, card: Card) -> dict:
        """The card definition (printed properties, possibly overridden) of a card instance. Read-only: a pool
        card's definition (no scenario override in ``defs``) is one dict shared by every game of the process."""
        d = card._defn
        if d is not None:
            return d
        d = self._defcache.get(card.defkey)
        if d is None:
            over = self.defs.get(card.defkey)
            if over:
                d = _with_implicit(over)
            else:
                d = _POOL_DEFS.get(card.defkey)
                if d is None:
                    d = _POOL_DEFS[card.defkey] = _with_implicit(card_def(card.defkey))
            self._defcache[card.defkey] = d
        card._creature = d.get("kind", "creature") == "creature"
        card._flyer = bool(d.get("flyer"))
        card._defn = d
        return d

    def abilities(self, card: Card) -> list[dict]:
        """Printed (with the implicit accumulate of RULES.md S1) plus acquired abilities, in index order. A card
        under a holding ``_lost_abilities`` state (``lose_abilities``, 03 §1.5 [407.3-407.5]) has each printed
        ability replaced by :data:`LOST` (indices stay stable); what it acquired stays [407.4]."""
        d = card._defn
        base = (d if d is not None else self.defn(card))["abilities"]
        if not card.acquired:
            return base
        if any(a.get("kw") == "_lost_abilities" and self._state_holds(a) for a in card.acquired):
            base = [LOST] * len(base)
        return base + card.acquired

    def _state_holds(self, a: dict) -> bool:
        """An acquired state lasting ``source_leaves`` holds while its source is in play; others while present."""
        spec = a.get("_until") or {}
        if spec.get("kind") == "source_leaves":
            return self.in_play(spec.get("source") or "")
        return True

    def life(self, card: Card) -> int:
        """Life allowance plus additional life minus negative life [204.6] (not counting wounds)."""
        d = self.defn(card)
        m = card.markers
        return (d.get("life") or 0) + m.get("additional_life", 0) - m.get("negative_life", 0)

    def is_creature(self, card: Card) -> bool:
        """True for a creature of any subtype (flyer, symbiote, parasite) [208]."""
        if card._defn is None:  # the hottest read of the rules: the definition's kind, read with it
            self.defn(card)
        return card._creature

    def is_flyer(self, card: Card) -> bool:
        """True for a flying creature (летающее существо) [211]: printed so, or it acquired flight (полёт: an
        ability of a keyword with the named effect ``flies``) [g-38] (engine/effects/keywords/flight.py)."""
        if card.acquired and carries(card.acquired, "flies"):
            return True
        if card._defn is None:
            self.defn(card)
        return card._flyer and not card.markers.get("grounded")

    def in_play(self, card_or_id) -> bool:
        """True when the card is in the play zone (battlefield or an aux zone) [SEED S2]."""
        c = self.cards.get(card_or_id) if isinstance(card_or_id, str) else card_or_id
        return c is not None and c.zone in ("battlefield", "aux")

    def turn_face_down(self, card: Card) -> None:
        """Turn a card face down (рубашкой вверх) [305, 415]: every card is turned face down through here."""
        card.hidden = True
        self._face_down = True

    def play_changed(self) -> None:
        """Note a change of the play zone: a card entered or left it, or a card's cell, host or aux zone changed.
        Every writer of those calls it (``tests/test_engine_memo.py`` checks it over whole games)."""
        self._play_changes += 1

    def play_cards(self) -> list[Card]:
        """Every card in the play zone, battlefield first (by cell order), then aux zones (player 1, 2). The one
        list is shared until the next :meth:`play_changed` or a change in the number of cards, of occupied cells or
        of cards in an aux zone (a state edited from outside, as tests do, then lists afresh): callers must not
        change it."""
        aux1, aux2 = self.aux[1], self.aux[2]
        if (self._play_at == self._play_changes and self._play_ncards == len(self.cards)
                and self._play_nboard == len(self.board) and self._play_naux1 == len(aux1)
                and self._play_naux2 == len(aux2)):
            return self._play
        out = self._play = self._play_cards()
        self._play_at = self._play_changes
        self._play_ncards, self._play_nboard = len(self.cards), len(self.board)
        self._play_naux1, self._play_naux2 = len(aux1), len(aux2)
        return out

    def _play_cards(self) -> list[Card]:
        cards, board = self.cards, self.board
        attached: list[Card] = []  # attachments, sharers: battlefield cards that hold no cell of their own
        for c in cards.values():
            if c.zone == "battlefield" and (c.attached_to or board.get(c.cell) != c.id):
                attached.append(c)
        out: list[Card] = []
        self._attached = [c for c in attached if c.attached_to]
        self._sharers = [c for c in attached if not c.attached_to]
        if attached:
            att: dict = {}
            for c in attached:  # a card sharing a cell (incorporeal [g-03]) follows the card that holds it
                att.setdefault(c.attached_to or board.get(c.cell), []).append(c)
            for cell in CELLS:
                cid = board.get(cell)
                if cid:
                    out.append(cards[cid])
                    out.extend(att.get(cid, ()))
        else:
            for cell in CELLS:
                cid = board.get(cell)
                if cid:
                    out.append(cards[cid])
        for p in (1, 2):
            for i in self.aux[p]:
                out.append(cards[i])
        return out

    def attachments(self) -> list[Card]:
        """The battlefield cards attached to a host (symbiotes, parasites, equipment [210, 214]), in instance
        order; one list shared like :meth:`play_cards`' (callers must not change it)."""
        self.play_cards()
        return self._attached

    def sharers(self) -> list[Card]:
        """The battlefield cards that are no attachment and stand on a cell another card holds (incorporeal
        [g-03], engine/ops/sharing.py), in instance order; shared like :meth:`attachments`."""
        self.play_cards()
        return self._sharers

    def other(self, p: int) -> int:
        """The other player."""
        return 3 - p

    @property
    def inactive(self) -> int:
        """The inactive player (not the active one)."""
        return 3 - (self.active or 1)

    def emit(self, type_: str, to: int | str | None = None, **data) -> dict:
        """Record an event (``{"type", "seq", "to"?, ...}``); ``to`` = a player (1 or 2) limits it to that player's
        view. A few callers pass a cell or a card id as ``to`` (``moved``, ``resurrected``, ``redirected``: where the
        card went); such a ``to`` limits nobody (engine/view_log.py ``_hidden_from``)."""
        self.event_seq += 1
        ev = {"type": type_, "seq": self.event_seq}
        if to is not None:
            ev["to"] = to
        ev.update(data)
        events = self.events
        events.append(ev)
        self._fresh.append(ev)
        over = len(events) - EVENT_KEEP
        if over == 1:
            events.pop(0)  # the usual case, a native pop (a slice deletion is a generic one)
        elif over > 1:
            del events[:over]
        return ev

    def roll(self, player: int, card: str | None, why: str) -> int:
        """Roll one die for ``player`` (seeded or forced), log it, and return 1..6. A card holding the marker
        ``next_roll_six`` (Повелитель бездны, engine/effects/customs/next_roll_six.py) rolls no die: this roll
        counts as 6 and the marker goes."""
        c = self.cards.get(card) if card else None
        if c is not None and c.markers.get("next_roll_six"):
            del c.markers["next_roll_six"]
            self.emit(Event.DIE, player=player, card=card, value=6, why=why, fixed=True)
            return 6
        v = self.rng.d6()
        self.emit(Event.DIE, player=player, card=card, value=v, why=why)
        return v

    def to_act(self) -> int | None:
        """The player the game waits for now, or None when the game is over."""
        if self.result is not None or self.prompt is None:
            return None
        return self.prompt["player"]

    def set_result(self, winner, reason: str) -> None:
        """End the game: ``winner`` is 1, 2 or ``"draw"`` (01-game-and-cards.md §1.2)."""
        if self.result is None:
            self.result = {"winner": winner, "reason": reason}
            self.prompt = None
            self.emit(Event.RESULT, winner=winner, reason=reason)

    def to_dict(self) -> dict:
        """The whole state as a JSON-like dict (player-keyed maps use "1"/"2" keys)."""
        d = {k: getattr(self, k) for k in _SCALARS}
        for k in _CONTAINERS:
            v = getattr(self, k)
            d[k] = {str(p): x for p, x in v.items()} if isinstance(v, dict) and 1 in v else v
        d["log"] = self.log.to_list()  # the packed log as the list of entries it was (the snapshot's format)
        d["rng"] = self.rng.to_dict()
        d["cards"] = [card_to_dict(c) for c in self.cards.values()]
        d["board_order"] = list(self.board)  # the snapshot's JSON sorts the board's keys; the rules read its order
        return d

    def snapshot(self) -> bytes:
        """Canonical bytes of the whole state; :meth:`restore` of them gives an equal game, byte for byte."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()

    @classmethod
    def restore(cls, data: bytes) -> "GameState":
        """A game from :meth:`snapshot` bytes. Raises EngineError("invalid_snapshot")."""
        try:
            d = json.loads(data)
            g = cls()
            for k in _SCALARS:
                setattr(g, k, d[k])
            for k in _CONTAINERS:
                v = d[k]
                if k == "log":
                    if not isinstance(v, list):
                        raise TypeError("log")
                    v = ActionLog(v)
                elif isinstance(v, dict) and "1" in v and k not in ("board", "defs"):
                    v = {int(p): x for p, x in v.items()}
                setattr(g, k, v)
            g.rng = Rng.from_dict(d["rng"])
            g.cards = {c["id"]: card_from_dict(c) for c in d["cards"]}
            if "board_order" in d:          # older snapshots: the board in its sorted order
                g.board = {cell: g.board[cell] for cell in d["board_order"]}
            _parse_restored(g)
            return g
        except (ValueError, KeyError, TypeError, OverflowError) as e:
            raise EngineError("invalid_snapshot", f"The snapshot cannot be restored ({type(e).__name__}).") from e


def _parse_restored(g: GameState) -> None:
    """Parse the ability parts a restored game holds outside its definitions, as when they were made
    (:mod:`engine.cards.typed`): acquired abilities, the effects of queue entries, of pending triggers and of the
    executing entry, the abilities of timed effects."""
    for c in g.cards.values():
        if c.acquired:
            c.acquired = [parse_value(a) for a in c.acquired]
    entries: list = list(g.queue) + [t for ts in g.pending.values() for t in ts]
    if g.executing is not None:
        entries.append(g.executing["entry"])
    for e in entries:
        if e.get("effects"):
            e["effects"] = parse_effects(e["effects"])
    for t in g.effects:
        if t.get("ability"):
            t["ability"] = parse_value(t["ability"])
