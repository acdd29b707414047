"""The one body reader of every JSON endpoint (server/http_body.py) caps bodies while they stream,
times out slow ones, refuses deep nesting and unknown fields (also inside ``clock``), and no body ever gets a 500.

The fuzz test finds the JSON endpoints from the app's routes (every POST/PUT/PATCH route), so endpoints added later
are fuzzed too."""
from __future__ import annotations

import json
import socket

import httpx
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from starlette.routing import Route

from server.http_body import MAX_DEPTH, BodyError, parse_json

CAP = 16384


def _raw(live, head: bytes, body: bytes = b"", timeout: float = 5.0) -> tuple[int, dict]:
    """Send a raw HTTP request (head without the blank line, then ``body``); the status and JSON answer."""
    with socket.create_connection(("127.0.0.1", live.port), timeout=timeout) as s:
        s.sendall(head + b"\r\n\r\n" + body)
        data = b""
        while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < _length(data):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, json.loads(data.split(b"\r\n\r\n", 1)[1] or b"null")


def _length(data: bytes) -> int:
    for line in data.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":", 1)[1])
    return 0


def test_an_announced_body_over_the_cap_is_refused_with_413_before_it_is_sent(live):
    head = (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 200000000")
    status, body = _raw(live, head)            # not a byte of the 200 MB is sent
    assert status == 413 and body["error"] == "body_too_large" and body["message"]


def test_a_chunked_body_over_the_cap_is_cut_off_with_413(live):
    def chunks():
        for _ in range(100):
            yield b" " * 4096                  # 400 KB without Content-Length
    r = httpx.post(live.http + "/api/rooms", content=chunks(), timeout=10)
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"


def test_a_body_shorter_than_its_content_length_is_answered_408_within_the_timeout(live_factory):
    live = live_factory(body_timeout=0.3)
    head = b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100"
    status, body = _raw(live, head, b'{"decks"', timeout=3)
    assert status == 408 and body["error"] == "body_timeout"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 8000])
def test_deeply_nested_json_is_400_bad_request_on_create_and_join(live, depth):
    room = httpx.post(live.http + "/api/rooms", json={}).json()["room"]
    deep = b"[" * depth + b"]" * depth
    for path in ("/api/rooms", f"/api/rooms/{room}/join"):
        r = httpx.post(live.http + path, content=deep)
        assert r.status_code == 400 and r.json()["error"] == "bad_request", path


def test_nesting_up_to_the_limit_parses():
    doc = parse_json(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    assert isinstance(doc, list)
    with pytest.raises(BodyError) as e:
        parse_json(b'{"a":' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1))
    assert e.value.status == 400


def test_an_unknown_field_inside_clock_is_refused(live):
    r = httpx.post(live.http + "/api/rooms", json={"clock": {"base": 60, "increment": 0, "bonus": 5}})
    assert r.status_code == 400 and r.json()["error"] == "bad_request" and "clock.bonus" in r.json()["message"]


def _json_endpoints(app) -> list[str]:
    out = []
    for route in app.routes:
        if isinstance(route, Route) and route.methods and route.methods & {"POST", "PUT", "PATCH"}:
            out.append(route.path)
    return out


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=40),
                    lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=12), kids, max_size=6),
                    max_leaves=30)
FIELDS = st.sampled_from(["decks", "clock", "spectators", "autopass", "opponent", "bot", "deck", "name", "cards",
                          "text", "base", "increment", "seat", "token"])
BODIES = (st.dictionaries(FIELDS, JSON, max_size=5).map(lambda d: json.dumps(d).encode())
          | JSON.map(lambda d: json.dumps(d).encode())
          | st.binary(max_size=300)
          | st.integers(1, 3000).map(lambda n: b'{"clock":' + b"[" * n + b"]" * n + b"}"))


@pytest.fixture(scope="module")
def fuzz_live():
    import contextlib

    from server.app import create_app
    from server.settings import Settings
    from tests.server.fake_engine import ENGINE
    from tests.server.harness import LiveServer
    with contextlib.ExitStack() as stack:
        app = create_app(Settings(create_burst=100000, create_per_min=100000.0, max_rooms=100000), engine=ENGINE)
        yield stack.enter_context(LiveServer(app))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES)
def test_no_json_endpoint_answers_a_fuzzed_body_with_a_server_error(fuzz_live, body):
    """Every POST/PUT/PATCH route of the app gets each body: never a 5xx other than a documented 503, and every
    refusal has the error shape of docs/server.md."""
    routes = _json_endpoints(fuzz_live.app)
    assert {"/api/rooms", "/api/rooms/{room}/join"} <= set(routes)
    room = getattr(fuzz_live, "fuzz_room", None)
    if room is None:
        room = fuzz_live.fuzz_room = httpx.post(fuzz_live.http + "/api/rooms", json={}).json()["room"]
    with httpx.Client(timeout=10) as client:
        for route in routes:
            path = route
            for name in ("room", "id", "deck", "game", "player"):
                path = path.replace("{" + name + "}", room)
            r = client.post(fuzz_live.http + path, content=body, headers={"Content-Type": "application/json"})
            assert r.status_code < 500 or (r.status_code == 503 and "error" in r.json()), (path, body[:80], r.text)
            if r.status_code >= 400 and r.status_code != 405:
                err = r.json()
                assert {"error", "message"} <= set(err) and isinstance(err["message"], str), (path, r.text)
