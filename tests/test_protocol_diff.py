"""Diff: applying diff(old, new) to old gives exactly new (types included), in Python and in the browser's JS."""
import copy
import json
import shutil
import subprocess
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from protocol import apply, diff

DIFF_JS = Path(__file__).resolve().parents[1] / "protocol" / "static" / "diff.js"


def canon(x) -> str:
    """Type-strict, key-order-free rendering (JSON tells true from 1)."""
    return json.dumps(x, sort_keys=True)


scalars = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "a", "b", "c17"])
json_like = st.recursive(scalars, lambda kids: st.lists(kids, max_size=5)
                         | st.dictionaries(st.sampled_from(["a", "b", "c", "d", "1", "2"]), kids, max_size=4),
                         max_leaves=25)


@st.composite
def edited(draw, base):
    """``base`` with a few random edits at random places (set, delete, insert, drop-front-and-append)."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(0, 4))):
        node = doc
        for _ in range(draw(st.integers(0, 3))):
            kids = list(node.values()) if isinstance(node, dict) else node if isinstance(node, list) else []
            kids = [k for k in kids if isinstance(k, (dict, list))]
            if not kids:
                break
            node = draw(st.sampled_from(kids))
        if isinstance(node, dict):
            key = draw(st.sampled_from(["a", "b", "c", "x"]))
            if key in node and draw(st.booleans()):
                del node[key]
            else:
                node[key] = draw(json_like)
        elif isinstance(node, list):
            how = draw(st.sampled_from(["set", "insert", "delete", "shift"]))
            if how == "set" and node:
                node[draw(st.integers(0, len(node) - 1))] = draw(json_like)
            elif how == "insert":
                node.insert(draw(st.integers(0, len(node))), draw(json_like))
            elif how == "delete" and node:
                del node[draw(st.integers(0, len(node) - 1))]
            elif how == "shift":
                k = draw(st.integers(0, len(node)))
                node[:] = node[k:] + draw(st.lists(scalars, max_size=3))
    return doc


pairs = st.tuples(json_like, json_like) | json_like.flatmap(lambda a: st.tuples(st.just(a), edited(a)))


@settings(max_examples=600, deadline=None)
@given(pairs)
def test_apply_diff_reproduces_new_value(pair):
    old, new = pair
    assert canon(apply(old, diff(old, new))) == canon(new)


@settings(max_examples=300, deadline=None)
@given(pairs)
def test_diff_and_apply_leave_inputs_unchanged(pair):
    old, new = pair
    before_old, before_new = canon(old), canon(new)
    apply(old, diff(old, new))
    assert (canon(old), canon(new)) == (before_old, before_new)


@settings(max_examples=300, deadline=None)
@given(pairs)
def test_ops_survive_msgpack(pair):
    old, new = pair
    ops = msgpack.unpackb(msgpack.packb(diff(old, new)))
    assert canon(apply(old, ops)) == canon(new)


@settings(max_examples=200, deadline=None)
@given(json_like)
def test_equal_values_give_no_ops(value):
    assert diff(value, copy.deepcopy(value)) == []


def test_integer_and_boolean_are_different_values():
    assert canon(apply({"a": [1, 0]}, diff({"a": [1, 0]}, {"a": [True, False]}))) == canon({"a": [True, False]})


def test_bounded_log_shift_is_two_splices():
    old = {"log": [{"type": "pass", "n": i} for i in range(50)]}
    new = {"log": old["log"][3:] + [{"type": "moved", "n": 50 + i} for i in range(3)]}
    ops = diff(old, new)
    assert [op[0] for op in ops] == ["l", "l"]
    assert canon(apply(old, ops)) == canon(new)


def test_card_field_change_is_one_set():
    old = {"cards": {"c1": {"closed": False, "wounds": 0}, "c2": {"closed": False, "wounds": 1}}}
    new = copy.deepcopy(old)
    new["cards"]["c2"]["wounds"] = 2
    assert diff(old, new) == [["s", ["cards", "c2", "wounds"], 2]]


@pytest.mark.parametrize("ops", [[["s", ["a", "b"], 1]], [["d", ["zz"]]], [["l", ["a"], 0, 1, []]],
                                 [["q", ["a"], 1]], [["s"]], [["l", [], 5, 0, []]]],
                         ids=["set-under-missing", "delete-missing", "splice-non-list", "unknown-op", "short-op",
                              "splice-out-of-range"])
def test_ops_that_do_not_fit_raise_value_error(ops):
    with pytest.raises(ValueError):
        apply({"a": 1} if ops[0][0] != "l" or ops[0][1] else [1], ops)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (the JS twin is checked where it is)")
def test_js_apply_agrees_with_python():
    cases = []

    @settings(max_examples=300, deadline=None, database=None)
    @given(pairs)
    def collect(pair):
        cases.append([pair[0], diff(*pair), pair[1]])

    collect()
    script = (f"const {{applyDiff}} = require({json.dumps(str(DIFF_JS))});"
              "const canon = x => JSON.stringify(x, (k, v) => v && typeof v === 'object' && !Array.isArray(v) ?"
              " Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) : v);"
              "const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "let bad = 0; for (const [old, ops, want] of cases) if (canon(applyDiff(old, ops)) !== canon(want)) bad++;"
              "console.log(JSON.stringify({n: cases.length, bad}));")
    out = subprocess.run(["node", "-e", script], input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"n": len(cases), "bad": 0}


def _boxed(value):
    """A test Packed value (protocol/packed.py): ``value`` kept msgpack-encoded."""
    import msgpack

    from protocol.packed import Packed

    class Boxed(Packed):
        __slots__ = ("data",)

        def __init__(self, data):
            self.data = data

        def value(self):
            return msgpack.unpackb(self.data)
    return Boxed(msgpack.packb(value))


def test_a_packed_value_equal_to_the_plain_one_it_replaces_gives_no_op():
    turn = {"turn": 1, "entries": [{"v": 3, "events": [{"type": "x", "seq": 1}]}]}
    assert diff({"journal": [dict(turn)]}, {"journal": [_boxed(turn)]}) == []


def test_a_list_gaining_an_item_after_a_packed_value_is_one_splice_of_the_new_item():
    turn, new = {"turn": 1, "entries": []}, {"turn": 2, "entries": []}
    assert diff([dict(turn)], [_boxed(turn), new]) == [["l", [], 1, 0, [new]]]


def test_a_packed_value_that_differs_is_diffed_as_its_plain_value():
    old, new = {"turn": 1, "n": 1}, {"turn": 1, "n": 2}
    assert diff([old], [_boxed(new)]) == [["s", [0, "n"], 2]]


def test_a_frame_with_a_packed_value_encodes_to_the_bytes_of_the_plain_value():
    from protocol import Sync, encode
    view = {"journal": [{"turn": 0, "entries": []}]}
    assert encode(Sync(1, None, {"journal": [_boxed(view["journal"][0])]}, None, None)) == \
        encode(Sync(1, None, view, None, None))


def test_diffs_sharing_a_memo_give_the_ops_of_plain_diffs_and_reuse_them_for_values_held_alike():
    from protocol.diff import diff as plain_diff
    card_old, card_new = {"id": "k1", "wounds": 0}, {"id": "k1", "wounds": 2}
    log_old, log_new = [{"seq": 1}], [{"seq": 1}, {"seq": 2}]
    seat_old = {"viewer": 1, "cards": {"k1": card_old, "k9": {"id": "k9"}}, "log": log_old, "turn": 3}
    seat_new = {"viewer": 1, "cards": {"k1": card_new, "k9": {"id": "k9"}}, "log": log_new, "turn": 4}
    spec_old = {"viewer": None, "cards": {"k1": card_old}, "log": log_old, "turn": 3}
    spec_new = {"viewer": None, "cards": {"k1": card_new}, "log": log_new, "turn": 4}
    memo: dict = {}
    seat, spec = plain_diff(seat_old, seat_new, memo), plain_diff(spec_old, spec_new, memo)
    assert seat == plain_diff(seat_old, seat_new) and spec == plain_diff(spec_old, spec_new)
    card_op = next(op for op in spec if op[1][:2] == ["cards", "k1"])
    log_op = next(op for op in spec if op[1] == ["log"])
    assert any(op is card_op for op in seat) and any(op is log_op for op in seat)


@given(pairs)
def test_a_diff_with_a_memo_gives_the_ops_of_one_without_even_on_its_second_use(pair):
    a, b = pair
    memo: dict = {}
    assert diff(a, b, memo) == diff(a, b) == diff(a, b, memo)
