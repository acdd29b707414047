"""The opening phrase of a triggered ability ("When it moves", "At the start of your turn" ...): one small phrase
function per trigger point (``when``; docs/card-vocabulary.md "Trigger points", 03-abilities.md §1.4 [405]), in
Russian and English. :func:`when_text` picks it; engine/catalogue/text.py adds the conditions, cost and effects."""
from __future__ import annotations

from typing import Callable

from engine.cards.words import STRENGTH, a_, idx, kinds, or_

#: subject -> (en, ru) of the three "who" forms some trigger points share.
_Who = dict[str, tuple[str, str]]


def _by_subject(forms: _Who) -> Callable[[dict, str], str]:
    return lambda a, lang: forms[a.get("subject", "self")][idx(lang)]


def _fixed(en: str, ru: str) -> Callable[[dict, str], str]:
    return lambda a, lang: en if lang == "en" else ru


def _attack(a: dict) -> list[str]:
    return a.get("attack", ["any_attack"])


def _turn_edge(a: dict, lang: str) -> str:
    start = a["when"] == "start_of_turn"
    edge = ("At the start of" if start else "At the end of") if lang == "en" else ("В начале" if start else "В конце")
    whose = {"own": ("your turn", "вашего хода"), "opponent": ("the opponent's turn", "хода противника"),
             "each": ("each turn", "каждого хода")}[a.get("turn", "own")][idx(lang)]
    return f"{edge} {whose}"


def _before_turn(a: dict, lang: str) -> str:
    whose = {"own": ("each of your turns", "каждым вашим ходом"),
             "opponent": ("each of the opponent's turns", "каждым ходом противника"),
             "each": ("each turn", "каждым ходом")}[a.get("turn", "own")][idx(lang)]
    return f"Just before {whose}" if lang == "en" else f"Перед {whose}"


def _attacked(a: dict, lang: str) -> str:
    mine = a.get("subject", "self") == "self"
    att = _attack(a)
    if lang == "en":
        return f"When {a_(kinds(att, lang))} is made against {'it' if mine else 'another creature'}"
    head = "Когда её атакуют" if mine else "Когда атакуют другое существо"
    return head + ("" if att == ["any_attack"] else f" ({kinds(att, lang)})")


def _attack_declared(a: dict, lang: str) -> str:
    mine = a.get("subject", "self") == "self"
    if lang == "en":
        return f"When {a_(kinds(_attack(a), lang))} is declared against {'it' if mine else 'another creature'}"
    return f"Когда против {'неё' if mine else 'другое существо'} заявляют атаку ({kinds(_attack(a), lang)})"


def _hit(a: dict, lang: str) -> str:
    mine = a.get("subject", "self") == "self"
    att = _attack(a)
    if lang == "en":
        return ("When it" if mine else "When another creature") + f" takes wounds from {a_(kinds(att, lang))}"
    return (("Когда она" if mine else "Когда другое существо") + " получает раны от "
            + ("атаки" if att == ["any_attack"] else f"атаки ({kinds(att, lang)})"))


def _misses(a: dict, lang: str) -> str:
    who = {"self": ("it", "она"), "any": ("a creature", "существо"),
           "other": ("another creature", "другое существо")}[a.get("subject", "self")]
    if lang == "en":
        return f"When {who[0]} misses with {a_(kinds(_attack(a), lang))}"
    return f"Когда {who[1]} промахивается ({kinds(_attack(a), lang)})"


def _strikes(a: dict, lang: str) -> str:
    if a.get("miss_only"):
        return _misses(a, lang)
    en, att = lang == "en", _attack(a)
    if att == ["any_attack"]:
        w = "When it attacks" if en else "Когда она атакует"
    else:
        w = f"When it makes {a_(kinds(att, lang))}" if en else f"Когда она наносит {kinds(att, lang)}"
    roles = a.get("roles")
    if roles == ["attacker"]:
        w += " as the attacker" if en else ", нападая"
    elif roles and set(roles) == {"attacker", "responder"}:
        w += " (attacking or striking back)" if en else " (нападая или отвечая)"
    if a.get("strength"):
        w += ((" and it comes out " + or_([STRENGTH[s][0] for s in a["strength"]], lang)) if en
              else " и результат " + or_([STRENGTH[s][1] for s in a["strength"]], lang))
    if a.get("hit_or_miss"):
        w += ", whether it hits or misses" if en else ", попал удар или нет"
    return w


#: when -> its phrase ``f(trigger ability, lang)``.
WHEN: dict[str, Callable[[dict, str], str]] = {
    "moves": _by_subject({"self": ("When it moves", "Когда она перемещается"),
                          "any": ("When a creature moves", "Когда существо перемещается"),
                          "other": ("When another creature moves", "Когда другое существо перемещается")}),
    "battle_start": _fixed("At the start of the battle", "В начале боя"),
    "poison_wounds": _fixed("When a creature takes wounds from its poisoning",
                            "Когда существо получает раны от отравления"),
    "before_turn": _before_turn,
    "start_of_turn": _turn_edge,
    "end_of_turn": _turn_edge,
    "dies": _by_subject({"self": ("When it dies", "Когда она гибнет"),
                         "any": ("When any creature dies", "Когда гибнет любое существо"),
                         "other": ("When another creature dies", "Когда гибнет другое существо")}),
    "attacked": _attacked,
    "attack_declared": _attack_declared,
    "hit": _hit,
    "wounded": _fixed("When it receives wounds", "Когда она получает раны"),
    "strikes": _strikes,
    "revealed_by_prophecy": _fixed("When a prophecy of yours reveals it (from the deck)",
                                   "Когда ваше пророчество открывает её (из колоды)"),
    "incarnates": _by_subject({"self": ("When it incarnates", "Когда она инкарнирует"),
                               "any": ("When another creature incarnates", "Когда другое существо инкарнирует"),
                               "other": ("When another creature incarnates", "Когда другое существо инкарнирует")}),
    "gains_incarnation_token": _fixed("Each time it receives an incarnation token (in the graveyard)",
                                      "Каждый раз, когда она получает фишку инкарнации (на кладбище)"),
    "jumps": _fixed("After it jumps", "После её прыжка"),
    "carrion_eats": _fixed("When its corpse-eating applies", "Когда срабатывает её трупоедство"),
    "becomes_defender": _fixed("When it becomes a defender", "Когда она становится защитником"),
    "prophecy_reveals": _fixed("When a prophecy of yours reveals cards", "Когда ваше пророчество открывает карты"),
    "acts": _by_subject({"self": ("When it acts", "Когда она действует"),
                         "any": ("When a card acts", "Когда карта действует"),
                         "other": ("When another card of yours acts", "Когда другая ваша карта действует")}),
    "valhalla": _fixed("Valhalla (works from your graveyard, at the start of your turn)",
                       "Вальхалла (действует с кладбища, в начале вашего хода)"),
}


def when_text(a: dict, lang: str) -> str:
    """The opening phrase of trigger ``a`` in ``lang``. Raises KeyError for a ``when`` outside the vocabulary."""
    return WHEN[a["when"]](a, lang)
