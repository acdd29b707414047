"""Abilities a card has right now: printed, acquired with a duration, formation and aura grants, conditions.

03-abilities.md §1.4 [406] (static abilities apply while their condition holds), §1.5 [407] (acquired abilities),
§4 ``formation`` [g-46] (the grants exist only while in formation), §1.9 [418] (durations). ``Game.abilities``
keeps printed + acquired in a stable index order (activated abilities and triggers are named by that index);
:func:`effective` adds what formations and auras grant and drops static keywords whose ``condition`` fails: every
static-keyword hook in :mod:`engine.rules.keywords` reads it.

An acquired ability carries ``_until`` = ``{"kind", "player", "turn", "source", "cell"}`` (who granted it, in which
turn, from which card and cell) and goes away at :func:`expire`.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import CUSTOMS, KEYWORDS, STATES, carries, flag_kws, hooked_kws
from engine.cards.kinds import REACH
from engine.rules.adjacency import adjacent_cards
from engine.rules.conditions import holds
from engine.model.state import Card, GameState


class DefMeta:
    """Per-definition facts of :func:`meta`, read by attribute: ``kws`` (every kw printed, grants included),
    ``aura`` (it has a keyword with a ``grants_to`` hook), ``plain`` (no keyword that grants abilities
    (``grants_now``, ``grants_to``, ``grants_against``: formation, aura, forced attack), no conditional static
    keyword and none copying others' abilities: its effective abilities are its printed ones), ``expands`` (a
    keyword with an ``expand`` hook: it copies others' abilities, Анубисар). :meth:`lacks` keeps its answers."""

    def __init__(self, kws: frozenset, aura: bool, plain: bool, expands: bool) -> None:
        self.kws = kws
        self.aura = aura
        self.plain = plain
        self.expands = expands
        self.lacking: dict[frozenset, bool] = {}

    def lacks(self, names: frozenset) -> bool:
        """True when no kw of ``names`` is among :attr:`kws`. Kept per set of names: they are the keyword
        registry's kept sets (engine/cards/keywords.py ``hooked_kws``, ``flag_kws``, ``HookSet``), and a set made
        anew after a registration is a new key, asked afresh."""
        hit = self.lacking.get(names)
        if hit is None:
            hit = self.lacking[names] = self.kws.isdisjoint(names)
        return hit


def meta(g: GameState, card: Card) -> DefMeta:
    """The :class:`DefMeta` of the card's definition, computed once per definition key and game
    (``g._metacache``; a definition never changes in a game), kept on the card too (``Card._meta``)."""
    m = card._meta
    if m is not None:
        return m
    m = g._metacache.get(card.defkey)
    if m is None:
        m = g._metacache[card.defkey] = _meta_of(g.defn(card))
    card._meta = m
    return m


def _meta_of(d: dict) -> DefMeta:
    kwset: set = set()

    def walk(abils):
        for a in abils:
            kwset.add(a.get("kw"))
            walk(a.get("grants") or [])
    walk(d.get("abilities") or [])
    ks = [KEYWORDS[k] for k in kwset if k in KEYWORDS]
    aura = any(k.grants_to is not None for k in ks)
    plain = not aura and not any(k.grants_now is not None or k.grants_against is not None for k in ks) and \
        not any(a.get("condition") for a in d.get("abilities") or [] if a.get("kw") != "trigger")
    expands = any(k.expand is not None for k in ks)
    return DefMeta(frozenset(kwset), aura, plain and not expands, expands)


def _aura_sources(g: GameState) -> list[Card]:
    """Battlefield cards with an aura (cached until the next event: every board change emits one). A game none of
    whose cards has an aura (most games) lists none without looking at the board until it gets a new card."""
    if g._aura_seq == g.event_seq:
        return g._aura_list
    if g._aura_cards != len(g.cards) or g._aura_next != g.next_id:
        g._aura_possible = any(meta(g, c).aura for c in g.cards.values())
        g._aura_cards, g._aura_next = len(g.cards), g.next_id
    if g._aura_possible:
        cards = g.cards
        found = []
        for cid in g.board.values():  # a plain loop: a generator inside a comprehension is a generic iteration
            c = cards[cid]
            if meta(g, c).aura and not c.hidden:
                found.append(c)
        g._aura_list = found
    elif g._aura_list:
        g._aura_list = []
    g._aura_seq = g.event_seq
    return g._aura_list


def aura_kws(g: GameState) -> frozenset:
    """Every keyword an aura in play grants (to anyone); memoized in a read-only scope (engine/model/memo.py).
    Without an aura source in play (the common case, :func:`_aura_sources`) the empty set, unmemoized."""
    if not _aura_sources(g):
        return _NO_KWS
    memo = g._memo
    if memo is None:
        return _aura_kws_now(g)
    hit = memo.get("aura_kws")
    if hit is None:
        hit = memo["aura_kws"] = ((), _aura_kws_now(g))
    return hit[1]


_NO_KWS: Final[frozenset] = frozenset()


def _aura_kws_now(g: GameState) -> frozenset:
    sources = _aura_sources(g)
    if not sources:
        return _NO_KWS
    names = hooked_kws("grants_to")
    out: set = set()
    for src in sources:
        for a in g.abilities(src):
            if a.get("kw") in names:
                out.update(x.get("kw") for x in a.get("grants") or [])
    return frozenset(out)


def effective(g: GameState, card: Card, target=None) -> list[dict]:
    """Every ability ``card`` has now: printed and acquired, plus formation grants while in formation, plus aura
    grants of other cards whose ``to`` filters match it; static keywords whose ``condition`` fails are left out
    (a trigger's ``condition`` is checked when it fires). ``target``: the card it attacks, which adds what the
    ``grants_against`` hooks of its keyword abilities grant that strike (03 §5 force_attack [g-82]). Memoized in a
    read-only scope (engine/model/memo.py): callers must not change the list."""
    memo = g._memo
    if memo is None:
        return _effective(g, card, target)
    key = ("eff", id(card), id(target))
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = ((card, target), _effective(g, card, target))  # the entry keeps both cards alive
    return hit[1]


def _effective(g: GameState, card: Card, target) -> list[dict]:
    if card.hidden or (g.executing is not None and ignored(g, card)):
        return []
    if meta(g, card).plain and not card.acquired and not _aura_sources(g):
        return g.abilities(card)
    out = []
    for a in g.abilities(card):
        out.append(a)
        k = KEYWORDS.get(a.get("kw"))
        if k is None:
            continue
        if k.grants_now is not None:  # formation: its grants while in formation
            out.extend(k.grants_now(g, card, a))
        elif target is not None and k.grants_against is not None:  # a forced attack's grants for that strike
            out.extend(k.grants_against(g, card, a, target))
    if g.in_play(card):
        for src in _aura_sources(g):
            if src is card:
                continue
            for a in g.abilities(src):
                k = KEYWORDS.get(a.get("kw"))
                if k is not None and k.grants_to is not None:  # an aura covering this card
                    out.extend(k.grants_to(g, src, a, card))
    return [a for a in out if a.get("kw") == "trigger" or not a.get("condition") or holds(g, card, a["condition"])]


def ignored(g: GameState, card: Card) -> bool:
    """True while ``card`` is the target of the executing attack and that attack ignores all its abilities
    (a keyword with the named effect ``ignores_target_abilities``: the attacker has it, or the attack ability
    carries it as a ``rider``; 03 §1.5 ignoring
    [408]; engine/effects/keywords/ignores_abilities.py): it is then treated as having none."""
    ex = g.executing
    e = ex["entry"]
    if card.id != ((ex.get("data") or {}).get("target") or e.get("target")):
        return False
    src = g.cards.get(e.get("source") or "")
    if src is None or src is card or e.get("kind") not in ("attack", "ability"):
        return False
    if e.get("kind") == "ability":
        abil = g.abilities(src)
        a = abil[e["ability"]] if isinstance(e.get("ability"), int) and e["ability"] < len(abil) else {}
        if a.get("kw") not in REACH:
            return False
        if carries(a.get("rider") or [], "ignores_target_abilities"):
            return True
    return bool(flag_kws("ignores_target_abilities") & meta(g, src).kws) or \
        carries(src.acquired, "ignores_target_abilities")


def lacks_all(g: GameState, card: Card, names: frozenset) -> bool:
    """True when ``card`` can have now no ability of a kw in ``names``: :func:`possible_kws` is disjoint from them
    (False for a card that copies others' abilities). For a card with only its printed abilities and no aura in
    play the answer is its definition's :meth:`DefMeta.lacks`."""
    m = meta(g, card)
    if m.expands:
        return False
    if not card.acquired and not _aura_sources(g):
        return m.lacks(names)
    may = possible_kws(g, card)
    return may is not None and may.isdisjoint(names)


def possible_kws(g: GameState, card: Card) -> frozenset | None:
    """The kws of which ``card`` may have abilities now: its printed ones (their grants included), its acquired
    ones and every kw an aura in play grants; None when it copies others' abilities (any kw). For a kw outside
    it :func:`kws` is empty, so a caller may skip asking (the set is not narrowed by conditions or targets)."""
    m = meta(g, card)
    if m.expands:
        return None
    if not card.acquired and not _aura_sources(g):
        return m.kws
    aura = aura_kws(g)
    if not card.acquired and not aura:
        return m.kws
    return m.kws.union(aura, [a.get("kw") for a in card.acquired])


def kws(g: GameState, card: Card, kw: str, target=None) -> list[dict]:
    """The abilities with this ``kw`` that ``card`` has now (see :func:`effective`); a new list. Memoized in a
    read-only scope (engine/model/memo.py)."""
    memo = g._memo
    if memo is None:
        return _kws(g, card, kw, target)
    key = ("kws", id(card), kw, id(target))
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = ((card, target), _kws(g, card, kw, target))  # the entry keeps both cards alive
    return list(hit[1])


def _kws(g: GameState, card: Card, kw: str, target) -> list[dict]:
    m = meta(g, card)
    if kw not in m.kws and not m.expands and not (card.acquired and any(a.get("kw") == kw
                                                                                for a in card.acquired)) and \
            kw not in aura_kws(g):
        return []
    return [a for a in effective(g, card, target) if a.get("kw") == kw]


def named_value(abilities: list[dict]) -> int:
    """The value of a numbered named keyword: the greatest copy [414.4], plus every copy granted with
    ``stacks: true`` ("+1 to the experience it has", docs/cards.md G8)."""
    plain = [a.get("n", 1) for a in abilities if not a.get("stacks")]
    return (max(plain) if plain else 0) + sum(a.get("n", 1) for a in abilities if a.get("stacks"))


def holds_now(g: GameState, card: Card, a: dict) -> bool:
    """An acquired ability lasting ``source_moves_or_leaves`` holds while its source stays in play on the cell it
    had when granting (Basilisk's gaze, docs/cards.md)."""
    spec = a.get("_until") or {}
    if spec.get("kind") == "source_adjacent":  # while its source stays in play next to it (Тварь's strangling)
        src = g.cards.get(spec.get("source") or "")
        return src is not None and g.in_play(src) and card in adjacent_cards(g, src)
    if spec.get("kind") == "source_leaves":  # "for as long as it stays on the battlefield" (Король-жрец)
        src = g.cards.get(spec.get("source") or "")
        return src is not None and g.in_play(src)
    if spec.get("kind") != "source_moves_or_leaves":
        return True
    src = g.cards.get(spec.get("source") or "")
    return src is not None and g.in_play(src) and src.cell == spec.get("cell")


def under(g: GameState, card: Card, effect: str) -> bool:
    """True when ``card`` carries an acquired state that still holds and whose keyword says it has ``effect``
    (``cannot_act``, ``cannot_move``, ``cannot_attack``, ``attacks_blocked``; :class:`engine.cards.keywords.Keyword`
    ``state``)."""
    return blocking(g, card, effect) is not None


def blocking(g: GameState, card: Card, effect: str):
    """The :class:`engine.cards.keywords.Keyword` of the first holding state of ``card`` with ``effect``, or None."""
    for a in card.acquired:
        k = STATES.get(a.get("kw"))
        if k is not None and effect in k.state_effects and holds_now(g, card, a):
            return k
    return None


def custom_flag(g: GameState, card: Card | None, flag: str) -> bool:
    """True when ``card`` has now (:func:`effective`) a static ``custom`` ability whose registered record
    (:data:`engine.cards.keywords.CUSTOMS`) carries the named effect ``flag``."""
    if card is None:
        return False
    if "custom" not in meta(g, card).kws and not card.acquired and "custom" not in aura_kws(g):
        return False  # the common case, without computing its abilities
    for a in effective(g, card):
        if a.get("kw") == "custom":
            c = CUSTOMS.get(a.get("handler"))
            if c is not None and flag in c.flags:
                return True
    return False
