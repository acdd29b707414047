"""Put the top card of your deck into your graveyard (Лилит и Эйдерик, vs2023-160, card text; ../shared/cards/README.md
§6.6): the card goes from the deck onto the top of its owner's graveyard; it is not destroyed (no death, no "dies"
triggers: 02-battle.md §7 [g-68]); the deck is shuffled afterwards, as after every game action that takes a
card from it [SEED S2; 01 §5.5 [206.10]]. The executing entry remembers it (``entry["milled"]``) for the conditions
``milled_card`` of the effects that follow in the same entry. An empty deck: nothing."""
from __future__ import annotations

from engine.cards.keywords import Custom, register_custom
from engine.ops.zones import shuffle_deck
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """Move the top card of the controller's deck to the top of their graveyard (public: event ``milled``)."""
    p = e["controller"]
    if not g.decks[p]:
        g.emit("fizzled", source=e["source"])
        return
    cid = g.decks[p].pop(0)
    card = g.cards[cid]
    card.zone = "graveyard"
    g.graveyards[card.owner].insert(0, cid)
    e["milled"] = cid
    g.emit("milled", card=cid, defkey=card.defkey, player=p)
    shuffle_deck(g, p)


MILL_TOP_CARD = register_custom(Custom(handler="mill_top_card", rule="card text (Лилит и Эйдерик); 02 §7 [g-68]",
                                       execute=execute))
