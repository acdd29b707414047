"""The card-ability vocabulary: every ``kw`` an ability object may have, its fields and their types.

This module is data plus a checker; it executes nothing. ``docs/card-vocabulary.md`` explains every entry in words
with its rule reference. Ability objects appear in three places of a card definition (01-game-and-cards.md §3,
03-abilities.md §1.4):

* **top level** (``card["abilities"]``): a *static* keyword, an *activated* keyword (it then has ``cost``), or a
  ``trigger``;
* **effects** (``trigger.effects``, ``action.effects``, attack ``rider``, ``choose_one.options``): what happens when
  an entry executes; effects never carry ``cost``;
* **grants** (``formation.grants``, ``aura.grants``, ``grant.abilities``, ``must_attack.grants``): static keywords or
  triggers a card has while the grant holds.

:func:`check_ability` validates one object against :data:`KW` (through the JSON Schema of
:mod:`engine.cards.schema`); :func:`normalize_ability` turns the short forms of
``../shared/scenarios/FORMAT.md`` (``"cost": "2 tokens+tap"``, ``"when": "any_creature_dies"``, ``"n": "X"`` on an
attack, ...) into this vocabulary, so scenario overrides and the data file use one shape.
"""
from __future__ import annotations

import copy
import re
from typing import Any, Final

from engine.cards.kinds import ATTACK_GROUPS, ATTACK_KINDS, LEVELS


# ---------------------------------------------------------------------------------------------------------------
# Closed value lists
# ---------------------------------------------------------------------------------------------------------------

#: Attack kinds and groups (03-abilities.md §1.2), strengths (02-battle.md §5): engine/cards/kinds.py.
STRENGTHS = LEVELS
_STRENGTH_ENUM: Final = "|".join(LEVELS)
#: What a ``protection`` keyword may name (03-abilities.md §4 ``protection`` [411]).
PROTECTION_FROM: Final = ("magic", "spells", "discharges", "magic_strikes", "shots", "throws", "strike_through_row",
                   "poison", "simple_strikes", "weak_simple_strikes", "flyer_attacks", "nonmagical")
#: Trigger points (03-abilities.md §1.4 [405], 02-battle.md §9 for the attack ones).
WHEN: Final = ("moves", "before_turn", "start_of_turn", "end_of_turn", "dies", "attack_declared", "attacked", "hit",
        "wounded", "strikes", "becomes_defender", "valhalla", "battle_start", "poison_wounds", "carrion_eats",
        "revealed_by_prophecy", "jumps", "incarnates", "gains_incarnation_token", "acts", "prophecy_reveals")
#: Whose event a trigger listens to (field ``subject``).
SUBJECTS: Final = ("self", "any", "other")
#: Whose turn a turn-boundary trigger listens to (field ``turn``).
TURNS: Final = ("own", "opponent", "each")
#: Roles in a simple-strike fight (02-battle.md §4-§5).
ROLES: Final = ("attacker", "responder")
#: Durations of granted effects (03-abilities.md §1.9 [418]; no ``until`` = until the end of the battle).
UNTIL: Final = ("end_of_turn", "end_of_your_turn", "end_of_your_next_turn", "end_of_target_next_turn",
         "end_of_opponent_next_turn", "next_simple_strike",
         "source_moves_or_leaves", "source_leaves", "source_adjacent", "end_of_opponent_xth_turn",
         "end_of_battle")
#: Named references to one card, resolved from the entry or the event (03-abilities.md §3.1).
TARGET_REFS: Final = ("self", "attacker", "attacked", "opposite", "event_card", "defended", "same_target")
#: Named references to a set of cards (FORMAT.md "Custom cards").
TARGET_SETS: Final = ("each_enemy_creature", "each_friendly_creature", "each_adjacent_enemy_creature")
#: Kinds of chosen targets.
CHOOSE: Final = ("card", "creature")
SIDES: Final = ("any", "enemy", "friendly")
#: Printed kind of a non-attack ability (03-abilities.md §1.2: воздействие / заклинание).
KINDS: Final = ("influence", "spell")
#: Numbers an ``Amount`` may count (each documented in docs/card-vocabulary.md).
COUNTERS: Final = ("tokens_paid", "tokens_at_declaration", "wounds_on_self", "poisoned_adjacent_to_target",
            "opposite_strike_medium", "event_wounds", "friendly_creatures", "beside_weak_sum",
            "target_strike_same_level", "target_current_life", "target_stayed", "x_declared", "target_poison",
            "event_poison", "wounds_this_turn", "steps_this_turn", "friendly_above_starting_life",
            "revealed_cost", "revealed_name_in_play", "event_heal", "behind_attacked_weak", "tokens_on_self",
            "struck_or_adjacent_enemies", "own_strike_same_level")
#: Windows inside an attack entry where a fixed-window ability is offered (02-battle.md §9 "Fixed windows").
WINDOWS: Final = ("target", "roll", "protection")

#: Card filters (``{"f": name, ...}``) with their parameter fields; a list of filters means all of them.
FILTERS: Final = {
    "element": {"in": "list_str"},
    "open": {}, "closed": {},
    "enemy": {}, "friendly": {}, "other": {},
    "creature": {}, "not_flyer": {}, "flyer": {}, "has_marker": {"marker": "str"}, "is_self": {},
    "has_class": {"in": "list_str"}, "formation_with_source": {},
    "elite": {"value": "bool"},
    "cost_at_most": {"n": "int"}, "cost_at_least": {"n": "int"},
    "has_ability": {"kw": "list_str"},
    "is_defender": {},
    "opposite": {},
    "adjacent": {},
    "corporeal": {},
    "ally_of_event_card": {},
    "in_row": {"rows": "list_int"},
    "beside_source": {"dirs": "list_dir"},
    "no_friend_beside": {"dirs": "list_dir"},
    "unwounded": {}, "poisoned": {},
    "same_column": {}, "not_moved_this_turn": {},
    "beside_chosen": {}, "weak_as_chosen": {}, "beside_event_card": {}, "beside_event_cell": {},
    "orth_beside_event_cell": {},
    "row_matches_source": {},
    "cost_of_revealed": {},
    "beside_left_cell": {},
    "self": {},
    "move_at_least": {"n": "int"},
    "beside_attacked": {},
    "unhurt_by_attacks_this_turn": {},
    "weak_strike_at_least": {"n": "int"},
    "formation_partner": {},
    "any": {"of": "filters"},
    "not": {"of": "filters"},
}
#: State conditions (``{"p": name, ...}``); a list means all of them.
CONDITIONS: Final = {
    "second_player": {}, "first_player": {},
    "in_row": {"rows": "list_int"},
    "in_column": {"columns": "list_col"},
    "moved_across": {"to": "enum:enemy_half|own_half"},
    "moved_onto": {"to": "enum:enemy_half|own_half"},
    "moved_by": {"how": "enum:teleportation"},
    "moved_from_adjacent": {},
    "adjacent_to": {"filter": "filters"},
    "formation_with": {"filter": "filters"},
    "formation_size": {"at_least": "int"},
    "opponent_row_empty": {"row": "int"},
    "defending": {}, "is_closed": {},
    "friendly_in_play": {"filter": "filters"},
    "event_attacker": {"filter": "filters"},
    "target": {"filter": "filters"},
    "not_defending": {},
    "unwounded": {},
    "count_adjacent": {"filter": "filters", "at_least": "int"},
    "more_friends_adjacent": {},
    "adjacent_classes": {"at_least": "int"},
    "friendly_in_every_row": {},
    "event_card": {"filter": "filters"},
    "tokens_at_most": {"n": "int"},
    "tokens_at_least": {"n": "int"},
    "arrived_adjacent": {},
    "died_of_poison": {},
    "moved_straight": {"at_least": "int"}, "moved_turning": {"at_least": "int"},
    "target_ranged_hits": {"at_least": "int"},
    "opponent_turn": {}, "own_turn": {},
    "revealed_all": {"filter": "filters"},
    "revealed_cost_odd": {},
    "stepped_one_cell": {},
    "not_moved_this_turn": {},
    "event_strike_value": {"at_least": "int"},
    "current_life_at_least": {"n": "int"}, "current_life_at_most": {"n": "int"},
    "action_chain": {"of": "list_str", "filter": "filters"},
    "event_card_id": {"id": "str"},
    "milled_card": {"filter": "filters"},
}

# ---------------------------------------------------------------------------------------------------------------
# Keywords
# ---------------------------------------------------------------------------------------------------------------

_ACT = {"cost": "cost!", "sudden": "bool!", "limit": "limit?", "condition": "conditions?"}  # every activated one
_ATTACK: Final = {"strike": "strike!", "bonus": "amount?", "target": "target!", "rider": "effects?"}
_NAMED: Final = {"name": "name?", "kind": "enum?:influence|spell"}
#: The fields of every activated ability, for keyword modules (engine/cards/keywords.py).
ACTIVATED_FIELDS = dict(_ACT)
#: The fields every attack ability has (engine/effects/attack.py ``keyword``).
ATTACK_FIELDS = dict(_ATTACK)
NAMED_FIELDS = dict(_NAMED)

#: kw -> {"roles": places it may appear, "fields": {field: type}, "rule": reference}. A type ending in ``!`` is
#: required, ``?`` optional; ``enum:a|b`` is one of the listed strings.
KW: Final[dict[str, dict]] = {}


def _kw(kw_name: str, places: str, rule: str, **fields: str) -> None:
    KW[kw_name] = {"roles": tuple(places.split()), "fields": fields, "rule": rule}


# static keywords (03-abilities.md §4)

# other activated abilities
_kw("action", "activated", "03 §1.2 influence/spell [401]; §1.9 effects", effects="effects!",
    x_upto="enum?:current_life", different_targets="bool?", **_NAMED, **_ACT)
_kw("custom", "activated effect static", "none: per-card code named by handler", handler="str!",
    description="name!", **_NAMED, cost="cost?", sudden="bool?", limit="limit?", target="target?",
    condition="conditions?")

# triggers and pure effects
_kw("trigger", "static grant", "03 §1.4 [405]; RULES.md S3, Q5", when="enum!:" + "|".join(WHEN),
    subject="enum?:" + "|".join(SUBJECTS), turn="enum?:" + "|".join(TURNS), optional="bool!",
    attack="kinds?", roles="roles?", strength="strengths?", hit_or_miss="bool?", miss_only="bool?", condition="conditions?",
    effects="effects!", from_graveyard="bool?",
    cost="cost?", limit="limit?", **_NAMED)

#: Keywords a card may hold at the top level of ``abilities`` (static, activated, trigger).
TOP_ROLES: Final = ("static", "activated")
COMMON_FIELDS: Final = {"kw"}


# ---------------------------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------------------------

def check_ability(a: dict, place: str = "top") -> list[str]:
    """Problems with one ability object, as sentences ([] when it fits the vocabulary): the JSON Schema of
    :mod:`engine.cards.schema`, built from the tables above.

    ``place`` is ``"top"`` (a card's own ``abilities`` list), ``"effect"`` (inside ``effects``/``rider``/
    ``options``) or ``"grant"`` (inside ``grants``/``abilities`` of a grant). Raises nothing.
    """
    return CHECKER[0](a, place)


#: The schema's checker ``f(ability, place) -> [sentence]``; :mod:`engine.cards.schema` (built from this module's
#: tables, imported by ``engine.cards``) puts it here.
CHECKER: Final[list] = [lambda a, place: ["the card schema (engine/cards/schema.py) is not loaded"]]


# ---------------------------------------------------------------------------------------------------------------
# Normalizing the short forms of FORMAT.md (scenario overrides, custom cards)
# ---------------------------------------------------------------------------------------------------------------

_WHEN_ALIASES = {
    "any_creature_dies": {"when": "dies", "subject": "any"},
    "start_of_turn": {"when": "start_of_turn", "turn": "own"},
    "end_of_turn": {"when": "end_of_turn", "turn": "own"},
    # FORMAT.md: "attacked (a simple strike is declared against it)" -> the declaration-time point
    "attacked": {"when": "attack_declared", "attack": ["simple_strike"]},
}
#: kw -> ``f(ability, place)``: the keyword's short forms and the defaults that depend on where it is written,
#: applied in place by :func:`normalize_ability` (a keyword record's ``short_form``; engine/cards/keywords.py).
SHORT_FORMS: Final[dict] = {}


def _activated(kw) -> bool:
    """True for a keyword that may be activated (it has a cost at the top level of a card's abilities)."""
    spec = KW.get(kw)
    return spec is not None and "activated" in spec["roles"]


def parse_cost(v) -> dict:
    """A FORMAT.md / pool cost string as a cost object.

    ``"tap"`` -> ``{"tap": True, "tokens": 0}``; ``"X tokens"`` -> ``{"tap": False, "tokens": "X"}``;
    ``"2 tokens+tap"``, ``"token+tap"``, ``"remove token+tap"``, ``"instant+tap"``, ``"wounds N"``. A dict is
    returned as a copy with defaults filled. Raises ValueError for anything else.
    """
    out: dict[str, Any]  # Any, not int: compiled (berserk_native.py), an int value would turn False into 0
    if isinstance(v, dict):
        out = {"tap": False, "tokens": 0}
        out.update(v)
        return out
    if not isinstance(v, str):
        raise ValueError(f"not a cost: {v!r}")
    out = {"tap": False, "tokens": 0}
    for part in v.split("+"):
        part = part.strip()
        if part in ("tap", "instant"):
            out["tap"] = out["tap"] or part == "tap"
        elif part in ("token", "remove token"):
            out["tokens"] = 1
        elif m := re.fullmatch(r"(\d+|X) tokens?", part):
            out["tokens"] = m.group(1) if m.group(1) == "X" else int(m.group(1))
        elif m := re.fullmatch(r"wounds (\d+)", part):
            out["wounds"] = int(m.group(1))
        else:
            raise ValueError(f"not a cost: {v!r}")
    return out


def _parse_limit(v):
    if v is None or isinstance(v, dict):
        return v
    m = re.fullmatch(r"once per (turn|battle)", str(v).strip())
    if not m:
        raise ValueError(f"not a limit: {v!r}")
    return {"per": m.group(1), "times": 1}


def normalize_ability(a: dict, place: str = "top") -> dict:
    """A copy of ``a`` in this vocabulary. Objects already in it come back equal.

    Converts FORMAT.md short forms: cost strings (``instant`` becomes ``sudden: true``), ``limit`` strings,
    ``n`` on attacks (``N`` -> ``strike [N, N, N]``, ``"X"`` -> bonus per token paid), trigger ``when`` aliases and
    a single ``effect`` (-> ``effects`` list), ``target: "chosen"``. An activated keyword with no cost costs closing
    the card (FORMAT.md). Raises ValueError on a cost or limit it cannot read.
    """
    a = copy.deepcopy(a)
    kw = a.get("kw")
    if a.get("kind") == "effect":  # the pool README's "kind: effect" (воздействие, 03 §1.2)
        a["kind"] = "influence"
    if isinstance(a.get("name"), str) and a["name"]:  # the pool README's translated name: one text for both
        a["name"] = {"en": a["name"], "ru": a["name"]}
    if kw in SHORT_FORMS:  # the keyword's own short forms and defaults (its module's ``short_form``)
        SHORT_FORMS[kw](a, place)
    if place == "effect":
        a.pop("cost", None)
    if "cost" in a and isinstance(a["cost"], str) and "instant" in a["cost"]:
        a["sudden"] = True
    if "cost" in a:
        a["cost"] = parse_cost(a["cost"])
    if "limit" in a:
        a["limit"] = _parse_limit(a["limit"])
    if a.get("target") == "chosen":
        a["target"] = {"choose": "card", "side": "any"}
    if kw == "trigger":
        _trigger_form(a)
    _defaults(a, kw, place)
    if "rider" in a and isinstance(a["rider"], dict):
        a["rider"] = [a["rider"]]
    for key in ("grants",):
        if key in a:
            a[key] = [normalize_ability(g, "grant") for g in a[key]]
    return a


def _trigger_form(a: dict) -> None:
    """A trigger's ``when`` aliases, a single ``effect``, its effects normalized, ``optional`` false by default."""
    alias = _WHEN_ALIASES.get(a.get("when"))
    if a.get("when") == "attacked" and "attack" in a:
        alias = None  # the vocabulary's own "attacked" (final target), not FORMAT.md's short form
    if alias:
        a.update({k: v for k, v in alias.items() if k not in a or k == "when"})
    if "effect" in a:
        a["effects"] = [a.pop("effect")]
    a["effects"] = [normalize_ability(e, "effect") for e in a.get("effects", [])]
    a.setdefault("optional", False)


def _defaults(a: dict, kw, place: str) -> None:
    """Fields the data may leave out: a keyword module's defaults, an activated ability's cost (closing the card),
    sudden mark and limit."""
    if place == "top" and kw in KW:
        for k, v in KW[kw].get("defaults", {}).items():
            a.setdefault(k, copy.deepcopy(v))  # a keyword module's defaults (engine/cards/keywords.py)
    if place == "top" and _activated(kw) and kw not in ("custom",):
        a.setdefault("cost", {"tap": True, "tokens": 0})
        a.setdefault("sudden", False)
        a.setdefault("limit", None)
