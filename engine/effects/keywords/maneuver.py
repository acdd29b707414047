"""Maneuver (Манёвр) [g-23], 03 §4 ``maneuver``: activated, not sudden, only an open creature without a subtype that
has spent no movement and has not acted this turn: it swaps cells with an orthogonally adjacent friendly creature
without a subtype, spending all its movement. It is movement (02-battle.md §3 [203.12]): "moves" triggers fire for
the card that maneuvers. Written ``{"kw": "maneuver"}``; declared with ``target`` = the partner."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS
from engine.effects.registry import register_keyword
from engine.model.board import xy
from engine.model.history import record_step
from engine.ops import trigger_points, zones
from engine.rules.declarable import held
from engine.model.state import GameState


def _plain(g: GameState, c) -> bool:
    return c.zone == "battlefield" and not c.attached_to and g.is_creature(c) and not g.is_flyer(c) \
        and not g.defn(c).get("symbiote")


def _partners(g: GameState, card) -> list:
    (cc, cr) = xy(card.cell)
    out = []
    for cid in g.board.values():
        c = g.cards[cid]
        if c is card or c.controller != card.controller or not _plain(g, c) or c.hidden:
            continue
        (x, y) = xy(c.cell)
        if abs(x - cc) + abs(y - cr) == 1:
            out.append(c)
    return out


def options(g: GameState, card, a: dict) -> list[dict]:
    """``{"target": partner}`` for each orthogonally adjacent friendly creature without a subtype [g-23]."""
    if not _plain(g, card) or card.closed or card.actions or held(g, card):
        return []
    return [{"target": c.id} for c in _partners(g, card)]


def execute(g: GameState, e, src, eff) -> None:
    """Swap the two cells when both still stand next to each other (RULES.md Q7), each card with its attachments
    [210.8, 214.9]. The maneuvering card moved: its "moves" triggers become pending [203.12]; the partner was
    relocated by an ability, which is no movement (02 §3)."""
    partner = g.cards.get(e.get("target") or "")
    if src is None or partner is None or partner not in _partners(g, src):
        return
    frm, to = src.cell, partner.cell
    zones.swap_cells(g, frm, to)
    for c in g.cards.values():
        if c.attached_to == src.id:
            c.cell = to
        elif c.attached_to == partner.id:
            c.cell = frm
    g.play_changed()
    record_step(g, src, frm, to)
    g.emit("moved", card=src.id, frm=frm, to=to, how="maneuver")
    trigger_points.collect(g, {"type": "moved", "card": src.id, "frm": frm, "to": to, "how": "maneuver"})


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words, after its cost."""
    if lang == "en":
        return "maneuver: swap places with a friendly creature orthogonally next to it (only if it has not moved or acted this turn)"
    return "манёвр: поменяться местами с соседним по стороне своим существом (если в этом ходу она не двигалась и не действовала)"


MANEUVER = register_keyword(Keyword(
    kw="maneuver", places="activated", rule="03 §4 maneuver [g-23]; 02 §3 [203.12]", text=text,
    fields=dict(ACTIVATED_FIELDS),
    defaults={"cost": {"tap": False, "tokens": 0, "movement": "all"}, "sudden": False, "limit": None},
    handler=execute, options=options))
