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

:func:`check_ability` validates one object against :data:`KW`; :func:`normalize_ability` turns the short forms of
``../shared/scenarios/FORMAT.md`` (``"cost": "2 tokens+tap"``, ``"when": "any_creature_dies"``, ``"n": "X"`` on an
attack, ...) into this vocabulary, so scenario overrides and the data file use one shape.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from engine.cards.kinds import ATTACK_ABILITIES, ATTACK_GROUPS, ATTACK_KINDS, LEVELS, REACH, Reach


# ---------------------------------------------------------------------------------------------------------------
# Closed value lists
# ---------------------------------------------------------------------------------------------------------------

#: Attack kinds and groups (03-abilities.md §1.2), strengths (02-battle.md §5): engine/cards/kinds.py.
STRENGTHS = LEVELS
_STRENGTH_ENUM = "|".join(LEVELS)
#: What a ``protection`` keyword may name (03-abilities.md §4 ``protection`` [411]).
PROTECTION_FROM = ("magic", "spells", "discharges", "magic_strikes", "shots", "throws", "strike_through_row",
                   "poison", "simple_strikes", "weak_simple_strikes", "flyer_attacks", "nonmagical")
#: Trigger points (03-abilities.md §1.4 [405], 02-battle.md §9 for the attack ones).
WHEN = ("moves", "start_of_turn", "end_of_turn", "dies", "attack_declared", "attacked", "hit", "strikes",
        "becomes_defender", "valhalla", "battle_start", "poison_wounds", "carrion_eats",
        "revealed_by_prophecy", "jumps", "incarnates", "gains_incarnation_token", "acts", "prophecy_reveals")
#: Whose event a trigger listens to (field ``subject``).
SUBJECTS = ("self", "any", "other")
#: Whose turn a turn-boundary trigger listens to (field ``turn``).
TURNS = ("own", "opponent", "each")
#: Roles in a simple-strike fight (02-battle.md §4-§5).
ROLES = ("attacker", "responder")
#: Durations of granted effects (03-abilities.md §1.9 [418]; no ``until`` = until the end of the battle).
UNTIL = ("end_of_turn", "end_of_your_turn", "end_of_your_next_turn", "end_of_target_next_turn",
         "end_of_opponent_next_turn", "next_simple_strike",
         "source_moves_or_leaves", "source_leaves", "source_adjacent", "end_of_opponent_xth_turn",
         "end_of_battle")
#: Named references to one card, resolved from the entry or the event (03-abilities.md §3.1).
TARGET_REFS = ("self", "attacker", "attacked", "opposite", "event_card", "defended", "same_target")
#: Named references to a set of cards (FORMAT.md "Custom cards").
TARGET_SETS = ("each_enemy_creature", "each_friendly_creature", "each_adjacent_enemy_creature")
#: Kinds of chosen targets.
CHOOSE = ("card", "creature")
SIDES = ("any", "enemy", "friendly")
#: Printed kind of a non-attack ability (03-abilities.md §1.2: воздействие / заклинание).
KINDS = ("influence", "spell")
#: Numbers an ``Amount`` may count (each documented in docs/card-vocabulary.md).
COUNTERS = ("tokens_paid", "tokens_at_declaration", "wounds_on_self", "poisoned_adjacent_to_target",
            "opposite_strike_medium", "event_wounds", "friendly_creatures", "beside_weak_sum",
            "target_strike_same_level", "target_current_life", "target_stayed", "x_declared", "target_poison",
            "event_poison", "wounds_this_turn", "steps_this_turn", "friendly_above_starting_life",
            "revealed_cost", "revealed_name_in_play", "event_heal", "behind_attacked_weak", "tokens_on_self",
            "struck_or_adjacent_enemies", "own_strike_same_level")
#: Windows inside an attack entry where a fixed-window ability is offered (02-battle.md §9 "Fixed windows").
WINDOWS = ("target", "roll", "protection")

#: Card filters (``{"f": name, ...}``) with their parameter fields; a list of filters means all of them.
FILTERS = {
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
CONDITIONS = {
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
_ATTACK = {"strike": "strike!", "bonus": "amount?", "target": "target!", "rider": "effects?"}
_NAMED = {"name": "name?", "kind": "enum?:influence|spell"}
#: The fields of every activated ability, for keyword modules (engine/cards/keywords.py).
ACTIVATED_FIELDS = dict(_ACT)
#: The fields every attack ability has (engine/effects/attack.py ``keyword``).
ATTACK_FIELDS = dict(_ATTACK)
NAMED_FIELDS = dict(_NAMED)

#: kw -> {"roles": places it may appear, "fields": {field: type}, "rule": reference}. A type ending in ``!`` is
#: required, ``?`` optional; ``enum:a|b`` is one of the listed strings.
KW: dict[str, dict] = {}


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
TOP_ROLES = ("static", "activated")
COMMON_FIELDS = {"kw"}


# ---------------------------------------------------------------------------------------------------------------
# Checking
# ---------------------------------------------------------------------------------------------------------------

def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_amount(v, path, errs, allow_full=False):
    if _is_int(v) or (allow_full and v == "full"):
        return
    if isinstance(v, dict) and set(v) <= {"per", "times", "plus", "max", "filter", "half"} and v.get("per") in COUNTERS \
            and all(_is_int(v[k]) for k in ("times", "plus") if k in v) \
            and ("max" not in v or v["max"] is None or _is_int(v["max"])):
        if "filter" in v:
            _check_filters(v["filter"], f"{path}.filter", errs)
        if "half" in v and v["half"] is not True:
            errs.append(f"{path}.half: true when present (the value is halved, rounded down)")
        return
    errs.append(f"{path}: not an amount: {v!r}")


def _check_filters(v, path, errs):
    if not isinstance(v, list):
        errs.append(f"{path}: filters must be a list")
        return
    for i, f in enumerate(v):
        p = f"{path}[{i}]"
        if not isinstance(f, dict) or f.get("f") not in FILTERS:
            errs.append(f"{p}: unknown filter {f!r}")
            continue
        params = FILTERS[f["f"]]
        extra = set(f) - {"f"} - set(params)
        if extra:
            errs.append(f"{p}: unknown fields {sorted(extra)}")
        for k, t in params.items():
            if k not in f:
                errs.append(f"{p}: missing {k}")
            else:
                _check_type(f[k], t, f"{p}.{k}", errs)


def _check_conditions(v, path, errs):
    if not isinstance(v, list):
        errs.append(f"{path}: conditions must be a list")
        return
    for i, c in enumerate(v):
        p = f"{path}[{i}]"
        if not isinstance(c, dict) or c.get("p") not in CONDITIONS:
            errs.append(f"{p}: unknown condition {c!r}")
            continue
        params = CONDITIONS[c["p"]]
        extra = set(c) - {"p"} - set(params)
        if extra:
            errs.append(f"{p}: unknown fields {sorted(extra)}")
        for k, t in params.items():
            if k not in c:
                errs.append(f"{p}: missing {k}")
            else:
                _check_type(c[k], t, f"{p}.{k}", errs)


def _check_target(v, path, errs):
    if isinstance(v, str):
        if v not in TARGET_REFS + TARGET_SETS:
            errs.append(f"{path}: unknown target {v!r}")
        return
    if isinstance(v, dict) and v.get("each") in CHOOSE and "choose" not in v:  # every matching card in play
        extra = set(v) - {"each", "side", "filter"}
        if extra:
            errs.append(f"{path}: unknown fields {sorted(extra)}")
        if v.get("side") not in SIDES:
            errs.append(f"{path}.side: one of {SIDES}")
        _check_filters(v.get("filter", []), f"{path}.filter", errs)
        return
    if not isinstance(v, dict) or v.get("choose") not in CHOOSE:
        errs.append(f"{path}: a target is a name, {{'choose': ...}} or {{'each': ...}}: {v!r}")
        return
    extra = set(v) - {"choose", "side", "filter", "count", "exact"}
    if extra:
        errs.append(f"{path}: unknown fields {sorted(extra)}")
    if v.get("side") not in SIDES:
        errs.append(f"{path}.side: one of {SIDES}")
    _check_filters(v.get("filter", []), f"{path}.filter", errs)
    if not _is_int(v.get("count", 1)) or v.get("count", 1) < 1:
        errs.append(f"{path}.count: a positive int")


def _check_type(v, t: str, path: str, errs: list[str]) -> None:
    if t.startswith("enum"):
        options = t.split(":", 1)[1].split("|")
        if v not in options:
            errs.append(f"{path}: {v!r} not one of {options}")
    elif t == "int":
        if not _is_int(v):
            errs.append(f"{path}: not an int")
    elif t == "bool":
        if not isinstance(v, bool):
            errs.append(f"{path}: not a bool")
    elif t == "str":
        if not isinstance(v, str) or not v:
            errs.append(f"{path}: not a non-empty str")
    elif t == "list_str":
        if not (isinstance(v, list) and v and all(isinstance(x, str) for x in v)):
            errs.append(f"{path}: not a non-empty list of str")
    elif t == "list_int":
        if not (isinstance(v, list) and v and all(_is_int(x) for x in v)):
            errs.append(f"{path}: not a non-empty list of int")
    elif t == "list_dir":
        if not (isinstance(v, list) and v and all(x in ("left", "right") for x in v)):
            errs.append(f"{path}: not a list of 'left'/'right'")
    elif t == "list_col":
        if not (isinstance(v, list) and v and all(x in ("a", "b", "c", "d", "e") for x in v)):
            errs.append(f"{path}: not a list of columns a..e")
    elif t == "kinds":
        if not (isinstance(v, list) and v and all(x in ATTACK_KINDS + ATTACK_GROUPS for x in v)):
            errs.append(f"{path}: not a list of attack kinds/groups: {v!r}")
    elif t == "strengths":
        if not (isinstance(v, list) and v and all(x in STRENGTHS for x in v)):
            errs.append(f"{path}: not a list of strengths")
    elif t == "roles":
        if not (isinstance(v, list) and v and all(x in ROLES for x in v)):
            errs.append(f"{path}: not a list of roles")
    elif t == "strike":
        if not (isinstance(v, list) and len(v) == 3 and all(_is_int(x) and x >= 0 for x in v)):
            errs.append(f"{path}: not [weak, medium, strong] ints")
    elif t == "amount":
        _check_amount(v, path, errs)
    elif t == "heal_amount":
        _check_amount(v, path, errs, allow_full=True)
    elif t == "token_count":
        if not (v == "all" or (_is_int(v) and v >= 1)):
            errs.append(f"{path}: a positive int or 'all'")
    elif t == "range":
        if not (v is None or (_is_int(v) and v >= 1)):
            errs.append(f"{path}: range is a positive int or null")
    elif t == "until":
        if v not in UNTIL:
            errs.append(f"{path}: {v!r} not one of {UNTIL}")
    elif t == "cost":
        if not isinstance(v, dict) or set(v) - {"tap", "tokens", "wounds", "movement", "life"} or "tap" not in v \
                or "tokens" not in v:
            errs.append(f"{path}: cost is {{'tap': bool, 'tokens': int|'X'|'all'[, 'wounds': int, 'movement': 'all']}}")
            return
        if not isinstance(v["tap"], bool):
            errs.append(f"{path}.tap: not a bool")
        if not ((_is_int(v["tokens"]) and v["tokens"] >= 0) or v["tokens"] in ("X", "all")):
            errs.append(f"{path}.tokens: int >= 0, 'X' or 'all'")
        if "wounds" in v and not (_is_int(v["wounds"]) and v["wounds"] > 0):
            errs.append(f"{path}.wounds: a positive int")
        if "movement" in v and v["movement"] != "all":
            errs.append(f"{path}.movement: 'all'")
        if "life" in v and v["life"] != "X":
            errs.append(f"{path}.life: 'X' (X >= 1 additional life removed, chosen at declaration)")
    elif t == "limit":
        if v is not None and not (isinstance(v, dict) and v.get("per") in ("turn", "battle")
                                  and _is_int(v.get("times")) and set(v) <= {"per", "times", "group"}):
            errs.append(f"{path}: limit is null or {{'per': 'turn'|'battle', 'times': int[, 'group': str]}}")
    elif t == "name":
        if not (isinstance(v, dict) and set(v) == {"en", "ru"} and all(isinstance(x, str) and x for x in v.values())):
            errs.append(f"{path}: name is {{'en': str, 'ru': str}}")
    elif t == "selector":
        if not isinstance(v, dict) or set(v) - {"kinds", "strength", "by", "diagonal"} or "kinds" not in v:
            errs.append(f"{path}: selector is {{'kinds': [...][, 'strength', 'by', 'diagonal']}}")
            return
        _check_type(v["kinds"], "kinds", f"{path}.kinds", errs)
        if "strength" in v:
            _check_type(v["strength"], "strengths", f"{path}.strength", errs)
        if "by" in v:
            _check_filters(v["by"], f"{path}.by", errs)
        if "diagonal" in v and v["diagonal"] is not True:
            errs.append(f"{path}.diagonal: true when present")
    elif t == "filters":
        _check_filters(v, path, errs)
    elif t == "conditions":
        _check_conditions(v, path, errs)
    elif t == "target":
        _check_target(v, path, errs)
    elif t == "effects":
        if not (isinstance(v, list) and v):
            errs.append(f"{path}: a non-empty list of effects")
            return
        for i, e in enumerate(v):
            _check(e, "effect", f"{path}[{i}]", errs)
    elif t == "abilities":
        if not (isinstance(v, list) and v):
            errs.append(f"{path}: a non-empty list of abilities")
            return
        for i, e in enumerate(v):
            _check(e, "grant", f"{path}[{i}]", errs)
    elif t == "outcomes":  # roll_table: [{"on": [die values], "effects": [...]}, ...], each value 1..6 once
        if not (isinstance(v, list) and v and all(isinstance(o, dict) and set(o) == {"on", "effects"} for o in v)):
            errs.append(f"{path}: outcomes are a list of {{'on': [1..6], 'effects': [...]}}")
            return
        values = [x for o in v for x in (o["on"] if isinstance(o["on"], list) else [None])]
        if sorted(values) != [1, 2, 3, 4, 5, 6]:
            errs.append(f"{path}: the outcomes must cover each die value 1..6 exactly once")
        for i, o in enumerate(v):
            _check_type(o["effects"], "effects", f"{path}[{i}].effects", errs)
    elif t == "options":
        if not (isinstance(v, list) and len(v) >= 2):
            errs.append(f"{path}: at least two options")
            return
        for i, o in enumerate(v):
            _check_type(o, "effects", f"{path}[{i}]", errs)
    else:  # pragma: no cover - a typo in KW itself
        raise AssertionError(f"unknown type {t}")


def _check(a, place: str, path: str, errs: list[str]) -> None:
    if not isinstance(a, dict) or a.get("kw") not in KW:
        errs.append(f"{path}: unknown kw {a.get('kw') if isinstance(a, dict) else a!r}")
        return
    spec = KW[a["kw"]]
    roles = spec["roles"]
    if place == "top":
        activated = "cost" in a and a["kw"] != "trigger"
        ok = ("activated" in roles) if activated else ("static" in roles)
        if a["kw"] == "custom":
            ok = True
    elif place == "effect":
        ok = "effect" in roles and "cost" not in a
    else:  # a grant holds static keywords and triggers, or an activated ability with its cost [407.1] (Дверг)
        ok = "grant" in roles or ("cost" in a and "activated" in roles)
    if not ok:
        errs.append(f"{path}: kw {a['kw']!r} cannot appear here ({place})")
    fields = spec["fields"]
    if place == "effect":  # effects carry no activation fields, and may carry a condition checked on execution
        fields = {k: t for k, t in fields.items() if k not in ("cost", "sudden", "limit")}
        fields.setdefault("condition", "conditions?")
    extra = set(a) - COMMON_FIELDS - set(fields)
    if extra:
        errs.append(f"{path}: unknown fields {sorted(extra)} for {a['kw']}")
    for k, t in fields.items():
        if t.startswith("enum"):
            required, base = t[4] == "!", "enum:" + t.split(":", 1)[1]
        else:
            required, base = t.endswith("!"), t[:-1]
        if k not in a:
            if required:
                errs.append(f"{path}: missing {k} for {a['kw']}")
            continue
        if base == "limit" and a[k] is None:
            continue
        _check_type(a[k], base, f"{path}.{k}", errs)


def check_ability(a: dict, place: str = "top") -> list[str]:
    """Problems with one ability object, as sentences ([] when it fits the vocabulary).

    ``place`` is ``"top"`` (a card's own ``abilities`` list), ``"effect"`` (inside ``effects``/``rider``/
    ``options``) or ``"grant"`` (inside ``grants``/``abilities`` of a grant). Raises nothing.
    """
    errs: list[str] = []
    _check(a, place, a.get("kw", "?") if isinstance(a, dict) else "?", errs)
    return errs


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
_ATTACKS = ATTACK_ABILITIES


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
    _pool_forms(a, kw)
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
    if kw in _ATTACKS:
        _attack_form(a, kw)
    if kw == "trigger":
        _trigger_form(a)
    _defaults(a, kw, place)
    if "rider" in a and isinstance(a["rider"], dict):
        a["rider"] = [a["rider"]]
    for key in ("grants",):
        if key in a:
            a[key] = [normalize_ability(g, "grant") for g in a[key]]
    return a


def _pool_forms(a: dict, kw) -> None:
    """The pool README's forms: ``kind: effect`` (воздействие, 03 §1.2), Resurrection's ``which``, experience and
    clumsiness printed without a number (= 1, 03 §4)."""
    if a.get("kind") == "effect":
        a["kind"] = "influence"
    if kw == "resurrect" and "which" in a:  # "which": "elite creature" / "regular creature"
        which = a.pop("which")
        a["filter"] = [{"f": "creature"}, {"f": "elite", "value": which.startswith("elite")}]
        a["closed"] = "closed" in str(a.pop("placement", ""))
        a.setdefault("graveyard", "own")
        a.setdefault("cell", "adjacent")
    if kw in ("attack_exp", "defence_exp", "clumsiness") and "n" not in a:
        a["n"] = 1


def _attack_form(a: dict, kw: str) -> None:
    """An attack's ``n`` (``N`` -> strike [N, N, N], ``"X"`` -> a bonus per token paid), its default target and
    range (null: any card in play)."""
    n = a.pop("n", None)
    if "strike" not in a:
        if n == "X":
            a["strike"], a["bonus"] = [0, 0, 0], {"per": "tokens_paid", "times": 1}
        elif isinstance(n, int):
            a["strike"] = [n, n, n]
    a.setdefault("target", {"choose": "card", "side": "any"})
    if REACH[kw] == Reach.RANGED:  # shot, throw, discharge: the ones with a range
        a.setdefault("range", None)


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
    """Fields the data may leave out: targets of some effects (self), a keyword module's defaults, an activated
    ability's cost (closing the card), sudden mark and limit."""
    if kw == "accumulate_token":
        a.setdefault("implicit", False)
    if kw in ("heal", "gain_token", "wound", "poison") and place != "top":
        a.setdefault("target", "self")
    if place == "top" and kw in KW:
        for k, v in KW[kw].get("defaults", {}).items():
            a.setdefault(k, copy.deepcopy(v))  # a keyword module's defaults (engine/cards/keywords.py)
    if place == "top" and _activated(kw) and kw not in ("custom",):
        a.setdefault("cost", {"tap": True, "tokens": 0})
        a.setdefault("sudden", False)
        a.setdefault("limit", None)
    if kw == "heal":
        a.setdefault("target", "self")
