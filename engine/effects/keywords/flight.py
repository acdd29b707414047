"""Flight (полёт) as a gained ability [g-38] (../shared/cards/README.md §6.4 "Flying"): the card becomes a flying
creature. A card that gains it while standing on the battlefield leaves its cell for its controller's aux zone
at once, as a revealed flyer does [211.2.a, 306.3]; from then on every flyer rule applies to it (it is struck by
non-flyers only as [211.9] allows, it strikes any card [211.5], it does not move [211.4]).
:meth:`engine.model.state.GameState.is_flyer` asks whether an acquired ability carries its flag ``flies``.

Two forms: an effect (``{"kw": "flight", "target"?, "until"?}`` inside a trigger: "it becomes a flyer") and a
granted ability (inside ``grant_abilities.grants``; :func:`take_off` moves it). Printed flyers keep
``flyer: true``. Losing the ability (its duration ends) does not bring the card back to a cell: the text of the
cards that grant it prints no end (docs/rules-decisions.md).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.ops.reveal import to_aux
from engine.model.state import GameState


def take_off(g: GameState, card) -> None:
    """A card that now has flight and stands on the battlefield goes to its controller's aux zone [211.2.a]; a
    symbiote or a card held by another stays (it cannot leave its host)."""
    if card.zone == "battlefield" and not card.attached_to and g.is_flyer(card):
        card.markers.pop("movement", None)
        to_aux(g, card)


def execute(g: GameState, e, src, eff) -> None:
    """The target (default: this card) acquires ``flight`` until ``until`` (default: the end of the battle) and
    takes off (:func:`take_off`)."""
    for t in targets(g, e, src, eff, "self"):
        if g.is_flyer(t):
            continue  # already flying: nothing changes
        acquire.grant(g, t, [{"kw": "flight"}], eff.get("until", "end_of_battle"), e["controller"], src)
        take_off(g, t)


def text(a: dict, lang: str, words) -> str:
    """"<target> becomes a flyer <until>" in ``lang`` (the granted form: "flight")."""
    t = a.get("target", "self")
    until = a.get("until")
    tail = f" {words.until(until, lang)}" if until and until != "end_of_battle" else ""
    if lang == "en":
        who = "it" if t == "self" else words.target(t, lang)
        return f"{who} becomes a flyer (flight){tail}"
    who = "она" if t == "self" else words.target(t, lang)
    return f"{who} становится летающей (полёт){tail}"


FLIGHT = register_keyword(Keyword(
    kw="flight", places="effect grant", rule="03 §4 flight [g-38]; 01 §3.6 [211.2.a]", text=text,
    fields={"target": "target?", "until": "until?"}, handler=execute, flags=frozenset({"flies"})))
