"""Face-down (hidden, закрытые рубашкой) cards on the battlefield: reveal, aliases, targeting [306.2.a, 415, 211.2.a].

A card placed in deployment is face down until the reveal step; the second player may keep cards of their 3rd row
face down until the end of the first player's first turn (:mod:`engine.prelim`). While a card is hidden from a
viewer (face down and controlled by another player) that viewer knows it only by its alias ``"x-<cell>"``
(:mod:`engine.view`), in views *and* in legal actions; :func:`dealias` maps an alias in an action back to the card
(docs/rules-decisions.md, "Hidden cards"). A hidden card is revealed (a base effect, no queue) when it becomes a
target, declares, or has a trigger [415.2]: :func:`reveal_involved` runs in the flow before anyone is asked.
A hidden card is a legal target for anything its position allows; conditions about it are treated as met [415.3]
(:func:`relaxed_match`); if the action is illegal once it is revealed, the entry does nothing (RULES.md Q7, 415.4).
"""
from __future__ import annotations

ALIAS_PREFIX = "x-"
#: Target filters that read only public information (position, controller, identity of the source).
PUBLIC_FILTERS = frozenset({"enemy", "friendly", "other", "adjacent", "opposite", "in_row", "beside_source",
                            "no_friend_beside"})
_ID_FIELDS = ("source", "target")
_ID_LISTS = ("targets", "items")


def hidden_from(card, viewer) -> bool:
    """True when ``viewer`` (1, 2 or None) may not see the card's identity: face down and not theirs [415]."""
    return card.hidden and viewer != card.controller


def alias(card) -> str:
    """The public alias of a face-down card: ``"x-<cell>"`` (its cell is public) [305, 415]."""
    return f"{ALIAS_PREFIX}{card.cell}"


def reveal(g, card, why: str) -> None:
    """Turn a face-down card face up (base effect [415.2]); a flyer or terrain then goes to its controller's aux
    zone at once [211.2.a, 306.3]."""
    if not card.hidden:
        return
    card.hidden = False
    g.emit("revealed", card=card.id, defkey=card.defkey, why=why)
    if card.zone == "battlefield" and not card.attached_to and goes_to_aux(g, card):
        to_aux(g, card)


def goes_to_aux(g, card) -> bool:
    """Flyers and terrains live in the aux zone [211.2, 212.4, 306.3]."""
    d = g.defn(card)
    return bool(d.get("flyer")) or d.get("kind") == "terrain"


def to_aux(g, card) -> None:
    """Move a battlefield card to its controller's aux zone (a base effect, not a relocation) [306.3]."""
    if card.cell and g.board.get(card.cell) == card.id:
        del g.board[card.cell]
    card.zone = "aux"
    card.cell = None
    g.aux[card.controller].append(card.id)
    g.emit("to_aux", card=card.id, player=card.controller)


def any_hidden(g) -> bool:
    """True while some battlefield card is face down."""
    return any(g.cards[cid].hidden for cid in g.board.values())


def reveal_involved(g) -> None:
    """Reveal every face-down card that is the source or a target of a queue entry, of the executing entry, a
    defender, or the source of a pending trigger [415.2]."""
    if not any_hidden(g):
        return
    ids = []
    entries = list(g.queue)
    if g.executing is not None:
        entries.append(g.executing["entry"])
        data = g.executing.get("data") or {}
        ids += [data.get("target"), data.get("defender")]
    for e in entries:
        ids += [e.get("source"), e.get("target")] + list(e.get("targets") or [])
    for p in (1, 2):
        ids += [t["source"] for t in g.pending[p]]
    for cid in ids:
        c = g.cards.get(cid) if isinstance(cid, str) else None
        if c is not None and c.hidden:
            reveal(g, c, "involved")


def dealias(g, viewer: int, action):
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


def mask(g, viewer: int, actions: list[dict]) -> list[dict]:
    """Legal actions as ``viewer`` must see them: ids of cards hidden from them replaced by aliases."""
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


def relaxed_match(g, source, card, spec: dict) -> bool:
    """[415.3] A face-down card as a chosen target: only public conditions are checked (side, position); every
    condition about the card's own properties is treated as met."""
    from . import targets as tg
    side = spec.get("side", "any")
    if side == "enemy" and card.controller == source.controller or side == "friendly" and \
            card.controller != source.controller:
        return False
    for f in spec.get("filter") or []:
        if f.get("f") in PUBLIC_FILTERS and not tg.match(g, source, card, [f]):
            return False
    return True


def hidden_strike_targets(g, src) -> list[str]:
    """Face-down cards ``src`` may simple-strike: any when ``src`` is a flyer in the aux zone [211.5], else the
    adjacent ones [207.7]; whatever they are (terrain, flyer, ...) they count as legal until revealed [415.3]."""
    from .combat import adjacent_cards
    if not any_hidden(g) or src.closed or not g.in_play(src) or not g.is_creature(src):
        return []
    if not any(g.defn(src).get("strike") or [0]):
        return []
    if src.zone == "aux" and g.is_flyer(src):
        cands = [g.cards[i] for i in g.board.values()]
    elif src.zone == "battlefield":
        cands = adjacent_cards(g, src)  # a symbiote's: those of its host [210.9]
    else:
        cands = []
    return [c.id for c in cands if c.hidden and c is not src and c.controller != src.controller]


def hidden_attack_ok(g, src, a: dict, tgt) -> bool:
    """[415.3] Can attack ability ``a`` of ``src`` target the face-down ``tgt``? Position, range and side only."""
    from . import abilities as ab
    from .board import distance
    from .combat import adjacent_cards
    spec = a.get("target")
    if isinstance(spec, dict) and not relaxed_match(g, src, tgt, spec):
        return False
    mode = ab.ATTACK_KW.get(a.get("kw"))
    if mode == "melee":
        return src.zone == "battlefield" and tgt in adjacent_cards(g, src)
    if mode == "ranged":
        rng = a.get("range")
        if src.zone != "battlefield":
            return rng in (None, "any")
        if isinstance(rng, int):
            return distance(src.cell, tgt.cell) <= rng
        if rng == "adjacent":
            return tgt in adjacent_cards(g, src)
        return True
    if mode == "row":
        from .combat import row_line_ok
        return src.zone == "battlefield" and row_line_ok(g, src, tgt.cell)
    return False
