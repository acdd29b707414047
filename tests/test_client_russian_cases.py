"""Russian sentences of the client that insert a name (a card's, a player's, the computer's) keep it in the
nominative, the only case a name is stored in: a name never follows a preposition that asks for another case
("против {name}" read «против компьютер»); such sentences name the thing («против компьютера», «к карте {host}»)
or set the name apart with a colon or a dash (server/static/js/i18n*.js)."""
from __future__ import annotations

import pathlib
import re

JS = pathlib.Path(__file__).resolve().parents[1] / "server" / "static" / "js"
#: placeholders that stand for a name: of a card, a player or the computer (cells, numbers and dates excepted)
NAME_FIELDS = {"name", "who", "target", "host", "attacker", "from", "to", "a", "r", "p", "player", "opponent"}
#: Russian prepositions (each asks for a case other than the nominative)
PREPOSITIONS = {"против", "от", "к", "ко", "с", "со", "у", "для", "без", "из", "о", "об", "по", "при", "за", "над",
                "под", "перед", "на", "в", "во", "до", "после", "кроме", "около", "возле", "через", "между", "про"}
#: finite verbs of the client's sentences whose object (accusative) a following name would be
OBJECT_VERBS = {"нанимаете", "ставите", "выбираете", "вызвали", "применяет", "нанимает", "ставит"}
#: the words a name may follow directly: a noun the name stands beside in apposition (the noun takes the case, the
#: name stays nominative: «игрока {name}», «к карте {host}», «цель {target}»), a verb in the present tense whose
#: subject the name is («ходит {who}»), a conjunction («пока {name}», «как {name}»); «у атакующего {a}» gives a
#: row's values
NAME_LEADS = {"игрок", "игрока", "соперник", "карта", "карты", "карте", "карту", "цель", "ходит", "выбирает",
              "получает", "пока", "как", "атакующего", "отвечающего"}
#: the words that name a person whose gender a past-tense verb may take in place of the name's («Игрок {name}
#: покинул игру»: the verb agrees with «игрок»)
PERSON_NOUNS = {"игрок", "соперник"}


def russian_strings() -> dict[str, str]:
    """key -> Russian sentence of every client text table (the ``ru: {`` block of each i18n*.js)."""
    out = {}
    for path in sorted(JS.glob("i18n*.js")):
        ru = path.read_text(encoding="utf-8").partition("\n  ru: {")[2]
        out.update(re.findall(r'\n\s*(\w+): "((?:[^"\\]|\\.)*)"', ru))
    return out


def test_the_russian_tables_are_read():
    strings = russian_strings()
    assert len(strings) > 500 and "profile_vs" in strings


def test_no_russian_sentence_puts_a_name_right_after_a_preposition():
    bad = {k: v for k, v in russian_strings().items()
           if any(m.group(1).lower() in PREPOSITIONS and m.group(2) in NAME_FIELDS
                  for m in re.finditer(r"(\w+) \{(\w+)\}", v))}
    assert bad == {}


def test_no_russian_sentence_puts_a_name_as_the_object_right_after_a_verb():
    """«Нанять Ледяной охотник» needs the accusative; the labels set the name apart («Нанять: Ледяной охотник»)
    or name the thing («Вы нанимаете карту {name}»). Infinitives end in -ть/-ти/-чь."""
    def asks_object(word: str) -> bool:
        w = word.lower()
        return w.endswith(("ть", "ти", "чь")) or w in OBJECT_VERBS
    bad = {k: v for k, v in russian_strings().items()
           if any(asks_object(m.group(1)) and m.group(2) in NAME_FIELDS | {"ability"}
                  for m in re.finditer(r"(\w+) \{(\w+)\}", v))}
    assert bad == {}


def test_a_name_follows_only_a_word_that_leaves_it_in_the_nominative():
    """«Игровое событие {name}» asks the genitive of the name («событие карты …»): a word right before a name is one
    of NAME_LEADS, else the sentence sets the name apart («Игровое событие: {name}»)."""
    bad = {k: v for k, v in russian_strings().items()
           if any(m.group(1).lower() not in NAME_LEADS and m.group(2) in NAME_FIELDS
                  for m in re.finditer(r"(\w+) \{(\w+)\}", v))}
    assert bad == {}


def test_no_russian_sentence_makes_a_name_the_subject_of_a_past_tense_verb():
    """A verb in the past tense takes its subject's gender («Анна покинула игру», «Олег покинул»), which a name
    does not tell: a past-tense verb («…л», «…лся») never stands right beside a name as its subject («победил {who}»,
    «{name} покинул игру»), unless a noun of PERSON_NOUNS is the subject it agrees with («Игрок {name} покинул»)."""
    past = re.compile(r"\w+л(ся)?$")
    def wrong(v: str) -> bool:
        before = any(past.match(m.group(1).lower()) and m.group(2) in NAME_FIELDS
                     for m in re.finditer(r"(\w+) \{(\w+)\}", v))
        after = any(past.match(m.group(3).lower()) and m.group(2) in NAME_FIELDS
                    and (m.group(1) or "").lower() not in PERSON_NOUNS
                    for m in re.finditer(r"(?:(\w+) )?\{(\w+)\} (\w+)", v))
        return before or after
    bad = {k: v for k, v in russian_strings().items() if wrong(v)}
    assert bad == {}


def test_a_game_against_the_computer_reads_against_the_computer_in_the_genitive():
    assert russian_strings()["profile_vs_bot"].startswith("против компьютера")
