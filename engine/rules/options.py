"""Target choices of activated abilities at declaration (03-abilities.md §3.1 [412.1-412.2], RULES.md S4).

:func:`target_options` lists the ``target`` / ``targets`` / ``to`` fields one activated ability may be declared
with now; an empty list means it cannot be declared. Shapes: one chosen card -> ``target``; an attack with
``count`` n -> ``targets`` (1..n different cards, sorted); a keyword with a ``declared_targets`` hook -> its
own fields (redistribution: ``target``, the creature healed, and ``targets``, the recipients); an ``action`` with
two or more chosen effect targets -> ``targets`` (one per chosen effect, in effect order); the Condor's dive ->
``target`` and ``to``.
"""
from __future__ import annotations

import itertools
from typing import Final, Iterator

from engine.cards.keywords import CUSTOMS, KEYWORDS
from engine.cards.kinds import REACH
from engine.model.board import distance, neighbours
from engine.rules import combat
from engine.rules import futile
from engine.rules import targets as tg
from engine.model.state import Card, GameState


#: At most this many target combinations are listed for one ability (keeps legal_actions bounded).
MAX_COMBOS: Final = 400


def _in_range(g: GameState, card: Card, a, t) -> bool:
    rng = a.get("range")
    if not isinstance(rng, int):
        return True
    if card.zone != "battlefield" or t.zone != "battlefield":
        return t.zone == "aux"
    return distance(card.cell, t.cell) <= rng


def chosen(g: GameState, card: Card, a, spec) -> list[str]:
    """Ids of the cards a chosen ``spec`` of ability ``a`` may name now (range included)."""
    return [c.id for c in tg.chosen_candidates(g, card, spec) if _in_range(g, card, a, c)]


def combos(ids: list[str], n: int, exact: bool = False) -> list[list[str]]:
    """1..n different ids of ``ids``, each list sorted (at most MAX_COMBOS lists); ``exact``: only as many as n (or
    all of them when fewer exist: "wound X cards", Поганище)."""
    out = []
    top = min(n, len(ids))
    for k in range(top if exact else 1, top + 1):
        for combo in itertools.combinations(sorted(ids), k):
            out.append(list(combo))
            if len(out) >= MAX_COMBOS:
                return out
    return out


def target_options(g: GameState, card: Card, a: dict) -> list[dict]:
    """The target fields ability ``a`` of ``card`` may be declared with now (see the module docstring)."""
    kw = a.get("kw")
    spec = a.get("target")
    if kw in REACH:
        cands = combat.attack_targets(g, card, a)
        n = spec.get("count", 1) if isinstance(spec, dict) else 1
        if n > 1:
            return [{"targets": c} for c in combos(cands, n)]
        return [{"target": t} for t in cands]
    k = KEYWORDS.get(kw)
    if k is not None and k.declared_targets is not None:
        return k.declared_targets(g, card, a)  # its own choices (finishing blow, redistribution)
    if kw == "custom" and a.get("handler") == "condor_dive":
        return _dive(g, card, a)
    if kw == "custom" and getattr(CUSTOMS.get(a.get("handler")), "options", None) is not None:
        return CUSTOMS[a["handler"]].options(g, card, a)  # a custom of its own module (engine/effects/customs/)
    if kw == "action":
        specs = [e["target"] for e in a.get("effects") or [] if tg.is_choice(e.get("target"))]
        lists = [chosen(g, card, a, s) for s in specs]
        if not specs:
            return [{}] if not _named_futile(g, card, a) else []
        if len(specs) == 1:
            return _chosen_options(futile.keep(g, a, lists[0], card), specs[0])
        combos_: Iterator[tuple] = itertools.product(*lists)
        if a.get("different_targets"):  # "at two different cards" (Лилит и Эйдерик)
            combos_ = filter(lambda p: len(set(p)) == len(p), combos_)  # lazy, compiled too
        return [{"targets": list(p)} for p in itertools.islice(combos_, MAX_COMBOS)]
    if tg.is_choice(spec):
        return _chosen_options(futile.keep(g, a, chosen(g, card, a, spec), card), spec)
    if _named_futile(g, card, a):
        return []
    if (kw in KEYWORDS and KEYWORDS[kw].needs_target) and isinstance(spec, str) and not tg.resolve(
            g, {"controller": card.controller}, card, spec):
        return []
    return [{}]


def _named_futile(g: GameState, card: Card, a: dict) -> bool:
    """The ability's one effect names its target (``self`` ...) and can change none of those cards [219.2]."""
    eff = futile.only_effect(a)
    if eff is None or not isinstance(eff.get("target"), str):
        return False
    return futile.named_futile(g, eff, tg.resolve(g, {"controller": card.controller}, card, eff["target"]), card, a)


def _chosen_options(ids: list[str], spec: dict) -> list[dict]:
    """One chosen card -> ``target``; ``count`` n > 1 -> ``targets``: 1..n different cards, sorted."""
    n = spec.get("count", 1)
    if n > 1:
        return [{"targets": c} for c in combos(ids, n, bool(spec.get("exact")))]
    return [{"target": t} for t in ids]


def _dive(g: GameState, card: Card, a) -> list[dict]:
    if card.zone != "aux" or card.markers.get("grounded"):
        return []
    out = []
    for t in chosen(g, card, a, a.get("target") or {"choose": "creature", "side": "enemy"}):
        tc = g.cards[t]
        if tc.zone != "battlefield":
            continue
        out.extend({"target": t, "to": n} for n in neighbours(tc.cell) if n not in g.board)
    return out
