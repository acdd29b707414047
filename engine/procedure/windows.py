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

from engine.cards import abilities as ab
from engine.cards.keywords import CUSTOMS
from engine.cards.kinds import LEVELS
from engine.cards.kinds import kinds_match
from engine.model.enums import Event, PromptKind
from engine.ops.costs import pay_cost
from engine.ops.damage import check_deaths, wound
from engine.rules import keywords
from engine.rules.conditions import holds
from engine.rules.adjacency import adjacent_cards
from engine.rules.formation import formation_group
from engine.rules.declarable import can_pay
from engine.rules.targets import match


def open_window(g, ex: dict, name: str, next_stage: str) -> None:
    """Open window ``name`` of the executing strike; it goes on to ``next_stage`` once both players answered."""
    ex["data"]["win"] = {"name": name, "next": next_stage, "pos": 0}
    ex["stage"] = "window"
    advance(g, ex)


def advance(g, ex: dict) -> None:
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


def options(g, ex: dict, p: int) -> list[dict]:
    """The ``ability`` answers player ``p`` may give in the open window (cost payable, ability applicable); each
    window keyword's answers come from its function in :data:`_OFFER`."""
    data = ex["data"]
    name = data["win"]["name"]
    kws = ab.WINDOW_KW[name]
    kind = data.get("attack_kind", "simple_strike")
    w = _Window(data, g.cards.get(ex["entry"]["source"]), g.cards.get(data.get("target") or ""), p)
    out = []
    for card in g.play_cards():
        if card.controller != p or card.hidden:
            continue
        for i, a in enumerate(g.abilities(card)):
            kw = a.get("kw")
            custom = CUSTOMS.get(a.get("handler")) if kw == "custom" else None
            if custom is not None and custom.window == name and can_pay(g, card, a, i):
                out.extend(custom.window_options(g, ex, card, i, a, p))  # a custom window ability (Лунная баньши)
                continue
            if kw not in kws or not can_pay(g, card, a, i):
                continue
            if name == "target" and kind != "simple_strike" and kw != "redirect_attack":
                continue  # the target window of an attack ability offers only redirections
            if a.get("condition") and not holds(g, card, a["condition"], {}):
                continue
            if not kinds_match(kind, a.get("applies_to")) or kw not in _OFFER:
                continue
            out.extend(_OFFER[kw](g, w, card, a, {"act": "ability", "source": card.id, "ability": i}))
    if name == "target" and w.src is not None and w.tgt is not None and w.src.controller != p and not w.src.hidden:
        out.extend(_opponent_redirects(g, w, kind))
    return out


class _Window:
    """What the window's offers read: its data, the attacking card (``src``), the target (``tgt``), the player."""

    def __init__(self, data: dict, src, tgt, p: int) -> None:
        self.data, self.src, self.tgt, self.p = data, src, tgt, p


def _offer_redirect(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``redirect_attack`` chosen by its controller: the cards the attack may be redirected to."""
    if a.get("chooser", "controller") == "controller" and w.tgt is not None and \
            (not a.get("vs") or match(g, card, w.tgt, a["vs"])) and not _redirected(g, card, a, w.tgt):
        return [dict(base, target=c) for c in redirect_targets(g, card, a, w.src, w.tgt, w.p)]
    return []


def _offer_block(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``block_strike``: only against an attack aimed at this card."""
    return [base] if w.tgt is card else []


def _offer_roll_modifier(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``roll_modifier``: each die of the fight (its controller's only, with ``rolls_of`` friendly) changed by each
    option; a changed die is not clamped here [104.2.a]."""
    out = []
    for cid, v in sorted((w.data.get("dice") or {}).items()):
        if a.get("rolls_of") == "friendly" and g.cards[cid].controller != w.p:
            continue
        for opt in a.get("options") or []:
            out.append(dict(base, target=cid, x={"+1": 1, "-1": -1, "reroll": 0}[opt]))
    return out


def _offer_roll_punish(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``roll_punish``: a die of the fight shows one of ``on_roll`` (Взрывная Мэри)."""
    return [dict(base, target=cid) for cid, v in sorted((w.data.get("dice") or {}).items())
            if v in (a.get("on_roll") or ()) and g.in_play(g.cards[cid])]


def _offer_cap_strike(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``cap_strike``: a strike at one of your creatures (Глорм)."""
    blow = (w.data.get("blows") or [None])[0]
    ok = blow is not None and w.tgt is not None and w.tgt.controller == w.p and g.is_creature(w.tgt)
    return [base] if ok else []


def _offer_set_strength(g, w: _Window, card, a: dict, base: dict) -> list[dict]:
    """``set_strike_strength``: the blow's strength differs and may be set (never lowered when unreducible)."""
    blow = (w.data.get("blows") or [None])[0]
    want = LEVELS.index(a["to"])
    friendly = w.src is not None and w.src.controller == w.p
    lower = blow is not None and want < blow and keywords.unreducible(
        g, w.src, w.data.get("attack_kind", "simple_strike"))
    ok = blow is not None and blow != want and not lower and (friendly or a.get("attacks_by") == "any")
    return [base] if ok else []


def _opponent_redirects(g, w: _Window, kind: str) -> list[dict]:
    """"The opponent may redirect its strike" (Волот): the attacker's own ``redirect_attack`` chosen by ``p``."""
    out = []
    for i, a in enumerate(g.abilities(w.src)):
        if a.get("kw") == "redirect_attack" and a.get("chooser") == "opponent" and \
                kinds_match(kind, a.get("applies_to")) and not ab.limit_reached(w.src, a, i):
            base = {"act": "ability", "source": w.src.id, "ability": i}
            out.extend(dict(base, target=c) for c in redirect_targets(g, w.src, a, w.src, w.tgt, w.p))
    return out


#: Window keyword -> the answers one of its abilities offers now.
_OFFER = {"redirect_attack": _offer_redirect, "block_strike": _offer_block, "roll_modifier": _offer_roll_modifier,
          "roll_punish": _offer_roll_punish, "cap_strike": _offer_cap_strike,
          "set_strike_strength": _offer_set_strength}


def redirect_targets(g, card, a: dict, src, tgt, p: int) -> list[str]:
    """The creatures of player ``p`` onto which ``redirect_attack`` ``a`` of ``card`` may move ``src``'s attack
    from ``tgt`` (03 §1.6 redirection [412]): next to the target (``to: beside_target``) or next to the card
    itself (``beside_self``), never the attacker or the present target."""
    to = a.get("to", "beside_target")
    if to == "formation_with_self":  # a creature in formation with this card (Гномий король)
        cands = formation_group(g, card)
    else:
        cands = adjacent_cards(g, tgt if to == "beside_target" else card)
    return [c.id for c in cands if c.controller == p and g.is_creature(c) and not c.hidden
            and c is not tgt and c is not src and g.in_play(c)]


def _redirected(g, card, a: dict, tgt) -> bool:
    """``once_per_target``: this card already redirected an attack from ``tgt`` this turn."""
    rec = card.used.get("redirected")
    return bool(a.get("once_per_target")) and isinstance(rec, list) and rec[0] == g.turn and tgt.id in rec[1]


def legal_window(g, ex: dict, p: int) -> list[dict]:
    """Answers to a window ask: pass, or one of :func:`options`."""
    return [{"act": "pass"}] + options(g, ex, p)


def answer_window(g, ex: dict, p: int, act: dict) -> None:
    """Apply a legal window answer: pay and apply the ability at once, or pass; then the next player is asked."""
    data = ex["data"]
    ex["ask"] = None
    if act["act"] == "ability":
        card = g.cards[act["source"]]
        a = g.abilities(card)[act["ability"]]
        pay_cost(g, card, a, act["ability"], None)
        g.emit(Event.WINDOW_ABILITY, player=p, source=card.id, kw=a["kw"], target=act.get("target"), x=act.get("x"))
        if a["kw"] == "redirect_attack":  # the attack now aims at the named creature [412]
            if a.get("once_per_target"):
                rec = card.used.get("redirected")
                rec = rec if isinstance(rec, list) and rec[0] == g.turn else [g.turn, []]
                card.used["redirected"] = [g.turn, sorted(set(rec[1]) | {data.get("target")})]
            g.emit("redirected", card=data.get("target"), to=act["target"], by=card.id)
            data["target"] = act["target"]
        elif a["kw"] == "block_strike":
            g.emit(Event.BLOCKED, card=card.id, by="block_strike")
            data["win"]["next"] = "blocked"
            data["win"]["pos"] = 2
        elif a["kw"] == "roll_modifier":
            cid, x = act["target"], act["x"]
            dice = data["dice"]
            # unclamped: an open-versus-open fight compares true results [104.2.a, 422.4.b]; a lone die is
            # clamped with its other modifiers when its strength is read (combat.single_level)
            dice[cid] = g.roll(g.cards[cid].controller, cid, "reroll") if x == 0 else dice[cid] + x
            g.emit(Event.DIE_CHANGED, card=cid, value=dice[cid])
        elif a["kw"] == "roll_punish":
            wound(g, g.cards[act["target"]], a.get("n", 1), "wound", card)  # an influence; deaths at the damage step
        elif a["kw"] == "cap_strike":  # «свести удар к n» [g-90]; the card pays with wounds unless ``unless`` matches
            data["cap"] = min(data.get("cap", a["n"]), a["n"])
            tgt = g.cards.get(data.get("target") or "")
            if a.get("wound_self") and not (tgt is not None and a.get("unless") and match(g, card, tgt, a["unless"])):
                wound(g, card, a["wound_self"], "wound", card)
                check_deaths(g, [card])
        elif a["kw"] == "set_strike_strength":
            data["blows"][0] = LEVELS.index(a["to"])
            g.emit(Event.STRENGTH_SET, card=ex["entry"]["source"], strength=a["to"])
        elif a["kw"] == "custom" and CUSTOMS.get(a.get("handler")) is not None:
            CUSTOMS[a["handler"]].window_apply(g, ex, card, a, act)
    else:
        g.emit(Event.PASS, player=p)
    data["win"]["pos"] += 1
    advance(g, ex)


