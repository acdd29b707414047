"""How the log names cards (docs/client.md "Log"). A line that names two cards of one name on different sides says
whose each is (server/static/js/owners.js): "your" / "the opponent's" for a player («[у вас]» / «[у соперника]»),
the seats' names for a spectator; a line whose names differ says no side, and a face-down card keeps its face-down
name. A card that has left every zone the view shows is still named, from what the page's log book saw face up
(server/static/js/logbook.js); one never seen face up is "an unknown card", never its id."""
from __future__ import annotations

import copy

import pytest

#: renderLogLine(event, view) of the page's own log module, in language lang: [event, view, lang] -> str
LINE = """async ([e, view, lang]) => {
  const i18n = await import('/js/i18n.js');
  i18n.setLang(lang);
  const cards = await import('/js/cards.js');
  await cards.loadCatalogue();
  const { renderLogLine } = await import('/js/log.js');
  return renderLogLine(e, view);
}"""


def _fight_of_twins(st: dict) -> tuple[dict, dict]:
    """The state ``st`` (copied) with the two fighters of its last fight made one card on opposite sides, and that
    fight's event."""
    st = copy.deepcopy(st)
    fight = next(e for e in reversed(st["view"]["log"]) if e["type"] == "strike_roll")
    cards = st["view"]["cards"]
    a, r = cards[fight["attacker"]], cards[fight["responder"]]
    assert a["card"]
    r.update(card=a["card"], hidden=False, owner=3 - a["controller"], controller=3 - a["controller"])
    return st, fight


@pytest.fixture
def page(server, new_page):
    p = new_page()
    p.goto(server.url + "/#/nowhere")
    p.wait_for_selector("#app")
    return p


def _view(key: str, viewer) -> dict:
    return {"viewer": viewer, "room": {"players": {"1": "Ann", "2": "Bob"}},
            "cards": {"k1": {"card": key, "owner": 1, "controller": 1}, "k2": {"card": key, "owner": 2, "controller": 2},
                      "x-c2": {"card": None, "hidden": True, "owner": 2, "controller": 2}}}


def test_a_fight_between_two_cards_of_one_name_says_whose_each_is_in_the_players_log(states, mount):
    st, fight = _fight_of_twins(states["fight_logged"])
    page = mount(st, "en")
    lines = page.eval_on_selector_all("#game-under-test .log .log-list li", "els => els.map(e => e.textContent)")
    attacker_mine = st["view"]["cards"][fight["attacker"]]["controller"] == st["you"]
    first, second = ("your", "the opponent's") if attacker_mine else ("the opponent's", "your")
    assert any(s.startswith(f"Fight: {first} ") and f" vs {second} " in s for s in lines), lines[-8:]


def test_a_line_naming_two_cards_of_one_name_says_whose_each_is_in_russian(states, page):
    key = next(c["card"] for c in states["fight_logged"]["view"]["cards"].values() if c.get("card"))
    line = page.evaluate(LINE, [{"type": "defends", "card": "k1", "attacker": "k2"}, _view(key, 1), "ru"])
    assert line.count("[у вас]") == 1 and line.count("[у соперника]") == 1
    assert line.index("[у вас]") < line.index("защищает") < line.index("[у соперника]"), line


def test_a_spectator_reads_the_players_names_and_the_sentence_starts_with_a_capital(states, page):
    key = next(c["card"] for c in states["fight_logged"]["view"]["cards"].values() if c.get("card"))
    e = {"type": "declared", "player": 2, "source": "k2", "kind": "attack", "targets": ["k1"]}
    name = page.evaluate(LINE, [{"type": "died", "card": "k1"}, _view(key, None), "en"]).removesuffix(" dies")
    spectator = page.evaluate(LINE, [e, _view(key, None), "en"])
    assert spectator.startswith(f"Bob: Bob's {name} declares ") and spectator.endswith(f" → Ann's {name}"), spectator
    defends = page.evaluate(LINE, [{"type": "defends", "card": "k1", "attacker": "k2"}, _view(key, 1), "en"])
    assert defends.startswith("Your ") and " the opponent's " in defends, defends


def test_a_line_whose_card_names_differ_says_no_side_and_a_face_down_card_stays_unnamed(states, page):
    key = next(c["card"] for c in states["fight_logged"]["view"]["cards"].values() if c.get("card"))
    line = page.evaluate(LINE, [{"type": "defends", "card": "x-c2", "attacker": "k1"}, _view(key, 1), "en"])
    plain = page.evaluate(LINE, [{"type": "died", "card": "k1"}, _view(key, 1), "en"]).removesuffix(" dies")
    assert line == f"Face-down card defends against {plain}", line


def test_a_queue_entry_aimed_at_a_card_of_its_own_name_says_whose_each_is(states, mount):
    st = copy.deepcopy(states["queue_first_pass"])
    entry = next(e for e in st["view"]["queue"] if e.get("targets"))
    cards = st["view"]["cards"]
    src, target = cards[entry["source"]], cards[entry["targets"][0]]
    side = 3 - src["controller"]
    target.update(card=src["card"], hidden=False, owner=side, controller=side)
    page = mount(st, "ru")
    text = page.locator("#game-under-test [data-testid=queue] .q-entry").first.inner_text()
    mine, theirs = ("[у вас]", "[у соперника]") if src["controller"] == st["you"] else ("[у соперника]", "[у вас]")
    assert text.index(mine) < text.index("→") < text.index(theirs), text


#: A LogBook (in language lang) that saw view ``seen``, then the line of event e named from view ``now`` through it,
#: and the same from a second book restored from the first one's session copy: [e, seen, now, lang] -> [str, str]
BOOK = """async ([e, seen, now, lang]) => {
  const i18n = await import('/js/i18n.js');
  i18n.setLang(lang);
  const cards = await import('/js/cards.js');
  await cards.loadCatalogue();
  const { renderLogLine } = await import('/js/log.js');
  const { LogBook } = await import('/js/logbook.js');
  sessionStorage.clear();
  const book = new LogBook('berserk.log.test.1');
  book.see(seen.cards);
  const again = new LogBook('berserk.log.test.1');
  return [renderLogLine(e, book.named(now)), renderLogLine(e, again.named(now))];
}"""


def test_a_line_naming_a_card_the_view_does_not_hold_says_an_unknown_card_not_its_id(states, page):
    key = next(c["card"] for c in states["fight_logged"]["view"]["cards"].values() if c.get("card"))
    en = page.evaluate(LINE, [{"type": "to_deck", "card": "k9"}, _view(key, 1), "en"])
    ru = page.evaluate(LINE, [{"type": "defends", "card": "k1", "attacker": "k9"}, _view(key, 1), "ru"])
    assert en == "An unknown card goes back into the deck", en
    assert "k9" not in ru and ru.endswith("неизвестная карта"), ru


def test_a_card_seen_face_up_is_still_named_after_it_left_the_view_and_a_face_down_one_never(states, page):
    key = next(c["card"] for c in states["fight_logged"]["view"]["cards"].values() if c.get("card"))
    plain = page.evaluate(LINE, [{"type": "died", "card": "k1"}, _view(key, 1), "en"]).removesuffix(" dies")
    now = _view(key, 1)
    del now["cards"]["k1"]
    gone = page.evaluate(BOOK, [{"type": "to_deck", "card": "k1"}, _view(key, 1), now, "en"])
    assert gone == [f"{plain} goes back into the deck"] * 2, gone
    seen = _view(key, 1)
    seen["cards"]["x-c2"] = {"card": key, "hidden": True, "owner": 2, "controller": 2}   # shown face down: not seen
    del now["cards"]["x-c2"]
    hidden = page.evaluate(BOOK, [{"type": "to_deck", "card": "x-c2"}, seen, now, "en"])
    assert hidden == ["An unknown card goes back into the deck"] * 2, hidden
