"""Must attack (``must_attack``; 03-abilities.md §5 force_attack [g-82]): in its controller's turn it must make a simple
strike at one of ``vs`` (when one comes next to it, or whenever it can), and that strike gets its ``grants``. Its
hooks: ``forces_strikes`` (:func:`engine.rules.combat.forced_targets`), ``grants_against``
(:func:`engine.rules.grants.effective`) and ``after_entry`` (who became adjacent,
:func:`engine.ops.acquire.refresh_forced`).
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.model.state import GameState


def forces_strikes(g: GameState, card, a: dict, candidates: list[str]) -> list[str]:
    """The ids among ``candidates`` (the card's simple-strike targets now) that ability ``a`` obliges it to attack:
    those matching ``vs``; for ``when: enemy_becomes_adjacent`` only those that came next to it this turn
    (``card.used["forced"]``) [g-82]."""
    out = []
    for t in candidates:
        if not tg.match(g, card, g.cards[t], a.get("vs")):
            continue
        if a.get("when") == "enemy_becomes_adjacent" and t not in card.used.get("forced", []):
            continue
        out.append(t)
    return out


def grants_against(g: GameState, card, a: dict, target) -> list[dict]:
    """The ``grants`` of ability ``a`` that hold for the card's strike at ``target``: when ``target`` matches ``vs``,
    always for ``when: able``, and for ``enemy_becomes_adjacent`` only at a card it was obliged to attack [g-82]."""
    if not a.get("grants") or (a.get("when") == "enemy_becomes_adjacent" and
                               target.id not in card.used.get("forced", [])):
        return []
    return a["grants"] if tg.match(g, card, target, a.get("vs")) else []


def after_entry(g: GameState, card, a: dict, baseline: bool) -> None:
    """``when: enemy_becomes_adjacent``: a matching enemy that became adjacent during its controller's turn (since
    the last check) obliges it to attack that card (``card.used["forced"]``); ``baseline`` (turn start) records who
    is adjacent without obliging (``card.used["adj_prev"]``) [g-82]."""
    if a.get("when") != "enemy_becomes_adjacent":
        return
    cur = sorted(o.id for o in adjacent_cards(g, card) if tg.match(g, card, o, a.get("vs")))
    prev = card.used.get("adj_prev")
    if baseline:
        card.used.pop("forced", None)
    elif prev is not None and card.controller == g.active:
        new = [x for x in cur if x not in prev]
        if new:
            card.used["forced"] = sorted(set(card.used.get("forced", [])) | set(new))
    card.used["adj_prev"] = cur


def text(a: dict, lang: str, words) -> str:
    """"During your turn, ... it must ..." in ``lang``."""
    en = lang == "en"
    who = words.cards(a["vs"], lang)
    with_ = ""
    if a.get("grants"):
        with_ = ("; that strike has: " if en else "; этот удар получает: ") + words.grants(a["grants"], lang)
    if a["when"] == "enemy_becomes_adjacent":
        return (f"During your turn, when one of the {who} comes to stand next to it, it must at once make a simple "
                f"strike at it, without moving{with_}" if en
                else f"В ваш ход, когда рядом с ней оказывается одна из {who}, она обязана сразу нанести ей простой "
                     f"удар, не перемещаясь{with_}")
    return (f"During your turn, if it can make a simple strike at one of the {who}, it must{with_}" if en
            else f"В ваш ход, если она может нанести простой удар одной из {who}, она обязана это сделать{with_}")


MUST_ATTACK = register_keyword(Keyword(
    kw="must_attack", places="static", rule="03 §5 force_attack [g-82]", text=text,
    fields={"when": "enum!:enemy_becomes_adjacent|able", "vs": "filters!", "grants": "abilities?"},
    forces_strikes=forces_strikes, grants_against=grants_against, after_entry=after_entry))
