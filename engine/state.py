"""Game state: card instances and zones. Plain data, JSON-like when serialized (snapshot).

Zones [SEED S2] (01-game-and-cards.md §5): each player's deck (колода, closed, top first), deal (сдача),
recruits (набор), graveyard (кладбище, top first, ordered), aux zone (вспомогательная зона: flyers, terrains), and
the shared battlefield (поле боя) of 30 cells. Play zone = battlefield + aux zones.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

PLAY_ZONES = ("battlefield", "aux")
PERSONAL_ZONES = ("deck", "deal", "recruits", "graveyard", "aux")


@dataclass(slots=True)
class Card:
    """One card instance (экземпляр карты).

    ``id``: instance id (``"k17"``); ``defkey``: the card definition's key (a pool id, or ``custom:NAME`` / a
    scenario-overridden key held in ``GameState.defs``); ``owner``/``controller``: 1 or 2 [200.2]; ``zone``: one of
    deck, deal, recruits, battlefield, aux, graveyard; ``cell``: battlefield cell or None (attachments report their
    host's cell); ``attached_to``: host id for symbiotes, parasites, equipment; ``closed``: closed (закрыт) or open;
    ``hidden``: face down on the battlefield [415]; ``wounds`` (раны), ``tokens`` (фишки), ``markers`` (name ->
    count, 01-game-and-cards.md §6.1); ``acquired``: abilities gained in play; ``actions``: card actions taken this
    turn [g-69]; ``used``: per-turn / per-battle limit marks by ability index (str) [SEED S4].
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


_CARD_FIELDS = tuple(f.name for f in fields(Card))


def card_from_dict(d: dict) -> Card:
    """Inverse of ``dataclasses.asdict`` for :class:`Card`."""
    return Card(**{k: d[k] for k in _CARD_FIELDS})


def card_to_dict(c: Card) -> dict:
    """A JSON-like dict of every field of a :class:`Card`."""
    return asdict(c)
