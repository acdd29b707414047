"""Adjacency on the battlefield (соседние карты) [207.7.a]: the one place that says which cards touch."""
from __future__ import annotations

from engine.model.board import neighbour_cells
from engine.model.state import Card, GameState


def adjacent_cards(g: GameState, card: Card) -> list[Card]:
    """Cards adjacent to ``card`` [207.7.a]: the cards on neighbouring cells with their attachments; a symbiote,
    parasite or equipment card is adjacent to its host and to everything adjacent to the host, and a host to its
    own attachments [210.9, 210.9.a, 214.10]. Flyers (aux zone) have none [211.4]. Memoized in a read-only
    scope (engine/model/memo.py); always a new list."""
    memo = g._memo
    if memo is None:
        return _adjacent(g, card)
    key = ("adj", id(card))
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (card, _adjacent(g, card))  # the entry keeps the card (and its id) alive
    return list(hit[1])


def _adjacent(g: GameState, card: Card) -> list[Card]:
    if card.zone != "battlefield" or not card.cell:
        return []
    host = g.cards.get(card.attached_to) if card.attached_to else card
    if host is None or host.zone != "battlefield":
        return []
    out: list[Card] = []
    hosts = []
    board, cards = g.board, g.cards
    for n in neighbour_cells(host.cell):
        cid = board.get(n)
        if cid:
            out.append(cards[cid])
            hosts.append(cid)
    if host is not card:
        out.append(host)
    hosts.append(host.id)
    for c in g.attachments():  # the attached cards, kept with the play zone
        if c.attached_to in hosts and c is not card:
            out.append(c)
    return out
