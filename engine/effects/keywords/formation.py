"""Formation (строй, ``formation``; 03-abilities.md §4 [g-46]): while it stands in formation it has ``grants``. Its flag
``forms_formation`` makes the card a formation partner (engine/rules/formation.py, the formation filters); its
``grants_now`` hook gives the grants while in formation (:func:`engine.rules.grants.effective`)."""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS, Keyword
from engine.effects.registry import register_keyword
from engine.rules.formation import in_formation
from engine.model.state import GameState


def grants_now(g: GameState, card, a: dict) -> list[dict]:
    """Its ``grants`` while the card stands in formation (with a ``partner`` match) [g-46], each followed by the
    abilities a granted one stands for (a keyword's ``expand`` hook: copy_ability); [] otherwise."""
    if not a.get("grants") or not in_formation(g, card, a.get("partner")):
        return []
    out = list(a["grants"])
    for x in a["grants"]:
        k = KEYWORDS.get(x.get("kw"))
        if k is not None and k.expand is not None:
            out.extend(k.expand(g, card, x))
    return out


def text(a: dict, lang: str, words) -> str:
    """"In formation [with a card (...)]: <abilities>" in ``lang``."""
    partner = ""
    if a.get("partner"):
        partner = f" with a card ({words.filters(a['partner'], lang)})" if lang == "en" else \
            f" с картой ({words.filters(a['partner'], lang)})"
    if not a.get("grants"):  # the bare named ability: it counts as a partner (03 §4 formation)
        return "Formation" if lang == "en" else "Строй"
    return ("In formation" if lang == "en" else "В строю") + partner + ": " + words.grants(a["grants"], lang)


FORMATION = register_keyword(Keyword(
    kw="formation", places="static", rule="03 §4 formation [g-46]", text=text,
    fields={"grants": "abilities?", "partner": "filters?"}, grants_now=grants_now,
    flags=frozenset({"forms_formation"})))
