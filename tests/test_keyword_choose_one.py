"""``choose_one`` (engine/effects/keywords/choose_one.py): its schema accepts the card data and its text reads in both
languages (Овражный гном, vs2003-ovrazhny-gnom); declaring and executing it is tested with the cards that use it (tests/cards,
tests/rules)."""
from engine.cards.vocab import check_ability
from engine.catalogue import ability_text, catalogue
from tests.cards.kit import do, pool, setup
from tests.helpers import ability_of

CARD = 'vs2003-ovrazhny-gnom'


def test_the_schema_accepts_the_card_data():
    a, place = ability_of(CARD, 'choose_one')
    assert check_ability(a, place) == []


def test_the_catalogue_says_it_in_both_languages():
    a, _ = ability_of(CARD, 'choose_one')
    assert ability_text(a, "en") == "The attacked card's controller chooses: close the attacked card or wound the attacked card for 2 (not an attack)."
    assert ability_text(a, "ru") == 'Владелец атакованной карты выбирает: закрыть атакованную карту или ранить атакованную карту на 2 (это не атака).'


def test_the_catalogue_describes_each_option_in_both_languages():
    entry = next(c for c in catalogue() if c["id"] == CARD)
    assert entry["options_text"]["en"] == [None, ["Close the attacked card",
                                                  "Wound the attacked card for 2 (not an attack)"], None]
    assert entry["options_text"]["ru"][1] == ["Закрыть атакованную карту",
                                              "Ранить атакованную карту на 2 (это не атака)"]


def test_the_choice_prompt_names_the_attacked_card_to_every_viewer():
    g, L = setup([pool("a", "c3", 1, CARD), pool("t", "c4", 2, "vs2003-leshiy")], dice=[6, 1])
    prompts = []

    def look(game, legal):
        if game.prompt["kind"] == "choice":
            prompts.extend(game.view(v)["prompt"] for v in (1, 2, None))
        return None
    do(g, L, 1, act="attack", source="a", target="t", pick=look)
    assert prompts and all(p["target"] == L["t"] and p["source"] == L["a"] for p in prompts)
