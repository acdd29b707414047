"""Targets, filters, conditions and amounts of the card vocabulary (docs/card-vocabulary.md; 03-abilities.md §3).

A ``target`` is a name (``self``, ``attacker``, ``attacked``, ``opposite``, ``event_card``, ``each_*``) resolved
when the entry executes, or ``{"choose": "card"|"creature", "side", "filter"?, "count"?}`` named at declaration.
Chosen targets are cards in the play zone only [SEED S2] (Resurrection names the graveyard itself).
"""
from __future__ import annotations

from engine.model.board import cell_at, in_front, neighbours, orthogonal, row_of, xy
from engine.model.history import attack_wounds, steps, struck
from engine.model.history import wounds as wounds_this_turn
from engine.rules.adjacency import adjacent_cards


def is_choice(spec) -> bool:
    """True when the target is chosen by the controller at declaration."""
    return isinstance(spec, dict) and "choose" in spec


def _adjacent(g, a, b) -> bool:
    return b in adjacent_cards(g, a)


def match(g, source, card, filters, ctx: dict | None = None) -> bool:
    """Does ``card`` pass every filter of ``filters`` (a list of ``{"f": ...}``), seen from ``source``?"""
    for f in filters or []:
        if not _one(g, source, card, f, ctx or {}):
            return False
    return True


def _one(g, source, card, f, ctx) -> bool:
    name = f.get("f")
    d = g.defn(card)
    ctrl = source.controller if source is not None else ctx.get("controller")
    if name == "element":
        return d.get("element") in f.get("in", [])
    if name == "open":
        return not card.closed
    if name == "closed":
        return card.closed
    if name == "enemy":
        return card.controller != ctrl
    if name == "friendly":
        return card.controller == ctrl
    if name == "other":
        return source is None or card.id != source.id
    if name == "unhurt_by_attacks_this_turn":  # no wound from an attack this turn (engine/model/history.py)
        return attack_wounds(g, card) == 0
    if name == "beside_attacked":  # (a "strikes" trigger's target) next to the card its attack struck
        hit = g.cards.get(ctx.get("attacked") or "")
        return hit is not None and card is not hit and g.in_play(hit) and card in adjacent_cards(g, hit)
    if name == "flyer":  # a flying creature now [211]
        return g.is_flyer(card)
    if name == "move_at_least":  # printed movement (a flyer has none)
        return (d.get("move") or 0) >= f["n"]
    if name == "self":
        return source is not None and card.id == source.id
    if name == "creature":
        return g.is_creature(card)
    if name == "has_class":
        return any(x in (d.get("classes") or []) for x in f.get("in", []))
    if name == "formation_with_source":  # in formation with this card (Гномий король)
        return source is not None and card in formation_chain(g, source)
    if name == "is_self":
        return source is not None and card.id == source.id
    if name == "has_marker":  # a marker put by ``mark`` (01 §6.1 [200.6])
        return card.markers.get(f["marker"], 0) > 0
    if name == "not_flyer":  # printed so, or flying by an acquired flight [g-38]
        return not d.get("flyer") and not any(a.get("kw") == "flight" for a in card.acquired)
    if name == "elite":
        return bool(d.get("elite")) == bool(f.get("value"))
    if name == "cost_at_most":
        return (d.get("cost") or 0) <= f["n"]
    if name == "cost_at_least":
        return (d.get("cost") or 0) >= f["n"]
    if name == "has_ability":
        kws = set(f.get("kw") or [])
        return any(a.get("kw") in kws or ("spell" in kws and a.get("kind") == "spell") for a in g.abilities(card))
    if name == "is_defender":  # the defender of the simple strike executing now [205.3]
        d = ctx.get("defender")
        if d is None and g.executing is not None:
            d = (g.executing.get("data") or {}).get("defender")
        return d is not None and d == card.id
    if name == "opposite":
        return source is not None and source.cell and card.cell == in_front(source.cell, source.controller) \
            and card.zone == "battlefield"
    if name == "adjacent":
        return source is not None and _adjacent(g, source, card)
    if name == "corporeal":
        return not any(a.get("kw") == "incorporeal" for a in g.abilities(card))
    if name == "ally_of_event_card":
        ev = g.cards.get(ctx.get("event_card") or "")
        return ev is not None and card.controller == ev.controller
    if name == "in_row":
        return card.zone == "battlefield" and card.cell and row_of(card.cell, card.controller) in f.get("rows", [])
    if name in ("beside_source", "no_friend_beside"):
        return _beside(g, source, card, f)
    if name == "unwounded":
        return card.wounds == 0
    if name == "not_moved_this_turn":  # own movement spent this turn [203.4]; the other side cannot move now
        return card.controller != g.active or not card.markers.get("movement")
    if name == "beside_event_card":  # next to the triggering event's card
        ev = g.cards.get(ctx.get("event_card") or "")
        return ev is not None and card is not ev and g.in_play(ev) and card in adjacent_cards(g, ev)
    if name == "orth_beside_event_cell":
        return card.zone == "battlefield" and bool(ctx.get("event_cell")) and card.cell in orthogonal(ctx["event_cell"])
    if name == "beside_left_cell":  # next to the cell the triggering card just left (a relocation's ``cell_left``)
        return card.zone == "battlefield" and bool(ctx.get("event_cell")) and card.cell in neighbours(ctx["event_cell"])
    if name == "beside_event_cell":  # next to the cell where the triggering event happened (a death's cell)
        return card.zone == "battlefield" and bool(ctx.get("event_cell")) and card.cell in neighbours(ctx["event_cell"])
    if name in ("beside_chosen", "weak_as_chosen"):  # relative to the card named at declaration
        ch = g.cards.get(ctx.get("chosen") or "")
        if ch is None or card is ch:
            return False
        if name == "beside_chosen":
            return card in adjacent_cards(g, ch)
        return (d.get("strike") or [0])[0] == (g.defn(ch).get("strike") or [0])[0]
    if name == "poisoned":
        return bool(card.markers.get("poison"))
    if name == "same_column":
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and bool(source.cell) and bool(card.cell) and source.cell[0] == card.cell[0]
    if name == "row_matches_source":  # its row number (from its side) equals this card's (from this card's side)
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and bool(card.cell) and row_of(card.cell, card.controller) == row_of(source.cell, source.controller)
    if name == "cost_of_revealed":  # costs what the first card a prophecy revealed costs
        rev = g.cards.get((ctx.get("revealed") or [""])[0])
        return rev is not None and (d.get("cost") or 0) == (g.defn(rev).get("cost") or 0)
    if name == "formation_partner":  # stands in formation with this card [g-46]: a friendly Formation creature
        return source is not None and source.zone == "battlefield" and card.zone == "battlefield" \
            and card is not source and card.controller == source.controller and g.is_creature(card) \
            and not card.attached_to and not d.get("flyer") and not card.hidden and card.cell in orthogonal(source.cell) \
            and any(a.get("kw") == "formation" for a in g.abilities(card)) \
            and any(a.get("kw") == "formation" for a in g.abilities(source))
    if name == "weak_strike_at_least":  # its printed weak strike (Демон зависти)
        return (d.get("strike") or [0])[0] >= f["n"]
    if name == "any":
        return any(_one(g, source, card, x, ctx) for x in f.get("of", []))
    if name == "not":
        return not match(g, source, card, f.get("of", []), ctx)
    return False


def formation_chain(g, card) -> list:
    """The other creatures in formation with ``card`` [g-46]: friendly ground creatures on the battlefield that have
    Formation, linked to it through orthogonally adjacent Formation creatures (a chain); sorted by id. A card
    without Formation is in no formation, and a creature without Formation is in none (03 §4 formation: "another
    friendly creature that also has Formation")."""
    def ok(c):
        return c.zone == "battlefield" and not c.attached_to and g.is_creature(c) and not g.is_flyer(c) \
            and not c.hidden and c.controller == card.controller

    def has(c):
        return any(a.get("kw") == "formation" for a in g.abilities(c))
    if not ok(card) or not has(card):
        return []
    seen, todo = {card.id}, [card]
    while todo:
        c = todo.pop()
        for n in orthogonal(c.cell):
            o = g.cards.get(g.board.get(n) or "")
            if o is not None and o.id not in seen and ok(o) and has(o):
                seen.add(o.id)
                todo.append(o)
    return [g.cards[i] for i in sorted(seen - {card.id})]


def _beside(g, source, card, f) -> bool:
    if card.zone != "battlefield" or not card.cell:
        return False
    if f["f"] == "beside_source":
        if source is None or source.zone != "battlefield":
            return False
        (sc, sr), (cc, cr) = xy(source.cell), xy(card.cell)
        return sr == cr and abs(sc - cc) == 1
    c, r = xy(card.cell)
    for dc in (-1, 1):
        n = cell_at(c + dc, r)
        other = g.cards.get(g.board.get(n)) if n else None
        if other is not None and other.controller == card.controller and g.is_creature(other):
            return False
    return True


def chosen_candidates(g, source, spec: dict, ctx: dict | None = None) -> list:
    """Cards in the play zone that a ``{"choose": ...}`` target may name, seen from ``source`` (03 §3.1)."""
    out = []
    ctrl = source.controller
    for c in g.play_cards():
        if c.hidden:
            continue
        if spec.get("choose") == "creature" and not g.is_creature(c):
            continue
        side = spec.get("side", "any")
        if side == "enemy" and c.controller == ctrl or side == "friendly" and c.controller != ctrl:
            continue
        if match(g, source, c, spec.get("filter"), ctx):
            out.append(c)
    return out


def resolve(g, entry: dict, source, spec, ctx: dict | None = None) -> list:
    """The cards an effect acts on when ``entry`` executes (only cards in the play zone) [SEED S2]."""
    ctx = ctx or {}
    point = entry.get("point") or {}
    ctrl = entry["controller"]
    if spec in (None, "self"):
        return [source] if source is not None and g.in_play(source) else []
    if is_choice(spec) or spec == "same_target":  # the card(s) another effect of this entry named
        ids = entry.get("targets") or ([entry["target"]] if entry.get("target") else [])
        return [g.cards[i] for i in ids if i in g.cards and g.in_play(i)]
    if spec == "each_enemy_creature":
        return [c for c in g.play_cards() if c.controller != ctrl and g.is_creature(c)]
    if spec == "each_friendly_creature":
        return [c for c in g.play_cards() if c.controller == ctrl and g.is_creature(c)]
    if isinstance(spec, dict) and "each" in spec:  # every card in play matching side and filters
        return [c for c in g.play_cards() if not c.hidden and (spec["each"] == "card" or g.is_creature(c))
                and _side_ok(c, ctrl, spec.get("side", "any"))
                and match(g, source, c, spec.get("filter"), dict(ctx, controller=ctrl, chosen=entry.get("target"),
                                                                 event_cell=point.get("cell")))]
    if spec == "each_adjacent_enemy_creature":
        return [c for c in adjacent_cards(g, source) if c.controller != ctrl and g.is_creature(c)] \
            if source is not None and g.in_play(source) else []
    if point.get("type") == "strikes":  # its own attack: it is the attacker, the struck card the attacked
        ref = {"attacker": point.get("card"), "attacked": point.get("target"),
               "event_card": point.get("target")}.get(spec)
    else:
        ref = {"defended": point.get("target"),
               "attacker": point.get("by") or ctx.get("attacker"),
               "attacked": point.get("card") or ctx.get("attacked"),
               "event_card": point.get("card") or ctx.get("event_card")}.get(spec)
    if spec == "opposite" and source is not None and source.zone == "battlefield":
        ref = g.board.get(in_front(source.cell, source.controller) or "")
    c = g.cards.get(ref or "")
    return [c] if c is not None and g.in_play(c) else []


def _side_ok(card, ctrl, side: str) -> bool:
    return side == "any" or (card.controller == ctrl) == (side == "friendly")


def amount(g, spec, entry: dict, source, target=None, level: int | None = None) -> int:
    """The value of an ``amount`` (int or ``{"per", "times", "plus", "max", "filter"?}``) for this entry; ``level``
    is the strength result (0 weak .. 2 strong) when a strike modifier asks."""
    if isinstance(spec, int):
        return spec
    if not isinstance(spec, dict):
        return 0
    per = spec.get("per")
    point = entry.get("point") or {}
    if per == "tokens_paid":
        base = entry.get("paid_tokens") or 0
    elif per == "tokens_at_declaration":
        base = entry.get("tokens_at_declaration") or 0
    elif per == "wounds_on_self":
        base = source.wounds if source is not None else 0
    elif per == "behind_attacked_weak":  # the weak strike of the card behind the attacked one, on its side (Тич)
        hit = g.cards.get(point.get("target") or "")
        behind = None
        if hit is not None and hit.zone == "battlefield" and hit.cell:
            (c, r) = xy(hit.cell)
            cell = cell_at(c, r + (-1 if hit.controller == 1 else 1))
            behind = g.cards.get(g.board.get(cell or "") or "")
        base = (g.defn(behind).get("strike") or [0])[0] if behind is not None else 0
    elif per == "own_strike_same_level":  # (an attack's bonus) its own printed simple strike of that strength
        base = (g.defn(source).get("strike") or [0, 0, 0])[level or 0] if source is not None else 0
    elif per == "event_heal":  # the heal a heal replacement replaced (Вожак сатиров)
        base = point.get("n", 0)
    elif per == "event_wounds":
        base = point.get("n", 0)
    elif per == "opposite_strike_medium":
        opp = g.board.get(in_front(source.cell, source.controller) or "") if source and source.cell else None
        base = (g.defn(g.cards[opp]).get("strike") or [0, 0, 0])[1] if opp else 0
    elif per == "friendly_creatures":  # creatures of this card's controller in play matching ``filter``
        base = sum(1 for c in g.play_cards() if source is not None and c.controller == source.controller
                   and g.is_creature(c) and not c.hidden and match(g, source, c, spec.get("filter")))
    elif per == "beside_weak_sum":  # weak strike values of its own creatures directly left and right of it
        base = sum((g.defn(c).get("strike") or [0])[0] for c in g.play_cards()
                   if source is not None and c.controller == source.controller and g.is_creature(c)
                   and match(g, source, c, [{"f": "beside_source", "dirs": ["left", "right"]}]))
    elif per == "target_strike_same_level":  # the target's printed strike of the same strength, unmodified
        base = (g.defn(target).get("strike") or [0, 0, 0])[level or 0] if target is not None else 0
    elif per == "target_stayed":  # 1 when the target spent no movement in its controller's current/last turn
        base = 0 if target is None or target.markers.get("movement") else 1
    elif per == "target_poison":
        base = target.markers.get("poison", 0) if target is not None else 0
    elif per == "event_poison":  # the Poisoning the event's (dead) creature had
        base = point.get("poison", 0)
    elif per == "wounds_this_turn":  # wounds the target received during the current turn (Хронос)
        base = wounds_this_turn(g, target) if target is not None else 0
    elif per == "steps_this_turn":  # cells this card moved this turn (its own steps, Килсус)
        base = len(steps(g, source)) if source is not None else 0
    elif per == "friendly_above_starting_life":  # its controller's cards whose current life exceeds their printed life
        base = sum(1 for c in g.play_cards() if source is not None and c.controller == source.controller
                   and not c.hidden and g.life(c) - c.wounds > (g.defn(c).get("life") or 0))
    elif per in ("revealed_cost", "revealed_name_in_play"):  # the first card the executing prophecy revealed
        rev = g.cards.get((entry.get("revealed") or [""])[0])
        if rev is None:
            base = 0
        elif per == "revealed_cost":
            base = g.defn(rev).get("cost") or 0
        else:
            name = g.defn(rev).get("name_ru")
            base = int(any(g.defn(c).get("name_ru") == name for c in g.play_cards() if not c.hidden))
    elif per == "struck_or_adjacent_enemies":  # cards struck this turn + adjacent enemies not yet struck (Гидра)
        done = struck(g, source) if source is not None else []
        near = [c.id for c in adjacent_cards(g, source) if c.controller != source.controller and g.is_creature(c)
                and c.id not in done] if source is not None and source.zone == "battlefield" else []
        base = len(set(done)) + len(near)
    elif per == "tokens_on_self":  # tokens on it now (a static bonus: Камнедрев)
        base = source.tokens if source is not None else 0
    elif per == "x_declared":
        base = entry.get("x") or 0
    elif per == "target_current_life":  # life + additional life - wounds [204.6]
        base = g.life(target) - target.wounds if target is not None else 0
    elif per == "poisoned_adjacent_to_target":
        base = sum(1 for c in adjacent_cards(g, target) if c.markers.get("poison")) if target is not None else 0
    else:
        base = 0
    v = base * spec.get("times", 1) + spec.get("plus", 0)
    if spec.get("half"):
        v //= 2
    if spec.get("max") is not None:
        v = min(v, spec["max"])
    return max(0, v)
