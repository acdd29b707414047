"""The searching levels: ``strong`` (look-ahead over samples) and ``expert`` (information-set Monte Carlo tree
search over determinizations). Both read only the seat's view and legal actions: every position they play forward
is an engine game built from that view plus a guess at what it hides (bots/sampling.py, ``Game.determinize``),
never the real game.

They search at a free decision: a ``priority`` prompt of a turn with an empty queue and at least two candidate
actions (concession never is one). Everywhere else (the preliminary phase, answers inside a strike, a queue to
answer) they play bots/policies.py ``steady_policy``: the ``casual`` heuristic, except that it does not end its
turn while its own declaration waits in the queue (it passes and acts again once the declaration has executed).
Both sides play the simulated future the same way. A simulation runs to the end of the next turn (``horizon``
turns after the current one) and is scored by bots/value.py against the material of the position searched from.

* :func:`strong_policy`: the ``width`` best candidates by the heuristic (waiting is one only when the heuristic
  ranks it so), each played forward on the first ``screen`` determinizations, then the heuristic's choice and the
  ``keep`` - 1 best of the others on the rest, up to ``samples`` (the same determinizations and the same dice for
  every candidate still in play); the best average is played when it beats the heuristic's own choice by
  :data:`MARGIN`, else the heuristic's choice.
* :func:`expert_policy`: single-observer ISMCTS (Cowling, Powley, Whitehouse 2012) over the ``width`` best
  candidates at each node (waiting among them only when the heuristic ranks it so): every iteration draws a new
  determinization and walks a tree of the viewer's own free decisions of this turn (UCB1 with availability counts,
  one node added per iteration; the other player and the viewer's forced answers play the heuristic in between),
  then plays forward and backs up the score. It stops after ``iterations``, or before an iteration as long as the
  longest so far would end past ``budget`` seconds, and plays the best mean among the well-visited actions when it
  beats the heuristic's choice by :data:`MARGIN`, else the heuristic's choice. With ``budget=None`` it is
  deterministic for a seeded ``rng``.
"""
from __future__ import annotations

import json
import math
import random
import time
from typing import Callable

from bots.policies import action_scores, steady_policy
from bots.sampling import Sampler
from bots.value import material, score
from engine import EngineError

#: Action kinds that end the viewer's say in this round: kept among the candidates whatever their score.
_WAIT = ("pass", "end_turn")
#: Default seconds per decision: the expert's time budget, the strong level's cap.
EXPERT_BUDGET, STRONG_BUDGET = 0.75, 0.25
#: Steps a simulation may take at most (a turn holds about ten actions, passes included).
MAX_STEPS = 120


def free_decision(view: dict) -> bool:
    """True at a moment the searching bots search: the viewer holds a ``priority`` prompt of a turn, the queue is
    empty and nothing is executing (the moments ``Game.determinize`` builds)."""
    prompt = view.get("prompt") or {}
    return (prompt.get("kind") == "priority" and prompt.get("player") == view.get("viewer")
            and not view.get("queue") and view.get("executing") is None and view.get("result") is None
            and view.get("priority") is not None and view.get("phase") in ("turn_start", "main", "final"))


def candidates(view: dict, legal: list[dict], width: int, wait: bool = True) -> list[dict]:
    """The ``width`` best legal actions by the heuristic's score (bots/policies.py), best first, plus ``pass`` /
    ``end_turn`` when legal and ``wait``; concession never."""
    scored = [(s, i) for i, s in enumerate(action_scores(view, legal)) if legal[i].get("act") != "concede"]
    scored.sort(key=lambda x: (-x[0], x[1]))
    out = [legal[i] for _, i in scored[:width]]
    if wait:
        out += [legal[i] for _, i in scored[width:] if legal[i].get("act") in _WAIT]
    return out


def key(action: dict) -> tuple | str:
    """A canonical, hashable form of an action: its (field, value) pairs sorted by field, or, when a value is a
    list or a dict, its JSON text with sorted keys."""
    items = sorted(action.items())
    if any(type(v) in (dict, list) for _, v in items):
        return json.dumps(action, sort_keys=True, separators=(",", ":"))
    return tuple(items)


class Deadline:
    """The end of a decision's time ``budget`` (seconds; None: no end) on ``clock`` (wall time by default;
    ``time.process_time`` counts only this process's CPU time, as if it had a core to itself)."""

    def __init__(self, budget: float | None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.at = None if budget is None else clock() + budget

    def late(self, longest: float) -> bool:
        """True when one more simulation as long as ``longest`` seconds would end past the deadline."""
        return self.at is not None and self.clock() + longest > self.at


def _step(g, rng: random.Random) -> None:
    """One action of the player to act by bots/policies.py ``steady_policy``, without a view where the choice is
    plain: the only action (concession aside), or ``pass`` when passing or ending the turn is all it may do."""
    p = g.to_act()
    legal = g.legal_actions(p)
    if len(legal) == 2 and legal[1].get("act") == "concede":
        g.apply(p, legal[0])
    elif all(a.get("act") in _WAIT or a.get("act") == "concede" for a in legal):
        g.apply(p, _PASS if any(a.get("act") == "pass" for a in legal) else legal[0])
    else:
        g.apply(p, steady_policy(g.view(p), legal, rng))


_PASS = {"act": "pass"}


#: What stops a simulation where it stands: a built game holds defaults for bookkeeping the view did not carry
#: (engine/determinize.py), a state the engine never reached by itself, so it may refuse an action or fail.
SIM_ERRORS = (EngineError, LookupError, TypeError, ValueError, AttributeError)


def play_forward(g, rng: random.Random, last_turn: int, steps: int = MAX_STEPS) -> None:
    """Play ``g`` with the heuristic for both sides until the game ends, turn ``last_turn`` is over or ``steps``
    actions were taken; one of :data:`SIM_ERRORS` stops the play where it stands."""
    try:
        while g.result is None and g.turn <= last_turn and steps > 0:
            _step(g, rng)
            steps -= 1
    except SIM_ERRORS:
        pass


def _advance(g, me: int, rng: random.Random, turn: int) -> dict | None:
    """Play the heuristic until the viewer's next free decision in ``turn`` (returns its view) or not (None)."""
    try:
        for _ in range(MAX_STEPS):
            if g.result is not None or g.turn != turn:
                return None
            if g.to_act() == me:
                v = g.view(me)
                if free_decision(v):
                    return v
            _step(g, rng)
    except SIM_ERRORS:
        return None
    return None


def _rollouts(base, cands: list[dict], me: int, last: int, seed: int, deadline: Deadline,
              longest: list[float], ref: float) -> list | None:
    """Each of ``cands`` played from a copy of ``base`` (the same dice, heuristic seed ``seed``) to the end of turn
    ``last`` and scored (None: refused in this determinization); None when out of time before the last one.
    ``longest`` holds the longest rollout so far (seconds), updated."""
    got: list = []
    for a in cands:
        if deadline.late(longest[0]):
            return None
        t = deadline.clock()
        g = base.copy()
        try:
            g.apply(me, a)
        except SIM_ERRORS:
            got.append(None)
            continue
        play_forward(g, random.Random(seed), last)
        got.append(score(g.view(me), ref))
        longest[0] = max(longest[0], deadline.clock() - t)
    return got


def _kept(stats: list[list[float]], keep: int) -> list[int]:
    """Indices of the candidates that stay after screening: the heuristic's first choice and the ``keep`` - 1 best
    means of the others, in their original order."""
    means = [(t / n if n else -1.0) for t, n in stats]
    others = sorted(range(1, len(stats)), key=lambda i: (-means[i], i))[:keep - 1]
    return [0] + sorted(others)


def strong_policy(view: dict, legal: list[dict], rng: random.Random, samples: int = 6, width: int = 5,
                  screen: int = 2, keep: int = 3, horizon: int = 1, budget: float | None = STRONG_BUDGET,
                  clock: Callable[[], float] = time.perf_counter) -> dict:
    """The ``strong`` level (see the module docstring): the ``width`` best candidates by the heuristic, each played
    to the end of turn ``turn + horizon`` on the first ``screen`` determinizations, then the heuristic's choice and
    the ``keep`` - 1 best of the others on the rest, up to ``samples`` in all (every candidate still in play is
    judged on the same samples). It starts no sample whose simulations would end past ``budget`` seconds (judged by
    the longest so far; None: no limit) on ``clock`` (see :class:`Deadline`) and drops a sample it cannot finish.
    Raises ValueError when ``legal`` is empty."""
    if not legal:
        raise ValueError("no legal action: the player is not asked")
    cands = candidates(view, legal, width, wait=False) if free_decision(view) else []
    if len(cands) < 2:
        return steady_policy(view, legal, rng)
    me, ref, last = view["viewer"], material(view), int(view["turn"]) + horizon
    stats = [[0.0, 0] for _ in cands]
    live = list(range(len(cands)))
    deadline = Deadline(budget, clock)
    longest = [0.0]
    sampler = Sampler(view)
    for n in range(samples):
        if n == screen and len(live) > keep:
            live = _kept(stats, keep)
        if deadline.late(longest[0] * len(live)):
            break               # no time for every candidate of another sample
        base = sampler.game(rng)
        if base is None:
            break
        got = _rollouts(base, [cands[i] for i in live], me, last, rng.getrandbits(32), deadline, longest, ref)
        if got is None:
            break               # out of time inside this sample: every candidate keeps the same samples
        for i, x in zip(live, got):
            if x is not None:
                stats[i][0] += x
                stats[i][1] += 1
    return cands[_best(stats, live)]


def _best(stats: list[list[float]], live: list[int]) -> int:
    """The candidate to play among ``live`` (``live[0]`` is the heuristic's choice): :func:`_prefer_prior`."""
    return live[_prefer_prior([(stats[i][0], stats[i][1]) for i in live])]


#: How much better (in bots/value.py score, 0..1) a candidate's mean must be than the heuristic's first choice's
#: to be played instead: the search overrules the heuristic only when it finds a clear gain, not on dice noise.
MARGIN = 0.05


def _prefer_prior(stats: list[tuple[float, int]], min_count: int = 1) -> int:
    """The index to play from (total, count) per candidate, heuristic order: the best mean when it beats the first
    candidate's mean by :data:`MARGIN`, else the first."""
    means = [(t / n if n >= min_count else -1.0) for t, n in stats]
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    return best if means[best] > means[0] + MARGIN else 0


class _Node:
    """A node of the tree: one free decision of the viewer, reached by the actions on its path."""

    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[tuple | str, _Node] = {}
        self.visits, self.value, self.avail = 0, 0.0, 0


def _select(node: _Node, options: list[tuple], c: float) -> tuple:
    """UCB1 over the children available in this determinization (availability counts, ISMCTS)."""
    best, pick = -1.0, options[0]
    for k, a in options:
        ch = node.children[k]
        u = ch.value / ch.visits + c * math.sqrt(math.log(max(ch.avail, 1)) / ch.visits)
        if u > best:
            best, pick = u, (k, a)
    return pick


def _iterate(root: _Node, sampler: Sampler, cands: list[dict], rng: random.Random, width: int, horizon: int,
             c: float, ref: float) -> bool:
    """One ISMCTS iteration on a fresh determinization of ``sampler``'s view; False when no game could be built
    from it."""
    view = sampler.view
    g = sampler.game(rng)
    if g is None:
        return False
    me, turn = view["viewer"], int(view["turn"])
    node, path, legal = root, [root], cands
    while True:
        real = {key(a) for a in g.legal_actions(me)}
        options = [(k, a) for k, a in ((key(a), a) for a in legal) if k in real]
        if not options:
            break
        for k, _ in options:
            if k in node.children:
                node.children[k].avail += 1
        fresh = [(k, a) for k, a in options if k not in node.children]
        k, a = fresh[0] if fresh else _select(node, options, c)
        try:
            g.apply(me, a)
        except SIM_ERRORS:
            return True         # not legal in this determinization: a wasted iteration
        child = node.children.get(k)
        if child is None:
            child = node.children[k] = _Node()
            child.avail = 1
        node = child
        path.append(node)
        if fresh:
            break
        v = _advance(g, me, rng, turn)
        if v is None:
            break
        legal = candidates(v, g.legal_actions(me), width, wait=False)
    play_forward(g, rng, turn + horizon)
    value = score(g.view(me), ref)
    for n in path:
        n.visits += 1
        n.value += value
    return True


def expert_policy(view: dict, legal: list[dict], rng: random.Random, budget: float | None = EXPERT_BUDGET,
                  iterations: int = 400, width: int = 8, horizon: int = 1, c: float = 0.7,
                  clock: Callable[[], float] = time.perf_counter) -> dict:
    """The ``expert`` level (see the module docstring): ISMCTS for ``iterations`` iterations or ``budget`` seconds
    on ``clock`` (see :class:`Deadline`; None: iterations only, deterministic). Raises ValueError when ``legal`` is
    empty."""
    if not legal:
        raise ValueError("no legal action: the player is not asked")
    cands = candidates(view, legal, width, wait=False) if free_decision(view) else []
    if len(cands) < 2:
        return steady_policy(view, legal, rng)
    root, ref = _Node(), material(view)
    deadline = Deadline(budget, clock)
    longest = 0.0
    sampler = Sampler(view)
    for _ in range(iterations):
        t = deadline.clock()
        if not _iterate(root, sampler, cands, rng, width, horizon, c, ref):
            break
        longest = max(longest, deadline.clock() - t)
        if deadline.late(longest):
            break
    stats = [(root.children[key(a)].value, root.children[key(a)].visits) if key(a) in root.children else (0.0, 0)
             for a in cands]
    return cands[_prefer_prior(stats, min_count=max(2, max(n for _, n in stats) // 4))]
