"""Adjacency on the battlefield (соседние карты) [207.7.a]: the one place that says which cards touch."""
from __future__ import annotations

from engine.model.board import neighbours


def adjacent_cards(g, card) -> list:
    """Cards adjacent to ``card`` [207.7.a]: on neighbouring cells plus their attachments; flyers have none."""
    if card.zone != "battlefield":
        return []
    out = []
    hosts = []
    for n in neighbours(card.cell):
        cid = g.board.get(n)
        if cid:
            out.append(g.cards[cid])
            hosts.append(cid)
    if hosts:
        out.extend(c for c in g.cards.values()
                   if c.attached_to is not None and c.attached_to in hosts and c.zone == "battlefield")
    return out
