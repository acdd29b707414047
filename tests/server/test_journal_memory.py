"""The journal holds what the viewers saw alike once (issue 21 item 5), and still exactly what each viewer saw."""
import random

import engine as ENGINE
from engine.selfplay import random_action
from server.journal import VIEWERS, Journal


def played(actions=150, seed=7):
    decks = [ENGINE.load_deck(n) for n in sorted(ENGINE.starter_decks())[:2]]
    game = ENGINE.Game.new(seed=seed, deck1=decks[0], deck2=decks[1])
    rng, log, seen = random.Random(seed), [], {v: {} for v in VIEWERS}
    for viewer in VIEWERS:
        seen[viewer].update({e["seq"]: e for e in game.view(viewer).get("log") or []})
    while game.result is None and game.version < actions:
        p = game.to_act()
        action = random_action(rng, game.legal_actions(p))
        game.apply(p, action)
        log.append([p, action])
        for viewer in VIEWERS:
            seen[viewer].update({e["seq"]: e for e in game.view(viewer).get("log") or []})
    return Journal.rebuild(ENGINE, seed, decks, log), seen


def events(journal, viewer):
    return [e for group in journal.groups[viewer] for entry in group["entries"] for e in entry["events"]]


def test_each_viewers_journal_holds_exactly_the_events_its_views_showed():
    journal, seen = played()
    for viewer in VIEWERS:
        assert {e["seq"]: e for e in events(journal, viewer)} == seen[viewer]


def test_events_the_viewers_saw_alike_are_one_object_in_every_journal():
    journal, _ = played()
    spectator = {e["seq"]: e for e in events(journal, None)}
    for seat in (1, 2):
        same = [e for e in events(journal, seat) if spectator.get(e["seq"]) == e]
        assert same and all(spectator[e["seq"]] is e for e in same)
