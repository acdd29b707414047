"""Declarations (заявка): what a player may declare now, validation, and payment at declaration.

RULES.md Q2 (every game action of a card is declared and becomes an entry), Q6 (sudden actions whenever holding
priority; slow ones only by the active player, main phase, empty queue), [SEED S4] (the whole cost is paid at
declaration: closing, tokens, wounds, per-turn limits, X stated; a card that cannot pay cannot declare).
The enumeration here is also the validation: :meth:`engine.game.Game.apply` accepts exactly what :func:`legal`
lists.
"""
from __future__ import annotations

from typing import Final

from engine.cards import abilities as ab
from engine.cards.keywords import KEYWORDS, HookSet, hooked
from engine.cards.kinds import REACH
from engine.model.board import distance, neighbours, orthogonal
from engine.model.enums import EntryKind, Phase
from engine.rules import combat
from engine.rules import grants
from engine.rules import keywords
from engine.rules.cells import enters_occupied, free
from engine.rules import options as opts
from engine.rules import targets as tg
from engine.rules.combat import forced_targets, row_end_partner
from engine.rules.conditions import holds
from engine.rules.grants import under
from engine.rules.hidden import any_hidden, hidden_attack_ok, hidden_strike_targets, relaxed_match
from engine.model.state import Card, GameState


def slow_allowed(g: GameState, p: int) -> bool:
    """Slow actions: the active player, main phase, empty queue, no pending trigger, with priority (Q6)."""
    return (p == g.active and g.phase == Phase.MAIN and not g.queue and not g.pending[1] and not g.pending[2]
            and g.prio is not None and g.prio["holder"] == p)


def own_move_pending(g: GameState, card: Card) -> bool:
    """True while the card's own movement is declared and not executed [203.11] (narrow reading, 02-battle.md §2)."""
    return any(e["kind"] == EntryKind.MOVE and e["source"] == card.id for e in g.queue)


def token_helpers(g: GameState, card: Card) -> list:
    """Other cards whose tokens may pay ``card``'s activated abilities (a keyword's ``token_sources`` hook,
    Meditation [g-25]); [] for almost every card."""
    out: list = []
    for k in hooked("token_sources"):
        if grants.kws(g, card, k.kw):
            out.extend(c for c in k.token_sources(g, card) if c not in out and c is not card)
    return out


def token_pool(g: GameState, card: Card) -> int:
    """The tokens that may pay ``card``'s activated abilities: its own plus its helpers' [SEED S1, g-25]."""
    return card.tokens + sum(c.tokens for c in token_helpers(g, card))


def can_pay(g: GameState, card: Card, a: dict, idx: int) -> bool:
    """True when the card can pay the ability's cost now, X aside (>= 1 token for X) [SEED S4, 103.6]; a netted
    creature cannot act at all (Паук-пересмешник)."""
    if under(g, card, "cannot_act") or (a.get("kw") in REACH and under(g, card, "cannot_attack")):
        return False
    c = ab.cost(a)
    if c.tap and (card.closed or own_move_pending(g, card)):
        return False
    t = c.tokens
    have = card.tokens if not t or t == "all" else token_pool(g, card)
    if (t == "X" and have < 1) or (isinstance(t, int) and have < t):
        return False
    if c.movement == "all" and card.markers.get("movement", 0):
        return False
    if c.wounds and g.life(card) - card.wounds - c.wounds <= 0:
        return False  # wounds paid as a cost may not kill the card paying them (03 §2.1 [DOUBT], recommended)
    if c.life == "X" and card.markers.get("additional_life", 0) < 1:
        return False  # X >= 1 additional life to remove (Ведьма слуа)
    if ab.limit_reached(card, a, idx):
        return False
    if a.get("condition") and not holds(g, card, a["condition"]):
        return False  # "with no token on them they have ..." (Бон и Берроу)
    k = KEYWORDS.get(a.get("kw"))
    return k is None or k.refuses is None or not k.refuses(g, card, a)  # e.g. accumulating at the token maximum


def declarations(g: GameState, p: int) -> list[dict]:
    """Movement, simple strikes, closing to strike a flyer and activated abilities ``p`` may declare with priority
    now. A face-down card of ``p`` may declare only sudden actions (and is revealed by it) [415.2]; cards face down
    to ``p`` are offered as targets by position only [415.3] (:mod:`engine.rules.hidden`)."""
    out = []
    slow = slow_allowed(g, p)
    flyers_only = slow and opponent_flyers_only(g, p)
    for card in g.play_cards():
        if card.controller != p:
            continue
        forced = forced_targets(g, card) if slow else []
        if forced:  # obliged to attack: only those strikes (03 §5 force_attack [g-82])
            out.extend([{"act": "attack", "source": card.id, "target": t, "forced": True} for t in forced])
            continue
        if slow and not card.hidden:
            out.extend(_moves(g, card))
            out.extend([_attack(card.id, t) for t in _strike_targets(g, card)])
            if flyers_only and can_close_for_flyer(g, card):
                out.append({"act": "ability", "source": card.id, "ability": CLOSE_FOR_FLYER})
        for i, a in activated(g, card):
            if not (slow or ab.is_sudden(a)) or ab.is_window_kw(a) or not can_pay(g, card, a, i):
                continue
            if card.hidden and not ab.is_sudden(a):
                continue
            for opt in ability_options(g, card, i, a):
                d = {"act": "ability", "source": card.id, "ability": i}
                d.update(opt)
                out.append(d)
    return out


def activated(g: GameState, card: Card) -> tuple[tuple[int, dict], ...]:
    """(index, ability) of the card's activated abilities (:func:`engine.cards.abilities.is_activated`), in index
    order. Without acquired abilities a card's abilities are its definition's, so the tuple is kept in the
    definition (``_activated``)."""
    if card.acquired:
        return tuple((i, a) for i, a in enumerate(g.abilities(card)) if ab.is_activated(a))
    d = g.defn(card)
    t = d.get("_activated")
    if t is None:
        t = d["_activated"] = tuple((i, a) for i, a in enumerate(d["abilities"]) if ab.is_activated(a))
    return t


#: The ``ability`` name of closing to strike a flyer (закрытие на удар по летающим) [211.9].
CLOSE_FOR_FLYER: Final = "close_to_strike_flyer"


def _strike_targets(g: GameState, card: Card) -> list[str]:
    """Simple strike targets: the known legal ones, plus enemy face-down cards by position [415.3] (never an own
    face-down card [415.5]); a flyer marked by [211.9] only from its controller's next turn on."""
    early = _flyer_strike_not_yet(g, card)
    out = []
    for t in combat.strike_targets(g, card):
        c = g.cards[t]
        if c.hidden or (early and c.zone == "aux" and not g.is_flyer(card)):
            continue
        out.append(t)
    return out + hidden_strike_targets(g, card)


def _flyer_strike_not_yet(g: GameState, card: Card) -> bool:
    return any(e.get("kind") == "flyer_strike" and e.get("card") == card.id and e.get("since") == g.turn
               for e in g.effects)


def opponent_flyers_only(g: GameState, p: int) -> bool:
    """True when ``p``'s opponent controls creatures and all of them are flyers [211.9]. A face-down card counts
    by what it is (01-game-and-cards.md §1.2 [DOUBT])."""
    opp = [c for c in g.play_cards() if c.controller != p and g.is_creature(c)]
    return bool(opp) and all(g.is_flyer(c) for c in opp)


def can_close_for_flyer(g: GameState, card: Card) -> bool:
    """Closing to strike a flyer [211.9, 209.2, 210.1]: an open non-flying creature on the battlefield that has not
    acted and holds no unused mark; the caller checks the slow timing and :func:`opponent_flyers_only`."""
    if card.closed or card.actions or card.zone != "battlefield" or not g.is_creature(card) or g.is_flyer(card):
        return False
    return not card.markers.get("flyer_strike") and not own_move_pending(g, card)


def move_left(g: GameState, card: Card, bonus: bool = True) -> int:
    """Unused movement: allowance minus movement markers [203.4] (a grounded Condor has allowance 1); the
    allowance grows by the ``move_mod`` hooks of the card's keywords now (01 §3.4 [203.1];
    :func:`engine.rules.keywords.move_bonus`). ``bonus`` False: the caller knows that no keyword of the card
    answers that hook (:func:`engine.rules.keywords.answers_none`), so it is not asked."""
    base = 1 if card.markers.get("grounded") else (g.defn(card).get("move") or 0)
    if bonus:
        base += keywords.move_bonus(g, card)
    return base - card.markers.get("movement", 0)


def held(g: GameState, card: Card) -> bool:
    """True when the card may not leave its cell: netted or rooted (card texts, the ``cannot_move`` state of
    :mod:`engine.cards.keywords`), or its side's movers this turn are used up (:func:`movers_used_up`). Having
    acted is checked apart (``card.actions``, [g-69]); a strike made without closing is no such action [g-78]."""
    return under(g, card, "cannot_move") or movers_used_up(g, card)


def movers_used_up(g: GameState, card: Card) -> bool:
    """A timed effect ``movers_limit`` (``g.effects``: ``player``, ``n``; Криомант's 'ice rain') lets at most n
    creatures of ``player`` move in that player's turn: True when n others of them have already spent movement
    this turn [203.4] and this card has not."""
    if card.markers.get("movement"):
        return False
    for e in g.effects:
        if e.get("kind") == "movers_limit" and e.get("player") == card.controller == g.active:
            moved = sum(1 for c in g.play_cards() if c.controller == card.controller and c.id != card.id
                        and c.markers.get("movement"))
            if moved >= e.get("n", 0):
                return True
    return False


#: The hooks and flags of keywords that :func:`_moves` reads of the mover (movement bonus, diagonal moves,
#: entering an occupied cell).
_MOVE_HOOKS = HookSet(("move_mod", "flag moves_diagonally", "flag shares_cells"))


def _moves(g: GameState, card: Card) -> list[dict]:
    if (card.zone != "battlefield" or card.attached_to or card.closed or card.actions or not g.is_creature(card)
            or g.is_flyer(card) or g.defn(card).get("symbiote")):
        return []  # [203.5-203.10]; a card that has acted cannot move [g-69]
    quiet = keywords.answers_none(g, card, _MOVE_HOOKS)  # then each of those reads gives its default unasked
    if move_left(g, card, not quiet) < 1 or held(g, card):
        return []
    diagonal = not quiet and keywords.flagged(g, card, "moves_diagonally")
    cells = neighbours(card.cell) if diagonal else orthogonal(card.cell)  # 01 §3.4
    far = row_end_partner(g, card)  # Возница: the two end cells of a row count as neighbours
    return [_move(card.id, n) for n in cells + ([far] if far else [])
            if free(g, n) or (not quiet and enters_occupied(g, card, n))]  # incorporeal [g-03]


#: The listing's most frequent action shapes, copied and filled (a small dict's copy is cheaper than a dict display;
#: the keys keep this order, the one a display gives).
_ATTACK: Final[dict[str, str]] = {"act": "attack", "source": "", "target": ""}
_MOVE: Final[dict[str, str]] = {"act": "move", "source": "", "to": ""}


def _attack(source: str, target: str) -> dict:
    """``{"act": "attack", "source": source, "target": target}``, a new dict."""
    d = _ATTACK.copy()
    d["source"] = source
    d["target"] = target
    return d


def _move(source: str, to: str) -> dict:
    """``{"act": "move", "source": source, "to": to}``, a new dict."""
    d = _MOVE.copy()
    d["source"] = source
    d["to"] = to
    return d


def ability_options(g: GameState, card: Card, idx: int, a: dict) -> list[dict]:
    """The target/X/destination choices of one activated ability (empty when it has no legal use now)."""
    kw = a.get("kw")
    cst = ab.cost(a)
    xs = list(range(1, token_pool(g, card) + 1)) if cst.tokens == "X" else [None]
    if cst.life == "X":
        xs = list(range(1, card.markers.get("additional_life", 0) + 1))
    if a.get("x_upto") == "current_life":  # "X wounds of its own choosing" (Центурион)
        xs = list(range(1, g.life(card) - card.wounds + 1))
    spec = KEYWORDS.get(kw)
    if spec is not None and spec.options is not None:
        return spec.options(g, card, a)  # a keyword defined in a module of its own (engine/effects/keywords/)
    base = hidden_target_options(g, card, a, opts.target_options(g, card, a))
    return [{**o, "x": x} if x is not None else o for o in base for x in xs]


def hidden_target_options(g: GameState, card: Card, a: dict, base: list[dict]) -> list[dict]:
    """[415.3, 415.5] Target options of an activated ability or a trigger's effect ``a`` with face-down cards:
    none naming a face-down card as found by the card data's filters; then, for a single chosen target, the enemy
    face-down cards by position and side only."""
    if not any_hidden(g):
        return base

    def clean(o):
        ids = ([o["target"]] if o.get("target") else []) + list(o.get("targets") or [])
        return not any(g.cards[i].hidden for i in ids if i in g.cards)

    out = [o for o in base if clean(o)]
    spec = a.get("target")
    k = KEYWORDS.get(a.get("kw"))
    if not isinstance(spec, dict) or spec.get("count", 1) != 1 or a.get("kw") in ("action", "custom") or (
            k is not None and k.declared_targets is not None):
        return out  # a keyword choosing its own targets names no face-down card by position
    if a.get("kw") in REACH:
        ok = lambda t: hidden_attack_ok(g, card, a, t)  # noqa: E731
    elif tg.is_choice(spec):
        ok = lambda t: relaxed_match(g, card, t, spec) and _hidden_in_range(g, card, a, t)  # noqa: E731
    else:
        return out
    out += [{"target": cid} for cid in g.board.values() if g.cards[cid].hidden
            and g.cards[cid].controller != card.controller and ok(g.cards[cid])]
    return out


def _hidden_in_range(g: GameState, card: Card, a, t) -> bool:
    rng = a.get("range")
    return not isinstance(rng, int) or (card.zone == "battlefield" and distance(card.cell, t.cell) <= rng)


