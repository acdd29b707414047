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
NAMED_FIELDS = dict(_NAMED)

#: kw -> {"roles": places it may appear, "fields": {field: type}, "rule": reference}. A type ending in ``!`` is
#: required, ``?`` optional; ``enum:a|b`` is one of the listed strings.
KW: dict[str, dict] = {}


def _kw(kw_name: str, places: str, rule: str, **fields: str) -> None:
    KW[kw_name] = {"roles": tuple(places.split()), "fields": fields, "rule": rule}


# static keywords (03-abilities.md §4)
_kw("directed_strike", "static grant", "03 §4 directed_strike [g-27]", vs="filters?", condition="conditions?")
_kw("attack_exp", "static grant", "03 §4 attack_exp [g-29]", n="int!", condition="conditions?", stacks="bool?")
_kw("defence_exp", "static grant", "03 §4 defence_exp [g-30]", n="int!", condition="conditions?")
_kw("armour", "static grant", "03 §4 armour [g-05], §1.10 [420]", n="int!")
_kw("regeneration", "static grant", "03 §4 regeneration [g-42]", n="int!")
_kw("protection", "static grant", "03 §4 protection [g-17, 411]", **{"from": "enum!:" + "|".join(PROTECTION_FROM)})
_kw("damage_reduction", "static grant", "03 §1.12 [422.4 group 4]", n="int!", **{"from": "selector!"},
    condition="conditions?")
_kw("incoming_strike_reduced", "static grant", "03 §5 reduce_attack_to_kind [g-91]", to="enum!:" + _STRENGTH_ENUM,
    applies_to="kinds!")
_kw("strike_bonus", "static grant", "03 §1.12 [422]", n="amount!", applies_to="kinds!", values="strengths!",
    vs="filters?", condition="conditions?", stacks="bool?")
_kw("roll_bonus_against", "grant", "03 §1.12 [422] (a marker on the attacked card; card text)", n="int!")
_kw("roll_bonus", "static grant", "03 §1.12 [422]", n="int!", applies_to="kinds!", vs="filters?")
_kw("range_bonus", "static grant", "03 §3.2 [g-11], §1.12", n="int!", applies_to="kinds!")
_kw("life_cap", "static grant", "03 §5 life_max [204.3.a]", n="int!")
_kw("token_max", "static grant", "01 §6.2 [218.6-218.8]", n="int!")
_kw("carrion_eater", "static grant", "03 §4 carrion_eater [g-51]")
_kw("vampirism", "static grant", "03 §4 vampirism [g-06]", minus="int?")
_kw("skhron", "static grant", "03 §4 skhron [g-47]")
_kw("flyer_taunt", "static grant", "none (card text) ; related 03 §5 force_attack [g-82]")
_kw("formation", "static", "03 §4 formation [g-46]", grants="abilities?", partner="filters?")
_kw("aura", "static", "03 §1.4 [406], §1.5 [407]", to="filters!", grants="abilities!")
_kw("best_of_two_rolls", "static grant", "none (card text); 03 §1.12", applies_to="kinds!", roles="roles!")
_kw("dodge_ranged", "static grant", "none (card text); 03 §5 reduce_attack_to_n [g-90]", on_roll="list_int!",
    applies_to="kinds!", exclude="kinds?")
_kw("unanswerable_strike", "static grant", "03 §4 unanswerable_strike [g-02]", vs="filters?")
_kw("ignores_protection", "static grant", "03 §1.5 [408], [411.4.a]", **{"from": "enum!:" + "|".join(PROTECTION_FROM)})
_kw("ignores_forced_targeting", "static grant", "03 §4 accuracy [g-50]", applies_to="kinds!")
_kw("must_attack", "static", "03 §5 force_attack [g-82]", when="enum!:enemy_becomes_adjacent|able",
    vs="filters!", grants="abilities?")
_kw("extra_attack", "static grant", "03 §5 actions_per_turn [g-70, 219.4.a]", n="amount!", applies_to="kinds!",
    different_targets="bool?")
_kw("defender_no_close", "static grant", "02 §4; 03 §6 defender_no_close [216.12.a]", unlimited="bool!")
_kw("attack_restriction", "static grant", "01 §3.6 [205]; card text [103.1]", applies_to="kinds!",
    only_vs="filters!")
_kw("no_close_on_attack", "static grant effect", "03 §5 without_closing [g-78]")
_kw("clumsiness", "static grant", "03 §4 clumsiness [g-28]", n="int!")
_kw("first_strike", "static grant", "02 §4.5 [PROPOSAL]; 03 §4.1")
_kw("horde", "static", "03 §4 horde [g-34]; 01 §7.1 (up to 5 copies in a deck)")
_kw("starts_with_tokens", "static", "03 §5 starts_with [g-77, 419.1.c]; 01 §6.2", n="int!",
    condition="conditions?")

# attacks: activated at top level (with cost) or effects (trigger, rider)
for _a, _rule in (("shot", "03 §4 shot [g-09]; 02 §6"), ("throw", "03 §4 throw [g-26]; 02 §6"),
                  ("discharge", "03 §4 discharge [g-41]; 02 §6")):
    _kw(_a, "activated effect", _rule, range="range!", name="name?", **_ATTACK, **_ACT)
for _a, _rule in (("magic_strike", "03 §4 magic_strike [g-22]; 02 §6"),
                  ("special_strike", "03 §4 special_strike [g-35]; 02 §6"),
                  ("strike_through_row", "03 §4 strike_through_row [g-53]; 02 §6")):
    _kw(_a, "activated effect", _rule, name="name?", **_ATTACK, **_ACT)

# other activated abilities
_kw("accumulate_token", "activated", "RULES.md S1; 01 §6.2 [218.3-218.4]", implicit="bool!", **_ACT)
_kw("finishing_blow", "activated effect", "03 §4 finishing_blow [g-13]", n="amount!", target="target!", **_NAMED,
    **_ACT)
_kw("heal", "activated effect", "03 §4 heal [g-18]", n="heal_amount!", target="target!", cure_poison="bool?",
    range="range?", **_NAMED, **_ACT)
_kw("resurrect", "activated effect", "03 §4 resurrect [g-07]", filter="filters!", graveyard="enum!:own|any",
    cell="enum!:adjacent", closed="bool!", **_NAMED, **_ACT)
_kw("redistribute_wounds", "activated effect", "03 §4 redistribute_wounds [g-37]", n="amount!",
    **{"from": "target!"}, to="target!", **_NAMED, **_ACT)
_kw("block_strike", "activated", "03 §1.6 [410]; 02 §9 fixed windows (step 5)", applies_to="kinds!",
    window="enum!:target", **_NAMED, **_ACT)
_kw("roll_punish", "activated", "03 §1.12 [422.3]; 02 §9 fixed windows (step 7); card text", n="int!",
    on_roll="list_int!", window="enum!:roll", **_NAMED, **_ACT)
_kw("set_strike_strength", "activated", "03 §5 reduce_attack_to_kind [g-91]; 02 §9 fixed windows",
    to="enum!:" + _STRENGTH_ENUM, applies_to="kinds!", attacks_by="enum!:friendly|any",
    window="enum!:protection", **_NAMED, **_ACT)
_kw("roll_modifier", "activated", "03 §1.12 [422.3]; 02 §9 fixed windows (step 7)", options="list_str!",
    rolls_of="enum!:any|friendly", window="enum!:roll", **_NAMED, **_ACT)
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
_kw("gain_token", "effect", "01 §6.2 [218.2, 218.5]", n="int!", target="target!")
_kw("cell_blast", "effect", "card text (Орк-бомбардир 'explosion'); 03 §1.2 influence [401.5]", n="int!",
    name="name?")
_kw("remove_tokens", "effect", "01 §6.2 [218] (an effect, not a payment)", n="token_count!", target="target!")
_kw("poison", "effect", "03 §4 poison [g-36]", n="amount!", target="target!")
_kw("wound", "effect", "03 §1.2 influence [401.5]; [204.4]", n="amount!", target="target!")
_kw("close_target", "effect", "01 §6.4 [219.1-219.3]", target="target!")
_kw("open_target", "effect", "01 §6.4 [219.1-219.3]", target="target!")
_kw("skip_next_open", "effect", "01 §6.4 [311] (card text)", target="target!")
_kw("destroy", "effect", "03 §5 destroy [g-94]", target="target!")
_kw("add_life", "effect", "01 §3.5 additional life [204]", n="int!", target="target!")
_kw("grant", "effect", "03 §1.5 acquired abilities [407]", target="target!", abilities="abilities!",
    until="until!", used_by="kinds?")
_kw("choose_one", "effect", "03 §1.9 [416]; RULES.md Q4 (choice inside an entry)",
    chooser="enum!:controller|target_controller", options="options!")

#: Keywords a card may hold at the top level of ``abilities`` (static, activated, trigger).
TOP_ROLES = ("static", "activated")
COMMON_FIELDS = {"kw"}


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
CHECKER: list = [lambda a, place: ["the card schema (engine/cards/schema.py) is not loaded"]]


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
    if a.get("kind") == "effect":  # the pool's word for воздействие (03-abilities.md §1.2)
        a["kind"] = "influence"
    if kw == "resurrect" and "which" in a:  # pool README form: "which": "elite creature" / "regular creature"
        which = a.pop("which")
        a["filter"] = [{"f": "creature"}, {"f": "elite", "value": which.startswith("elite")}]
        a["closed"] = "closed" in str(a.pop("placement", ""))
        a.setdefault("graveyard", "own")
        a.setdefault("cell", "adjacent")
    if kw in ("attack_exp", "defence_exp", "clumsiness") and "n" not in a:
        a["n"] = 1  # "printed without a number is 1" (03-abilities.md §4)
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
        n = a.pop("n", None)
        if "strike" not in a:
            if n == "X":
                a["strike"], a["bonus"] = [0, 0, 0], {"per": "tokens_paid", "times": 1}
            elif isinstance(n, int):
                a["strike"] = [n, n, n]
        a.setdefault("target", {"choose": "card", "side": "any"})
        if REACH[kw] == Reach.RANGED:  # shot, throw, discharge: the ones with a range
            a.setdefault("range", None)
    if kw == "trigger":
        alias = _WHEN_ALIASES.get(a.get("when"))
        if a.get("when") == "attacked" and "attack" in a:
            alias = None  # the vocabulary's own "attacked" (final target), not FORMAT.md's short form
        if alias:
            a.update({k: v for k, v in alias.items() if k not in a or k == "when"})
        if "effect" in a:
            a["effects"] = [a.pop("effect")]
        a["effects"] = [normalize_ability(e, "effect") for e in a.get("effects", [])]
        a.setdefault("optional", False)
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
    if "rider" in a and isinstance(a["rider"], dict):
        a["rider"] = [a["rider"]]
    for key in ("grants",):
        if key in a:
            a[key] = [normalize_ability(g, "grant") for g in a[key]]
    return a
