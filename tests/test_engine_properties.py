"""Property tests over random play (hypothesis): the engine never raises on legal play, refuses everything else
without changing a byte, round-trips snapshots, and never shows a viewer a hidden card."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, Game
from engine.procedure.actions import canonical
from tests.selfplay_util import hidden_ids, new_game, random_steps

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ids = st.sampled_from([f"k{i}" for i in range(1, 70)] + ["x-b2", "", "zz"])
cells = st.sampled_from(["a1", "c3", "e6", "f9", "", "c33"])
actions = st.fixed_dictionaries({"act": st.sampled_from(
    ["pass", "move", "attack", "ability", "declare", "order", "defend", "choose", "end_turn", "shoot", "magic_strike",
     "bogus"])}, optional={
    "source": ids, "target": ids, "to": cells, "x": st.integers(-2, 9), "ability": st.one_of(
        st.integers(-1, 6), st.sampled_from(["heal", "accumulate_token", "shot", "nope"])),
    "items": st.lists(ids, max_size=3), "option": st.one_of(
        st.sampled_from(["keep", "weaken", "redeal", "done", "yes"]),
        st.fixed_dictionaries({"recruit": ids}), st.fixed_dictionaries({"place": ids, "cell": cells}),
        st.fixed_dictionaries({"first": st.integers(0, 3)}))})


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_random_legal_play_never_raises(seed):
    g = new_game(seed)
    for _ in random_steps(g, seed, 400):
        assert g.to_act() in (1, 2) or g.result is not None


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250), bad=st.lists(actions, min_size=1, max_size=8))
def test_every_rejected_action_leaves_the_state_byte_identical(seed, steps, bad):
    g = new_game(seed)
    for _ in random_steps(g, seed, steps):
        pass
    for a in bad:
        p = g.to_act() or 1
        before = g.snapshot()
        legal = g.legal_actions(p)
        try:
            canon = canonical(g.state, a)
        except EngineError:
            canon = None
        try:
            g.apply(p, a)
        except EngineError:
            assert g.snapshot() == before
        else:
            assert canon in legal


@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_snapshot_round_trips_at_any_point(seed, steps):
    g = new_game(seed)
    for _ in random_steps(g, seed, steps):
        pass
    b = g.snapshot()
    assert Game.restore(b).snapshot() == b


@SETTINGS
@given(seed=st.integers(0, 10_000))
def test_no_view_ever_contains_a_card_hidden_from_its_viewer(seed):
    g = new_game(seed)
    for _ in random_steps(g, seed, 200):
        for viewer in (1, 2, None):
            text = json.dumps(g.view(viewer))
            leaked = [i for i in hidden_ids(g, viewer) if f'"{i}"' in text]
            assert not leaked, (viewer, leaked)
