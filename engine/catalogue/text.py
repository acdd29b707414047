"""Every ability in plain words, generated from the ability data (the catalogue's text).

Nothing here is copied from ``text_en``: each sentence is built from the normalized ability objects
(``engine/cards/vocab.py``, ``docs/card-vocabulary.md``), so a new card needs data only. Two languages: ``"ru"`` and
``"en"``. Rules: 01-game-and-cards.md §3 (properties), 03-abilities.md §4 (named abilities).
"""
from __future__ import annotations

from types import SimpleNamespace

from engine.cards.costs import cost_of
from engine.cards.keywords import KEYWORDS, carries
from engine.cards.kinds import ATTACK_ABILITIES
from engine.cards.pool import all_cards, card_def
from engine.cards.words import (CHOSEN as _CHOSEN, MARKER_NAMES, REF as _REF, UNTIL as _UNTIL, idx as _i,
                                kinds as _kinds)
from engine.catalogue.triggers import when_text
from engine.effects.keywords.choose_one import first_in, option_texts
from engine.errors import EngineError
from engine.rules.amounts import text as amount_text, x_is as amount_x_is
from engine.rules.conditions import text as condition_text
from engine.rules.filters import text as filter_text


LANGS = ("ru", "en")
_ATTACK_KWS = ATTACK_ABILITIES



# ---------------------------------------------------------------------------------------------------------------
# Filters, conditions, targets, amounts, costs
# ---------------------------------------------------------------------------------------------------------------


def _filters(fs: list[dict], lang: str) -> str:
    return filter_text(fs, lang)


def _cards(fs: list[dict], lang: str) -> str:
    """'cards (closed, enemy)' / 'карт (закрытая, вражеская)' (genitive plural for 'против', 'от')."""
    return ("cards" if lang == "en" else "карт") + f" ({_filters(fs, lang)})"


def _conditions(cs: list[dict] | None, lang: str) -> str:
    return condition_text(cs, lang)


def _target(t, lang: str, case: int = 1) -> str:
    """case 1: accusative (ru) / object (en); case 2: genitive (ru)."""
    if isinstance(t, str):
        r = _REF[t]
        return r[0] if lang == "en" else r[case]
    if "each" in t:
        noun = {"creature": ("creature", "существо", "существа"), "card": ("card", "карту", "карты")}[t["each"]]
        side = {"any": ("", "", ""), "enemy": ("enemy ", "вражеское ", "вражеского "),
                "friendly": ("of your ", "своё ", "своего ")}[t["side"]]
        if noun[0] == "card" and lang == "ru":
            side = {"any": ("", "", ""), "enemy": ("", "вражескую ", "вражеской "),
                    "friendly": ("", "свою ", "своей ")}[t["side"]]
        each = ("each " if lang == "en" else ("каждую " if noun[0] == "card" else "каждое ") if case == 1 else
                ("каждой " if noun[0] == "card" else "каждого "))
        text = each + (f"{side[0]}{noun[0]}" if lang == "en" else f"{side[case]}{noun[case]}")
        if lang == "en" and t["side"] == "friendly":
            text = f"each {noun[0]} of yours"
        if t.get("filter"):
            text += f" ({_filters(t['filter'], lang)})"
        return text
    base = _CHOSEN[(t["choose"], t["side"])]
    count = t.get("count", 1)
    if count > 1:
        noun = ("creatures", "существ") if t["choose"] == "creature" else ("cards", "карт")
        side = {"any": ("", ""), "enemy": ("enemy ", "вражеских "), "friendly": ("of your ", "своих ")}[t["side"]]
        if t.get("exact"):
            text = (f"{count} different {side[0]}{noun[0]} (all of them if fewer)" if lang == "en"
                    else f"{count} разных {side[1]}{noun[1]} (все, если их меньше)")
        else:
            text = (f"up to {count} different {side[0]}{noun[0]}" if lang == "en"
                    else f"до {count} разных {side[1]}{noun[1]}")
    else:
        text = base[0] if lang == "en" else base[case]
    if t.get("filter"):
        text += f" ({_filters(t['filter'], lang)})"
    return text


def _amount(a, lang: str) -> str:
    return amount_text(a, lang)


def _x_is(a: dict, lang: str) -> str:
    return amount_x_is(a, lang)


def _cost(a: dict, lang: str) -> str:
    en = lang == "en"
    cost = a.get("cost")
    if cost is None:
        return ""
    parts = []
    if a.get("sudden"):
        parts.append("Sudden" if en else "Внезапно")
    pay = cost_of(cost).parts(lang)
    text = ", ".join(pay) if pay else ("no cost" if en else "без оплаты")
    text = text[0].upper() + text[1:]
    limit = a.get("limit")
    if limit and a.get("kw") != "trigger":
        text += f" ({_limit(limit, lang)})"
    if a.get("condition") and a.get("kw") != "trigger" and not carries([a], "says_condition"):
        text += _conditions(a["condition"], lang)
    return (". ".join(parts) + ". " if parts else "") + text + ": "


def _limit(limit: dict, lang: str) -> str:
    en = lang == "en"
    per = {"turn": ("turn", "ход"), "battle": ("battle", "бой")}[limit["per"]][_i(lang)]
    times = limit["times"]
    lim = (f"{'once' if times == 1 else f'{times} times'} per {per}" if en
           else f"{'один раз' if times == 1 else f'{times} раза'} за {per}")
    if limit.get("group"):
        lim += " in total for these abilities" if en else " на все такие способности вместе"
    return lim


def _named(a: dict, lang: str) -> str:
    if a["kw"] in _ATTACK_KWS:  # an attack prints its own name after its kind
        return ""
    parts = []
    if a.get("kind") == "spell":
        parts.append("spell" if lang == "en" else "заклинание")
    elif a.get("kind") == "influence" and a.get("name"):
        parts.append("effect" if lang == "en" else "воздействие")
    if a.get("name"):
        parts.append(f"«{a['name'][lang]}»")
    return (" ".join(parts) + " — ") if parts else ""


# ---------------------------------------------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------------------------------------------

def _grants(gs: list[dict], lang: str) -> str:
    texts = [_static(g, lang) if "cost" not in g or g["kw"] == "trigger" else _activated(g, lang) for g in gs]
    return "; ".join(t[0].lower() + t[1:] for t in texts)


def _static(a: dict, lang: str) -> str:
    """Text of a static keyword or a trigger (what a card simply has)."""
    kw = a["kw"]
    if kw in KEYWORDS:
        return KEYWORDS[kw].text(a, lang, WORDS)
    if kw == "trigger":
        return _trigger(a, lang)
    return _activated(a, lang)


def _trigger(a: dict, lang: str) -> str:
    """A triggered ability: its trigger point (engine/catalogue/triggers.py), conditions, limit, cost, effects."""
    en = lang == "en"
    w = when_text(a, lang)
    if a.get("from_graveyard"):
        w += " (while it is in your graveyard)" if en else " (пока она на вашем кладбище)"
    w += _conditions(a.get("condition"), lang)
    if a.get("optional"):
        w += " (optional)" if en else " (по желанию)"
    if a.get("limit"):
        w += " (" + _limit(a["limit"], lang) + ")"
    pay = ""
    if a.get("cost"):
        pay = _cost(a, lang).rstrip(": ").lower()
        pay = f" it may {pay} to" if en else f" она может ({pay})"
    body = "; ".join(_effect(e, lang) for e in a["effects"])
    return f"{w}:{pay} {_named(a, lang)}{body}"


def _effect(e: dict, lang: str) -> str:
    kw = e["kw"]
    pre = ""
    if e.get("condition"):
        pre = _conditions(e["condition"], lang).strip(" ()") + ", "
    if kw in KEYWORDS:
        return pre + KEYWORDS[kw].text(e, lang, EFFECT_WORDS)
    return pre + _activated_body(e, lang)


def _activated_body(a: dict, lang: str) -> str:
    en = lang == "en"
    kw = a["kw"]
    if kw in KEYWORDS:
        return KEYWORDS[kw].text(a, lang, WORDS)  # a keyword defined in a module of its own (engine/effects/keywords/)
    t = a.get("target")
    if kw == "action":
        text = "; ".join(_effect(e, lang) for e in a["effects"])
        if a.get("different_targets"):
            text += " (at different cards)" if en else " (в разные карты)"
        return text
    if kw == "custom":
        text = a["description"][lang] + _conditions(a.get("condition"), lang)
        if t is not None:
            text = (f"target: {_target(t, lang)}; " if en else f"цель: {_target(t, lang)}; ") + text
        return text
    raise KeyError(kw)


def _activated(a: dict, lang: str) -> str:
    body = _activated_body(a, lang)
    return _cost(a, lang) + _named(a, lang) + body


#: The phrase helpers a keyword module's text uses (engine/cards/keywords.py ``Keyword.text``).
WORDS = SimpleNamespace(target=lambda t, lang, case=1: _target(t, lang, case),
                        until=lambda u, lang: _UNTIL[u][_i(lang)], amount=lambda n, lang: _amount(n, lang),
                        grants=lambda gs, lang: _grants(gs, lang), effect=lambda e, lang: _effect(e, lang),
                        filters=lambda fs, lang: _filters(fs, lang), filter_list=lambda fs, lang: _filters(fs, lang),
                        kinds=lambda ks, lang, form=1: _kinds(ks, lang, form),
                        conditions=lambda cs, lang: _conditions(cs, lang),
                        marker=lambda m, lang: MARKER_NAMES.get(m, (m, m))[_i(lang)],
                        cards=lambda fs, lang: _cards(fs, lang), vs=lambda a, lang: _vs(a, lang), place="ability")
#: The same helpers for an ability written as an effect (``place`` "effect": a keyword whose effect form reads
#: differently, e.g. ``no_close_on_attack``).
EFFECT_WORDS = SimpleNamespace(**{**vars(WORDS), "place": "effect"})


def _vs(a: dict, lang: str) -> str:
    """" against cards (...)" of an ability's ``vs`` filters, or ""."""
    return (" against " if lang == "en" else " против ") + _cards(a["vs"], lang) if a.get("vs") else ""


def ability_text(ability: dict, lang: str) -> str:
    """One ability object in plain words, as one sentence ending with a full stop.

    ``lang`` is ``"ru"`` or ``"en"``. Raises EngineError("malformed_action") for another language and KeyError for an
    object outside the vocabulary (engine/cards/vocab.py guards the data file against that).
    """
    if lang not in LANGS:
        raise EngineError("malformed_action", f"Unknown language {lang!r}; use 'ru' or 'en'.")
    text = _static(ability, lang) if "cost" not in ability or ability["kw"] == "trigger" else _activated(ability, lang)
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


_SUMMARY = ("id", "name_ru", "name_en", "element", "cost", "elite", "unique", "kind", "flyer", "life", "move", "strike",
            "classes")


def catalogue() -> list[dict]:
    """Every pool card for the lobby's card browser, in data-file order.

    Each entry: ``id``, ``name_ru``, ``name_en``, ``element``, ``cost`` (int), ``elite``, ``unique``, ``kind``,
    ``flyer`` (bools / str), ``life`` (int), ``move`` (int or None for flyers), ``strike`` ([weak, medium, strong]),
    ``classes`` (list of str), ``abilities_text`` = ``{"ru": [str, ...], "en": [str, ...]}``, one sentence per
    ability, generated from the data, and ``options_text`` in the same shape, one entry per ability: the options of
    its choose one (выбрать одно, ``choose_one``) in plain words, or None for an ability without one (what the
    client's buttons answering that choice say). JSON-like; a fresh list each call.
    """
    out = []
    for c in all_cards():
        entry = {k: c[k] for k in _SUMMARY}
        entry["abilities_text"] = {lang: [ability_text(a, lang) for a in c["abilities"]] for lang in LANGS}
        entry["options_text"] = {lang: [choice_options_text(a, lang) for a in c["abilities"]] for lang in LANGS}
        out.append(entry)
    return out


def choice_options_text(ability: dict, lang: str) -> list[str] | None:
    """The options of the first choose one (``choose_one``) inside ``ability`` (the ability itself or one of its
    effects, at any depth), each in plain words starting with a capital, in ``lang`` ("ru" or "en"); None when the
    ability has none."""
    found = first_in(ability)
    if found is None:
        return None
    return [t[0].upper() + t[1:] for t in option_texts(found, lang, EFFECT_WORDS)]


def card_text(card_id: str, lang: str) -> str:
    """All abilities of one card (pool id or unique Russian name) as one paragraph in ``lang`` ("ru" or "en").

    A card without abilities gives "Без способностей." / "No abilities.". Raises EngineError("unknown_card") for an
    unknown card and EngineError("malformed_action") for an unknown language.
    """
    if lang not in LANGS:
        raise EngineError("malformed_action", f"Unknown language {lang!r}; use 'ru' or 'en'.")
    c = card_def(card_id)
    lines = [ability_text(a, lang) for a in c["abilities"]]
    if not lines:
        return "No abilities." if lang == "en" else "Без способностей."
    return " ".join(lines)
