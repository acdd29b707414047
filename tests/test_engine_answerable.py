"""The engine never asks a question that cannot be answered: in random and heuristic self-play over every
preconstructed deck, whenever a seat must act its legal actions hold something other than conceding, and every card
an action starts from (its source, or the card a recruitment or placement choice names) and every card it targets
is one the view shows that seat, so the page can draw it and offer it to a click.

1,008 games in all: every ordered pairing of the 18 preconstructed decks three times with random play (the first
``RANDOM_CAP`` actions of each: the deal, recruitment, placement and the first turns, where most abilities trigger),
a full random game per deck, and a heuristic game per deck up to ``HEURISTIC_CAP`` actions. The view is built
whenever an action names a card that is not on the battlefield, and every ``FULL_CHECK_EVERY`` steps regardless."""
from __future__ import annotations

import itertools
import random

from bots.policies import heuristic_policy
from engine import Game
from engine.cards.decks import preconstructed_decks
from engine.selfplay import random_action

RANDOM_CAP = 180
HEURISTIC_CAP = 400
FULL_CHECK_EVERY = 25
DECKS = [[c["id"] for c in d["cards"] for _ in range(c["count"])] for d in preconstructed_decks()]


def named_cards(a: dict) -> set[str]:
    """The card ids an action names: its source, the card a ``choose`` recruits, places or attaches, its targets."""
    out = {a[k] for k in ("source", "target") if isinstance(a.get(k), str)}
    out.update(x for x in a.get("targets") or () if isinstance(x, str))
    o = a.get("option")
    if a.get("act") == "choose" and isinstance(o, dict):
        out.update(o[k] for k in ("recruit", "place", "attach") if isinstance(o.get(k), str))
    return out


def check_step(g: Game, p: int, legal: list[dict], full: bool) -> dict | None:
    """Assert the invariant at this step; returns the view when it was built (for a policy that reads it)."""
    assert any(a["act"] != "concede" for a in legal), (g.version, g.prompt, legal)
    names = set().union(*map(named_cards, legal)) if legal else set()
    off = {i for i in names if i not in g.cards or g.cards[i].zone != "battlefield"}
    if not (off or full):
        return None
    view = g.view(p)
    missing = names - set(view["cards"])
    assert not missing, (g.version, dict(g.prompt), sorted(missing), [a for a in legal if named_cards(a) & missing])
    return view


def play_checked(seed: int, d1: list[str], d2: list[str], heuristic: bool, cap: int | None) -> int:
    """One self-play game with the invariant checked at every step; returns the actions applied."""
    g = Game.new(seed, d1, d2)
    rng = random.Random(seed)
    while g.result is None and (cap is None or g.version < cap):
        p = g.to_act()
        legal = g.legal_actions(p)
        view = check_step(g, p, legal, heuristic or g.version % FULL_CHECK_EVERY == 0)
        g.apply(p, heuristic_policy(view, legal, rng) if heuristic else random_action(rng, legal))
    return g.version


def test_random_play_over_every_deck_pairing_always_offers_an_answer_with_visible_cards():
    pairs = list(itertools.product(range(len(DECKS)), repeat=2))
    games = 0
    for seed, (i, j) in enumerate(pairs * 3):
        play_checked(seed, DECKS[i], DECKS[j], heuristic=False, cap=RANDOM_CAP)
        games += 1
    assert games == 3 * len(DECKS) ** 2


def test_whole_random_games_with_every_deck_always_offer_an_answer_with_visible_cards():
    for i, deck in enumerate(DECKS):
        play_checked(10_000 + i, deck, DECKS[(i * 7 + 3) % len(DECKS)], heuristic=False, cap=None)


def test_heuristic_play_with_every_deck_always_offers_an_answer_with_visible_cards():
    for i, deck in enumerate(DECKS):
        play_checked(20_000 + i, DECKS[(i * 5 + 1) % len(DECKS)], deck, heuristic=True, cap=HEURISTIC_CAP)


def test_the_heuristic_bot_ends_the_trackers_rearrangement_and_reaches_the_battle():
    names = [d["name"]["en"] for d in preconstructed_decks()]
    tracker = names.index("Forests-Mountains (2023 relaunch starter)")
    g = Game.new(2, DECKS[tracker], DECKS[names.index("Neutrals and Mountains (2023, new abilities)")])
    rng = random.Random(2)
    while g.turn == 0 and g.version < 1000:
        p = g.to_act()
        g.apply(p, heuristic_policy(g.view(p), g.legal_actions(p), rng))
    assert g.turn >= 1, g.version
