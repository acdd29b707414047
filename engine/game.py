"""The game: one object holding the whole state, with the engine's public API.

API (docs/engine-api.md): :meth:`Game.new`, :meth:`Game.from_scenario`, :meth:`Game.legal_actions`,
:meth:`Game.apply`, :meth:`Game.to_act`, :meth:`Game.view`, :meth:`Game.snapshot`, :meth:`Game.restore`,
:meth:`Game.replay`. The state machine lives in :mod:`engine.flow` (RULES.md Q5), declarations in
:mod:`engine.declare`, execution in :mod:`engine.execute`, the projection in :mod:`engine.view`.
"""
from __future__ import annotations

import json

from . import abilities as ab
from .cards import card_def, resolve_id
from .errors import EngineError
from .rng import Rng
from .state import Card, card_from_dict, card_to_dict

#: How many recent events the state keeps for views' logs.
EVENT_KEEP = 60
#: Phases of the preliminary phase and of a turn, in order (02-battle.md header).
PRELIM_PHASES = ("deal", "recruitment_preparation", "recruitment", "deployment", "reveal", "battle_start",
                 "vanguard")
TURN_PHASES = ("turn_preparation", "turn_start", "main", "final")

_SCALARS = ("seed", "version", "next_id", "next_uid", "event_seq", "turn", "phase", "active", "first", "result",
            "end_turn", "prompt", "prio", "executing", "options", "prelim")
_CONTAINERS = ("log", "events", "decks", "deals", "recruits", "graveyards", "aux", "board", "defs", "queue",
               "pending", "crystals", "effects")


class Game:
    """A game of Berserk between players 1 and 2 (see the module docstring for the API)."""

    def __init__(self) -> None:
        self.seed = 0
        self.rng = Rng(0)
        self.version = 0
        self.next_id = 1
        self.next_uid = 1
        self.event_seq = 0
        self.turn = 1
        self.phase = "main"
        self.active: int | None = 1
        self.first: int | None = 1
        self.result: dict | None = None
        self.end_turn = False
        self.prompt: dict | None = None
        self.prio: dict | None = None
        self.executing: dict | None = None
        self.options: dict = {"deal_size": 15, "turn_cap": 200}
        self.prelim: dict = {}
        self.log: list = []
        self.events: list = []
        self.cards: dict[str, Card] = {}
        self.decks = {1: [], 2: []}
        self.deals = {1: [], 2: []}
        self.recruits = {1: [], 2: []}
        self.graveyards = {1: [], 2: []}
        self.aux = {1: [], 2: []}
        self.board: dict[str, str] = {}
        self.defs: dict[str, dict] = {}
        self.queue: list[dict] = []
        self.pending = {1: [], 2: []}
        self.crystals = {1: {"gold": 0, "silver": 0}, 2: {"gold": 0, "silver": 0}}
        self.effects: list[dict] = []
        self._defcache: dict[str, dict] = {}
        self._fresh: list = []

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, seed: int, deck1: list[str], deck2: list[str], *, deal_size: int = 15,
            validate: bool = True) -> "Game":
        """A new game from a seed and two decks (lists of pool card ids), at the preliminary phase's deal step.

        Decks are validated (01-game-and-cards.md §7.1) unless ``validate`` is false, shuffled with the seeded RNG
        [101.2], and only then given instance ids, so an id says nothing about its card. Raises
        EngineError("invalid_deck" | "unknown_card").
        """
        from . import prelim
        from .decks import validate_deck
        if validate:
            validate_deck(deck1)
            validate_deck(deck2)
        g = cls()
        g.seed = int(seed)
        g.rng = Rng(g.seed)
        g.options["deal_size"] = deal_size
        for p, deck in ((1, deck1), (2, deck2)):
            ids = [resolve_id(c) or c for c in deck]
            for cid in ids:
                card_def(cid)  # raises unknown_card
            g.rng.shuffle(ids)
            for cid in ids:
                g.decks[p].append(g.new_card(cid, p, "deck").id)
        prelim.start(g)
        from .flow import run
        run(g)
        return g

    @classmethod
    def from_scenario(cls, doc: dict) -> tuple["Game", dict[str, str]]:
        """A game set up from a scenario document (../shared/scenarios/FORMAT.md); returns (game, label -> id).

        Raises EngineError("invalid_scenario" | "unknown_card").
        """
        from .scenario_setup import build
        return build(cls(), doc)

    def new_card(self, defkey: str, owner: int, zone: str) -> Card:
        """Create a card instance with the next instance id (a new card, 01-game-and-cards.md §5.5)."""
        c = Card(id=f"k{self.next_id}", defkey=defkey, owner=owner, controller=owner, zone=zone)
        self.next_id += 1
        self.cards[c.id] = c
        return c

    # ------------------------------------------------------------------ card data
    def defn(self, card: Card) -> dict:
        """The card definition (printed properties, possibly overridden) of a card instance."""
        d = self._defcache.get(card.defkey)
        if d is None:
            d = self.defs.get(card.defkey) or card_def(card.defkey)
            d = dict(d, abilities=ab.with_implicit(list(d.get("abilities") or [])))
            self._defcache[card.defkey] = d
        return d

    def abilities(self, card: Card) -> list[dict]:
        """Printed (with the implicit accumulate of RULES.md S1) plus acquired abilities, in index order."""
        base = self.defn(card)["abilities"]
        return base + card.acquired if card.acquired else base

    def life(self, card: Card) -> int:
        """Life allowance plus additional life minus negative life [204.6] (not counting wounds)."""
        d = self.defn(card)
        m = card.markers
        return (d.get("life") or 0) + m.get("additional_life", 0) - m.get("negative_life", 0)

    def is_creature(self, card: Card) -> bool:
        """True for a creature of any subtype (flyer, symbiote, parasite) [208]."""
        return self.defn(card).get("kind", "creature") == "creature"

    def is_flyer(self, card: Card) -> bool:
        """True for a flying creature (летающее существо) [211]."""
        return bool(self.defn(card).get("flyer")) and not card.markers.get("grounded")

    def in_play(self, card_or_id) -> bool:
        """True when the card is in the play zone (battlefield or an aux zone) [SEED S2]."""
        c = self.cards.get(card_or_id) if isinstance(card_or_id, str) else card_or_id
        return c is not None and c.zone in ("battlefield", "aux")

    def play_cards(self):
        """Every card in the play zone, battlefield first (by cell order), then aux zones (player 1, 2)."""
        from .board import CELLS
        out = []
        att: dict = {}
        for c in self.cards.values():
            if c.attached_to and c.zone == "battlefield":
                att.setdefault(c.attached_to, []).append(c)
        for cell in CELLS:
            cid = self.board.get(cell)
            if cid:
                out.append(self.cards[cid])
                out.extend(att.get(cid, ()))
        for p in (1, 2):
            out.extend(self.cards[i] for i in self.aux[p])
        return out

    def other(self, p: int) -> int:
        """The other player."""
        return 3 - p

    @property
    def inactive(self) -> int:
        """The inactive player (not the active one)."""
        return 3 - (self.active or 1)

    # ------------------------------------------------------------------ events
    def emit(self, type_: str, to: int | None = None, **data) -> dict:
        """Record an event (``{"type", "seq", "to"?, ...}``); ``to`` limits it to one player's view."""
        self.event_seq += 1
        ev = {"type": type_, "seq": self.event_seq}
        if to is not None:
            ev["to"] = to
        ev.update(data)
        self.events.append(ev)
        self._fresh.append(ev)
        if len(self.events) > EVENT_KEEP:
            del self.events[: len(self.events) - EVENT_KEEP]
        return ev

    def roll(self, player: int, card: str | None, why: str) -> int:
        """Roll one die for ``player`` (seeded or forced), log it, and return 1..6."""
        v = self.rng.d6()
        self.emit("die", player=player, card=card, value=v, why=why)
        return v

    # ------------------------------------------------------------------ API
    def to_act(self) -> int | None:
        """The player the game waits for now, or None when the game is over."""
        if self.result is not None or self.prompt is None:
            return None
        return self.prompt["player"]

    def legal_actions(self, player: int) -> list[dict]:
        """Every action ``player`` may apply now (canonical dicts; docs/engine-api.md). [] when not asked.

        The same code validates :meth:`apply`'s input, so the client never sees an action the engine refuses.
        """
        from .declare import legal
        from .hidden import mask
        if self.result is not None:
            return []
        out = mask(self, player, legal(self, player))
        out.append({"act": "concede"})
        return out

    def apply(self, player: int, action: dict) -> list[dict]:
        """Apply one action for ``player`` and return the events it produced.

        Cards face down to ``player`` are named by their alias ``"x-<cell>"`` (as in :meth:`legal_actions` and the
        view); naming such a card by its instance id is illegal. Raises EngineError with code ``malformed_action``,
        ``game_over``, ``not_your_turn`` or ``illegal_action``;
        the state is then unchanged, byte for byte. Dice are rolled from the seeded RNG (RULES.md S4/Q5 for the
        flow). An accepted action is appended to :attr:`log` and bumps :attr:`version`.
        """
        from .declare import canonical, legal, perform
        from .hidden import dealias, mask
        if player not in (1, 2):
            raise EngineError("malformed_action", "The player must be 1 or 2.")
        real = dealias(self, player, action)  # "x-<cell>" aliases of cards face down to this player [415]
        act = canonical(self, action if real is None else real)
        if self.result is not None:
            raise EngineError("game_over", "The game is over.")
        if act["act"] == "concede":  # at any time, from the player to act or not [102.3.b]
            self._fresh = []
            self.log.append([player, act])
            self.version += 1
            self.set_result(self.other(player), act.get("reason", "concession"))
            return self._fresh
        if self.to_act() != player:
            raise EngineError("not_your_turn", f"The game is waiting for player {self.to_act()}, not {player}.")
        if real is None or act not in legal(self, player):
            raise EngineError("illegal_action", "The rules do not allow that action now.")
        self._fresh = []
        self.log.append([player, mask(self, player, [act])[0]])  # as the player named it: replayable
        self.version += 1
        perform(self, player, act)
        from .flow import run
        run(self)
        return self._fresh

    def set_result(self, winner, reason: str) -> None:
        """End the game: ``winner`` is 1, 2 or ``"draw"`` (01-game-and-cards.md §1.2)."""
        if self.result is None:
            self.result = {"winner": winner, "reason": reason}
            self.prompt = None
            self.emit("result", winner=winner, reason=reason)

    def view(self, viewer: int | None) -> dict:
        """The JSON-like view for player 1, 2 or a spectator (None): the only reader of hidden zones."""
        from .view import project
        return project(self, viewer)

    # ------------------------------------------------------------------ snapshot
    def to_dict(self) -> dict:
        """The whole state as a JSON-like dict (player-keyed maps use "1"/"2" keys)."""
        d = {k: getattr(self, k) for k in _SCALARS}
        for k in _CONTAINERS:
            v = getattr(self, k)
            d[k] = {str(p): x for p, x in v.items()} if isinstance(v, dict) and 1 in v else v
        d["rng"] = self.rng.to_dict()
        d["cards"] = [card_to_dict(c) for c in self.cards.values()]
        return d

    def snapshot(self) -> bytes:
        """Canonical bytes of the whole state; :meth:`restore` of them gives an equal game, byte for byte."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()

    @classmethod
    def restore(cls, data: bytes) -> "Game":
        """A game from :meth:`snapshot` bytes. Raises EngineError("invalid_snapshot")."""
        try:
            d = json.loads(data)
            g = cls()
            for k in _SCALARS:
                setattr(g, k, d[k])
            for k in _CONTAINERS:
                v = d[k]
                if isinstance(v, dict) and "1" in v and k not in ("board", "defs"):
                    v = {int(p): x for p, x in v.items()}
                setattr(g, k, v)
            g.rng = Rng.from_dict(d["rng"])
            g.cards = {c["id"]: card_from_dict(c) for c in d["cards"]}
            return g
        except (ValueError, KeyError, TypeError) as e:
            raise EngineError("invalid_snapshot", f"The snapshot cannot be restored ({type(e).__name__}).") from e

    @classmethod
    def replay(cls, seed: int, deck1: list[str], deck2: list[str], log: list, **kw) -> "Game":
        """The game from ``seed`` and decks with every ``[player, action]`` of ``log`` applied in order."""
        g = cls.new(seed, deck1, deck2, **kw)
        for player, action in log:
            g.apply(player, action)
        return g
