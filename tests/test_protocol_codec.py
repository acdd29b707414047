"""Codec: typed messages round-trip, client frames are bounded and validated, nothing escapes the decoder."""
import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from protocol import (PROTOCOL_VERSION, Action, Clocks, Diff, End, Error, Join, Ping, Pong, ProtocolError, Resync,
                      Sync, decode_client, decode_server, encode)
from protocol.codec import MAX_ARRAY, MAX_CLIENT_FRAME, MAX_DEPTH, MAX_MAP, MAX_STR

CLIENT_MESSAGES = [
    Join("room-1", "seat-token", None, PROTOCOL_VERSION),
    Join("r_2", None, 17, PROTOCOL_VERSION),
    Action("a1", 0, {"act": "pass"}),
    Action("k9", 12, {"act": "choose", "option": {"place": "c3", "cell": "b2"}}),
    Resync(),
    Ping(5),
]
SERVER_MESSAGES = [
    Sync(3, 1, {"cards": {}, "turn": 1}, [{"act": "pass"}], {"1": 1000, "2": 900, "running": 1}),
    Sync(3, None, {"cards": {}}, None, None),
    Diff(4, [["s", ["turn"], 2]], None, None, None),
    Diff(4, [], [{"act": "end_turn"}], None, "a1"),
    Error.of("stale", id="a1", v=4),
    Error.of("illegal_action", msg="No.", id="a2", v=4, engine="malformed_action"),
    Clocks(4, {"1": 1000, "2": 900, "running": 2, "held": True, "away": {"2": 59000}}),
    Clocks(4, None),
    End(9, {"winner": 2, "reason": "concede"}),
    Pong(5),
]


def raw(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def code_of(data) -> str:
    with pytest.raises(ProtocolError) as info:
        decode_client(data)
    return info.value.code


@pytest.mark.parametrize("msg", CLIENT_MESSAGES, ids=lambda m: m.T)
def test_client_message_round_trips(msg):
    assert decode_client(encode(msg)) == msg


@pytest.mark.parametrize("msg", SERVER_MESSAGES, ids=lambda m: m.T)
def test_server_message_round_trips(msg):
    assert decode_server(encode(msg)) == msg


def test_every_frame_is_a_map_with_type_key():
    for msg in CLIENT_MESSAGES + SERVER_MESSAGES:
        obj = msgpack.unpackb(encode(msg))
        assert obj["t"] == msg.T


def test_text_frame_is_malformed():
    assert code_of('{"t": "ping", "n": 1}') == "malformed_frame"


def test_oversized_frame_is_refused_before_decoding():
    assert code_of(b"\x00" * (MAX_CLIENT_FRAME + 1)) == "frame_too_large"


@pytest.mark.parametrize("data", [b"", b"\xc1", b"\xdd\xff\xff\xff\xff", b"\x81", raw({"t": "ping", "n": 1}) + b"\x00"],
                         ids=["empty", "reserved-byte", "array-header-bomb", "truncated-map", "trailing-bytes"])
def test_invalid_msgpack_is_malformed(data):
    assert code_of(data) == "malformed_frame"


def test_non_map_frame_is_malformed():
    assert code_of(raw(["ping", 1])) == "malformed_frame"


def test_string_longer_than_limit_is_malformed():
    assert code_of(raw({"t": "ping", "n": 1, "x": "a" * (MAX_STR + 1)})) == "malformed_frame"


def test_array_longer_than_limit_is_malformed():
    frame = {"t": "action", "id": "a", "v": 0, "action": {"act": "order", "items": ["c1"] * (MAX_ARRAY + 1)}}
    assert code_of(raw(frame)) == "malformed_frame"


def test_map_larger_than_limit_is_malformed():
    frame = {"t": "action", "id": "a", "v": 0, "action": {"act": "x", **{f"k{i}": i for i in range(MAX_MAP)}}}
    assert code_of(raw(frame)) == "malformed_frame"


def test_nesting_deeper_than_limit_is_malformed():
    inner = {"act": "x"}
    for _ in range(MAX_DEPTH):
        inner = {"act": "x", "in": inner}
    assert code_of(raw({"t": "action", "id": "a", "v": 0, "action": inner})) == "malformed_frame"


def test_deep_nesting_within_frame_size_is_malformed():
    assert code_of(b"\x91" * (MAX_CLIENT_FRAME - 1) + b"\xc0") == "malformed_frame"


@pytest.mark.parametrize("value", [1.5, b"bin", 2 ** 60, msgpack.ExtType(1, b"x")],
                         ids=["float", "binary", "huge-int", "ext"])
def test_non_json_values_are_malformed(value):
    assert code_of(raw({"t": "ping", "n": value})) == "malformed_frame"


def test_binary_map_key_is_malformed():
    assert code_of(raw({"t": "action", "id": "a", "v": 0, "action": {b"act": "pass"}})) == "malformed_frame"


def test_unknown_type_is_unknown_message():
    assert code_of(raw({"t": "teleport"})) == "unknown_message"


def test_missing_type_is_unknown_message():
    assert code_of(raw({"n": 1})) == "unknown_message"


def test_server_type_from_client_is_unknown_message():
    assert code_of(raw({"t": "sync", "v": 1})) == "unknown_message"


def test_unknown_field_is_malformed():
    assert code_of(raw({"t": "ping", "n": 1, "extra": 2})) == "malformed_frame"


def test_missing_field_is_malformed():
    assert code_of(raw({"t": "action", "id": "a", "v": 0})) == "malformed_frame"


def test_action_without_act_is_malformed():
    assert code_of(raw({"t": "action", "id": "a", "v": 0, "action": {"source": "c1"}})) == "malformed_frame"


def test_negative_version_is_malformed():
    assert code_of(raw({"t": "action", "id": "a", "v": -1, "action": {"act": "pass"}})) == "malformed_frame"


def test_boolean_is_not_an_integer_field():
    assert code_of(raw({"t": "ping", "n": True})) == "malformed_frame"


@pytest.mark.parametrize("room", ["../etc", "a b", "x" * 65, "abc?", ""])
def test_a_join_naming_a_room_id_no_room_can_have_is_room_not_found(room):
    assert code_of(raw({"t": "join", "room": room, "token": None, "v": None, "pv": 1})) == "room_not_found"


@pytest.mark.parametrize("room", ["x" * (MAX_STR + 1), "x" * 2000, "я" * 200])
def test_a_join_naming_a_room_id_over_the_string_limit_is_room_not_found(room):
    assert code_of(raw({"t": "join", "room": room, "token": None, "v": None, "pv": 1})) == "room_not_found"


def test_a_join_with_an_over_long_room_of_another_protocol_version_is_unsupported_protocol():
    assert code_of(raw({"t": "join", "room": "x" * 300, "token": None, "v": None, "pv": 99})) == "unsupported_protocol"


@pytest.mark.parametrize("frame", [
    {"t": "join", "room": "x" * 300, "token": "t" * 300, "v": None, "pv": 1},
    {"t": "join", "room": ["x" * 300], "token": None, "v": None, "pv": 1},
    {"t": "join", "room": "x" * 300, "token": None, "v": None, "pv": 1, "n": ["y" * 300]},
    {"t": "ping", "n": 1, "room": "x" * 300},
])
def test_an_over_long_string_anywhere_but_a_joins_room_stays_malformed(frame):
    assert code_of(raw(frame)) == "malformed_frame"


def test_a_join_whose_room_is_not_a_string_is_malformed():
    assert code_of(raw({"t": "join", "room": 7, "token": None, "v": None, "pv": 1})) == "malformed_frame"


def test_a_join_of_another_protocol_version_is_unsupported_whatever_its_room():
    assert code_of(raw({"t": "join", "room": "../etc", "token": None, "v": None, "pv": 2})) == "unsupported_protocol"


def test_other_protocol_version_is_unsupported():
    assert code_of(raw({"t": "join", "room": "r", "token": None, "v": None, "pv": 2})) == "unsupported_protocol"


def test_error_sentence_does_not_echo_long_client_data():
    with pytest.raises(ProtocolError) as info:
        decode_client(raw({"t": "ping", "n": 1, "x" * 200: 1}))
    assert "x" * 40 not in info.value.msg


# --- property tests: nothing a client sends escapes the decoder as anything but ProtocolError

json_like = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2 ** 63, max_value=2 ** 64 - 1) | st.floats()
    | st.text(max_size=20) | st.binary(max_size=20),
    lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=8) | st.binary(max_size=4), kids,
                                                               max_size=6),
    max_leaves=30)

frame_like = st.fixed_dictionaries(
    {"t": st.sampled_from(["join", "action", "resync", "ping", "sync", "x"]) | json_like},
    optional={"room": json_like, "token": json_like, "v": json_like, "pv": json_like, "id": json_like,
              "n": json_like, "action": json_like | st.fixed_dictionaries({"act": json_like}, optional={
                  "source": json_like, "target": json_like})})


def _decode_outcome(data):
    try:
        return decode_client(data)
    except ProtocolError as exc:
        assert exc.code in {"malformed_frame", "frame_too_large", "unknown_message", "unsupported_protocol",
                            "room_not_found"}
        return exc


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_escape_decoder(data):
    _decode_outcome(data)


@settings(max_examples=400, deadline=None)
@given(frame_like)
def test_random_frames_never_escape_decoder(frame):
    result = _decode_outcome(raw(frame))
    if not isinstance(result, ProtocolError):
        assert decode_client(encode(result)) == result


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CLIENT_MESSAGES), st.data())
def test_corrupted_valid_frames_never_escape_decoder(msg, data):
    good = bytearray(encode(msg))
    pos = data.draw(st.integers(0, len(good) - 1))
    good[pos] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(good)))
    _decode_outcome(bytes(good[:cut]))
    _decode_outcome(bytes(good))


def test_a_frame_encoded_after_one_that_failed_has_its_own_bytes():
    with pytest.raises(TypeError):
        encode(Diff(3, [["r", ["cards"], object()]], None, None))
    frame = Diff(4, [["r", ["turn"], 2]], None, {"1": 1000})
    assert encode(frame) == msgpack.packb(frame.to_wire(), use_bin_type=True)
