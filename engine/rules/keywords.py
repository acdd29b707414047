"""Static keywords (named abilities) that modify attacks: the points where 03-abilities.md §4 acts inside combat.

Each function asks the hook of its name on the keyword records (:func:`engine.cards.keywords.hooked`) for the
abilities the card has now (:func:`engine.rules.grants.effective`: printed, acquired, formation and aura grants,
conditions) and returns a number or a flag; each keyword's rule lives in its module (``engine/effects/keywords/``).
The combat and damage code call them at the matching step of 02-battle.md §9. Restrictions (``vs``, ``by``) are
filter lists of docs/card-vocabulary.md, matched with :func:`engine.rules.targets.match` relative to the card that
has the ability. Rules cited per function."""
from __future__ import annotations

from engine.cards.keywords import HookSet, flag_holders, flag_kws, hooked, hooked_kws
from engine.cards.kinds import kinds_match
from engine.model.board import row_of
from engine.rules import grants
from engine.rules import targets as tg
from engine.model.state import Card, GameState


#: ``kws(g, card, kw, target=None)``: the card's abilities with this ``kw`` now (formation, aura and forced-attack
#: grants included): :func:`engine.rules.grants.kws` itself (no wrapper call on the hottest read).
kws = grants.kws


def vs_ok(g: GameState, card: Card, a, other) -> bool:
    """The ability ``a`` of ``card`` holds against ``other``: no ``vs`` restriction, or ``other`` matches it
    (docs/card-vocabulary.md filters, relative to ``card``)."""
    vs = a.get("vs")
    if not vs:
        return True
    return other is not None and tg.match(g, card, other, vs)


def roll_mod(g: GameState, card: Card, role: str, other=None, kind: str = "simple_strike") -> int:
    """Die-roll modifier for ``card`` in ``role``: ``attack`` (initiating a simple strike), ``defend`` (responding
    in a fight), ``single`` (the attacker's lone die in a simple strike), ``ranged`` (another attack's roll)
    against ``other`` with an attack of ``kind`` (03-abilities.md §1.12 [422]; experience, clumsiness, blessing,
    curse, die bonuses: the keywords' modules). The sum of every registered keyword's ``roll_mod`` hook, each
    given the card's copies of its keyword against ``other`` (maybe none: markers, bonuses against ``other``)."""
    m = 0
    may = grants.possible_kws(g, card)
    for k in hooked("roll_mod"):
        m += k.roll_mod(g, card, role, other, kind, kws(g, card, k.kw, other) if may is None or k.kw in may else [])
    return m


def _asked(g: GameState, card: Card, hook: str, target=None) -> list:
    """(record, copies) for each registered keyword carrying ``hook`` of which ``card`` has copies now (against
    ``target``), in registration order. Only the keywords the card may have
    (:func:`engine.rules.grants.possible_kws`) are asked for copies."""
    if grants.lacks_all(g, card, hooked_kws(hook)):
        return []
    may = grants.possible_kws(g, card)
    out = []
    for k in hooked(hook):
        if may is None or k.kw in may:
            mine = kws(g, card, k.kw, target)
            if mine:
                out.append((k, mine))
    return out


def answers_none(g: GameState, card: Card, hooks: HookSet) -> bool:
    """True when ``card`` can have now no keyword carrying any hook or flag of ``hooks``
    (:class:`engine.cards.keywords.HookSet`): then each function of this module asking one of them gives its
    default (the hook's neutral answer, a flag False), and a caller asking several may skip them all."""
    return grants.lacks_all(g, card, hooks.kws())


def strike_mod(g: GameState, card: Card, target, kind: str, level: int | None = None) -> int:
    """Strike-strength modifier of ``card``'s attack of ``kind`` at ``target`` with strength ``level``: the sum of
    the ``strike_mod`` hooks of the keywords it has against ``target`` (strike bonus, docs/cards.md G3)
    [216.8, 422]."""
    return sum(k.strike_mod(g, card, target, kind, level, mine) for k, mine in _asked(g, card, "strike_mod", target))


def range_bonus(g: GameState, card: Card, kind: str) -> int:
    """Extra range for ``card``'s attacks of ``kind``: the sum of the ``range_mod`` hooks of its keywords
    (03 §3.2 [g-11])."""
    return sum(k.range_mod(g, card, kind, mine) for k, mine in _asked(g, card, "range_mod"))


def directed(g: GameState, card: Card, target) -> bool:
    """Directed strike (НУ): no defender may be assigned [g-27] (a ``directs`` hook of a keyword ``card`` has
    against ``target``); an :func:`unanswered` strike is directed too [g-02]."""
    return any(k.directs(g, card, target, mine) for k, mine in _asked(g, card, "directs", target)) or \
        unanswered(g, card, target)


def unanswered(g: GameState, card: Card, target) -> bool:
    """Unanswered strike (безответный удар): no fight, no retaliation, no defender [g-02] (an ``unanswers`` hook of a
    keyword ``card`` has against ``target``); also the first simple strike of a side this turn under a timed effect
    ``side_unanswered`` (``g.effects``: ``player``; Рагнар's Valhalla, used up by that strike,
    engine/effects/customs/first_strike_unanswered.py)."""
    if any(e.get("kind") == "side_unanswered" and e.get("player") == card.controller for e in g.effects):
        return True
    return any(k.unanswers(g, card, target, mine) for k, mine in _asked(g, card, "unanswers", target))


def first_strike(g: GameState, card: Card) -> bool:
    """First strike (первый удар): its blow lands first in a fight (02-battle.md §4.5): a ``strikes_first`` hook of
    a keyword it has."""
    return any(k.strikes_first(g, card, mine) for k, mine in _asked(g, card, "strikes_first"))


def best_of_two(g: GameState, card: Card, role: str) -> bool:
    """Rolls twice and keeps the better die in a simple-strike fight in ``role``: a ``best_roll`` hook of a keyword
    it has (Храмовый воин, docs/cards.md)."""
    return any(k.best_roll(g, card, role, mine) for k, mine in _asked(g, card, "best_roll"))


def dodges(g: GameState, card: Card, kind: str) -> list[int] | None:
    """The die values on which ``card`` dodges an attack of ``kind`` (the first ``dodge`` hook of its keywords
    that answers), or None."""
    for k, mine in _asked(g, card, "dodge"):
        values = k.dodge(g, card, kind, mine)
        if values is not None:
            return values
    return None


def unreducible(g: GameState, attacker, kind: str) -> bool:
    """The strength of ``attacker``'s simple strike cannot be lowered by any effect (the named effect
    ``strike_unreducible``, Гидра, engine/effects/customs/): no strength cap, no reduction by n, no strength set
    lower; preventions (armour) still act on the wounds."""
    return kind == "simple_strike" and attacker is not None and grants.custom_flag(g, attacker, "strike_unreducible")


def incoming_level(g: GameState, target, kind: str, level: int | None, attacker=None) -> int | None:
    """The strength an attack of ``kind`` at ``target`` counts as: ``level`` after the ``level_cap`` hooks of the
    target's keywords (03 §5 reduce_attack_to_kind [g-91]), unless the attacker's strike is :func:`unreducible`."""
    if level is None or unreducible(g, attacker, kind):
        return level
    for k, mine in _asked(g, target, "level_cap"):
        level = k.level_cap(g, target, kind, level, mine)
    return level


def lit_extra(g: GameState, target, kind: str, source=None, poison_tick: bool = False) -> int:
    """Extra wounds for a card standing on a lit cell (timed effects ``lantern_light`` of ``g.effects``:
    ``cells``, ``card``; Бул'Багур's 'lantern light', engine/effects/customs/lantern_light.py): +1 from each light
    for a ranged attack, for its own poisoning's wounds and for the lantern card's simple strike."""
    if target.zone != "battlefield" or not target.cell:
        return 0
    n = 0
    for e in g.effects:
        if e.get("kind") == "lantern_light" and target.cell in (e.get("cells") or ()):
            if kinds_match(kind, ["ranged"]) or poison_tick or (
                    kind == "simple_strike" and source is not None and source.id == e.get("card")):
                n += 1
    return n


def protected(g: GameState, target, kind: str, level: int | None = None, source=None, amount: int | None = None) -> bool:
    """Protection from X [411]: the target receives nothing from a matching attack or effect (``kind``: an attack
    kind, ``spell``, ``poison`` or ``wound``; ``level`` its strength; ``source`` the card making it; ``amount`` its
    value when known): a registered keyword's ``protects`` hook says so for the target's copies of it
    (engine/effects/keywords/protection.py, value_protection.py)."""
    return any(k.protects(g, target, kind, level, source, amount, mine) for k, mine in _asked(g, target, "protects"))


def reduce(g: GameState, target, amount: int, kind: str, level=None, source=None) -> int:
    """The wounds ``target`` takes from an attack after the modifiers from the target (each registered keyword's
    ``wound_mod`` hook it has copies of: fewer wounds, vulnerability ...; applied before preventions [420.5, 422.4
    group 4]); none against an :func:`unreducible` strike. Never below 0."""
    if unreducible(g, source, kind):
        return max(0, amount)
    for k, mine in _asked(g, target, "wound_mod"):  # in registration order: fewer wounds, resilience ...
        amount = k.wound_mod(g, target, amount, kind, level, source, mine)
    return max(0, amount)


def capped(g: GameState, target, amount: int, kind: str, source=None) -> int:
    """The value of an attack of ``kind`` by ``source`` at ``target`` after the ``attack_cap`` hooks of the
    target's keywords («свести атаку к n», 03 §5 [g-90]: a replacement of the attack's value, before
    reductions)."""
    for k, mine in _asked(g, target, "attack_cap"):
        amount = k.attack_cap(g, target, amount, kind, source, mine)
    return amount


def row_capped(g: GameState, amount: int, kind: str, source) -> int:
    """``row_attack_cap`` in force (``g.effects`` entries of kind ``row_attack_cap``: ``player``, ``row``, ``n``,
    ``by``; engine/effects/keywords/row_attack_cap.py): an attack made by a card of the other side standing in that
    row of its own half (and matching ``by``) deals at most n (03 §5 reduce_attack_to_n [g-90])."""
    if source is None or source.zone != "battlefield" or not source.cell or not g.effects:
        return amount
    for e in g.effects:
        if e.get("kind") != "row_attack_cap" or e.get("player") == source.controller:
            continue
        if row_of(source.cell, source.controller) == e.get("row") and tg.match(
                g, g.cards.get(e.get("card") or ""), source, e.get("by"), {"controller": e.get("player")}):
            amount = min(amount, e.get("n", 1))
    return amount


def no_wounds(g: GameState, card: Card, kind: str, retaliation: bool = False) -> bool:
    """``card`` takes no wounds from an attack of ``kind`` (or from a retaliation, the responder's blow in a fight
    it started): a ``no_wounds`` hook of a keyword it has (03 §5 no_wounds_from [g-79])."""
    return any(k.no_wounds(g, card, kind, retaliation, mine) for k, mine in _asked(g, card, "no_wounds"))


def flagged(g: GameState, card: Card, flag: str) -> bool:
    """True when ``card`` has now a keyword whose record's ``flags`` name ``flag`` (a named effect of a static
    keyword, e.g. ``strikes_without_closing``: engine/effects/keywords/)."""
    if grants.lacks_all(g, card, flag_kws(flag)):
        return False
    return any(kws(g, card, k.kw) for k in flag_holders(flag))


def move_bonus(g: GameState, card: Card) -> int:
    """Extra movement allowance of ``card`` now: the sum of the ``move_mod`` hooks of its keywords (01 §3.4
    [203.1])."""
    return sum(k.move_mod(g, card, mine) for k, mine in _asked(g, card, "move_mod"))


def life_limit(g: GameState, card: Card) -> int | None:
    """The life ``card`` can never exceed: the least answer of the ``life_limit`` hooks of its keywords, or None
    (03 §5 life_max [204.3.a])."""
    cap = None
    for k, mine in _asked(g, card, "life_limit"):
        n = k.life_limit(g, card, mine)
        if n is not None and (cap is None or n < cap):
            cap = n
    return cap


def unforced(g: GameState, card: Card, kind: str) -> bool:
    """``card``'s attacks of ``kind`` ignore effects that force their target: an ``unforced`` hook of a keyword it
    has (03 §4 accuracy [g-50])."""
    return any(k.unforced(g, card, kind, mine) for k, mine in _asked(g, card, "unforced"))


def target_limits(g: GameState, card: Card, kind: str) -> list:
    """The filter lists every target of ``card``'s attacks of ``kind`` must match: the ``target_limits`` hooks of
    its keywords (01 §3.6 [205])."""
    asked = _asked(g, card, "target_limits")
    return [f for k, mine in asked for f in k.target_limits(g, card, kind, mine)] if asked else []


def draws_attacks(g: GameState, card: Card, kind: str) -> bool | None:
    """Whether the other side's attacks of ``kind`` may target only cards such as ``card`` now (03 §5 force_attack
    [g-82]): None when no ``draws_attacks`` hook of its keywords says so, else whether those attacks reach it
    whatever their range (True when one of the hooks says so)."""
    out = None
    for k, mine in _asked(g, card, "draws_attacks"):
        r = k.draws_attacks(g, card, kind, mine)
        if r is not None:
            out = bool(out) or r
    return out


def strike_reach(g: GameState, card: Card) -> int:
    """How far ``card``'s simple strike reaches: 1 (adjacent), or the greatest answer of the ``strike_reach`` hooks
    of its keywords (Chebyshev, 03 §3.2 [g-11])."""
    asked = _asked(g, card, "strike_reach")
    return max([1] + [k.strike_reach(g, card, mine) for k, mine in asked]) if asked else 1


def strikes_per_turn(g: GameState, card: Card) -> int:
    """Simple strikes ``card`` may make per turn: 1, or the greatest answer of the ``strikes_per_turn`` hooks of its
    keywords (03 §5 actions_per_turn [g-70, 219.4.a])."""
    asked = _asked(g, card, "strikes_per_turn")
    return max([1] + [k.strikes_per_turn(g, card, mine) for k, mine in asked]) if asked else 1


def distinct_targets(g: GameState, card: Card) -> bool:
    """Each of ``card``'s simple strikes this turn must be at a card it has not struck this turn: a
    ``distinct_targets`` hook of a keyword it has [g-70]."""
    return any(k.distinct_targets(g, card, mine) for k, mine in _asked(g, card, "distinct_targets"))


def varies_strike(g: GameState, card: Card) -> bool:
    """``card``'s strike strength is counted per rolled strength (a ``varies_strike`` hook of a keyword it has), so
    equal printed values are not a fixed strike and it rolls (02 §6)."""
    return any(k.varies_strike(g, card, mine) for k, mine in _asked(g, card, "varies_strike"))
