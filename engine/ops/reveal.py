"""Revealing face-down cards (a base effect [415.2]) and moving flyers and terrains to the aux zone
[211.2.a, 306.3]. State writes only; the reads about face-down cards are :mod:`engine.rules.hidden`.
"""
from __future__ import annotations

from engine.model.enums import Event
from engine.rules.hidden import any_hidden
from engine.model.state import Card, GameState


def reveal(g: GameState, card: Card, why: str) -> None:
    """Turn a face-down card face up (base effect [415.2]); a flyer or terrain then goes to its controller's aux
    zone at once [211.2.a, 306.3]."""
    if not card.hidden:
        return
    card.hidden = False
    g.emit(Event.REVEALED, card=card.id, defkey=card.defkey, why=why)
    if card.zone == "battlefield" and not card.attached_to and goes_to_aux(g, card):
        to_aux(g, card)


def goes_to_aux(g: GameState, card) -> bool:
    """Flyers and terrains live in the aux zone [211.2, 212.4, 306.3]."""
    d = g.defn(card)
    return bool(d.get("flyer")) or d.get("kind") == "terrain"


def to_aux(g: GameState, card) -> None:
    """Move a battlefield card to its controller's aux zone (a base effect, not a relocation) [306.3]."""
    if card.cell and g.board.get(card.cell) == card.id:
        del g.board[card.cell]
    card.zone = "aux"
    card.cell = None
    g.aux[card.controller].append(card.id)
    g.play_changed()
    g.emit(Event.TO_AUX, card=card.id, player=card.controller)


def reveal_involved(g: GameState) -> None:
    """Reveal every face-down card that is the source or a target of a queue entry, of the executing entry, a
    defender, or the source of a pending trigger [415.2]."""
    if not any_hidden(g):
        return
    ids = []
    entries = list(g.queue)
    if g.executing is not None:
        entries.append(g.executing["entry"])
        data = g.executing.get("data") or {}
        ids += [data.get("target"), data.get("defender")]
    for e in entries:
        ids += [e.get("source"), e.get("target")] + list(e.get("targets") or [])
    for p in (1, 2):
        ids += [t["source"] for t in g.pending[p]]
    for cid in ids:
        c = g.cards.get(cid) if isinstance(cid, str) else None
        if c is not None and c.hidden:
            reveal(g, c, "involved")
