"""Computer players (боты): pure policies ``policy(view, legal, rng) -> action``.

A policy sees only what a client sees: its own view (``Game.view(p)``, docs/engine-api.md "View") and its legal
actions (``Game.legal_actions(p)``), never the engine state, so the same function drives an engine-level self-play,
the websocket bot (``python -m server.bot``) and the server-side "play against the computer" opponent. Randomness
comes only from the ``random.Random`` passed in, so a bot game is reproducible from its seeds.

* :func:`random_policy` - a uniformly random legal action (concession excluded; ending recruitment is rare, as in
  engine/selfplay.py).
* :func:`heuristic_policy` - a greedy player that scores every legal action with bots/evaluate.py and plays the
  best: it recruits the cards with the most fighting worth per crystal while the budget lasts (02-battle.md §1.3),
  places strong melee creatures on the front rows and shooters behind (§1.4), lets the opponent go first, attacks
  an adjacent enemy whenever the expected Strike Table result (§5, both dice, attack/defence experience, the best
  keep/weaken choice of each side, kills counted) favours it, strikes closed enemies (single die, no retaliation,
  §4.4), shoots / throws / discharges / strikes across a row at the enemy it hurts most (§6), heals wounded
  friends, moves toward the enemy it beats best, answers keep/weaken and defender prompts by the same expected
  loss, targets enemies with harmful triggers, and passes / ends the turn only when nothing useful remains.
  Measured against the random policy it wins about 95 % of games (docs/performance.md; tests/test_bots.py checks
  at least 80 % over 40 fixed seeds, decks rotated, both seats).

Raises ValueError when ``legal`` is empty (the player is not asked).
"""
from __future__ import annotations

import random
from typing import Callable

from bots.evaluate import (FRIENDLY_KWS, RANGED_KWS, SINGLE_DIE_KWS, Unit, ability_of, card_worth, defn,
                           level_damage, loss, melee_ev, ranged_ev, strike_of, table_row, weakened)
from engine import Game
from engine.selfplay import random_action


Policy = Callable[[dict, list, random.Random], dict]

#: Attack actions scored by their expected result (bots/evaluate.py).
_STRIKES = ("attack", "shoot", "discharge", "throw", "magic_strike")


def random_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """A random legal action (engine/selfplay.py ``random_action``: uniform, concession excluded)."""
    if not legal:
        raise ValueError("no legal action: the player is not asked")
    return random_action(rng, legal)


def _cell_xy(cell) -> tuple[int, int] | None:
    """(column 0-4, rank 1-6) of a cell name such as "c4", None for anything else."""
    if not isinstance(cell, str) or len(cell) < 2 or not cell[1:].isdigit():
        return None
    return ord(cell[0]) - ord("a"), int(cell[1:])


def _cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class _Board:
    """The viewer's picture of the battlefield: units by id (bot_eval.Unit) and enemy positions."""

    def __init__(self, view: dict) -> None:
        self.me = view.get("viewer")
        self.cards = view.get("cards") or {}
        self.units: dict = {}
        self.enemies: list = []                       # (xy, Unit)
        for cid, c in self.cards.items():
            if c.get("zone") in ("battlefield", "aux"):
                u = Unit(c, self.me)
                self.units[cid] = u
                xy = _cell_xy(c.get("cell"))
                if not u.mine and xy is not None:
                    self.enemies.append((xy, u))

    def unit(self, cid) -> Unit | None:
        return self.units.get(cid)

    def is_enemy(self, cid) -> bool:
        u = self.units.get(cid)
        c = self.cards.get(cid)
        return (u is not None and not u.mine) or (c is not None and c.get("controller") not in (None, self.me))

    def approach(self, src: Unit, cell) -> float:
        """How good standing on ``cell`` is for ``src``: next to the enemy it beats best, else near the enemy."""
        xy = _cell_xy(cell)
        if xy is None or not self.enemies:
            return 0.0
        best = -99.0
        for exy, e in self.enemies:
            dist = _cheb(xy, exy)
            if dist <= 1:
                best = max(best, 10.0 + max(melee_ev(src, e), 0.0))
            else:
                best = max(best, 10.0 - 2.0 * (dist - 1) + (e.worth - e.left) * 0.05)
        return best


def _strike_score(board: _Board, a: dict) -> float:
    """Expected value of an attack action (melee by the Strike Table, ranged by one die); enemy targets only."""
    src, tgt = board.unit(a.get("source")), board.unit(a.get("target"))
    if src is None or tgt is None or tgt.mine:
        return -50.0
    act = a.get("act")
    if act == "attack":
        return melee_ev(src, tgt)
    kw = {"shoot": "shot"}.get(act, act)
    ab = next((x for x in src.d.get("abilities") or [] if x.get("kw") == kw and x.get("strike")), None)
    if ab is None:
        return 1.0
    strike = strike_of(ab)
    if isinstance(a.get("x"), int):
        strike = (a["x"],) * 3
    return ranged_ev(strike, tgt) + 0.5                # no retaliation, the source keeps its life


def _ability_score(board: _Board, a: dict) -> float:
    src = board.unit(a.get("source"))
    ab = ability_of(src.d if src else {}, a.get("ability"))
    kw = ab.get("kw")
    tgt = a.get("target")
    if kw in SINGLE_DIE_KWS and ab.get("strike") and tgt is not None:
        t = board.unit(tgt)
        if t is None or t.mine:
            return -50.0
        return ranged_ev(strike_of(ab), t) + 0.5
    if kw == "heal":
        t = board.unit(tgt) if tgt is not None else src
        if t is None or not t.mine or t.left >= t.life:
            return -1.0
        return 1.0 + t.worth * min(t.life - t.left, 4) / t.life
    if kw in ("jump",) and a.get("to"):
        return board.approach(src, a["to"]) - board.approach(src, board.cards.get(a.get("source"), {}).get("cell")) \
            if src else -1.0
    if tgt is not None:
        enemy = board.is_enemy(tgt)
        friendly = kw in FRIENDLY_KWS
        return 1.5 if enemy != friendly else -2.0
    if kw == "accumulate_token":
        return 0.3
    return 0.5


def _defend_score(board: _Board, view: dict, a: dict | None) -> float:
    """Value of redirecting the strike to defender ``a["source"]`` (None: no defender) for the defending side."""
    prompt = view.get("prompt") or {}
    att = board.unit(prompt.get("attacker"))
    target = board.unit(a.get("source") if a else prompt.get("target"))
    if att is None or target is None:
        return 0.0
    return -melee_ev(att, target)      # a defender is open and fights (02-battle.md §4.3)


def _recruit_score(view: dict, cid) -> float:
    d = defn((view.get("cards") or {}).get(cid))
    if not d:
        return 0.1
    cost = max(1, int(d.get("cost") or 1))
    return 50.0 + 10.0 * card_worth(d) / cost


def _place_score(view: dict, me, opt: dict) -> float:
    """Strong melee creatures on the front rows, ranged and weak ones behind (02-battle.md §1.4)."""
    xy = _cell_xy(opt.get("cell"))
    d = defn((view.get("cards") or {}).get(opt.get("place")))
    if xy is None:
        return 0.0
    front = xy[1] if me == 1 else 7 - xy[1]           # 3 = the row touching the enemy half
    ranged = any(x.get("kw") in RANGED_KWS for x in d.get("abilities") or [])
    melee = card_worth(d) if d else 3.0
    centre = -0.1 * abs(xy[0] - 2)
    return 10.0 + (melee * (front - 2) * (-1 if ranged else 1)) + centre


def _score(board: _Board, view: dict, me, a: dict) -> float:
    act = a.get("act")
    if act == "concede":
        return -1000.0
    if act in _STRIKES:
        ev = _strike_score(board, a)
        return 100.0 + ev if ev > -0.5 else ev
    if act == "choose":
        opt = a.get("option")
        if isinstance(opt, dict) and "recruit" in opt:
            return _recruit_score(view, opt["recruit"])
        if isinstance(opt, dict) and "place" in opt:
            return _place_score(view, me, opt)
        if isinstance(opt, dict) and "swap" in opt:
            return -1.0                                     # an optional swap, offered again after each: pass
        if isinstance(opt, dict) and "first" in opt:
            return 10.0 if opt["first"] != me else 0.0      # going second measured better
        prompt = view.get("prompt") or {}
        if prompt.get("kind") == "exchange" and opt in ("keep", "weaken"):
            return _exchange_score(board, prompt, me, opt)
        if opt == "keep":
            return 5.0
        if opt == "done":
            return 1.0
        if isinstance(opt, dict) and "swap" in opt:
            return -1.0   # the Tracker's rearrangement may go on for ever: a pass ends it (the game must end)
        return 2.0
    if act == "defend":
        return 40.0 + _defend_score(board, view, a)
    if act == "pass" and (view.get("prompt") or {}).get("kind") == "defender":
        return 40.0 + _defend_score(board, view, None)
    if act in ("declare", "order"):
        tgt = a.get("target")
        if tgt is not None and act == "declare":
            src = board.unit(a.get("source"))
            ab = ability_of(src.d if src else {}, a.get("ability"))
            return 30.0 + (1.0 if board.is_enemy(tgt) != (ab.get("kw") in FRIENDLY_KWS) else 0.0)
        return 30.0
    if act == "ability":
        sc = _ability_score(board, a)
        return 60.0 + sc if sc > 0 else sc
    if act == "move":
        src = board.unit(a.get("source"))
        if src is None:
            return -5.0
        here = board.approach(src, board.cards.get(a.get("source"), {}).get("cell"))
        gain = board.approach(src, a.get("to")) - here
        return 4.0 + gain if gain > 0 else -5.0
    if act in ("pass", "end_turn"):
        return 0.0
    return 0.5


def _exchange_score(board: _Board, prompt: dict, me, opt: str) -> float:
    """keep / weaken on an exchange row (02-battle.md §5.4), judged by the loss each side takes."""
    att, resp = board.unit(prompt.get("attacker")), board.unit(prompt.get("responder"))
    if att is None or resp is None:
        return 5.0 if opt == "keep" else 0.0
    d = prompt.get("d")
    row = table_row(d, 0) if isinstance(d, int) else None
    if row is None or row[2] is None:
        return 5.0 if opt == "keep" else 0.0
    levels = (row[0], row[1]) if opt == "keep" else weakened(d)
    gain = loss(resp, level_damage(att.strike, levels[0])) - loss(att, level_damage(resp.strike, levels[1]))
    return 5.0 + (gain if att.mine else -gain)


def action_scores(view: dict, legal: list[dict]) -> list[float]:
    """The heuristic's score of each of ``legal`` for the viewer (higher is better; the scale is the module's own:
    attacks about 100, abilities 60, defence 40, declarations 30, a useful move 4, passing 0, concession -1000)."""
    me = view.get("viewer")
    board = _Board(view)
    return [_score(board, view, me, a) for a in legal]


def heuristic_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The best-scoring legal action for the viewer (ties broken by ``rng``); see the module docstring."""
    if not legal:
        raise ValueError("no legal action: the player is not asked")
    scored = [(s, i) for i, s in enumerate(action_scores(view, legal))]
    best = max(s for s, _ in scored)
    return legal[rng.choice([i for s, i in scored if s >= best - 1e-9])]


def steady_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The heuristic (:func:`heuristic_policy`), except that it never ends its turn while an entry waits in the
    queue: it passes instead, so that it holds priority again once its declaration has executed and may act on
    (``end_turn`` is a pass for the rest of the main phase, 02-battle.md "ending the turn"; the heuristic scores
    both at 0 and picks either). The searching levels play it wherever they do not search, and in their
    simulations. Raises ValueError when ``legal`` is empty."""
    action = heuristic_policy(view, legal, rng)
    if action.get("act") == "end_turn" and view.get("queue"):
        return next((a for a in legal if a.get("act") == "pass"), action)
    return action


#: How far the beginner's judgement wanders: the spread (standard deviation) of the noise added to each score.
BEGINNER_NOISE = 12.0
#: How often a beginner ends its say early in its own turn (passes with moves left: a forgotten attack).
BEGINNER_FORGETS = 0.4
#: Responses a beginner never makes: joining the queue while it is not its own move (no use of the queue).
_QUEUE_ACTS = ("declare", "ability", "shoot", "discharge", "throw", "magic_strike")


def beginner_policy(view: dict, legal: list[dict], rng: random.Random) -> dict:
    """The ``beginner`` level: the heuristic's scores with noise (spread :data:`BEGINNER_NOISE`), always ``keep``
    on an exchange (never weakens, 02-battle.md §5.4), in its own turn ends its say early now and then
    (:data:`BEGINNER_FORGETS`), and no use of the queue: while the queue holds an entry or it is the other player's
    turn it passes whenever it may. Raises ValueError when ``legal`` is empty."""
    if not legal:
        raise ValueError("no legal action: the player is not asked")
    me = view.get("viewer")
    answering = bool(view.get("queue")) or view.get("active") not in (None, me)
    if answering and (view.get("prompt") or {}).get("kind") == "priority":
        passes = [a for a in legal if a.get("act") == "pass"]
        if passes:
            return passes[0]
    if not answering and (view.get("prompt") or {}).get("kind") == "priority" and rng.random() < BEGINNER_FORGETS:
        stop = [a for a in legal if a.get("act") in ("pass", "end_turn")]
        if stop:
            return stop[0]
    keep = [a for a in legal if a.get("act") == "choose" and a.get("option") == "keep"]
    if keep:
        return keep[0]
    scored = [(s + rng.gauss(0.0, BEGINNER_NOISE), i) for i, s in enumerate(action_scores(view, legal))
              if not (answering and legal[i].get("act") in _QUEUE_ACTS)]
    if not scored:
        return heuristic_policy(view, legal, rng)
    return legal[max(scored)[1]]


def play(seed: int, deck1: list[str], deck2: list[str], policy1: Policy, policy2: Policy,
         max_actions: int = 20000):
    """One engine-level game between two policies (seeded ``random.Random(seed * 2 + p)`` per seat); returns the
    finished ``Game`` (a draw by ``action_cap`` after ``max_actions`` actions)."""
    g = Game.new(seed, deck1, deck2)
    rngs = {1: random.Random(seed * 2 + 1), 2: random.Random(seed * 2 + 2)}
    policies = {1: policy1, 2: policy2}
    while g.result is None:
        p = g.to_act()
        g.apply(p, policies[p](g.view(p), g.legal_actions(p), rngs[p]))
        if g.version >= max_actions:
            g.set_result("draw", "action_cap")
    return g
