"""Determinization (детерминизация) for searching bots: a game built from one seat's view plus a sample of what
that seat cannot see, and a cheap copy of a game.

:func:`from_view` reads nothing but the view dict it is given (docs/engine-api.md "View") and the sample: it never
touches a real game, so engine/view.py stays the only reader of hidden zones. The sample fills what the view hides:
``{"hidden": {alias: pool id}`` for each card face down to the viewer (``"x-<cell>"``), ``"decks": {p: [pool id,
top first]}`` for both decks (their sizes must match the view), ``"deals"`` / ``"recruits": {p: [pool id]}`` for
the other player's hidden deal and recruits (their sizes must match too).

What the view does not carry is rebuilt with the engine's defaults, so the game is a plausible state, not the real
one: per-turn bookkeeping (``Card.actions``, ``Card.used``: strikes and abilities used this turn), the parameters
of abilities acquired in play (their keyword and duration are kept), timed effects other than markers, and the
dice (a fresh generator from ``seed``). Only settled moments are built: a turn phase with an empty queue, nothing
executing and a ``priority`` prompt (the moments a player chooses an action freely, RULES.md Q5); anything else
raises EngineError("not_determinizable").
"""
from __future__ import annotations

import re
from typing import Final

from engine.cards.pool import require_card
from engine.errors import EngineError
from engine.model.enums import TURN_PHASES
from engine.model.rng import Rng
from engine.model.state import CONTAINERS, SCALARS, Card

_KID = re.compile(r"k(\d+)$")
_ZONES: Final = ("battlefield", "aux", "graveyard", "deal", "recruits", "exile")


def _refuse(why: str) -> EngineError:
    return EngineError("not_determinizable", f"A game cannot be built from this view: {why}.")


def _check(view: dict) -> None:
    if not isinstance(view, dict) or view.get("viewer") not in (1, 2):
        raise _refuse("it is no player's view")
    if view.get("result") is not None:
        raise _refuse("the game is over")
    if view.get("phase") not in TURN_PHASES:
        raise _refuse("the preliminary phase is not built")
    if view.get("queue") or view.get("executing") is not None:
        raise _refuse("the queue is not empty")
    prompt = view.get("prompt") or {}
    if prompt.get("kind") != "priority" or view.get("priority") is None:
        raise _refuse("only a priority prompt is built")


def _acquired(entries, controller: int, turn: int) -> list:
    out = []
    for a in entries or ():
        kw, until = a.get("kw"), a.get("until")
        ab = {"kw": kw}
        if until:
            ab["_until"] = {"kind": until, "player": controller, "turn": turn, "source": None, "cell": None,
                            "target_player": controller}
        out.append(ab)
    return out


def _card(cid: str, cv: dict, defkey: str, turn: int) -> Card:
    require_card(defkey)  # raises unknown_card
    return Card(id=cid, defkey=defkey, owner=cv["owner"], controller=cv["controller"], zone=cv["zone"],
                cell=cv.get("cell"), attached_to=cv.get("attached_to"), closed=bool(cv.get("closed")),
                hidden=bool(cv.get("hidden")), wounds=int(cv.get("wounds") or 0), tokens=int(cv.get("tokens") or 0),
                markers=dict(cv.get("markers") or {}), acquired=_acquired(cv.get("acquired"), cv["controller"], turn))


def _effects(cid: str, cv: dict) -> list:
    return [{"until": u.get("until"), "card": cid, "kind": "mark", "marker": m,
             **({"turn": u["turn"]} if u.get("turn") is not None else {}),
             **({"player": u["player"]} if u.get("player") is not None else {})}
            for m, u in (cv.get("marker_until") or {}).items() if u.get("until") in ("turn_end", "turn_start")]


def _sized(sample: dict, key: str, p: int, n: int) -> list:
    got = list(((sample.get(key) or {}).get(p)) or ((sample.get(key) or {}).get(str(p))) or ())
    if len(got) != n:
        raise _refuse(f"the sample's {key} of player {p} holds {len(got)} cards, the view {n}")
    return got


def from_view(g, view: dict, sample: dict, seed: int):
    """Fill the empty game ``g`` from ``view`` (a player's view) and ``sample`` (see the module docstring); returns
    ``g``. The viewer sees the built game exactly as the view shows: its cards keep their ids, each card face down
    to the viewer is a sampled card at the same cell (so its alias is the same), and the legal actions of a card
    the view shows are the same unless they depend on bookkeeping the view does not carry.

    Raises EngineError("not_determinizable") for a view of another moment or a sample of the wrong size,
    EngineError("unknown_card") for a pool id that does not exist."""
    _check(view)
    me, turn = view["viewer"], int(view["turn"])
    ids = [int(m.group(1)) for m in map(_KID.match, view.get("cards") or {}) if m]
    g.next_id = max(ids, default=0) + 1
    g.seed, g.rng = int(seed), Rng(int(seed))
    g.turn, g.phase, g.active, g.first = turn, view["phase"], view.get("active"), view.get("first")
    g.prio = {"holder": view["priority"]["holder"], "passes": view["priority"]["passes"]}
    hidden = dict(sample.get("hidden") or {})
    alias: dict[str, str] = {}
    for cid, cv in (view.get("cards") or {}).items():
        if cv.get("zone") not in _ZONES:
            continue
        if cv.get("card") is None:
            if cid not in hidden:
                raise _refuse(f"the sample does not name the card face down at {cv.get('cell')}")
            c = g.new_card(hidden[cid], cv["owner"], cv["zone"])
            c.controller, c.cell = cv["controller"], cv.get("cell")
            g.turn_face_down(c)
            alias[cid] = c.id
        else:
            c = g.cards[cid] = _card(cid, cv, cv["card"], turn)
            g.effects.extend(_effects(cid, cv))
        if c.zone == "battlefield" and c.attached_to is None and c.cell:
            g.board[c.cell] = c.id
    for p in (1, 2):
        pv = view["players"][str(p)]
        g.graveyards[p] = list(pv.get("graveyard") or ())
        g.aux[p] = list(pv.get("aux") or ())
        g.crystals[p] = {"gold": int(pv.get("gold") or 0), "silver": int(pv.get("silver") or 0)}
        if p == me:
            g.deals[p], g.recruits[p] = list(pv.get("deal_cards") or ()), list(pv.get("recruit_cards") or ())
        else:
            g.deals[p] = [g.new_card(k, p, "deal").id for k in _sized(sample, "deals", p, int(pv.get("deal") or 0))]
            g.recruits[p] = [g.new_card(k, p, "recruits").id
                             for k in _sized(sample, "recruits", p, int(pv.get("recruits") or 0))]
        g.decks[p] = [g.new_card(k, p, "deck").id for k in _sized(sample, "decks", p, int(pv.get("deck") or 0))]
    prompt = dict(view["prompt"])
    prompt.pop("player", None)
    g.prompt = {**{k: alias.get(v, v) if isinstance(v, str) else v for k, v in prompt.items()},
                "player": view["prompt"]["player"]}
    g.event_seq = max((int(e.get("seq") or 0) for e in view.get("log") or ()), default=0)
    return g


def copy_state(src, dst):
    """Fill the empty game ``dst`` with a deep copy of ``src`` for a search to play on: the same state, dice
    generator included, but an empty action log and no recent events (``version`` is kept). Returns ``dst``."""
    for k in SCALARS:
        setattr(dst, k, _deep(getattr(src, k)))
    for k in CONTAINERS:
        if k not in ("log", "events"):
            setattr(dst, k, _deep(getattr(src, k)))
    dst.rng = Rng(0)
    dst.rng.state, dst.rng.forced, dst.rng.strict = src.rng.state, list(src.rng.forced), src.rng.strict
    dst._defcache = dict(src._defcache)  # the same definitions, parsed once (read-only, engine/cards/typed.py)
    dst.cards = {cid: Card(c.id, c.defkey, c.owner, c.controller, c.zone, c.cell, c.attached_to, c.closed, c.hidden,
                           c.wounds, c.tokens, _deep(c.markers), _deep(c.acquired), c.actions, _deep(c.used))
                 for cid, c in src.cards.items()}
    return dst


def _deep(value):
    """A deep copy of a JSON-like value (dicts and lists copied, everything else shared: str, int, None, enums)."""
    t = type(value)
    if t is dict:
        return {k: _deep(v) for k, v in value.items()}
    if t is list:
        return [_deep(v) for v in value]
    return value
