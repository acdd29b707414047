"""Moving cards between zones by game actions (01-game-and-cards.md §5.5, [SEED S2])."""
from __future__ import annotations

from engine.model.enums import Event
from engine.model.history import record_step
from engine.ops import trigger_points
from engine.ops.damage import remove_from_play, take_over
from engine.ops.reveal import goes_to_aux
from engine.rules import grants
from engine.rules.cells import enters_occupied, free
from engine.model.state import GameState


def shuffle_deck(g: GameState, p: int) -> None:
    """Shuffle player ``p``'s deck with the game's seeded RNG: after every game action that takes cards from it,
    puts cards into it, looks at it or reveals a card of it [SEED S2; 01 §5.5 [206.10]]. A base effect (RULES.md
    Q3): no queue, no event naming cards."""
    g.rng.shuffle(g.decks[p])


def renew_into_deck(g: GameState, card) -> str:
    """Move ``card`` (already out of every other zone list) into its owner's deck as a new card, unshuffled;
    returns the new id. Callers shuffle the deck once afterwards [SEED S2]."""
    del g.cards[card.id]
    new = g.new_card(card.defkey, card.owner, "deck")
    g.decks[card.owner].append(new.id)
    return new.id


def put_into_deck(g: GameState, card) -> str:
    """Put ``card`` into its owner's deck (колода) [SEED S2]: it loses tokens, markers and acquired abilities,
    becomes a new card (a new instance id; the old id no longer exists), and the deck is shuffled. Returns the new
    id. Works from the play zone, the graveyard or the deal."""
    for zone in (g.graveyards, g.deals, g.recruits):
        for p in (1, 2):
            if card.id in zone[p]:
                zone[p].remove(card.id)
    remove_from_play(g, card)
    new_id = renew_into_deck(g, card)
    shuffle_deck(g, card.owner)
    g.emit(Event.TO_DECK, player=card.owner, card=card.id)
    return new_id


def relocate(g: GameState, card, to: str) -> None:
    """Put a battlefield card (with its attachments) on cell ``to`` (movement or relocation)."""
    frm = card.cell
    attached = g.attachments()  # an attached card is on the battlefield: leaving play detaches it [210, 214]
    shared = bool(g.sharers())  # no sharer before the move: nobody takes ``frm`` over
    if g.board.get(frm) == card.id:
        del g.board[frm]
    if to not in g.board:
        g.board[to] = card.id  # else it shares the cell (incorporeal [g-03], engine/ops/sharing.py)
    card.cell = to
    for c in attached:
        if c.attached_to == card.id:
            c.cell = to
    if shared:
        take_over(g, frm)
    g.play_changed()
    g.emit(Event.MOVED, card=card.id, frm=frm, to=to)


def move(g: GameState, entry: dict, card, to: str | None, how: str | None = None) -> None:
    """Movement executes (a move, or a named movement ability: jump, teleportation) if the card is still on the
    battlefield, the cell ``to`` still free and the card not held in place [203.3, 203.12, RULES.md Q7]: it is
    relocated with its attachments and its "moves" triggers become pending (``how`` = ``"jump"`` also makes its
    "jumps" triggers pending; a named movement such as ``"teleportation"`` is kept for the triggers that ask,
    condition ``moved_by``); else the entry does nothing. A cell that counts as occupied (engine/rules/cells.py)
    is no free cell; an incorporeal creature may move into a cell a card holds [g-03]."""
    if card is None or card.zone != "battlefield" or not (free(g, to) or enters_occupied(g, card, to)) \
            or grants.under(g, card, "cannot_move"):
        g.emit(Event.FIZZLED, source=entry["source"])
        return
    frm = card.cell
    relocate(g, card, to)
    record_step(g, card, frm, to)
    ev = {"type": "moved", "card": card.id, "frm": frm, "to": to}
    if how:
        ev["how"] = how
    trigger_points.collect(g, ev)


def swap_cells(g: GameState, a: str, b: str) -> None:
    """Exchange what stands on cells ``a`` and ``b`` (either may be empty): a rearrangement of face-down cards before
    the reveal (Следопыт), not movement; no card is named in the event, so face-down cards stay unknown."""
    ca, cb = g.board.pop(a, None), g.board.pop(b, None)
    if ca is not None:
        g.board[b] = ca
        g.cards[ca].cell = b
    if cb is not None:
        g.board[a] = cb
        g.cards[cb].cell = a
    g.play_changed()
    g.emit("rearranged", cells=[a, b])


def enter_play(g: GameState, card, p: int, cell: str | None) -> None:
    """Put ``card`` (already taken out of its deck or graveyard by the caller) into play under ``p``'s control with
    no in-play state: a flyer or terrain to ``p``'s aux zone [211.2.a, 212.4], anything else onto ``cell`` (free).
    Used by Summon [g-08] and Incarnation [g-19]; the caller opens or closes it and emits its own event."""
    card.reset_in_play_state()
    card.controller = p
    if goes_to_aux(g, card):
        card.zone = "aux"
        g.aux[p].append(card.id)
    else:
        card.zone, card.cell = "battlefield", cell
        g.board[cell] = card.id
    g.play_changed()
