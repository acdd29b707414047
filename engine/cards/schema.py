"""The JSON Schema of a card definition, and its validation when a card is loaded.

The schema is built from the vocabulary tables (:data:`engine.cards.vocab.KW`, ``FILTERS``, ``CONDITIONS``; a
keyword module adds its record's ``fields`` to ``KW`` when it registers) and checked by the ``jsonschema`` package
(Draft 2020-12). Every card the engine loads goes through :func:`validate_card`: the project's card data
(``engine/data/cards.json``), a scenario's ``override`` (../shared/scenarios/FORMAT.md) and every card set file
(:mod:`engine.cards.sets`). An unknown keyword, an unknown parameter, a wrong type or an impossible value (a
negative armour, a range of 0, a strike of two values ...) is refused with an :class:`engine.errors.EngineError`
``invalid_card`` whose sentence names the card, the ability and the field.

Rules: 01-game-and-cards.md §3 (card properties), 03-abilities.md §4 (named abilities and their parameters),
docs/card-vocabulary.md (the vocabulary).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

import jsonschema

from engine.cards import vocab
from engine.cards.kinds import ATTACK_GROUPS, ATTACK_KINDS
from engine.errors import EngineError

#: (kw, field) pairs whose integer is a count that cannot be below 1 (Armour 0 or a negative Regeneration means
#: nothing, 03 §4); fields typed ``pos`` in a keyword record are so too.
AT_LEAST_ONE: Final = {(k, "n") for k in ("armour", "regeneration", "attack_exp", "defence_exp", "clumsiness",
                                   "life_cap", "starts_with_tokens", "gain_token", "add_life")}

_INT = {"type": "integer"}
_NAME: Final = {"type": "object", "properties": {"en": {"type": "string", "minLength": 1},
                                          "ru": {"type": "string", "minLength": 1}},
         "required": ["en", "ru"], "additionalProperties": False}


def _list(items: dict) -> dict:
    return {"type": "array", "items": items, "minItems": 1}


def _amount(full: bool = False) -> dict:
    obj = {"type": "object", "required": ["per"], "additionalProperties": False,
           "properties": {"per": {"enum": list(vocab.COUNTERS)}, "times": _INT, "plus": _INT,
                          "max": {"type": ["integer", "null"]}, "filter": {"$ref": "#/$defs/filters"},
                          "half": {"const": True}}}
    return {"anyOf": [_INT, obj] + ([{"const": "full"}] if full else [])}


def _type(t: str) -> dict:
    """The JSON Schema of one field type of the vocabulary notation (``int``, ``enum:a|b``, ``filters`` ...)."""
    if t.startswith("enum"):
        return {"enum": t.split(":", 1)[1].split("|")}
    simple = {
        "int": _INT, "pos": {"type": "integer", "minimum": 1}, "bool": {"type": "boolean"},
        "str": {"type": "string", "minLength": 1}, "list_str": _list({"type": "string"}),
        "list_int": _list(_INT), "list_dir": _list({"enum": ["left", "right"]}),
        "list_col": _list({"enum": list("abcde")}), "kinds": _list({"enum": list(ATTACK_KINDS + ATTACK_GROUPS)}),
        "strengths": _list({"enum": list(vocab.STRENGTHS)}), "roles": _list({"enum": list(vocab.ROLES)}),
        "strike": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 3, "maxItems": 3},
        "amount": _amount(), "heal_amount": _amount(full=True),
        "token_count": {"anyOf": [{"const": "all"}, {"type": "integer", "minimum": 1}]},
        "range": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1}]},
        "until": {"enum": list(vocab.UNTIL)}, "name": _NAME,
        "filters": {"$ref": "#/$defs/filters"}, "conditions": {"$ref": "#/$defs/conditions"},
        "target": {"$ref": "#/$defs/target"}, "effects": _list({"$ref": "#/$defs/effect"}),
        "abilities": _list({"$ref": "#/$defs/grant"}),
        "cost": {"type": "object", "required": ["tap", "tokens"], "additionalProperties": False, "properties": {
            "tap": {"type": "boolean"},
            "tokens": {"anyOf": [{"type": "integer", "minimum": 0}, {"enum": ["X", "all"]}]},
            "wounds": {"type": "integer", "minimum": 1}, "movement": {"const": "all"}, "life": {"const": "X"}}},
        "limit": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["per", "times"], "additionalProperties": False,
            "properties": {"per": {"enum": ["turn", "battle"]}, "times": {"type": "integer", "minimum": 1},
                           "group": {"type": "string"}}}]},
        "selector": {"type": "object", "required": ["kinds"], "additionalProperties": False, "properties": {
            "kinds": _list({"enum": list(ATTACK_KINDS + ATTACK_GROUPS)}),
            "strength": _list({"enum": list(vocab.STRENGTHS)}), "by": {"$ref": "#/$defs/filters"},
            "diagonal": {"const": True}}},
        "outcomes": dict(_list({"type": "object", "required": ["on", "effects"], "additionalProperties": False,
                                "properties": {"on": dict(_list({"type": "integer", "minimum": 1, "maximum": 6}),
                                                          uniqueItems=True),
                                               "effects": _list({"$ref": "#/$defs/effect"})}}),
                         # each die value 1..6 in exactly one outcome (a roll table covers every result)
                         allOf=[{"contains": {"properties": {"on": {"contains": {"const": v}}}},
                                 "minContains": 1, "maxContains": 1} for v in range(1, 7)]),
        "options": {"type": "array", "minItems": 2, "items": _list({"$ref": "#/$defs/effect"})},
    }
    if t not in simple:  # pragma: no cover - a typo in a keyword record
        raise AssertionError(f"unknown field type {t!r}")
    return simple[t]


def _params(table: dict, key: str) -> dict:
    """A ``{"f": name, ...}`` / ``{"p": name, ...}`` object schema, one branch per name."""
    cases = {name: {"properties": {key: {}, **{k: _type(t) for k, t in params.items()}},
                    "required": [key, *params], "additionalProperties": False} for name, params in table.items()}
    return {"type": "array", "items": {"type": "object", "required": [key],
                                       "properties": {key: {"enum": list(table)}}, "kwSwitch": cases,
                                       "switchOn": key}}


def _split(t: str) -> tuple[str, bool]:
    """(base type, required) of a field type of the notation (``int!``, ``range?``, ``enum!:a|b``)."""
    if t.startswith("enum"):
        return "enum:" + t.split(":", 1)[1], t[4] == "!"
    return t[:-1], t.endswith("!")


def _kw_schema(kw: str, spec: dict, place: str) -> dict:
    fields = dict(spec["fields"])
    if place == "effect":
        fields = {k: t for k, t in fields.items() if k not in ("cost", "sudden", "limit")}
        fields.setdefault("condition", "conditions?")
    if place == "top" and "effect" in spec["roles"] and not {"activated", "static"} & set(spec["roles"]):
        # FORMAT.md "Custom cards": an effect (gain_token, wound ...) with a ``cost`` is an activated ability
        fields = {"name": "name?", "kind": "enum?:influence|spell", **fields,
                  **{k: t.replace("!", "?", 1) for k, t in vocab.ACTIVATED_FIELDS.items()}}
    props: dict = {"kw": {}}
    required = ["kw"]
    for k, t in fields.items():
        base, req = _split(t)
        props[k] = _type("pos" if (kw, k) in AT_LEAST_ONE and base == "int" else base)
        if base == "limit":
            props[k] = {"anyOf": [{"type": "null"}, props[k]]}
        if req:
            required.append(k)
    out: dict = {"properties": props, "required": required, "additionalProperties": False}
    roles = spec["roles"]
    if place == "top" and kw not in ("trigger", "custom"):
        if "activated" in roles and "static" not in roles or "static" not in roles and "effect" in roles:
            out["required"] = required + ["cost"]
        elif "activated" not in roles:
            out["not"] = {"required": ["cost"]}
    if place == "grant" and "grant" not in roles:
        out["required"] = required + ["cost"]
    return out


def _place(place: str) -> dict:
    allowed = []
    for kw, spec in vocab.KW.items():
        roles = spec["roles"]
        ok = {"top": bool({"static", "activated", "effect"} & set(roles)), "effect": "effect" in roles,
              "grant": "grant" in roles or "activated" in roles}[place]
        if ok:
            allowed.append(kw)
    return {"type": "object", "required": ["kw"], "properties": {"kw": {"enum": allowed}},
            "kwSwitch": {kw: _kw_schema(kw, vocab.KW[kw], place) for kw in allowed}}


def card_schema() -> dict:
    """The JSON Schema (Draft 2020-12) of one card definition, built from the vocabulary as it stands now (call it
    after every keyword module registered; :func:`validator` caches it per vocabulary size)."""
    target_obj = {"type": "object", "properties": {
        "choose": {"enum": list(vocab.CHOOSE)}, "each": {"enum": list(vocab.CHOOSE)},
        "side": {"enum": list(vocab.SIDES)}, "filter": {"$ref": "#/$defs/filters"},
        "count": {"type": "integer", "minimum": 1}, "exact": {"type": "boolean"}},
        "required": ["side"], "additionalProperties": False,
        "oneOf": [{"required": ["choose"]}, {"required": ["each"], "not": {"anyOf": [
            {"required": ["count"]}, {"required": ["exact"]}]}}]}
    defs = {
        "filters": _params(vocab.FILTERS, "f"), "conditions": _params(vocab.CONDITIONS, "p"),
        "target": {"anyOf": [{"enum": list(vocab.TARGET_REFS + vocab.TARGET_SETS)}, target_obj]},
        "top": _place("top"), "effect": _place("effect"), "grant": _place("grant"),
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs, "type": "object",
        "required": ["id", "name_ru", "kind", "abilities"],
        "properties": {
            "id": {"type": "string", "minLength": 1}, "name_ru": {"type": "string", "minLength": 1},
            "name_en": {"type": "string"},
            "kind": {"enum": ["creature", "artifact", "terrain", "equipment"]},
            "element": {"type": "string", "minLength": 1}, "cost": {"type": "integer", "minimum": 0},
            "elite": {"type": "boolean"}, "unique": {"type": "boolean"}, "flyer": {"type": "boolean"},
            "symbiote": {"enum": [True, False, "parasite"]}, "life": {"type": ["integer", "null"], "minimum": 0},
            "move": {"type": ["integer", "null"], "minimum": 0},
            "strike": {"anyOf": [{"type": "null"}, _type("strike")]},
            "classes": {"type": "array", "items": {"type": "string"}},
            "abilities": {"type": "array", "items": {"$ref": "#/$defs/top"}},
        },
    }


def _switch(validator, cases, instance, schema):
    """The ``kwSwitch`` keyword of this schema: an object is checked against the case named by its ``kw`` (or by
    the field ``switchOn`` names: ``f`` for filters, ``p`` for conditions); an unknown name is left to ``enum``.
    A discriminator, as OpenAPI has one, so that each ability is checked against its own keyword only."""
    if isinstance(instance, dict):
        case = cases.get(instance.get(schema.get("switchOn", "kw")))
        if case is not None:
            yield from validator.descend(instance, case)


#: Draft 2020-12 plus the ``kwSwitch`` discriminator.
CardValidator = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"kwSwitch": _switch})


@lru_cache(maxsize=4)
def _validator(size: int):
    return CardValidator(card_schema())


def validator():
    """The compiled validator for the vocabulary as it stands (rebuilt when a keyword registers later)."""
    return _validator(len(vocab.KW))


def _leaves(err) -> list:
    """The deepest errors under ``err`` (an ``if``/``then`` or ``anyOf`` failure names the field that broke)."""
    if not err.context:
        return [err]
    best = max(len(e.absolute_path) for e in err.context)
    return [leaf for e in err.context if len(e.absolute_path) == best for leaf in _leaves(e)]


def _sentence(defn: dict, err) -> str:
    """One error as a sentence naming the card, the ability (its path and kw) and the field."""
    path = list(err.absolute_path)
    node: Any = defn  # a dict or a list along the path (compiled: a dict-typed name would refuse a list)
    ability, field = None, None
    where = []
    for p in path:
        node = node[p] if isinstance(node, (dict, list)) else None
        if isinstance(p, int):
            where.append(f"[{p}]")
        else:
            where.append(("." if where else "") + str(p))
        if isinstance(node, dict) and "kw" in node:
            ability, where = (node.get("kw"), "".join(where)), []
    field = "".join(where) or None
    if err.validator == "required":
        field = err.message.split("'")[1] if "'" in err.message else field
        msg = "is missing"
    elif err.validator == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        field, msg = ", ".join(extra), "is not a parameter of this ability"
    elif err.validator == "enum" and field == "kw":
        msg = f"unknown keyword {err.instance!r}"
    elif err.validator == "not" and "cost" in str(err.validator_value):
        field, msg = "cost", "this ability is not activated (it cannot have a cost)"
    else:
        msg = err.message if len(err.message) < 160 else err.message[:157] + "..."
    name = defn.get("name_ru") or defn.get("id") or "?"
    where_ab = f"ability {ability[0]} at {ability[1]}" if ability else "the card"
    return f"card {name!r}: {where_ab}: field {field or '(whole)'}: {msg}"


def card_errors(defn: dict) -> list[str]:
    """Every problem of one card definition as a sentence (``[]`` when it fits the schema). Raises nothing."""
    out = []
    for err in sorted(validator().iter_errors(defn), key=lambda e: list(map(str, e.absolute_path))):
        leaves = sorted(_leaves(err), key=lambda e: e.validator == "type")  # "0 is below 1" over "not null"
        s = _sentence(defn, leaves[0])
        if s not in out:
            out.append(s)
    return out


def ability_errors(a, place: str = "top") -> list[str]:
    """Problems of one ability object at ``place`` (``top``, ``effect``, ``grant``) as sentences; [] when valid."""
    wrapper = {"id": "?", "name_ru": "?", "kind": "creature", "abilities": []}
    if place == "top":
        wrapper["abilities"] = [a]
    else:
        wrapper["abilities"] = [{"kw": "trigger", "when": "moves", "optional": False, "effects": [a]}
                                if place == "effect" else {"kw": "aura", "to": [{"f": "self"}], "grants": [a]}]
    return card_errors(wrapper)


def validate_card(defn: dict) -> dict:
    """Return ``defn`` when it fits the card schema; raise EngineError("invalid_card", sentence) naming the card,
    the ability and the field of its first problem otherwise (01 §3; 03 §4; docs/card-vocabulary.md)."""
    errs = card_errors(defn)
    if errs:
        more = f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""
        raise EngineError("invalid_card", errs[0] + more + ".")
    return defn


vocab.CHECKER[0] = ability_errors  # vocab.check_ability answers through this schema
