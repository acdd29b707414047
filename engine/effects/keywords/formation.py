"""Formation (строй, ``formation``; 03-abilities.md §4 [g-46]): while it stands in formation it has ``grants``. Its rule
is read where combat asks for it (engine/rules/grants.py, engine/rules/formation.py); this module holds its schema
and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword


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
    fields={"grants": "abilities?", "partner": "filters?"}))
