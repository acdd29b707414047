"""The per-viewer projection (проекция): the only code that reads hidden zones.

``project(g, viewer)`` builds the JSON-like view of docs/engine-api.md for player 1, player 2 or a spectator
(None). Hidden information [SEED S2, 206.5-206.7, 415]: decks show only their size; the deal and the recruits only
to their owner (others see counts); a face-down card only to its controller, every other viewer sees an alias id
(``"x-<cell>"``) with no card identity; crystals during the preliminary phase only to their owner; events marked
``to`` only to that player. A spectator sees no more than either player. The view's ``log`` is engine/view_log.py's.
"""
from __future__ import annotations

import operator
from collections.abc import Iterable
from itertools import chain
from typing import Final

from engine.cards import abilities as ab
from engine.effects.keywords.choose_one import acts_on_attacked
from engine.effects.keywords.mark import cell_markers  # the markers lying on cells: public (01 §6.1 [200.6])
from engine.model.enums import PRELIM_PHASES, Phase
from engine.model.memo import memoized, reading
from engine.procedure.execute import asked_effect
from engine.procedure.strike import blow_amount
from engine.rules import keywords
from engine.rules import targets as tg
from engine.rules.hidden import alias, any_hidden, hidden_from
from engine.rules.strike_table import strike_table, weakened
from engine.view_log import _face_down_cards, _log_start, project_log, shown_log  # noqa: F401 (project_log: the API)
from engine.model.state import Card, GameState
from engine.model.types import Prompt, QueueEntry


#: Steps in which a player's crystals are shown only to that player: the preliminary phase until the battle starts.
_CRYSTALS_HIDDEN = PRELIM_PHASES[:PRELIM_PHASES.index(Phase.BATTLE_START)]
_PUBLIC_CARD: Final = ("owner", "controller", "zone", "cell", "attached_to", "closed", "wounds", "tokens")


def _card_view(g: GameState, c: Card, viewer, made: dict,
               marker_effects: dict | None = None) -> tuple[str, dict]:
    """``(the id viewer knows c by, c's view)``; ``made``: the views built in this read-only scope (card id, or
    ``("face_down", card id)``), shared by every viewer who sees the card alike. ``marker_effects``: as for
    :func:`_card_inputs`."""
    if c.hidden and viewer != c.controller:
        alias = f"x-{c.cell}"
        key = ("face_down", c.id)
        v = made.get(key)
        if v is None:
            v = made[key] = _kept_face_down(g, c, alias)
        return alias, v
    v = made.get(c.id)
    if v is None:
        v = made[c.id] = _kept_card(g, c, marker_effects)
    return c.id, v


def _kept_card(g: GameState, c: Card, marker_effects: dict | None = None) -> dict:
    """:func:`_shown_card` of ``c``, or the very dict an earlier projection built for it while everything that
    shows (:func:`_card_inputs`) is unchanged: consecutive views share the cards that did not change, which the
    diffs then skip by identity (a version changes a few cards; the diffs compared every one, for every viewer)."""
    inputs = _card_inputs(g, c, marker_effects)
    kept = g._view_cards.get(c.id)
    if kept is not None and kept[1] is c and kept[0] == inputs:
        return kept[2]
    view = _shown_card(g, c)
    g._view_cards[c.id] = (inputs, c, view)
    return view


def _card_inputs(g: GameState, c: Card, marker_effects: dict | None = None) -> tuple:
    """Everything :func:`_shown_card` reads of the game for ``c``, as one tuple (equal tuples: equal views): the
    card's fields (typed: bool flags, int counts), its markers in order, the markers' timed effects, what its
    acquired abilities show; the definition (``token_max``) is the defkey's, and so is the life allowance its
    life adds the markers to (``GameState.life``: the definitions are fixed once the game is set up).
    ``marker_effects``: :func:`_marker_effects` of ``g`` when the caller has it (looked up when None)."""
    if marker_effects is None:
        marker_effects = memoized(g, "marker_effects", _marker_effects, g)
    markers, acquired = c.markers, c.acquired
    return (c.defkey, c.hidden, c.owner, c.controller, c.zone, c.cell, c.attached_to, c.closed, c.wounds, c.tokens,
            tuple(markers.items()) if markers else (), marker_effects.get(c.id, ()),
            tuple((a.get("kw"), (a.get("_until") or {}).get("kind")) for a in acquired) if acquired else ())


def _marker_effects(g: GameState) -> dict:
    """card id -> ``((marker, until, turn, player)...)``: the timed effects that end a marker on it, in order (what
    :func:`_as_it_is` shows as ``marker_until``)."""
    out: dict = {}
    for e in g.effects:
        if e.get("marker"):
            cid = e.get("card")
            out[cid] = out.get(cid, ()) + ((e["marker"], e.get("until"), e.get("turn"), e.get("player")),)
    return out


def _kept_face_down(g: GameState, c: Card, alias: str) -> dict:
    """:func:`_face_down` of ``c``, or the very dict an earlier projection built while what it shows is unchanged
    (kept in ``g._view_cards`` under ``("face_down", card id)``)."""
    inputs = (alias, c.owner, c.controller, c.zone, c.cell)
    kept = g._view_cards.get(("face_down", c.id))
    if kept is not None and kept[1] is c and kept[0] == inputs:
        return kept[2]
    view = _face_down(c, alias)
    g._view_cards[("face_down", c.id)] = (inputs, c, view)
    return view


def _face_down(c: Card, alias: str) -> dict:
    """A card face down to the viewer, under its alias (the same for every such viewer)."""
    return {"id": alias, "card": None, "hidden": True, "owner": c.owner, "controller": c.controller,
            "zone": c.zone, "cell": c.cell, "attached_to": None, "closed": False, "wounds": 0,
            "tokens": 0, "markers": {}}


def _shown_card(g: GameState, c: Card) -> dict:
    """A card as every viewer who sees it face up sees it (the same for each: :func:`project_many` shares it)."""
    v = {"id": c.id, "card": c.defkey, "hidden": c.hidden}
    for k in _PUBLIC_CARD:
        v[k] = getattr(c, k)
    v["markers"] = dict(c.markers)
    v["life"] = g.life(c)
    v.update(_as_it_is(g, c))
    return v


def _as_it_is(g: GameState, c: Card) -> dict:
    """What a player reads off a card in play beyond its printed text: ``token_max`` (int | None,
    [218.6]); ``marker_until``: ``{marker: {"until": "turn_end" | "turn_start", "turn": int | None, "player": p |
    None}}`` for markers that end with a timed effect (02-battle.md §8); ``acquired``: ``[{"kw": str, "until": str |
    None}]``, the abilities gained in play with their duration's kind (03-abilities.md §1.5 [407])."""
    until = {}
    for e in g.effects:
        if e.get("card") == c.id and e.get("marker"):
            until[e["marker"]] = {"until": e.get("until"), "turn": e.get("turn"), "player": e.get("player")}
    acquired = [{"kw": a.get("kw"), "until": (a.get("_until") or {}).get("kind")} for a in c.acquired]
    return {"token_max": ab.token_max(g.defn(c).get("abilities") or []), "marker_until": until, "acquired": acquired}


def _blows(g: GameState, src: Card, tgt: Card, blows) -> dict:
    """The wounds each side would deal for a Strike Table row ``blows`` = [attacker level, responder level]
    (levels 0 weak / 1 medium / 2 strong, None no blow), as :func:`engine.strike._deal` computes them."""
    a_lvl = keywords.incoming_level(g, tgt, "simple_strike", blows[0])
    r_lvl = keywords.incoming_level(g, src, "simple_strike", blows[1])
    return {"attacker": {"level": a_lvl, "n": blow_amount(g, src, tgt, a_lvl, "simple_strike")},
            "responder": {"level": r_lvl, "n": blow_amount(g, tgt, src, r_lvl, "simple_strike")}}


def _exchange(g: GameState, prompt: Prompt) -> dict:
    """The exchange prompt with what each answer deals (02-battle.md §5 [216.7]): ``keep`` and ``weaken`` as
    ``{"attacker": {"level", "n"}, "responder": {"level", "n"}}``."""
    src, tgt = g.cards[prompt["attacker"]], g.cards[prompt["responder"]]
    d = prompt["d"]
    return dict(prompt, keep=_blows(g, src, tgt, strike_table(d, 0)[:2]), weaken=_blows(g, src, tgt, weakened(d)))


def alias_of(g: GameState, cid: str, viewer) -> str:
    """The id ``viewer`` knows card ``cid`` by (an alias while it is face down and not theirs)."""
    c = g.cards.get(cid)
    if c is not None and c.hidden and viewer != c.controller:
        return f"x-{c.cell}"
    return cid


def _masked(g: GameState, value, viewer):
    """A copy of a prompt value with every id of a card face down to ``viewer`` replaced by its alias."""
    if isinstance(value, str):
        return alias_of(g, value, viewer) if value in g.cards else value
    if isinstance(value, list):
        return [_masked(g, v, viewer) for v in value]
    if isinstance(value, dict):
        return {k: _masked(g, v, viewer) for k, v in value.items()}
    return value


@reading
def project_many(g: GameState, viewers) -> dict:
    """viewer -> :func:`project` for each of ``viewers``, in one read-only scope: a card that several of them see
    face up is one dict in all their views, built once (a room keeps every viewer's last view). What the game keeps
    for the next projection is then only what these views show (``g._view_cards``)."""
    views = {viewer: project(g, viewer) for viewer in viewers}
    made = memoized(g, "card_views", dict)    # the card views these projections showed: the others are let go
    kept = g._view_cards
    for key in [k for k in kept if k not in made and not (type(k) is tuple and k[0] in ("cards", "parts"))]:
        del kept[key]
    return views


@reading
def _cards(g: GameState, viewer) -> dict:
    """The card views ``viewer`` may see, by (alias) id (:func:`_cards_of`). A player who has no card face down
    anywhere to tell apart, no deal, no recruits and no trigger asked about sees the spectator's very map: one map
    a version for all of them (and the diffs compare it once)."""
    if viewer is not None and (g.deals[viewer] or g.recruits[viewer] or g.pending[viewer]
                               or memoized(g, "face_down_cards", _face_down_cards, g)):
        return _cards_of(g, viewer)
    cards = memoized(g, "spectator_cards", _cards_of, g, None)
    if viewer is not None:
        g._view_cards[("cards", viewer)] = cards        # the viewer's previous map, as _cards_of keeps it
    return cards


def _cards_of(g: GameState, viewer) -> dict:
    """The card views ``viewer`` may see, by (alias) id: the board, both graveyards, the viewer's own deal and
    recruits, the exile, and the source of a trigger the viewer is asked about (:func:`_card_view`, inlined for
    all but the last: a projection reads every card its viewer sees). Read-only scope: the caller's."""
    cards = {}
    made = memoized(g, "card_views", dict)
    marker_effects = memoized(g, "marker_effects", _marker_effects, g)
    every = g.cards
    order: list[Iterable[Card]] = [g.play_cards()]
    for p in (1, 2):
        order.append(map(every.__getitem__, g.graveyards[p]))
        if viewer == p:
            order.append(map(every.__getitem__, g.deals[p] + g.recruits[p]))
    order.append(memoized(g, "exiled", _exiled, g))   # out of the game, face up (Сшиватель плоти, rules-decisions.md)
    v: dict | None   # None until looked up: a compiled ``dict`` local refuses the lookup's miss
    for c in chain.from_iterable(order):
        if c.hidden and viewer != c.controller:
            k, v = _card_view(g, c, viewer, made)
        else:
            k = c.id
            v = made.get(k)
            if v is None:
                v = made[k] = _kept_card(g, c, marker_effects)
        cards[k] = v
    if viewer in (1, 2):   # the card of a trigger its controller is asked about, wherever it lies now (a deck card
        for t in g.pending[viewer]:   # revealed by a prophecy: docs/rules-decisions.md "Triggers of unseen cards")
            source = g.cards.get(t["source"])
            if source is not None and source.id not in cards and not source.hidden:
                k, v = _card_view(g, source, viewer, made, marker_effects)
                cards[k] = v
    last = g._view_cards.get(("cards", viewer))     # the viewer's previous map, when it holds the very same cards
    if last is not None and len(last) == len(cards) and all(map(operator.is_, last.values(), cards.values())) \
            and list(last) == list(cards):
        return last
    g._view_cards[("cards", viewer)] = cards
    return cards


def _exiled(g: GameState) -> list:
    """The cards in the exile zone, in instance order."""
    return [c for c in g.cards.values() if c.zone == "exile"]


def _players(g: GameState, viewer) -> dict:
    """``{"1": ..., "2": ...}``: zone sizes, crystals (hidden from the opponent while they are chosen) and the
    viewer's own deal and recruits (:func:`_player`: a player's entry as its owner sees it, and as every other
    viewer does, built once a version)."""
    return {"1": memoized(g, ("player", 1, viewer == 1), _player, g, 1, viewer == 1),
            "2": memoized(g, ("player", 2, viewer == 2), _player, g, 2, viewer == 2)}


def _player(g: GameState, p: int, own: bool) -> dict:
    """Player ``p``'s entry of ``players`` as its owner (``own``) or any other viewer sees it. An entry equal to the
    one the previous projection showed those viewers (ints, None and lists of ids: equal means alike) is that very
    dict (the diffs skip it by identity), found equal before a new one is built."""
    shown = own or g.phase not in _CRYSTALS_HIDDEN
    gold = g.crystals[p]["gold"] if shown else None
    silver = g.crystals[p]["silver"] if shown else None
    kept = g._view_players
    old = kept.get((p, own))
    if old is not None and old["deck"] == len(g.decks[p]) and old["graveyard"] == g.graveyards[p] \
            and old["aux"] == g.aux[p] and old["deal"] == len(g.deals[p]) \
            and old["recruits"] == len(g.recruits[p]) and old["gold"] == gold and old["silver"] == silver \
            and (not own or old["deal_cards"] == g.deals[p] and old["recruit_cards"] == g.recruits[p]):
        return old
    pv = {"deck": len(g.decks[p]), "graveyard": list(g.graveyards[p]), "aux": list(g.aux[p]),
          "deal": len(g.deals[p]), "recruits": len(g.recruits[p]), "gold": gold, "silver": silver}
    if own:
        pv["deal_cards"] = list(g.deals[p])
        pv["recruit_cards"] = list(g.recruits[p])
    kept[(p, own)] = pv
    return pv


def _entry(g: GameState, e: QueueEntry, viewer) -> dict:
    """A queue entry (or the executing one) as ``viewer`` sees it: source and targets by alias."""
    return {"source": alias_of(g, e["source"], viewer), "kind": e["kind"], "ability": e.get("ability"),
            "controller": e.get("controller"),
            "targets": [alias_of(g, t, viewer) for t in ([e["target"]] if e.get("target") else [])
                        + list(e.get("targets") or [])]}


def _prompt(g: GameState, viewer) -> dict | None:
    """The open prompt as ``viewer`` sees it (an exchange with its strikes), or None."""
    if g.prompt is None or g.result is not None:
        return None
    prompt = _masked(g, g.prompt, viewer)
    if prompt.get("kind") == "exchange" and g.prompt.get("attacker") in g.cards:
        prompt = _masked(g, _exchange(g, g.prompt), viewer)
    target = _choice_target(g)
    if target is not None:
        prompt = dict(prompt, target=alias_of(g, target, viewer))
    return prompt


def _choice_target(g: GameState) -> str | None:
    """The attacked card (атакованная карта) the options of the open choose one (выбрать одно) act on, e.g. the
    creature Овражный гном struck (closed or wounded as its controller chooses); None for another prompt. The card
    is on the board and the options are printed card text: nothing hidden is shown."""
    eff = asked_effect(g)
    if eff is None or not acts_on_attacked(eff):
        return None
    e = g.executing["entry"]
    found = tg.resolve(g, e, g.cards.get(e["source"]), "attacked")
    return found[0].id if found else None


def project(g: GameState, viewer) -> dict:
    """The view of the game for ``viewer`` (1, 2 or None). Shape: docs/engine-api.md "View". A read-only scope
    (engine/model/memo.py): projecting changes nothing but the log's cache of masked events (:func:`_log`), which
    no memoized read looks at."""
    cards, players = _cards(g, viewer), _players(g, viewer)
    log = shown_log(g, viewer, _log_start(g))
    cells, priority = memoized(g, "public_parts", _kept_parts, g, "public", _public_parts)
    if memoized(g, "face_down_cards", _face_down_cards, g):
        queue, prompt, executing = _aliased_parts(g, viewer)
    else:           # nothing to alias: every viewer sees them alike
        queue, prompt, executing = memoized(g, "aliased_parts", _kept_parts, g, "aliased", _aliased_parts)
    return {
        "viewer": viewer, "turn": g.turn, "phase": g.phase, "active": g.active, "first": g.first,
        "to_act": g.to_act(), "prompt": prompt, "queue": queue, "executing": executing, "cards": cards,
        "players": players, "log": log, "result": g.result, "cells": cells, "priority": priority,
    }


def _aliased_parts(g: GameState, viewer=None) -> tuple:
    """``(queue, prompt, executing)`` of ``viewer``'s view: what names cards, by the ids ``viewer`` knows them by."""
    queue = [dict(_entry(g, e, viewer), to=e.get("to"), x=e.get("x")) for e in g.queue]
    return queue, _prompt(g, viewer), None if g.executing is None else _entry(g, g.executing["entry"], viewer)


def _public_parts(g: GameState) -> tuple:
    """``(cells, priority)`` of every view: the cell markers, and who holds priority and how many passes in a row
    so far (RULES.md Q4: the second pass executes the first queue entry, or ends the phase when the queue is
    empty)."""
    return cell_markers(g), ({"holder": g.prio["holder"], "passes": g.prio["passes"]} if g.prio is not None else None)


def _kept_parts(g: GameState, name: str, build) -> tuple:
    """``build(g)``, each value replaced by the very object the previous projection showed (kept in
    ``g._view_cards`` under ``("parts", name)``) while it is :func:`_same`: the views of one version share them, and
    consecutive views share them unchanged (the diffs skip them by identity)."""
    got = build(g)
    kept = g._view_cards.get(("parts", name))
    if kept is not None:
        got = tuple(old if _same(old, new) else new for old, new in zip(kept, got))
    g._view_cards[("parts", name)] = got
    return got


def _same(a, b) -> bool:
    """Type-strict equality of two JSON-like values, map keys in the same order (True is not 1; equal values
    encode to the same bytes)."""
    if a is b:
        return True
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        return len(a) == len(b) and all(ka == kb and _same(va, vb)
                                        for (ka, va), (kb, vb) in zip(a.items(), b.items()))
    if t is list:
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


_ID_FIELDS: Final[tuple[str, ...]] = ("source", "target")


_ID_LISTS: Final[tuple[str, ...]] = ("targets", "items")  # the only lists an action holds


def dealias(g: GameState, viewer: int, action):
    """``action`` with every alias of a card hidden from ``viewer`` replaced by the card's id.

    Returns None when the action names, by its real id, a card hidden from ``viewer`` (such an action is not one
    legal_actions lists, so it is illegal); non-dict input is returned unchanged (canonical() rejects it)."""
    if not isinstance(action, dict) or not any_hidden(g):
        return action
    by_alias = {alias(c): c.id for c in (g.cards[i] for i in g.board.values()) if hidden_from(c, viewer)}
    secret = set(by_alias.values())

    def one(v):
        if isinstance(v, str):
            if v in secret:
                raise KeyError(v)
            return by_alias.get(v, v)
        return v

    try:
        out = dict(action)
        for f in _ID_FIELDS:
            if f in out:
                out[f] = one(out[f])
        for f in _ID_LISTS:
            if isinstance(out.get(f), list):
                out[f] = [one(v) for v in out[f]]
        return out
    except KeyError:
        return None


def mask(g: GameState, viewer: int, actions: list[dict]) -> list[dict]:
    """Legal actions as ``viewer`` must see them: ids of cards hidden from them replaced by aliases. ``actions``
    itself when no card is hidden from ``viewer``; else a new list of new dicts (their id lists new too)."""
    if not any_hidden(g):
        return actions
    names = {c.id: alias(c) for c in (g.cards[i] for i in g.board.values()) if hidden_from(c, viewer)}
    if not names:
        return actions
    out = []
    for a in actions:
        b = dict(a)
        for f in _ID_FIELDS:
            if isinstance(b.get(f), str):
                b[f] = names.get(b[f], b[f])
        for f in _ID_LISTS:
            if isinstance(b.get(f), list):
                b[f] = [names.get(v, v) for v in b[f]]
        out.append(b)
    return out


def offered(g: GameState, viewer: int, actions: list[dict]) -> list[dict]:
    """:func:`mask` of ``actions`` for ``viewer``, each a copy the caller may change freely (its lists copied too):
    what :meth:`engine.game.Game.legal_actions` hands out while the engine keeps its cached list intact."""
    masked = mask(g, viewer, actions)
    if masked is not actions:
        return masked  # mask's own copies: a new dict per action, new lists of ids (the only lists an action holds)
    out = []
    for a in actions:
        b = dict(a)
        for f in _ID_LISTS:
            ids = a.get(f)
            if isinstance(ids, list):
                b[f] = list(ids)
        out.append(b)
    return out
