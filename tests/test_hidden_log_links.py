"""No log event links a card a viewer saw (revealed in recruitment, peeked at) to the cell where it now lies face
down [415]: played through ``apply`` / ``legal_actions``, checked against bench/leaks.py's model of every legitimate
reveal, over every preconstructed deck."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.leaks import VIEWERS, LeakModel
from engine import Game, load_deck
from engine.cards.decks import preconstructed_decks
from engine.selfplay import random_action

SCOUTS = "neutral-mountains-2023-new"     # Лазутчица and Линнет (shown in recruitment)
OTHER = "forests-steppes"
ALL_DECKS = [d["id"] for d in preconstructed_decks()]


def _play(seed: int, deck1: str, deck2: str, choose, until, steps: int = 200):
    """Apply actions (``choose(g, p, legal, rng)`` or a random one) until ``until(g)``; check every viewer's view
    after each action; returns (game, failures)."""
    g = Game.new(seed, load_deck(deck1), load_deck(deck2))
    model, rng, fails = LeakModel(g), random.Random(seed), []
    for _ in range(steps):
        if g.result is not None or until(g):
            break
        p = g.to_act()
        legal = g.legal_actions(p)
        g.apply(p, choose(g, p, legal, rng) or random_action(rng, legal))
        model.observe(g)
        for w in VIEWERS:
            fails += model.check_view(g, w, g.view(w))
    return g, fails


def _events(g, viewer, kind: str) -> list[dict]:
    return [e for e in g.view(viewer)["log"] if e["type"] == kind]


def _recruitment_reveals(g) -> list[str]:
    return [e["card"] for e in g.events if e["type"] == "revealed" and e.get("why") == "recruitment"]


def _show_then_place(g, p, legal, rng):
    """Player 1 shows a card in recruitment, then recruits and places the shown card."""
    shown = _recruitment_reveals(g)
    if not shown:
        return next((a for a in legal if a.get("act") == "ability"), None)
    return next((a for a in legal if isinstance(a.get("option"), dict)
                 and shown[0] in (a["option"].get("recruit"), a["option"].get("place"))), None)


def test_a_card_revealed_in_recruitment_keeps_its_id_in_the_log_once_placed_face_down():
    g, fails = _play(2, SCOUTS, OTHER, _show_then_place,
                     lambda g: bool(_recruitment_reveals(g)) and g.cards[_recruitment_reveals(g)[0]].hidden)
    shown = _recruitment_reveals(g)[0]
    assert g.cards[shown].hidden and g.cards[shown].controller == 1
    for viewer in (2, None):
        cards = [e["card"] for e in _events(g, viewer, "revealed") if e.get("why") == "recruitment"]
        assert shown in cards and not any(c.startswith("x-") for c in cards)
    assert fails == []


def _peek_then_place(g, p, legal, rng):
    """Player 1 peeks at player 2's deal; player 2 recruits and places the cards it was peeked at."""
    peeked = [c[0] for e in g.events if e["type"] == "peeked" for c in e["cards"]]
    if p == 1 and not peeked:
        return next((a for a in legal if a.get("act") == "ability" and "target" not in a), None)
    if p == 2 and peeked:
        return next((a for a in legal if isinstance(a.get("option"), dict)
                     and set(peeked) & {a["option"].get("recruit"), a["option"].get("place")}), None)
    return None


def test_a_card_peeked_at_keeps_its_id_in_the_peekers_log_once_placed_face_down():
    def placed(g):
        return any(g.cards[c[0]].hidden for e in g.events if e["type"] == "peeked" for c in e["cards"])
    g, fails = _play(5, SCOUTS, OTHER, _peek_then_place, placed)
    assert placed(g)
    (peek,) = _events(g, 1, "peeked")
    assert not any(cid.startswith("x-") for cid, _ in peek["cards"])
    assert fails == []


def test_the_link_check_catches_an_event_that_names_a_face_down_card_with_its_card():
    g, _ = _play(2, SCOUTS, OTHER, _show_then_place,
                 lambda g: bool(_recruitment_reveals(g)) and g.cards[_recruitment_reveals(g)[0]].hidden)
    model = LeakModel(g)
    c = g.cards[_recruitment_reveals(g)[0]]
    leaky = dict(g.view(2), log=[{"type": "revealed", "seq": 1, "card": f"x-{c.cell}", "defkey": c.defkey}])
    assert model.check_view(g, 2, leaky)


def test_the_history_check_catches_an_event_rewritten_from_an_id_to_an_alias():
    g, _ = _play(2, SCOUTS, OTHER, _show_then_place,
                 lambda g: bool(_recruitment_reveals(g)) and g.cards[_recruitment_reveals(g)[0]].hidden)
    model = LeakModel(g)
    c = g.cards[_recruitment_reveals(g)[0]]
    assert model.check_view(g, 2, {"log": [{"type": "attacked", "seq": 1, "card": c.id}]}) == []
    assert model.check_view(g, 2, {"log": [{"type": "attacked", "seq": 1, "card": f"x-{c.cell}"}]})


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_no_view_leaks_a_hidden_card_over_every_preconstructed_deck(seed):
    n = len(ALL_DECKS)
    g, fails = _play(seed, ALL_DECKS[seed % n], ALL_DECKS[(seed // n + seed + 1) % n],
                     lambda g, p, legal, rng: None, lambda g: False, steps=150)
    assert fails == []
