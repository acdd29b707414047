"""Random self-play through the whole protocol path: for players 1, 2 and a spectator, applying each diff to the
previous view gives exactly the next view, and no view, diff or legal list of one viewer names a card hidden from
it (docs/protocol.md §4-§5; stack-notes §4 "project first, diff second")."""
import json
import random

import pytest

from hypothesis import given, settings, strategies as st

from engine import Game, starter_decks
from protocol import Action, RoomVersions, Sync, apply, decode_client, decode_server, encode
from tests.helpers import strings

DECKS = sorted({tuple(ids): name for name, ids in starter_decks().items()}.values())
VIEWERS = (1, 2, None)
QUIET = {"pass", "end_turn", "concede"}


def pick(rng: random.Random, actions: list) -> dict:
    """A random legal action, biased towards doing something so games reach battles (never conceding unless
    it is the only choice)."""
    busy = [a for a in actions if a["act"] not in QUIET and a.get("option") != "done"]
    calm = [a for a in actions if a["act"] != "concede"]
    return rng.choice(busy if busy and rng.random() < 0.7 else calm or actions)


def hidden_from(game: Game, viewer) -> set[str]:
    """Instance ids ``viewer`` may not know (reads engine internals on purpose: the test needs the truth): every
    deck card (own deck included - a card shuffled back gets a new id), the other player's deal and recruits (both
    players' for a spectator), face-down cards it does not control."""
    return {c.id for c in game.cards.values()
            if c.zone == "deck" or (c.zone in ("deal", "recruits") and c.owner != viewer)
            or (c.hidden and c.controller != viewer)}


def sent_strings(frame) -> set[str]:
    """Strings a frame tells its viewer: everything except the paths of delete ops (removing an entry the
    viewer already had names nothing new)."""
    wire = frame.to_wire()
    if wire["t"] == "diff":
        wire = dict(wire, ops=[op for op in wire["ops"] if op[0] != "d"])
    return strings(wire)


def canon(x) -> str:
    return json.dumps(x, sort_keys=True)


def play(seed: int, deck1: str, deck2: str, rng: random.Random, max_actions: int, game_cls=Game) -> int:
    """Play one game through RoomVersions with encoded frames; assert the properties after every action.
    Returns the number of actions applied."""
    decks = starter_decks()
    room = RoomVersions(game_cls.new(seed=seed, deck1=decks[deck1], deck2=decks[deck2]))
    g = room.game
    mirror, myv = {}, {}
    for viewer in VIEWERS:
        frame = decode_server(encode(room.sync(viewer)))
        assert not strings(frame.to_wire()) & hidden_from(g, viewer)
        mirror[viewer], myv[viewer] = frame.view, frame.v
    n = 0
    while g.result is None and n < max_actions:
        seat = g.to_act()
        msg = decode_client(encode(Action(f"a{n}", room.v, pick(rng, g.legal_actions(seat)))))
        out = room.submit(seat, msg)
        assert out.applied, out.reply
        n += 1
        for viewer in VIEWERS:
            frame = decode_server(encode(out.broadcast[viewer]))
            secret = hidden_from(g, viewer)
            assert not sent_strings(frame) & secret, (viewer, sent_strings(frame) & secret)
            assert frame.v == myv[viewer] + 1
            mirror[viewer], myv[viewer] = apply(mirror[viewer], frame.ops), frame.v
            truth = g.view(viewer)
            assert canon(mirror[viewer]) == canon(truth)
            assert not strings(truth) & secret, (viewer, strings(truth) & secret)
    return n


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 31), deck1=st.sampled_from(DECKS), deck2=st.sampled_from(DECKS),
       rng=st.randoms(use_true_random=False))
def test_random_self_play_diffs_reproduce_views_and_hide_cards(seed, deck1, deck2, rng):
    play(seed, deck1, deck2, rng, max_actions=250)


def test_long_self_play_game_keeps_every_view_exact():
    assert play(3, DECKS[0], DECKS[-1], random.Random(3), max_actions=1500) > 300


def test_spectator_sync_names_no_deal_or_deck_card():
    decks = starter_decks()
    room = RoomVersions(Game.new(seed=1, deck1=decks[DECKS[0]], deck2=decks[DECKS[1]]))
    sync = room.sync(None)
    assert isinstance(sync, Sync) and not strings(sync.to_wire()) & hidden_from(room.game, None)


class LeakyGame(Game):
    """A game whose views wrongly show player 1 the first card of player 2's deck (to prove the check bites)."""

    def view(self, viewer):
        v = super().view(viewer)
        if viewer == 1 and self.decks[2]:
            v["log"] = v["log"] + [{"type": "oops", "card": self.decks[2][0]}]
        return v


def test_hidden_card_check_catches_a_leaking_view():
    with pytest.raises(AssertionError, match=r"^assert not"):
        play(5, DECKS[0], DECKS[1], random.Random(5), max_actions=5, game_cls=LeakyGame)
