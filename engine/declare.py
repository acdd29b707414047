"""Declarations (заявка): what a player may declare now, validation, and payment at declaration.

RULES.md Q2 (every game action of a card is declared and becomes an entry), Q6 (sudden actions whenever holding
priority; slow ones only by the active player, main phase, empty queue), [SEED S4] (the whole cost is paid at
declaration: closing, tokens, wounds, per-turn limits, X stated; a card that cannot pay cannot declare).
The enumeration here is also the validation: :meth:`engine.game.Game.apply` accepts exactly what :func:`legal`
lists.
"""
from __future__ import annotations

from . import abilities as ab
from . import combat, triggers
from .board import is_cell, orthogonal
from .errors import EngineError

_FIELDS = {
    "pass": (), "end_turn": (), "concede": ("reason",),
    "move": ("source", "to"), "attack": ("source", "target"),
    "ability": ("source", "ability", "target", "targets", "x", "to"),
    "declare": ("source", "ability", "target", "targets", "trigger"),
    "order": ("items",), "defend": ("source",), "choose": ("option",),
}
_STR_FIELDS = ("source", "target", "to")
#: Why a player leaves the game: their own concession [102.3.b], or (set by the server) their clock ran out.
CONCEDE_REASONS = frozenset({"concession", "time"})


def canonical(g, action) -> dict:
    """The canonical form of an action dict: its act's fields only (any other field is refused), shortcut acts (``shoot``, ``discharge``, ``throw``,
    ``magic_strike``) turned into ``ability``, ability names resolved to the card's ability index.

    Raises EngineError("malformed_action") for anything that is not a well-formed action. Never mutates ``g``.
    """
    if not isinstance(action, dict) or not isinstance(action.get("act"), str):
        raise EngineError("malformed_action", "An action is a map with a string field 'act'.")
    act = action["act"]
    if act in ab.ACT_KW:
        action = dict(action, act="ability", ability=action.get("ability", ab.ACT_KW[act]))
        act = "ability"
    if act not in _FIELDS:
        raise EngineError("malformed_action", f"Unknown act {act!r}.")
    extra = sorted(str(k) for k in action if k != "act" and k not in _FIELDS[act])
    if extra:
        raise EngineError("malformed_action", f"Act {act!r} takes no field {extra[0]!r}.")
    out = {"act": act}
    for f in _FIELDS[act]:
        v = action.get(f)
        if v is None:
            continue
        if f in _STR_FIELDS and not isinstance(v, str):
            raise EngineError("malformed_action", f"Field {f!r} must be a string.")
        if f in ("x", "trigger") and (not isinstance(v, int) or isinstance(v, bool)):
            raise EngineError("malformed_action", f"Field {f!r} must be an integer.")
        if f in ("items", "targets") and not (isinstance(v, list) and all(isinstance(i, str) for i in v)):
            raise EngineError("malformed_action", f"Field {f!r} must be a list of card ids.")
        if f == "reason" and v not in CONCEDE_REASONS:
            raise EngineError("malformed_action", f"A concession's reason is one of {sorted(CONCEDE_REASONS)}.")
        if f == "ability" and not (isinstance(v, (str, int)) and not isinstance(v, bool)):
            raise EngineError("malformed_action", "Field 'ability' must be a name or an index.")
        out[f] = v
    if act == "ability" and isinstance(out.get("ability"), str):
        out["ability"] = _resolve_ability(g, out)
    if act == "declare" and isinstance(out.get("ability"), str):
        out["ability"] = _resolve_trigger(g, out)
    return out


def _resolve_ability(g, act: dict):
    card = g.cards.get(act.get("source"))
    if card is None:
        return act["ability"]
    name = act["ability"]
    idxs = [i for i, a in enumerate(g.abilities(card)) if a.get("kw") == name]
    if not idxs:
        return name
    if len(idxs) > 1 and g.prompt:
        legal_now = legal(g, g.prompt["player"])
        for i in idxs:
            if dict(act, ability=i) in legal_now:
                return i
    return idxs[0]


def _resolve_trigger(g, act: dict):
    p = g.prompt["player"] if g.prompt else None
    for t in (g.pending.get(p) or []):
        if t["source"] == act.get("source"):
            a = g.abilities(g.cards[t["source"]])[t["ability"]] if isinstance(t["ability"], int) else {}
            if act["ability"] in (t["ability"], a.get("kw"), (a.get("effect") or {}).get("kw"), a.get("when")):
                return t["ability"]
    return act["ability"]


# ---------------------------------------------------------------------- enumeration
def legal(g, p: int) -> list[dict]:
    """Every canonical action player ``p`` may apply now (concession excluded; Game.legal_actions adds it)."""
    pr = g.prompt
    if pr is None or pr["player"] != p or g.result is not None:
        return []
    kind = pr["kind"]
    if kind == "priority":
        decl = declarations(g, p)
        if slow_allowed(g, p) and any(d["act"] == "attack" and d.get("forced") for d in decl):
            # a card obliged to attack (must_attack, 03 §5 force_attack [g-82]): no pass until it has attacked
            return [{k: v for k, v in d.items() if k != "forced"} for d in decl]
        out = [{"act": "pass"}]
        if g.phase == "main" and p == g.active:
            out.append({"act": "end_turn"})
        out.extend({k: v for k, v in d.items() if k != "forced"} for d in decl)
        return out
    if kind == "triggers":
        return triggers.legal(g, p)
    if g.executing is not None:
        from .execute import legal_answers
        return legal_answers(g, p)
    if kind == "choice" and pr.get("what") == "turn_preparation":
        from .phases import turn_preparation_legal
        return turn_preparation_legal(g, p)
    from .prelim import legal as prelim_legal
    return prelim_legal(g, p)


def slow_allowed(g, p: int) -> bool:
    """Slow actions: the active player, main phase, empty queue, no pending trigger, with priority (Q6)."""
    return (p == g.active and g.phase == "main" and not g.queue and not g.pending[1] and not g.pending[2]
            and g.prio is not None and g.prio["holder"] == p)


def own_move_pending(g, card) -> bool:
    """True while the card's own movement is declared and not executed [203.11] (narrow reading, 02-battle.md §2)."""
    return any(e["kind"] == "move" and e["source"] == card.id for e in g.queue)


def can_pay(g, card, a: dict, idx: int) -> bool:
    """True when the card can pay the ability's cost now, X aside (>= 1 token for X) [SEED S4, 103.6]; a netted
    creature cannot act at all (Паук-пересмешник)."""
    from .grants import has_state
    if has_state(g, card, "_web"):
        return False
    c = ab.cost(a)
    if c["tap"] and (card.closed or own_move_pending(g, card)):
        return False
    t = c["tokens"]
    if (t == "X" and card.tokens < 1) or (isinstance(t, int) and card.tokens < t):
        return False
    if c["movement"] == "all" and card.markers.get("movement", 0):
        return False
    if c["life"] == "X" and card.markers.get("additional_life", 0) < 1:
        return False  # X >= 1 additional life to remove (Ведьма слуа)
    if ab.limit_reached(card, a, idx):
        return False
    if a.get("condition"):
        from .conditions import holds
        if not holds(g, card, a["condition"]):
            return False  # "with no token on them they have ..." (Бон и Берроу)
    if a.get("kw") == "accumulate_token":
        mx = ab.token_max(g.abilities(card))
        if mx is not None and card.tokens >= mx:
            return False  # accumulating at the maximum is refused (01-game-and-cards.md §6.2 [DOUBT])
    return True


def declarations(g, p: int) -> list[dict]:
    """Movement, simple strikes, closing to strike a flyer and activated abilities ``p`` may declare with priority
    now. A face-down card of ``p`` may declare only sudden actions (and is revealed by it) [415.2]; cards face down
    to ``p`` are offered as targets by position only [415.3] (:mod:`engine.hidden`)."""
    from .grants import forced_targets
    from .windows import is_window_kw
    out = []
    slow = slow_allowed(g, p)
    flyers_only = slow and opponent_flyers_only(g, p)
    for card in g.play_cards():
        if card.controller != p:
            continue
        forced = forced_targets(g, card) if slow else []
        if forced:  # obliged to attack: only those strikes (03 §5 force_attack [g-82])
            out.extend({"act": "attack", "source": card.id, "target": t, "forced": True} for t in forced)
            continue
        if slow and not card.hidden:
            out.extend(_moves(g, card))
            out.extend({"act": "attack", "source": card.id, "target": t} for t in _strike_targets(g, card))
            if flyers_only and can_close_for_flyer(g, card):
                out.append({"act": "ability", "source": card.id, "ability": CLOSE_FOR_FLYER})
        for i, a in enumerate(g.abilities(card)):
            if not ab.is_activated(a) or not (slow or ab.is_sudden(a)) or is_window_kw(a) \
                    or not can_pay(g, card, a, i):
                continue
            if card.hidden and not ab.is_sudden(a):
                continue
            for opt in ability_options(g, card, i, a):
                out.append(dict({"act": "ability", "source": card.id, "ability": i}, **opt))
    return out


#: The ``ability`` name of closing to strike a flyer (закрытие на удар по летающим) [211.9].
CLOSE_FOR_FLYER = "close_to_strike_flyer"


def _strike_targets(g, card) -> list[str]:
    """Simple strike targets: the known legal ones, plus enemy face-down cards by position [415.3] (never an own
    face-down card [415.5]); a flyer marked by [211.9] only from its controller's next turn on."""
    from .hidden import hidden_strike_targets
    early = _flyer_strike_not_yet(g, card)
    out = []
    for t in combat.strike_targets(g, card):
        c = g.cards[t]
        if c.hidden or (early and c.zone == "aux" and not g.is_flyer(card)):
            continue
        out.append(t)
    return out + hidden_strike_targets(g, card)


def _flyer_strike_not_yet(g, card) -> bool:
    return any(e.get("kind") == "flyer_strike" and e.get("card") == card.id and e.get("since") == g.turn
               for e in g.effects)


def opponent_flyers_only(g, p: int) -> bool:
    """True when ``p``'s opponent controls creatures and all of them are flyers [211.9]. A face-down card counts
    by what it is (01-game-and-cards.md §1.2 [DOUBT])."""
    opp = [c for c in g.play_cards() if c.controller != p and g.is_creature(c)]
    return bool(opp) and all(g.is_flyer(c) for c in opp)


def can_close_for_flyer(g, card) -> bool:
    """Closing to strike a flyer [211.9, 209.2, 210.1]: an open non-flying creature on the battlefield that has not
    acted and holds no unused mark; the caller checks the slow timing and :func:`opponent_flyers_only`."""
    if card.closed or card.actions or card.zone != "battlefield" or not g.is_creature(card) or g.is_flyer(card):
        return False
    return not card.markers.get("flyer_strike") and not own_move_pending(g, card)


def move_left(g, card) -> int:
    """Unused movement: allowance minus movement markers [203.4] (a grounded Condor has allowance 1)."""
    base = 1 if card.markers.get("grounded") else (g.defn(card).get("move") or 0)
    return base - card.markers.get("movement", 0)


def held(g, card) -> bool:
    """True when the card may not leave its cell: netted or rooted (card texts), or it has attacked this turn
    (a card that did not close on attacking still cannot move afterwards, docs/rules-decisions.md)."""
    from .grants import has_state
    return has_state(g, card, "_web") or has_state(g, card, "_root") or bool(card.used.get("strikes"))


def _moves(g, card) -> list[dict]:
    if (card.zone != "battlefield" or card.attached_to or card.closed or not g.is_creature(card)
            or g.is_flyer(card) or g.defn(card).get("symbiote") or move_left(g, card) < 1 or held(g, card)
            or card.actions):
        return []  # [203.5-203.10]; a card that has acted cannot move [g-69]
    return [{"act": "move", "source": card.id, "to": n} for n in orthogonal(card.cell) if n not in g.board]


def ability_options(g, card, idx: int, a: dict) -> list[dict]:
    """The target/X/destination choices of one activated ability (empty when it has no legal use now)."""
    from . import options as opts
    kw = a.get("kw")
    cst = ab.cost(a)
    xs = list(range(1, card.tokens + 1)) if cst["tokens"] == "X" else [None]
    if cst["life"] == "X":
        xs = list(range(1, card.markers.get("additional_life", 0) + 1))
    if a.get("x_upto") == "current_life":  # "X wounds of its own choosing" (Центурион)
        xs = list(range(1, g.life(card) - card.wounds + 1))
    if kw == "resurrect":
        return _resurrect_options(g, card, a)
    if kw == "jump":
        return _jump_options(g, card, a)
    base = _hidden_targets(g, card, a, opts.target_options(g, card, a))
    return [dict(o, x=x) if x is not None else o for o in base for x in xs]


def _hidden_targets(g, card, a: dict, base: list[dict]) -> list[dict]:
    """[415.3, 415.5] Target options with face-down cards: none naming a face-down card as found by the card
    data's filters; then, for a single chosen target, the enemy face-down cards by position and side only."""
    from . import targets as tg
    from .hidden import any_hidden, hidden_attack_ok, relaxed_match
    if not any_hidden(g):
        return base

    def clean(o):
        ids = ([o["target"]] if o.get("target") else []) + list(o.get("targets") or [])
        return not any(g.cards[i].hidden for i in ids if i in g.cards)

    out = [o for o in base if clean(o)]
    spec = a.get("target")
    if not isinstance(spec, dict) or spec.get("count", 1) != 1 or a.get("kw") in ("action", "redistribute_wounds",
                                                                                 "custom", "finishing_blow"):
        return out
    if a.get("kw") in ab.ATTACK_KW:
        ok = lambda t: hidden_attack_ok(g, card, a, t)  # noqa: E731
    elif tg.is_choice(spec):
        ok = lambda t: relaxed_match(g, card, t, spec) and _hidden_in_range(g, card, a, t)  # noqa: E731
    else:
        return out
    out += [{"target": cid} for cid in g.board.values() if g.cards[cid].hidden
            and g.cards[cid].controller != card.controller and ok(g.cards[cid])]
    return out


def _hidden_in_range(g, card, a, t) -> bool:
    from .board import distance
    rng = a.get("range")
    return not isinstance(rng, int) or (card.zone == "battlefield" and distance(card.cell, t.cell) <= rng)


def _jump_options(g, card, a):
    from .board import CELLS, distance
    if card.zone != "battlefield" or card.attached_to:
        return []
    if held(g, card):
        return []
    rng = a.get("range")
    return [{"to": c} for c in CELLS if c not in g.board and (rng is None or distance(card.cell, c) <= rng)]


def _resurrect_options(g, card, a):
    from . import targets as tg
    from .board import neighbours
    if card.zone != "battlefield":
        return []
    yard = g.graveyards[card.controller] if a.get("graveyard", "own") == "own" else \
        g.graveyards[1] + g.graveyards[2]
    cands = [cid for cid in yard if tg.match(g, card, g.cards[cid], a.get("filter"))]
    cells = [n for n in neighbours(card.cell) if n not in g.board]
    return [{"target": t, "to": cell} for t in cands for cell in cells]


# ---------------------------------------------------------------------- performing
def perform(g, p: int, act: dict) -> None:
    """Apply a legal canonical action (validated by the caller against :func:`legal`)."""
    from . import flow
    kind = g.prompt["kind"]
    a = act["act"]
    if kind == "priority":
        if a == "pass":
            g.emit("pass", player=p)
            flow.on_pass(g, p)
        elif a == "end_turn":
            g.end_turn = True
            g.emit("end_turn", player=p)
            flow.on_pass(g, p)
        else:
            declare(g, p, act)
            flow.new_round(g)
        return
    if kind == "triggers":
        if a == "pass":
            g.emit("pass", player=p)
        triggers.perform(g, p, act)
        return
    if g.executing is not None:
        from .execute import answer
        answer(g, p, act)
        return
    if kind == "choice" and g.prompt.get("what") == "turn_preparation":
        from .phases import turn_preparation_perform
        turn_preparation_perform(g, p, act)
        return
    from .prelim import perform as prelim_perform
    prelim_perform(g, p, act)


def declare(g, p: int, act: dict) -> None:
    """Pay the whole cost and put the entry at the queue's tail [SEED S4]; "attacked" triggers become pending."""
    card = g.cards[act["source"]]
    entry = {"uid": g.next_uid, "source": card.id, "controller": p, "ability": None, "target": act.get("target"),
             "targets": act.get("targets"), "x": act.get("x"), "to": act.get("to"), "effect": None}
    g.next_uid += 1
    if act["act"] == "move":
        entry["kind"] = "move"
        card.markers["movement"] = card.markers.get("movement", 0) + 1
    elif act["act"] == "attack":
        entry["kind"] = "attack"
        _pay_strike(g, card)
        tgt = g.cards[act["target"]]
        if tgt.zone == "aux" and not g.is_flyer(card) and card.markers.get("flyer_strike"):
            entry["flyer_strike"] = True  # the one strike at a flyer is used; the mark goes after it [211.9]
            g.effects = [e for e in g.effects if not (e.get("kind") == "flyer_strike" and e.get("card") == card.id)]
    elif act["ability"] == CLOSE_FOR_FLYER:
        entry["kind"] = CLOSE_FOR_FLYER
        entry["ability"] = CLOSE_FOR_FLYER
        card.closed = True
        card.actions += 1
    else:
        idx = act["ability"]
        a = g.abilities(card)[idx]
        entry["kind"] = "ability"
        entry["ability"] = idx
        entry["tokens_at_declaration"] = card.tokens
        entry["spell"] = a.get("kind") == "spell"
        entry["paid_tokens"] = pay_cost(g, card, a, idx, act.get("x"))
    if card.hidden:
        from .hidden import reveal
        reveal(g, card, "declares")  # [415.2]
    g.queue.append(entry)
    g.emit("declared", player=p, source=card.id, kind=entry["kind"], ability=entry["ability"],
           target=entry["target"], to=entry["to"], x=entry["x"])


def _pay_strike(g, card) -> None:
    """A simple strike closes its card [216.12], unless it has strikes left this turn (``extra_attack``,
    [g-70]) or does not close on attacking (``no_close_on_attack``, [g-78])."""
    from . import keywords
    card.used["strikes"] = card.used.get("strikes", 0) + 1
    card.actions += 1
    if card.used["strikes"] < combat.strikes_allowed(g, card) or keywords.has(g, card, "no_close_on_attack"):
        return
    card.closed = True


def pay_cost(g, card, a: dict, idx, x) -> int:
    """Pay an activated ability's whole cost now [SEED S4]: close, tokens (``X`` = ``x``, ``all``), wounds,
    all movement, the per-turn/battle limit. Returns the tokens removed."""
    c = ab.cost(a)
    if c["tap"]:
        card.closed = True
        card.actions += 1
    paid = x if c["tokens"] == "X" else (card.tokens if c["tokens"] == "all" else c["tokens"])
    card.tokens -= paid
    if c["life"] == "X":
        left = card.markers.get("additional_life", 0) - x
        if left > 0:
            card.markers["additional_life"] = left
        else:
            card.markers.pop("additional_life", None)
    if c["wounds"]:
        card.wounds += c["wounds"]
    if c["movement"] == "all":
        card.markers["movement"] = max(card.markers.get("movement", 0), g.defn(card).get("move") or 0) or 1
    if ab.limit(a):
        key = ab.limit_key(a, idx)
        card.used[key] = card.used.get(key, 0) + 1
    return paid


def check_cell(cell) -> bool:
    """True for a cell name (used by prelim placement validation)."""
    return is_cell(cell)
