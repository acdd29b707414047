"""Unique display names: the keys fold case, compatibility forms and confusable letters (UTS #39); names of only
invisible or blank characters are refused."""
from __future__ import annotations

import pytest

from server.namekey import name_keys, same_name
from server.names import BadName, clean_name


@pytest.mark.parametrize("a, b", [
    ("Alice", "alice"), ("Alice", "ALICE"),
    ("Alice", "\u0410lice"),                   # Cyrillic capital А
    ("Alice", "\uff21\uff4c\uff49\uff43\uff45"),  # full-width
    ("alice", "\u0430lic\u0435"),              # Cyrillic а and е
    ("HAHA", "\u041d\u0410\u041d\u0410"),      # Cyrillic НАНА: confusable only in capitals
    ("rock", "\u0433ock"),                     # Cyrillic г: confusable only in small letters
    ("Bob", "B0b"), ("Ivan", "lvan"), ("Ivan", "1van"),
    ("stra\u00dfe", "STRASSE"),                # ß folds to ss
    ("Ann  Lee", "Ann Lee"),                   # runs of spaces are one
    ("\u0410\u043d\u044f", "\u0430\u043d\u044f"),  # Аня / аня
    ("x\u00b2", "x2"),                         # superscript two (NFKC)
    ("\ufb01re", "fire"),                      # the ﬁ ligature
    ("Anna", "Ann a"),                         # a space inside
])
def test_names_that_look_the_same_are_the_same_name(a, b):
    assert same_name(a, b)


@pytest.mark.parametrize("spaced", [
    "A d m i n", "A  d  m  i  n", "A\u00a0d\u00a0min",    # spaces, no-break space
    "A\u200bd\u200bmin", "Ad\u200dmin", "A\u2060dmin",    # zero-width space / joiner, word joiner
    "A\u3000dmin", "A\u2009dmin",                          # ideographic and thin spaces
    "Ad_min", "A-dmin", "A\u2013dmin", "A.d.m.i.n", "A\u00b7dmin",  # connector, dashes, dots
    "\u0410 d m i n",                                       # spaced and confusable
])
def test_letter_spacing_does_not_make_another_name(spaced):
    assert same_name(spaced, "Admin") and name_keys(spaced) == name_keys("Admin")


@pytest.mark.parametrize("a, b", [("Anna", "Anne"), ("...", "-"), ("\u0401\u043b\u043a\u0430", "\u0415\u043b\u043a\u0430"),
                                  ("\u0410\u043d\u044f", "Anya"), ("Bob", "Rob")])
def test_different_names_stay_different(a, b):
    assert not same_name(a, b)


def test_a_name_of_spacing_marks_only_keeps_them_in_its_keys():
    assert name_keys("...") == ("...", "...")


def test_keys_are_bounded_strings():
    upper, lower = name_keys("\ufdfa" * 24)       # one character that NFKC expands to 18
    assert isinstance(upper, str) and 0 < len(upper) <= 128 and 0 < len(lower) <= 128


@pytest.mark.parametrize("raw", ["\u3164", "\u3164\u3164", "\u2800", "\u115f", "\uffa0", "Ann\u3164",
                                 "\u200b", "a\u200bb", "\u034f", "\u0301\u0301", " \u00a0 \u3000 ", "\ufe0f"])
def test_invisible_or_blank_names_are_refused(raw):
    with pytest.raises(BadName):
        clean_name(raw)


def test_a_refusal_reads_in_russian_and_english():
    with pytest.raises(BadName) as e:
        clean_name("\u2800")
    assert e.value.text("ru") != e.value.text("en") and e.value.text("en") == str(e.value)
