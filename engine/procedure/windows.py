"""Fixed windows inside a simple strike (02-battle.md §9 "Fixed windows" [PROPOSAL], RULES.md D1).

Playable abilities whose own window lies inside the attack are offered as asks of the executing entry, never as
queue entries (RULES.md Q4): ``target`` (step 5: ``block_strike``, ``redirect_attack``), ``roll`` (step 7: ``roll_modifier``,
``roll_punish``; also opened by the die of every other attack, :func:`engine.combat.attack_step`), ``protection``
(step 10: ``set_strike_strength``, ``cap_strike``). A window asks only a player who has such an ability that applies
and can be paid; the active player answers first, then the inactive [103.5]; each answers once per window with
``ability`` (source, ability, target/x as listed) or ``pass``. Using it pays its cost now and applies at once.

State: ``ex["data"]["win"] = {"name", "next", "pos"}``; ``ex["stage"] == "window"`` while it is open.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import CUSTOMS, KEYWORDS, hooked
from engine.cards.kinds import kinds_match
from engine.model.enums import Event, PromptKind
from engine.ops.costs import pay_cost
from engine.rules.conditions import holds
from engine.rules.declarable import can_pay
from engine.rules.grants import meta
from engine.model.state import GameState


def open_window(g: GameState, ex: dict, name: str, next_stage: str) -> None:
    """Open window ``name`` of the executing strike; it goes on to ``next_stage`` once both players answered."""
    ex["data"]["win"] = {"name": name, "next": next_stage, "pos": 0}
    ex["stage"] = "window"
    advance(g, ex)


def advance(g: GameState, ex: dict) -> None:
    """Ask the next player who has an option in the open window, or close it and go to its next stage."""
    win = ex["data"]["win"]
    order = (g.active, g.inactive)
    while win["pos"] < 2:
        p = order[win["pos"]]
        if options(g, ex, p):
            ex["ask"] = {"kind": PromptKind.WINDOW, "player": p, "window": win["name"]}
            return
        win["pos"] += 1
    ex["stage"] = win["next"]
    ex["data"].pop("win", None)
    ex["ask"] = None


def options(g: GameState, ex: dict, p: int) -> list[dict]:
    """The ``ability`` answers player ``p`` may give in the open window (cost payable, ability applicable); each
    window keyword's answers come from its record's ``window_options`` (its module in engine/effects/keywords/),
    a custom's from its ``window_options``; in the target window, the attacker's abilities its opponent may use
    come from the records' ``opponent_window_options``."""
    data = ex["data"]
    name = data["win"]["name"]
    kind = data.get("attack_kind", "simple_strike")
    w = _Window(data, g.cards.get(ex["entry"]["source"]), g.cards.get(data.get("target") or ""), p)
    out = []
    kws = _window_kws(name)
    for card in g.play_cards():
        if card.controller != p or card.hidden or (not card.acquired and meta(g, card).lacks(kws)):
            continue  # (the last: printed abilities only, none of them answers this window)
        for i, a in enumerate(g.abilities(card)):
            kw = a.get("kw")
            custom = CUSTOMS.get(a.get("handler")) if kw == "custom" else None
            if custom is not None and custom.window == name and can_pay(g, card, a, i):
                out.extend(custom.window_options(g, ex, card, i, a, p))  # a custom window ability (Лунная баньши)
                continue
            k = KEYWORDS.get(kw)
            if k is None or k.window != name or not can_pay(g, card, a, i):
                continue
            if name == "target" and kind != "simple_strike" and not k.window_any_attack:
                continue  # the target window of an attack ability offers only redirections
            if a.get("condition") and not holds(g, card, a["condition"], {}):
                continue
            if not kinds_match(kind, a.get("applies_to")):
                continue
            out.extend(k.window_options(g, w, card, a, {"act": "ability", "source": card.id, "ability": i}))
    if name == "target" and w.src is not None and w.tgt is not None and w.src.controller != p and not w.src.hidden:
        for k in hooked("opponent_window_options"):
            out.extend(k.opponent_window_options(g, w, kind))
    return out


def _window_kws(name: str) -> frozenset:
    """The kws whose abilities may answer window ``name``: the window keywords', and ``custom`` when a custom
    answers it; kept per window name while no keyword or custom is registered."""
    key = (name, len(KEYWORDS), len(CUSTOMS))
    out = _WINDOW_KWS.get(key)
    if out is None:
        kws = {k.kw for k in hooked("window_options") if k.window == name}
        if any(c.window == name for c in CUSTOMS.values()):
            kws.add("custom")
        out = _WINDOW_KWS[key] = frozenset(kws)
    return out


_WINDOW_KWS: Final[dict[tuple, frozenset]] = {}


class _Window:
    """What the window's offers read (a record's ``window_options(g, w, card, ability, base)``): its data, the
    attacking card (``src``), the target (``tgt``), the player asked (``p``)."""

    def __init__(self, data: dict, src, tgt, p: int) -> None:
        self.data, self.src, self.tgt, self.p = data, src, tgt, p


def legal_window(g: GameState, ex: dict, p: int) -> list[dict]:
    """Answers to a window ask: pass, or one of :func:`options`."""
    return [{"act": "pass"}] + options(g, ex, p)


def answer_window(g: GameState, ex: dict, p: int, act: dict) -> None:
    """Apply a legal window answer: pay and apply the ability at once, or pass; then the next player is asked."""
    data = ex["data"]
    ex["ask"] = None
    if act["act"] == "ability":
        card = g.cards[act["source"]]
        a = g.abilities(card)[act["ability"]]
        pay_cost(g, card, a, act["ability"], None)
        g.emit(Event.WINDOW_ABILITY, player=p, source=card.id, kw=a["kw"], target=act.get("target"), x=act.get("x"))
        if a["kw"] == "custom" and CUSTOMS.get(a.get("handler")) is not None:
            CUSTOMS[a["handler"]].window_apply(g, ex, card, a, act)
        elif (k := KEYWORDS.get(a["kw"])) is not None and k.window_apply is not None:
            k.window_apply(g, ex, card, a, act)
    else:
        g.emit(Event.PASS, player=p)
    data["win"]["pos"] += 1
    advance(g, ex)


