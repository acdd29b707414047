"""Word lists and phrase helpers of the plain-words ability text, in Russian and English.

The lowest layer of the ability text: every typed piece of the ability language (filters, conditions, amounts,
keywords; ``engine/rules/``, ``engine/effects/keywords/``) and the catalogue (``engine/catalogue.py``) build their
sentences from these. Each tuple is ``(en, ru ...)``; the Russian forms are the cases the phrases need (noted on
each list). Rules: 01-game-and-cards.md §3 (properties), 03-abilities.md §4 (named abilities).
"""
from __future__ import annotations

from typing import Final

#: Attack kinds and groups: en, ru nominative, ru dative, ru genitive plural.
KIND: Final = {
    "simple_strike": ("simple strike", "простой удар", "простому удару", "простых ударов"),
    "special_strike": ("special strike", "особый удар", "особому удару", "особых ударов"),
    "magic_strike": ("magic strike", "магический удар", "магическому удару", "магических ударов"),
    "shot": ("shot", "выстрел", "выстрелу", "выстрелов"),
    "throw": ("throw", "метание", "метанию", "метаний"),
    "discharge": ("discharge", "разряд", "разряду", "разрядов"),
    "strike_through_row": ("strike through a row", "удар через ряд", "удару через ряд", "ударов через ряд"),
    "melee": ("melee attack", "атака ближнего боя", "атаке ближнего боя", "атак ближнего боя"),
    "ranged": ("ranged attack", "дальняя атака", "дальней атаке", "дальних атак"),
    "nonmagical": ("non-magical attack", "немагическая атака", "немагической атаке", "немагических атак"),
    "magical": ("magical attack", "магическая атака", "магической атаке", "магических атак"),
    "any_attack": ("attack", "атака", "атаке", "атак"),
}
#: Ability names for ``has_ability`` filters: (en, ru).
ABILITY_NAME: Final = {
    "discharge": ("a discharge", "разряд"), "magic_strike": ("a magic strike", "магический удар"),
    "spell": ("a spell", "заклинание"), "shot": ("a shot", "выстрел"), "throw": ("a throw", "метание"),
    "attack_exp": ("attack experience", "опыт в атаке"), "defence_exp": ("defence experience", "опыт в защите"),
    "armour": ("armour", "броня"), "formation": ("formation", "строй"),
    "directed_strike": ("a directed strike", "направленный удар"),
}
#: Markers put by ``mark`` (its ``marker`` key is the English name): (en, ru).
MARKER_NAMES: Final = {"prey": ("prey", "добыча"), "hunt": ("hunt", "охота"), "strangling": ("strangling", "удушение"),
                "bonfire": ("bonfire", "костёр"), "gates": ("gates", "врата"), "tremor": ("tremor", "сотрясение")}
#: What a protection names: (en, ru genitive).
PROT: Final = {
    "magic": ("magic", "магии"), "spells": ("spells", "заклинаний"), "discharges": ("discharges", "разрядов"),
    "magic_strikes": ("magic strikes", "магических ударов"), "shots": ("shots", "выстрелов"),
    "throws": ("throws", "метаний"), "strike_through_row": ("strikes through a row", "ударов через ряд"),
    "poison": ("poison", "отравления"), "simple_strikes": ("simple strikes", "простых ударов"),
    "weak_simple_strikes": ("weak simple strikes", "слабых простых ударов"),
    "flyer_attacks": ("flyers' attacks", "атак летающих существ"),
    "nonmagical": ("every non-magical attack", "всех немагических атак"),
}
#: Strike strengths: en, ru nominative, ru instrumental, ru genitive plural.
STRENGTH: Final = {"weak": ("weak", "слабый", "слабым", "слабых"), "medium": ("medium", "средний", "средним", "средних"),
             "strong": ("strong", "сильный", "сильным", "сильных")}
#: Durations: (en, ru).
UNTIL: Final = {
    "end_of_turn": ("until the end of the turn", "до конца хода"),
    "next_simple_strike": ("for its next simple strike", "на её следующий простой удар"),
    "end_of_your_turn": ("until the end of your turn", "до конца вашего хода"),
    "end_of_your_next_turn": ("until the end of your next turn", "до конца вашего следующего хода"),
    "end_of_target_next_turn": ("until the end of its controller's next turn", "до конца следующего хода её владельца"),
    "end_of_opponent_next_turn": ("until the end of the opponent's next turn", "до конца следующего хода противника"),
    "end_of_opponent_xth_turn": ("until the end of the opponent's X-th turn from now (X = the tokens paid)",
                                 "до конца X-го следующего хода противника (X = число потраченных фишек)"),
    "source_adjacent": ("while this card stays next to it", "пока эта карта остаётся рядом с ней"),
    "source_leaves": ("for as long as this card stays on the battlefield", "пока эта карта остаётся на поле боя"),
    "source_moves_or_leaves": ("until this card moves or leaves the battlefield",
                               "пока эта карта не сдвинется или не покинет поле боя"),
    "end_of_battle": ("until the end of the battle", "до конца боя"),
}
# target names: en, ru accusative, ru genitive
#: Target names: en, ru accusative, ru genitive.
REF: Final = {
    "self": ("itself", "себя", "себя"),
    "attacker": ("the attacker", "атакующего", "атакующего"),
    "attacked": ("the attacked card", "атакованную карту", "атакованной карты"),
    "opposite": ("the card directly opposite", "карту прямо напротив", "карты прямо напротив"),
    "defended": ("the creature it defends", "защищаемое существо", "защищаемого существа"),
    "same_target": ("the same card(s)", "те же карты", "тех же карт"),
    "event_card": ("that creature", "то существо", "того существа"),
    "each_enemy_creature": ("each enemy creature", "каждое вражеское существо", "каждого вражеского существа"),
    "each_friendly_creature": ("each of your creatures", "каждое своё существо", "каждого своего существа"),
    "each_adjacent_enemy_creature": ("each adjacent enemy creature", "каждое соседнее вражеское существо",
                                     "каждого соседнего вражеского существа"),
}
#: Chosen targets, (choose, side) -> en, ru accusative, ru genitive.
CHOSEN: Final = {
    ("creature", "any"): ("any creature", "любое существо", "любого существа"),
    ("creature", "enemy"): ("an enemy creature", "вражеское существо", "вражеского существа"),
    ("creature", "friendly"): ("one of your creatures", "своё существо", "своего существа"),
    ("card", "any"): ("any card", "любую карту", "любой карты"),
    ("card", "enemy"): ("an enemy card", "вражескую карту", "вражеской карты"),
    ("card", "friendly"): ("one of your cards", "свою карту", "своей карты"),
}


def idx(lang: str) -> int:
    """0 for English, 1 for Russian: the index into a word tuple."""
    return 0 if lang == "en" else 1


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian plural form of ``n``: ``one`` (1, 21), ``few`` (2-4, 22-24) or ``many``."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def tokens(n, lang: str) -> str:
    """``n`` tokens (an int, ``"X"`` or ``"all"``) in words."""
    if n == "X":
        return "X tokens" if lang == "en" else "X фишек"
    if n == "all":
        return "all its tokens" if lang == "en" else "все фишки"
    if lang == "en":
        return f"{n} token" + ("" if n == 1 else "s")
    return f"{n} " + plural_ru(n, "фишку", "фишки", "фишек")


def or_(items: list[str], lang: str) -> str:
    """"a, b or c"."""
    word = " or " if lang == "en" else " или "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


def and_(items: list[str], lang: str) -> str:
    """"a, b and c"."""
    word = " and " if lang == "en" else " и "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


def a_(word: str) -> str:
    """English indefinite article for ``word``."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def kinds(ks: list[str], lang: str, form: int = 1) -> str:
    """Attack kinds joined with "or"; form: 1 nominative (ru) / singular (en), 2 dative (ru), 3 genitive plural
    (ru) / plural (en)."""
    if lang == "en":
        return or_([KIND[k][0] + ("s" if form == 3 else "") for k in ks], lang)
    return or_([KIND[k][form] for k in ks], lang)


#: The elements' English names (the data names them in Russian, 01-game-and-cards.md §2).
ELEMENT_EN: Final = {"Степи": "Steppes", "Горы": "Mountains", "Леса": "Forests", "Болота": "Swamps", "Тьма": "Darkness",
              "Нейтральные": "Neutral"}

