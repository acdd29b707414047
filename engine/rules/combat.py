"""Attack targeting (pure reads): what a simple strike (простой удар) or an attack ability (shot/выстрел,
discharge/разряд, throw/метание, magic strike, special strike, strike across a row) may target and reach, forced
targets, whether a struck card fights, and an on-death attacker's last known position. 02-battle.md §4.1, §6,
03 §5 force_attack [g-82]. The procedure of a strike is :mod:`engine.procedure.strike`; the defender choice is
:mod:`engine.procedure.defender`; the Strike Table is :mod:`engine.rules.strike_table`.
"""
from __future__ import annotations

from typing import Any

from engine.cards.keywords import KEYWORDS, HookSet, hooked_kws
from engine.cards.kinds import REACH
from engine.model.board import between_in_line, distance, two_in_line
from engine.model.history import struck
from engine.rules import grants
from engine.rules import keywords
from engine.rules import targets as tg
from engine.rules.adjacency import adjacent_cards
from engine.model.state import Card, GameState


# ---------------------------------------------------------------------- geometry and targets
def _attackable(g: GameState, c: Card) -> bool:
    """Terrain and equipment can never be attacked [212.2, 214.3]."""
    return g.defn(c).get("kind", "creature") not in ("terrain", "equipment")


def _forced_ok(g: GameState, src: Card, tgt: Card, kind: str, limits: tuple | None = None) -> bool:
    """Targeting restrictions of the attacker and of the board: Cache (схрон: not the initial target of a flyer's
    attack) [g-47]; ``flyer_taunt`` (enemy flyers attack only such a card while one is in play, unless the attack
    ignores forced targeting); the attacker's target limits (:func:`engine.rules.keywords.target_limits`, 01 §3.6
    [205], card text); a state with the effect ``cannot_attack`` (:mod:`engine.effects.keywords.no_attack`) forbids
    every attack. What depends on the source alone is found once per source and kind in a read-only scope
    (:func:`_source_limits`; ``limits``: its answer when the caller has it already)."""
    cannot, flyer, ignores, restrictions = limits if limits is not None else _source_limits(g, src, kind)
    if cannot:
        return False
    if flyer:
        if keywords.flagged(g, tgt, "unreachable_by_flyers"):
            return False
        if not ignores:
            taunts = _flyer_taunts(g, src.controller)
            if taunts and tgt not in taunts:
                return False
    for only in restrictions:
        if not tg.match(g, src, tgt, only):
            return False
    if REACH.get(kind) == "ranged":
        rtaunts = ranged_taunts(g, src.controller, kind)
        if rtaunts and tgt.id not in rtaunts and not ignores:
            return False
    return True


def _source_limits(g: GameState, src: Card, kind: str) -> tuple:
    """(under ``cannot_attack``, a flyer, ignores forced targeting for ``kind``, the filter lists its targets of
    ``kind`` must match) of an attacking card; memoized in a read-only scope (engine/model/memo.py)."""
    memo = g._memo
    if memo is None:
        return _source_limits_now(g, src, kind)
    key = ("limits", id(src), kind)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (src, _source_limits_now(g, src, kind))  # the entry keeps the card (and its id) alive
    return hit[1]


def _source_limits_now(g: GameState, src: Card, kind: str) -> tuple:
    if keywords.answers_none(g, src, _LIMIT_HOOKS):  # then unforced is False and target_limits []
        return (grants.under(g, src, "cannot_attack"), g.is_flyer(src), False, [])
    return (grants.under(g, src, "cannot_attack"), g.is_flyer(src),
            keywords.unforced(g, src, kind), keywords.target_limits(g, src, kind))


#: The hooks of keywords that :func:`_source_limits` reads of the attacker.
_LIMIT_HOOKS = HookSet(("unforced", "target_limits"))


def _flyer_taunts(g: GameState, side: int) -> list:
    """The open cards in play of the side other than ``side`` with ``flyer_taunt`` (memoized in a read-only scope,
    engine/model/memo.py)."""
    memo = g._memo
    if memo is None:
        return _flyer_taunts_now(g, side)
    key = ("flyer_taunts", side)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = ((), _flyer_taunts_now(g, side))
    return hit[1]


def _flyer_taunts_now(g: GameState, side: int) -> list:
    return [c for c in g.play_cards() if c.controller != side and not c.hidden and keywords.flagged(g, c, "taunts_flyers")]


def ranged_taunts(g: GameState, attacker_side: int, kind: str) -> dict:
    """``{card id: ignores_range}`` for the cards of the other side that draw ``kind`` attacks of
    ``attacker_side``'s cards to themselves now (:func:`engine.rules.keywords.draws_attacks`;
    03 §3, force_attack [g-82]). Cached until the next event (every board change emits one)."""
    cache = g._taunt_cache
    if cache is None or cache[0] != g.event_seq:
        cache = g._taunt_cache = (g.event_seq, {})
    known: dict = cache[1]
    key = (attacker_side, kind)
    out = known.get(key)
    if out is None:
        out = {}
        for c in g.play_cards():
            if c.controller == attacker_side or c.hidden:
                continue
            draws = keywords.draws_attacks(g, c, kind)
            if draws is not None:
                out[c.id] = draws
        known[key] = out
    return out


def strike_target_ok(g: GameState, src: Card, tgt: Card, adjacent: list | None = None, limits: tuple | None = None) -> bool:
    """Is ``tgt`` a legal target for ``src``'s simple strike now (02-battle.md §4.1)? ``adjacent``: the source's
    adjacent cards, ``limits``: its :func:`_source_limits` for a simple strike, when the caller has them already."""
    if tgt is src or not g.in_play(tgt) or not _attackable(g, tgt):
        return False
    if g.is_flyer(src) and src.zone == "aux":
        return _forced_ok(g, src, tgt, "simple_strike", limits)  # a flyer strikes any card [211.5]
    if src.zone != "battlefield":
        return False
    if tgt.zone == "aux":  # [211.9]; ``can_strike_flyers`` (Скелос) needs no closing
        ok = g.is_flyer(tgt) and (src.markers.get("flyer_strike", 0) > 0 or keywords.flagged(g, src, "strikes_flyers"))
    else:
        ok = _among(tgt, adjacent if adjacent is not None else adjacent_cards(g, src)) or \
            (tgt.zone == "battlefield" and distance(src.cell, tgt.cell) <= strike_range(g, src)) or (
            g.is_creature(tgt) and tgt.cell == row_end_partner(g, src))
    return ok and _forced_ok(g, src, tgt, "simple_strike", limits)


def _among(card, cards: list) -> bool:
    """``card in cards`` for cards of ``g.cards`` (every caller of :func:`strike_target_ok` names its target from
    there), by identity: two distinct instances of a game have distinct ids, so they never compare equal, and
    ``==`` on the dataclass would build two tuples of every field for each card passed over."""
    for c in cards:
        if c is card:
            return True
    return False


def strike_range(g: GameState, card: Card) -> int:
    """How far its simple strike reaches: 1 (adjacent), or more by :func:`engine.rules.keywords.strike_reach` (range
    counted as 02 §6 counts it, Chebyshev [g-11]); memoized in a read-only scope."""
    memo = g._memo
    if memo is None:
        return keywords.strike_reach(g, card)
    key = ("strike_range", id(card))
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (card, keywords.strike_reach(g, card))
    return hit[1]


def row_end_partner(g: GameState, card: Card) -> str | None:
    """The other end cell of its row when ``card`` stands on an end cell (column a or e) and has the named effect
    ``row_ends_adjacent`` (Возница, engine/effects/customs/row_ends_adjacent.py): for its moves and its simple
    strike the two end cells count as neighbours. None otherwise."""
    if card.zone != "battlefield" or not card.cell or card.cell[0] not in "ae" \
            or not grants.custom_flag(g, card, "row_ends_adjacent"):
        return None
    return ("e" if card.cell[0] == "a" else "a") + card.cell[1:]


def strikes_allowed(g: GameState, card: Card) -> int:
    """Simple strikes the card may make per turn (:func:`engine.rules.keywords.strikes_per_turn` [g-70, 219.4.a])."""
    return keywords.strikes_per_turn(g, card)


#: The hooks and flags of keywords that :func:`strike_targets` reads of the striker (strikes per turn, distinct
#: targets, forced targeting ignored, target limits, reach, striking flyers without closing).
_STRIKE_HOOKS = HookSet(("strikes_per_turn", "distinct_targets", "unforced", "target_limits", "strike_reach",
                         "flag strikes_flyers"))


def strike_targets(g: GameState, card: Card) -> list[str]:
    """Targets of a simple strike the card may declare now (open creature that has strikes left, not netted,
    02-battle.md §4.1). A printed 0-0-0 strike is still declarable: an attack of strength 0 may be declared and
    resolved and deals no wounds (01-game-and-cards.md [103.7.b])."""
    if card.closed or not g.is_creature(card) or not g.in_play(card):
        return []
    # no keyword of the card answers a hook read below: each read gives its default without asking
    quiet = keywords.answers_none(g, card, _STRIKE_HOOKS)
    if card.used.get("strikes", 0) >= (1 if quiet else strikes_allowed(g, card)) or \
            grants.under(g, card, "cannot_act") or grants.under(g, card, "cannot_attack"):
        return []
    done = struck(g, card) if not quiet and keywords.distinct_targets(g, card) else []
    # _source_limits: not under cannot_attack (just checked), no forced-targeting ignored, no target limits
    lim = (False, g.is_flyer(card), False, []) if quiet else _source_limits(g, card, "simple_strike")
    if lim[0]:
        return []  # under ``cannot_attack``: no target passes :func:`_forced_ok`
    if card.zone == "battlefield" and not g.is_flyer(card):
        adj = adjacent_cards(g, card)
        flyers = card.markers.get("flyer_strike") or (not quiet and keywords.flagged(g, card, "strikes_flyers"))
        cands = adj + ([g.cards[i] for p in (1, 2) for i in g.aux[p]] if flyers else [])
        reach = 1 if quiet else strike_range(g, card)
        if reach > 1:
            cands += [g.cards[i] for i in g.board.values() if not _among(g.cards[i], cands)]
        partner = row_end_partner(g, card)
        far = g.cards.get(g.board.get(partner or "") or "")
        if far is not None and not _among(far, cands):
            cands.append(far)
        # strike_target_ok(g, card, c, adj, lim) for each candidate, with what depends on the source alone found
        # once: it stands on the battlefield and is no flyer
        aux_ok = bool(flyers) and (card.markers.get("flyer_strike", 0) > 0 or (
            not quiet and keywords.flagged(g, card, "strikes_flyers")))  # aux cards come with flyers
        unlimited = not lim[1] and not lim[3] and REACH.get("simple_strike") != "ranged"  # _forced_ok holds
        out = []
        for c in cands:
            if c is card or c.id in done or not g.in_play(c) or not _attackable(g, c):
                continue
            if c.zone == "aux":
                ok = aux_ok and g.is_flyer(c)
            else:
                ok = _among(c, adj) or (c.zone == "battlefield" and distance(card.cell, c.cell) <= reach) or (
                    g.is_creature(c) and c.cell == partner)
            if ok and (unlimited or _forced_ok(g, card, c, "simple_strike", lim)):
                out.append(c.id)
        return out
    if card.zone == "aux" and g.is_flyer(card):  # strike_target_ok's first case: a flyer strikes any card [211.5]
        return [c.id for c in g.play_cards() if c is not card and c.id not in done and g.in_play(c)
                and _attackable(g, c) and _forced_ok(g, card, c, "simple_strike", lim)]
    return [c.id for c in g.play_cards() if c.id not in done and strike_target_ok(g, card, c, None, lim)]


def attack_target_ok(g: GameState, src: Card, a: dict, tgt: Card, limits: tuple | None = None) -> bool:
    """Is ``tgt`` a legal target of attack ability ``a`` of ``src`` (02-battle.md §6 table)? ``limits``: the
    source's :func:`_source_limits` for the ability's kind when the caller has them already."""
    return AttackCheck(g, src, a, limits).ok(tgt)


def attack_reaches(g: GameState, src: Card, a: dict, tgt: Card) -> bool:
    """Does attack ability ``a`` of ``src`` reach ``tgt`` from where they stand (02-battle.md §6 table: melee
    adjacent, ranged within its range plus range bonuses [g-11], across a row [g-53])? A ranged attack reaches the aux
    zone at any range [SEED S2], and one made from the aux zone has no range at all (a card there cannot have
    Range X [g-11]). Position only: the one reach rule for open and face-down targets alike [415.3]."""
    return AttackCheck(g, src, a).reaches(tgt)


class AttackCheck:
    """The checks of :func:`attack_target_ok` (:meth:`ok`) and :func:`attack_reaches` (:meth:`reaches`) for one
    attack ability ``a`` of ``src``, with what depends on the source and the ability alone read once (its kind,
    reach, range, target spec; its adjacent cards and range bonus when first needed), so that a listing checks
    every card in play against it cheaply. The state must not change while one is used. ``limits``: the source's
    :func:`_source_limits` for the ability's kind when the caller has them already."""

    def __init__(self, g: GameState, src: Card, a: dict, limits: tuple | None = None) -> None:
        self.g = g
        self.src = src
        self.kind: Any = a.get("kw")
        self.mode: Any = REACH.get(self.kind)
        self.rng: Any = a.get("range")
        spec = a.get("target")
        self.has_spec = isinstance(spec, dict)
        self.creature_only = False
        self.side: Any = "any"
        self.filters: Any = None
        if isinstance(spec, dict):
            self.creature_only = spec.get("choose") == "creature"
            self.side = spec.get("side", "any")
            self.filters = spec.get("filter")
        self.limits = limits
        self._adjacent: list | None = None
        self._bonus: int | None = None
        self._taunts: dict | None = None

    def ok(self, tgt: Card) -> bool:
        """Is ``tgt`` a legal target of the attack now (:func:`attack_target_ok`)?"""
        g, src = self.g, self.src
        if tgt is src or not g.in_play(tgt) or not _attackable(g, tgt):
            return False
        if self.has_spec:
            if self.creature_only and not g.is_creature(tgt):
                return False
            side = self.side
            if side == "enemy" and tgt.controller == src.controller or side == "friendly" and \
                    tgt.controller != src.controller:
                return False
            if not tg.match(g, src, tgt, self.filters):
                return False
        if not self.forced_ok(tgt):
            return False
        return self.reaches(tgt)

    def forced_ok(self, tgt: Card) -> bool:
        """:func:`_forced_ok` for the attack at ``tgt``; read here when the source is no flyer and has no target
        limits (then only ``cannot_attack`` and the ranged taunts count)."""
        lim = self.limits
        if lim is None or lim[1] or lim[3]:
            return _forced_ok(self.g, self.src, tgt, self.kind, lim)
        if lim[0]:
            return False
        if self.mode == "ranged":
            rtaunts = self.ranged_taunts()
            if rtaunts and tgt.id not in rtaunts and not lim[2]:
                return False
        return True

    def ranged_taunts(self) -> dict:
        """:func:`ranged_taunts` against the source's side for the attack's kind, read once."""
        if self._taunts is None:
            self._taunts = ranged_taunts(self.g, self.src.controller, self.kind)
        return self._taunts

    def adjacent(self) -> list:
        """The source's adjacent cards (:func:`engine.rules.adjacency.adjacent_cards`), read once."""
        if self._adjacent is None:
            self._adjacent = adjacent_cards(self.g, self.src)
        return self._adjacent

    def reaches(self, tgt: Card) -> bool:
        """Does the attack reach ``tgt`` from where they stand (:func:`attack_reaches`)?"""
        src, mode = self.src, self.mode
        if mode == "melee":
            if src.zone != "battlefield":
                return False  # a flyer's magic/special strike has no legal target (§6)
            return _among(tgt, self.adjacent())
        if mode == "ranged":
            if tgt.zone == "aux":
                return True  # the aux zone is reached at any range [SEED S2]
            rng = self.rng
            if src.zone == "aux":  # a card in the aux zone has no Range X [g-11; 01 §5.7, 03 §3.2]: any range
                return rng != "adjacent"
            if src.zone != "battlefield" or tgt.zone != "battlefield":
                return False
            if isinstance(rng, int):
                if self.ranged_taunts().get(tgt.id):
                    return True  # "whatever the range" (ranged_taunt with ignores_range)
                if self._bonus is None:
                    self._bonus = keywords.range_bonus(self.g, src, self.kind)
                return distance(src.cell, tgt.cell) <= rng + self._bonus
            if rng == "adjacent":
                return _among(tgt, self.adjacent())
            return True
        if mode == "row":
            if src.zone != "battlefield" or tgt.zone != "battlefield":
                return False
            return row_line_ok(self.g, src, tgt.cell)
        return False


def row_line_ok(g: GameState, src, cell: str) -> bool:
    """Strike across a row (удар через ряд) [g-53]: ``cell`` is two cells from the source on its column or row, and
    every card on the cell between (a host and its attachments) is the source's controller's. A symbiote is struck
    on its host's cell (docs/rules-decisions.md)."""
    mid = between_in_line(src.cell, cell)
    if mid is None:
        return False
    host = g.board.get(mid)
    if host is None:
        return True
    on_mid = [g.cards[host]] + [c for c in g.cards.values() if c.attached_to == host and c.zone == "battlefield"]
    return all(c.controller == src.controller for c in on_mid)


def attack_targets(g: GameState, card: Card, a: dict) -> list[str]:
    """Legal targets of an attack ability of ``card`` (shot, discharge, throw, magic/special strike, row strike)."""
    if not g.in_play(card):
        return []
    kw = a.get("kw")
    lim = _source_limits(g, card, kw)
    mode = REACH.get(kw)
    cands = g.play_cards()
    if mode == "melee" or mode == "row":  # what :func:`attack_reaches` needs first, found once
        if card.zone != "battlefield":
            return []
        if mode == "melee":
            adj = adjacent_cards(g, card)
            cands = [c for c in cands if _among(c, adj)]
        else:
            line = two_in_line(card.cell or "")  # between_in_line(card.cell, c.cell) is not None
            cands = [c for c in cands if c.zone == "battlefield" and c.cell in line]
    elif mode != "ranged":
        return []  # no reach at all
    check = AttackCheck(g, card, a, lim)
    return [c.id for c in cands if check.ok(c)]


def fights(g: GameState, tgt, src=None) -> bool:
    """An open creature that fights (an artifact is struck as a closed card) [205.5.b, 213.4]; a closed creature
    with the named effect ``answers_when_closed`` fights as if open (Властелин хаоса), and so does one under an
    order of ``src``'s side (:func:`ordered_open`, Матриарх племени; both engine/effects/customs/)."""
    return g.is_creature(tgt) and g.in_play(tgt) and (not tgt.closed or grants.custom_flag(g, tgt,
                                                                                         "answers_when_closed")
                                                      or ordered_open(g, tgt, src))


def ordered_open(g: GameState, tgt, src) -> bool:
    """``tgt`` carries the acquired state ``_fights_open`` granted by ``src``'s controller ('matriarch's order',
    engine/effects/customs/matriarch_order.py): that side's creatures next to it fight it as if it were open and do
    not close for striking it."""
    if src is None or tgt is None:
        return False
    return any(a.get("kw") == "_fights_open" and (a.get("_until") or {}).get("player") == src.controller
               and src in adjacent_cards(g, tgt) for a in tgt.acquired)


def forced_targets(g: GameState, card: Card) -> list[str]:
    """The simple-strike targets ``card`` is obliged to attack now, [] when none: the ``forces_strikes`` hooks of
    its keyword abilities (printed or acquired), asked in its controller's turn (03 §5 force_attack [g-82])."""
    out: list[str] = []
    names = hooked_kws("forces_strikes")
    if card.controller != g.active or (not card.acquired and grants.meta(g, card).lacks(names)):
        return out  # (its printed abilities' kws are among its definition's)
    musts = [a for a in g.abilities(card) if a.get("kw") in names]
    if not musts:
        return out
    cands = strike_targets(g, card)
    for a in musts:
        for t in KEYWORDS[a["kw"]].forces_strikes(g, card, a, cands):
            if t not in out:
                out.append(t)
    return out
