"""Gift of Life X (Дар жизни) [g-12], 03 §4 ``gift_of_life``: triggered. When this card dies, one chosen creature of
its controller's squad with the same element gains X additional life, not above its life maximum [204.3.a] (no
maximum: no limit, docs/rules-decisions.md). Written ``{"kw": "gift_of_life", "n": X}``; its ``parts`` are the
on-death trigger whose effect is the vocabulary's ``add_life`` on a chosen friendly creature of that element."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import x_text
from engine.effects.registry import register_keyword


def parts(card: dict, a: dict) -> list[dict]:
    """The on-death trigger; the target is chosen when it is declared."""
    element = card.get("element") or "Нейтральные"
    return [{"kw": "trigger", "when": "dies", "optional": False, "effects": [
        {"kw": "add_life", "n": a.get("n", 1), "target": {
            "choose": "creature", "side": "friendly", "filter": [{"f": "element", "in": [element]}]}}]}]


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    n = a.get("n", 1)
    if lang == "en":
        return f"gift of life{x_text(a)}: when it dies, a chosen creature of your squad of its element gains {n} additional life"
    return f"дар жизни{x_text(a)}: при гибели выбранное ваше существо той же стихии получает {n} доп. жизни"


GIFT_OF_LIFE = register_keyword(Keyword(kw="gift_of_life", places="static grant", rule="03 §4 gift_of_life [g-12]",
                                        text=text, fields={"n": "pos?"}, parts=parts))
