"""Executing attack abilities (shot/выстрел, discharge/разряд, throw/метание, magic strike, special strike, strike
across a row): one die picks the strength, no defender, no retaliation (02-battle.md §6, RULES.md Q7).
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import KEYWORDS, Keyword, carries
from engine.cards.kinds import LEVELS, REACH, Reach
from engine.cards.vocab import ACTIVATED_FIELDS, ATTACK_FIELDS, parse_cost as vocab_parse_cost
from engine.cards.words import KIND
from engine.effects.registry import apply_effects
from engine.model.enums import Event
from engine.ops import acquire
from engine.ops import damage
from engine.ops import trigger_points
from engine.rules import grants
from engine.rules import keywords
from engine.rules import targets as tg
from engine.rules.amounts import x_is
from engine.rules.combat import attack_target_ok
from engine.rules.strike_table import single_level
from engine.model.state import GameState


# ---------------------------------------------------------------------- single-roll attacks
#: Counters whose value depends on the attack's strength: an attack with such a ``bonus`` rolls its die.
LEVEL_COUNTERS: Final = ("own_strike_same_level",)


def rolls_die(a: dict) -> bool:
    """An attack ability rolls one die only when its weak/medium/strong values differ (02-battle.md §6), or when
    its ``bonus`` depends on the strength (Дверг's granted magic strike: its holder's simple strike + 1)."""
    bonus = a.get("bonus")
    return len(set(a.get("strike") or [0, 0, 0])) > 1 or (isinstance(bonus, dict) and bonus.get("per") in
                                                          LEVEL_COUNTERS)


def attack_amount(g: GameState, src, a: dict, entry: dict, tgt, die: int | None = None) -> tuple[int, int | None]:
    """(strength, level) of an attack ability: its ``strike`` [w, m, s] plus ``bonus`` (an amount, e.g. per token
    paid) plus strike modifiers; equal values roll no die, otherwise one die (``die`` when already rolled, possibly
    changed in the roll window) plus roll modifiers, clamped, picks the value (02-battle.md §6, §9 step 7). The
    target's ``incoming_strike_reduced`` caps the level (03 §5 [g-91])."""
    kind = a.get("kw")
    vals = a.get("strike") or [0, 0, 0]
    level: int | None
    if not rolls_die(a):
        level = 0
    else:
        if die is None:
            die = g.roll(src.controller, src.id, kind)
        level = single_level(die + keywords.roll_mod(g, src, "ranged", tgt, kind))
    level = keywords.incoming_level(g, tgt, kind, level)
    bonus = tg.amount(g, a.get("bonus", 0), entry, src, tgt, level)
    return max(0, vals[level] + bonus + keywords.strike_mod(g, src, tgt, kind, level)), level


def blocked_by_state(g: GameState, tgt) -> bool:
    """An attack on a card under a state that blocks attacks (the net of Паук-пересмешник, card text) is blocked
    and the state goes away (:class:`engine.cards.keywords.Keyword` ``state_effects``)."""
    k = grants.blocking(g, tgt, "attacks_blocked") if tgt is not None else None
    if k is None:
        return False
    acquire.remove_state(g, tgt, k.state)
    g.emit(Event.BLOCKED, card=tgt.id, by=k.state_name)
    return True


def blocked(g: GameState, src, tgt, kind: str) -> bool:
    """The attack of ``kind`` by ``src`` that reached ``tgt`` is blocked: by a state (:func:`blocked_by_state`) or
    by an ability of ``tgt`` whose keyword answers ``on_attacked`` (:class:`engine.cards.keywords.Keyword`; 03 §1.6
    blocking [410]: the attack does nothing, its cost stays paid)."""
    if blocked_by_state(g, tgt):
        return True
    if tgt is None or src is None:
        return False
    for i, a in enumerate(g.abilities(tgt)):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.on_attacked is not None and k.on_attacked(g, tgt, i, a, src, kind):
            return True
    return False


def dodged(g: GameState, tgt, kind: str) -> bool:
    """``dodge_ranged``: the target's controller rolls a die; on a listed value the attack does nothing
    (Храмовый воин, docs/cards.md)."""
    values = keywords.dodges(g, tgt, kind)
    if values is None:
        return False
    v = g.roll(tgt.controller, tgt.id, "dodge")
    if v in values:
        g.emit(Event.DODGED, card=tgt.id, value=v)
        return True
    return False


def initiate(g: GameState, src, kind: str) -> None:
    """``src`` becomes the initiating card of an attack of ``kind`` (02-battle.md §9 step 5 [216.4]): the keywords
    that act as part of the initiation (``on_initiate``, Unity [g-15]) act now, inside the attack, once per
    keyword (with its first copy)."""
    done = set()
    for a in g.abilities(src):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.on_initiate is not None and k.kw not in done:
            done.add(k.kw)
            k.on_initiate(g, src, a, kind)


def attack_begin(g: GameState, entry: dict, a: dict):
    """Start one attack ability at ``entry["target"]``: (source, target) when it goes on to the dice, None when it
    does nothing (source or target gone or illegal, RULES.md Q7), is blocked by a net or dodged. The target's
    "attacked" triggers become pending."""
    src, tgt = g.cards.get(entry["source"]), g.cards.get(entry.get("target") or "")
    if src is None or tgt is None or not g.in_play(src) or not attack_target_ok(g, src, a, tgt):
        g.emit(Event.FIZZLED, source=entry["source"])
        return None
    kind = a.get("kw")
    trigger_points.collect(g, {"type": "attacked", "card": tgt.id, "by": src.id, "attack": kind})
    initiate(g, src, kind)
    if blocked(g, src, tgt, kind) or dodged(g, tgt, kind):
        return None
    return src, tgt


def attack_finish(g: GameState, entry: dict, a: dict, src, tgt, die: int | None) -> None:
    """End one attack ability: strength (from ``die``), wounds (protection, reduction, armour in
    :mod:`engine.ops.damage`), rider, deaths and "strikes" triggers."""
    kind = a.get("kw")
    amount, level = attack_amount(g, src, a, entry, tgt, die)
    dealt = damage.wound(g, tgt, amount, kind, src, level)
    if a.get("rider") and g.in_play(tgt):
        apply_effects(g, dict(entry, point={"type": "attack", "card": tgt.id, "by": src.id, "n": dealt}), src,
                      a["rider"])
    damage.check_deaths(g, [tgt])
    trigger_points.collect(g, {"type": "strikes", "card": src.id, "target": tgt.id, "attack": kind, "role": "attacker",
                         "strength": LEVELS[level] if level is not None else None, "die": die})
    if g.in_play(src):  # after its "strikes" triggers: a grant for this attack lasts until its wounds are dealt
        acquire.spend_on_attack(g, src, kind)


def execute_attack_ability(g: GameState, entry: dict, a: dict) -> None:
    """Execute a shot, discharge, throw, magic strike, special strike or strike across a row at once (no fixed
    window; the executing entry uses :mod:`engine.procedure.attack` instead): no defender, no retaliation; the
    target must still be legal (RULES.md Q7). A net blocks it; a dodge voids it."""
    begun = attack_begin(g, entry, a)
    if begun is not None:
        attack_finish(g, entry, a, begun[0], begun[1], None)


# ---------------------------------------------------------------------- the attack keywords' shared record
def execute(g: GameState, e, src, eff) -> None:
    """An attack ability (its effect handler): executed at each declared target, or at the cards its named target
    resolves to (02-battle.md §6)."""
    ids = e.get("targets") or [e.get("target")]
    spec = eff.get("target")
    if isinstance(spec, str):
        ids = [t.id for t in tg.resolve(g, e, src, spec)] or [None]
    for tid in ids:
        execute_attack_ability(g, dict(e, target=tid), eff)


def _power(strike: list[int], bonus, lang: str) -> str:
    base = str(strike[0]) if len(set(strike)) == 1 else "-".join(map(str, strike))
    if bonus is None:
        return base
    if not any(strike):
        return "X" + x_is(bonus, lang)
    return f"{base} + X" + x_is(bonus, lang)


def text(a: dict, lang: str, words) -> str:
    """"<kind> «name» for <power>, range N at <target>; then <riders>" in ``lang``; an ``ignores_abilities``
    rider is a property of the attack [408], said as such."""
    en = lang == "en"
    out = KIND[a["kw"]][0 if en else 1]
    if a.get("name"):
        out += f" «{a['name'][lang]}»"
    out += (" for " if en else " на ") + _power(a["strike"], a.get("bonus"), lang)
    if a.get("range") is not None:
        out += f", range {a['range']}" if en else f", дальность {a['range']}"
    t = a.get("target")
    if t is not None and t != {"choose": "card", "side": "any"}:
        out += (" at " if en else ", цель: ") + words.target(t, lang)
    riders = [e for e in a.get("rider") or [] if not carries([e], "ignores_target_abilities")]
    if len(riders) < len(a.get("rider") or []):
        out += ", ignoring every ability of its target" if en else ", игнорируя все особенности цели"
    if riders:
        out += ("; then " if en else "; затем ") + "; ".join(words.effect(e, lang) for e in riders)
    return out


def short_form(a: dict, place: str) -> None:
    """An attack's ``n`` (``N`` -> strike [N, N, N], ``"X"`` -> a bonus per token paid), its default target (any
    card, chosen) and, for a ranged one, its range (null: any card in play) (FORMAT.md)."""
    n = a.pop("n", None)
    per = a.pop("per_token", None)
    if "strike" not in a:
        if isinstance(n, str) and n.endswith("X") and n[:-1] in ("", "2", "3"):
            times = int(n[:-1] or 1)
            a["strike"], a["bonus"] = [0, 0, 0], {"per": "tokens_paid", "times": times}
            a.pop("x", None)
            per = None
        elif isinstance(n, int):
            a["strike"] = [n, n, n]
    spend = a.pop("spend_tokens", None)
    if spend == "all" or isinstance(spend, int):  # cards README: tokens the attack spends, paid at declaration [S4]
        a["cost"] = dict(vocab_parse_cost(a.get("cost", "tap")), tokens=spend)
    if per is not None:  # cards README: +per_token for each token spent (all or X), else for each on the card
        paid = spend == "all" or vocab_parse_cost(a.get("cost", "tap")).get("tokens") == "X"
        a["bonus"] = {"per": "tokens_paid" if paid else "tokens_at_declaration", "times": per}
    a.setdefault("target", {"choose": "card", "side": "any"})
    if REACH[a["kw"]] == Reach.RANGED:  # shot, throw, discharge: the ones with a range
        a.setdefault("range", None)
    elif REACH[a["kw"]] == Reach.MELEE and a.get("range", 0) in (None, "adjacent"):
        a.pop("range")  # the pool's "range": null / "adjacent" on a melee attack: melee needs adjacency anyway


def keyword(kw: str, rule: str, ranged: bool, form=short_form) -> Keyword:
    """The :class:`Keyword` record of the attack ability ``kw`` (an activated ability with its cost, or an effect
    inside a trigger or a rider); ``ranged`` ones carry a ``range``; ``form``: its short form (default
    :func:`short_form`)."""
    fields = {"range": "range!"} if ranged else {}
    return Keyword(kw=kw, places="activated effect", rule=rule, text=text, handler=execute, short_form=form,
                   fields={**fields, "name": "name?", **ATTACK_FIELDS, **ACTIVATED_FIELDS})
