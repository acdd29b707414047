"""Abilities a card has right now: printed, acquired with a duration, formation and aura grants, conditions.

03-abilities.md §1.4 [406] (static abilities apply while their condition holds), §1.5 [407] (acquired abilities),
§4 ``formation`` [g-46] (the grants exist only while in formation), §1.9 [418] (durations). ``Game.abilities``
keeps printed + acquired in a stable index order (activated abilities and triggers are named by that index);
:func:`effective` adds what formations and auras grant and drops static keywords whose ``condition`` fails: every
static-keyword hook in :mod:`engine.keywords` reads it.

An acquired ability carries ``_until`` = ``{"kind", "player", "turn", "source", "cell"}`` (who granted it, in which
turn, from which card and cell) and goes away at :func:`expire`.
"""
from __future__ import annotations

from . import targets as tg
from .board import orthogonal

#: Named keywords with a number: several copies do not add up, the greatest counts [414.4].
NAMED_NUMBERED = ("armour", "regeneration", "attack_exp", "defence_exp", "clumsiness")


def _has_formation(g, card) -> bool:
    return any(a.get("kw") == "formation" for a in g.abilities(card))


def in_formation(g, card, partner=None) -> bool:
    """Formation (строй) [g-46]: a friendly creature with Formation on an orthogonally adjacent cell (matching the
    ``partner`` filters when given). Only creatures without a subtype on the battlefield."""
    if card.zone != "battlefield" or card.attached_to or not g.is_creature(card) or g.is_flyer(card):
        return False
    for n in orthogonal(card.cell):
        other = g.cards.get(g.board.get(n) or "")
        if other is None or other.controller != card.controller or not g.is_creature(other) or other.hidden:
            continue
        if _has_formation(g, other) and tg.match(g, card, other, partner):
            return True
    return False


def meta(g, card) -> dict:
    """Per-definition facts, computed once: ``kws`` (every kw printed, grants included), ``plain`` (no formation,
    aura, forced attack or conditional static keyword: its effective abilities are its printed ones)."""
    d = g.defn(card)
    m = d.get("_meta")
    if m is None:
        kwset: set = set()

        def walk(abils):
            for a in abils:
                kwset.add(a.get("kw"))
                walk(a.get("grants") or [])
        walk(d.get("abilities") or [])
        plain = not ({"formation", "aura", "must_attack"} & kwset) and not any(
            a.get("condition") for a in d.get("abilities") or [] if a.get("kw") != "trigger")
        m = d["_meta"] = {"kws": frozenset(kwset), "aura": "aura" in kwset, "plain": plain}
    return m


def _aura_sources(g) -> list:
    """Battlefield cards with an aura (cached until the next event: every board change emits one)."""
    cache = getattr(g, "_aura_cache", None)
    if cache is not None and cache[0] == g.event_seq:
        return cache[1]
    out = [g.cards[cid] for cid in g.board.values() if meta(g, g.cards[cid])["aura"] and not g.cards[cid].hidden]
    g._aura_cache = (g.event_seq, out)
    return out


def _aura_kws(g) -> frozenset:
    out: set = set()
    for src in _aura_sources(g):
        for a in g.abilities(src):
            if a.get("kw") == "aura":
                out.update(x.get("kw") for x in a.get("grants") or [])
    return frozenset(out)


def effective(g, card, target=None) -> list[dict]:
    """Every ability ``card`` has now: printed and acquired, plus formation grants while in formation, plus aura
    grants of other cards whose ``to`` filters match it; static keywords whose ``condition`` fails are left out
    (a trigger's ``condition`` is checked when it fires). ``target``: the card it attacks, which adds the
    ``grants`` of a ``must_attack`` whose ``vs`` matches it (03 §5 force_attack [g-82])."""
    if card.hidden:
        return []
    from .conditions import holds
    if meta(g, card)["plain"] and not card.acquired and not _aura_sources(g):
        return g.abilities(card)
    out = []
    for a in g.abilities(card):
        kw = a.get("kw")
        out.append(a)
        if kw == "formation" and a.get("grants") and in_formation(g, card, a.get("partner")):
            out.extend(a["grants"])
        elif kw == "must_attack" and a.get("grants") and target is not None and \
                must_grants_apply(card, a, target) and tg.match(g, card, target, a.get("vs")):
            out.extend(a["grants"])
    if g.in_play(card):
        for src in _aura_sources(g):
            if src is card:
                continue
            for a in g.abilities(src):
                if a.get("kw") == "aura" and tg.match(g, src, card, a.get("to")):
                    out.extend(a.get("grants") or [])
    return [a for a in out if a.get("kw") == "trigger" or not a.get("condition") or holds(g, card, a["condition"])]


def kws(g, card, kw: str, target=None) -> list[dict]:
    """The abilities with this ``kw`` that ``card`` has now (see :func:`effective`)."""
    if kw not in meta(g, card)["kws"] and not any(a.get("kw") == kw for a in card.acquired) and \
            kw not in _aura_kws(g):
        return []
    return [a for a in effective(g, card, target) if a.get("kw") == kw]


def named_value(abilities: list[dict]) -> int:
    """The value of a numbered named keyword: the greatest copy [414.4], plus every copy granted with
    ``stacks: true`` ("+1 to the experience it has", docs/cards.md G8)."""
    plain = [a.get("n", 1) for a in abilities if not a.get("stacks")]
    return (max(plain) if plain else 0) + sum(a.get("n", 1) for a in abilities if a.get("stacks"))


# ---------------------------------------------------------------------- acquiring with a duration
def _same(a: dict, b: dict) -> bool:
    strip = lambda x: {k: v for k, v in x.items() if k != "_until"}  # noqa: E731
    return strip(a) == strip(b)


def grant(g, card, abilities: list[dict], until: str, granter: int, source=None) -> None:
    """``card`` acquires ``abilities`` until ``until`` (docs/card-vocabulary.md durations) [407, 418].

    ``granter`` is the controller of the granting entry. Granting an ability the card already holds from a grant
    renews it instead of adding a copy (docs/cards.md G8), unless it is marked ``stacks``."""
    if not g.in_play(card):
        return
    spec = {"kind": until, "player": granter, "turn": g.turn, "source": source.id if source else None,
            "cell": source.cell if source is not None else None, "target_player": card.controller}
    for a in abilities:
        new = dict(a, _until=spec)
        if not a.get("stacks"):
            card.acquired = [x for x in card.acquired if not ("_until" in x and _same(x, a))]
        card.acquired.append(new)
    g.emit("granted", card=card.id, kws=[a.get("kw") for a in abilities], until=until)


def _ends_now(g, spec: dict) -> bool:
    """Does a duration end at the end of the current turn (g.turn, active player g.active)?"""
    kind = spec.get("kind")
    turn, active = g.turn, g.active
    if kind == "end_of_turn":
        return True
    if kind == "end_of_your_turn":
        return active == spec["player"]
    if kind == "end_of_your_next_turn":
        return active == spec["player"] and turn > spec["turn"]
    if kind == "end_of_target_next_turn":
        return active == spec["target_player"] and turn > spec["turn"]
    if kind == "end_of_opponent_next_turn":
        return active != spec["player"] and turn > spec["turn"]
    return False


def spend_next_strike(g, card) -> None:
    """Its simple strike has been made: what it acquired "until its next simple strike" goes (Тан Ханеранга)."""
    keep = [a for a in card.acquired if (a.get("_until") or {}).get("kind") != "next_simple_strike"]
    if len(keep) != len(card.acquired):
        card.acquired = keep
        g.emit("grant_ended", card=card.id)


def expire(g) -> None:
    """At the end of a turn (02-battle.md §8): acquired abilities whose duration ends now go away."""
    for c in g.cards.values():
        if not c.acquired:
            continue
        keep = [a for a in c.acquired if "_until" not in a or not _ends_now(g, a["_until"])]
        if len(keep) != len(c.acquired):
            c.acquired = keep
            g.emit("grant_ended", card=c.id)


def holds_now(g, card, a: dict) -> bool:
    """An acquired ability lasting ``source_moves_or_leaves`` holds while its source stays in play on the cell it
    had when granting (Basilisk's gaze, docs/cards.md)."""
    spec = a.get("_until") or {}
    if spec.get("kind") != "source_moves_or_leaves":
        return True
    src = g.cards.get(spec.get("source") or "")
    return src is not None and g.in_play(src) and src.cell == spec.get("cell")


def has_state(g, card, kw: str) -> bool:
    """True when ``card`` carries the acquired state ``kw`` (``_web``, ``_root``) that still holds."""
    return any(a.get("kw") == kw and holds_now(g, card, a) for a in card.acquired)


def remove_state(g, card, kw: str) -> None:
    """Remove an acquired state (the net goes away when an attack on the netted creature is blocked)."""
    card.acquired = [a for a in card.acquired if a.get("kw") != kw]


def starting_tokens(g, card) -> None:
    """Starts with n tokens (начинает бой с фишками) [g-77, 419.1.c] when its ``condition`` holds."""
    from .conditions import holds
    for a in g.abilities(card):
        if a.get("kw") == "starts_with_tokens" and isinstance(a.get("n"), int) and \
                holds(g, card, a.get("condition"), {}):
            card.tokens += a["n"]


# ---------------------------------------------------------------------- forced attacks (03 §5 force_attack [g-82])
def refresh_forced(g, baseline: bool = False) -> None:
    """``must_attack`` with ``when: enemy_becomes_adjacent``: a matching enemy that became adjacent during its
    controller's turn (since the last check) obliges it to attack that card, and that strike gets the ``grants``.
    Called after every executed entry; ``baseline`` (turn start) records who is adjacent without obliging."""
    from .combat import adjacent_cards
    for cid in list(g.board.values()):
        c = g.cards[cid]
        for a in g.abilities(c):
            if a.get("kw") != "must_attack" or a.get("when") != "enemy_becomes_adjacent":
                continue
            cur = sorted(o.id for o in adjacent_cards(g, c) if tg.match(g, c, o, a.get("vs")))
            prev = c.used.get("adj_prev")
            if baseline:
                c.used.pop("forced", None)
            elif prev is not None and c.controller == g.active:
                new = [x for x in cur if x not in prev]
                if new:
                    c.used["forced"] = sorted(set(c.used.get("forced", [])) | set(new))
            c.used["adj_prev"] = cur


def forced_targets(g, card) -> list[str]:
    """The simple-strike targets ``card`` is obliged to attack now (its ``must_attack``), [] when none."""
    from .combat import strike_targets
    out: list[str] = []
    musts = [a for a in g.abilities(card) if a.get("kw") == "must_attack"]
    if not musts or card.controller != g.active:
        return out
    cands = strike_targets(g, card)
    for a in musts:
        for t in cands:
            if not tg.match(g, card, g.cards[t], a.get("vs")):
                continue
            if a.get("when") == "enemy_becomes_adjacent" and t not in card.used.get("forced", []):
                continue
            if t not in out:
                out.append(t)
    return out


def must_grants_apply(card, a: dict, target) -> bool:
    """A ``must_attack``'s ``grants`` hold for the strike at ``target``: always for ``when: able``, only for a
    card it was obliged to attack for ``enemy_becomes_adjacent``."""
    return a.get("when") != "enemy_becomes_adjacent" or target.id in card.used.get("forced", [])
