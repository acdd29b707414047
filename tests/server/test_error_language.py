"""Every error answer of the HTTP API reads in one language, the request's (``Accept-Language``; Russian without
the header), and every sentence exists in both (server/error_texts.py, server/player_texts.py): the endpoints'
refusals asked three ways, the table itself, and the keys the server's code names."""
from __future__ import annotations

import ast
import json
import pathlib
import re
import string

import httpx
import pytest

from protocol import ERRORS
from server.app import create_app
from server.conn_guard import _refusal, head_lang
from server.player_texts import TEXTS
from server.settings import Settings
from tests.server.fake_engine import DECKS, ENGINE
from tests.server.harness import LiveServer

ROOT = pathlib.Path(__file__).resolve().parents[2]
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LANGS = [(None, "ru"), ("ru", "ru"), ("ru-RU,ru;q=0.9", "ru"), ("en", "en"), ("en-US,en;q=0.9,ru;q=0.5", "en")]
BIG = " " * 20000

# (method, path, body (dict, or raw text), with the player's credentials, status, code)
CASES = [
    ("POST", "/api/rooms", {"seed": 1}, False, 400, "bad_request"),
    ("POST", "/api/rooms", "[1]", False, 400, "bad_request"),
    ("POST", "/api/rooms", "{", False, 400, "bad_request"),
    ("POST", "/api/rooms", BIG, False, 413, "body_too_large"),
    ("POST", "/api/rooms", {"clock": 5}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"clock": {"base": 1}}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"clock": {"bonus": 1}}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"spectators": "yes"}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"rated": 1}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"opponent": "human"}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"opponent": "bot", "bot": "godlike"}, False, 400, "unknown_level"),
    ("POST", "/api/rooms", {"tutorial": "prelim"}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"tutorial": "nope", "opponent": "bot"}, False, 400, "bad_request"),
    ("POST", "/api/rooms", {"decks": "x"}, False, 400, "bad_request"),
    ("POST", "/api/rooms/nosuch/join", {}, False, 404, "room_not_found"),
    ("POST", "/api/rooms/<room>/join", {"autopass": 1}, False, 400, "bad_request"),
    ("POST", "/api/rooms/<room>/deck", {"token": 5}, False, 400, "bad_request"),
    ("POST", "/api/rooms/<room>/deck", {"token": "wrong", "deck": "<deck>"}, False, 409, "unauthorized"),
    ("POST", "/api/rooms/<room>/claim", {"token": 5}, False, 400, "bad_request"),
    ("POST", "/api/rooms/<room>/claim", {"token": "wrong"}, False, 409, "not_a_player"),
    ("POST", "/api/rooms/<room>/abort", {"token": "wrong"}, False, 409, "not_a_player"),
    ("POST", "/api/rooms/<room>/rematch", {}, True, 409, "not_a_player"),
    ("POST", "/api/rooms/<room>/rematch", {}, False, 401, "unauthorized"),
    ("GET", "/api/rooms?limit=x", None, False, 400, "bad_request"),
    ("GET", "/api/rooms/nosuch", None, False, 404, "room_not_found"),
    ("GET", "/api/games", None, False, 400, "bad_request"),
    ("GET", "/api/games?player=p&limit=x", None, False, 400, "bad_request"),
    ("GET", "/api/games?player=p&limit=0", None, False, 400, "bad_request"),
    ("GET", "/api/games?player=p&before=x", None, False, 400, "bad_request"),
    ("GET", "/api/games/nosuch", None, False, 404, "game_not_found"),
    ("GET", "/api/games/nosuch/replay?seat=3", None, False, 400, "bad_request"),
    ("GET", "/api/games/nosuch/log?seat=1", None, False, 404, "game_not_found"),
    ("GET", "/api/leaderboard?offset=-1", None, False, 400, "bad_request"),
    ("GET", "/api/nowhere", None, False, 404, "not_found"),
    ("GET", "/api/rooms/a%01b", None, False, 400, "bad_request"),
    ("POST", "/api/queue", {}, False, 401, "unauthorized"),
    ("POST", "/api/queue", {"rated": "x"}, True, 400, "bad_request"),
    ("GET", "/api/queue/nosuchticket", None, True, 404, "not_queued"),
    ("DELETE", "/api/queue/nosuchticket", None, True, 404, "not_queued"),
    ("POST", "/api/queue/nosuchticket/bot", {}, True, 404, "not_queued"),
    ("POST", "/api/queue/nosuchticket/bot", {"bot": "godlike"}, True, 400, "unknown_level"),
    ("GET", "/api/players/me", None, False, 401, "unauthorized"),
    ("POST", "/api/players", {"name": 5}, False, 400, "bad_name"),
    ("POST", "/api/friends", {"name": "Nobody At All"}, True, 404, "player_not_found"),
    ("POST", "/api/decks/validate", "[", False, 400, "bad_request"),
    ("POST", "/api/decks/validate", BIG, False, 413, "body_too_large"),
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    app = create_app(Settings(data_dir=str(tmp_path_factory.mktemp("lang")), create_burst=100000,
                              create_per_min=100000.0, max_body=16384), engine=ENGINE)
    limitless = 10.0 ** 9          # the failed-auth throttle (test_web_security.py) stays out of the way
    app.state.hub.auth_throttle.rates = {"address": (limitless, limitless), "target": (limitless, limitless)}
    with LiveServer(app) as live:
        with httpx.Client(base_url=live.http, timeout=20) as c:
            player = c.post("/api/players", json={"name": "Polyglot"}).json()
            live.auth = {"authorization": f"Bearer {player['id']}:{player['secret']}"}
            live.ids = {"<room>": c.post("/api/rooms", json={}).json()["room"], "<deck>": list(DECKS)[0]}
        yield live


def _fill(value, ids: dict):
    if isinstance(value, str):
        for k, v in ids.items():
            value = value.replace(k, v)
        return value
    if isinstance(value, dict):
        return {k: _fill(v, ids) for k, v in value.items()}
    return value


@pytest.mark.parametrize("header,lang", LANGS)
@pytest.mark.parametrize("method,path,body,auth,status,code", CASES)
def test_an_error_answer_reads_entirely_in_the_requested_language(site, method, path, body, auth, status, code,
                                                                   header, lang):
    headers = dict(site.auth) if auth else {}
    if header is not None:
        headers["accept-language"] = header
    body = _fill(body, site.ids)
    content = None if body is None else (body if isinstance(body, str) else json.dumps(body))
    if content is not None:
        headers["content-type"] = "application/json"
    r = httpx.request(method, site.http + _fill(path, site.ids), content=content, headers=headers, timeout=20)
    answer = r.json()
    assert (r.status_code, answer["error"]) == (status, code), r.text
    message = answer["message"]
    assert message and (CYRILLIC.search(message) is not None) == (lang == "ru"), message


def _fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f}


#: Latin words a Russian sentence may hold: names of the API (fields, values, headers) and of software.
API_WORDS = {"json", "content", "length", "authorization", "bearer", "id", "secret", "true", "false", "null", "base",
             "increment", "claim", "abort", "redis", "ru", "en", "limit", "preset", "code", "text", "cards", "saved",
             "everywhere", "api", "unix"}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_sentence_exists_whole_in_russian_and_in_english(key):
    ru, en = TEXTS[key]
    assert CYRILLIC.search(ru), key
    assert not CYRILLIC.search(en), key
    assert _fields(ru) == _fields(en), key
    prose = re.sub(r"'[^']*'|«[^»]*»|\"[^\"]*\"|\{[^}]*\}", "", ru)       # quoted API names and fields go
    assert {w.lower() for w in re.findall(r"[A-Za-z]+", prose)} <= API_WORDS, (key, ru)


def _server_keys() -> list[tuple[str, str]]:
    """(file, sentence key) of every literal key the server's code hands to the error path: ``refuse(request,
    status, code[, text])``, ``error_body(lang, code[, text])``, ``Refusal(text)``, ``BodyError(status, code,
    text)``, the rooms' refusals ``{"ok": False, "code", "text"?}`` and ``_refusal(code, msg[, text])``."""
    out = []
    for path in (ROOT / "server").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                picks = {"refuse": (3, 2), "error_body": (2, 1), "Refusal": (0,), "BodyError": (2,),
                         "_refusal": (2, 0)}.get(name, ())
                args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
                kw = {k.arg: k.value.value for k in node.keywords if isinstance(k.value, ast.Constant)}
                key = kw.get("text") or next((args[i] for i in picks if i < len(args) and args[i] is not None), None)
                if isinstance(key, str):
                    out.append((path.name, key))
            elif isinstance(node, ast.Dict):
                d = {k.value: v.value for k, v in zip(node.keys, node.values)
                     if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)}
                if d.get("ok") is False and isinstance(d.get("code"), str):
                    out.append((path.name, d.get("text") or d["code"]))
    return out


def test_every_key_the_server_names_has_its_sentences():
    keys = _server_keys()
    assert len(keys) > 60          # the scan sees the error path (it would pass vacuously if the names changed)
    assert [k for k in keys if k[1] not in TEXTS] == []


def test_every_bus_error_code_relayed_as_an_answer_has_its_sentences():
    doc = (ROOT / "server" / "bus" / "interfaces.py").read_text(encoding="utf-8")
    codes = set(re.findall(r"BusError\(\"([a-z_]+)\"", "".join(p.read_text(encoding="utf-8")
                                                              for p in (ROOT / "server").rglob("*.py"))))
    assert {"unavailable", "fenced", "room_busy"} <= codes and "timeout" in doc
    assert sorted(c for c in codes | {"timeout", "room_not_found"} if c not in TEXTS) == []


@pytest.mark.parametrize("status", [408, 431, 503])
def test_a_refused_request_head_answers_in_the_language_it_asked_for(status):
    for lang in ("ru", "en"):
        head, _, body = _refusal(status, lang).partition(b"\r\n\r\n")
        answer = json.loads(body)
        assert head.startswith(b"HTTP/1.1 %d" % status) and b"content-length: %d" % len(body) in head
        assert (CYRILLIC.search(answer["message"]) is not None) == (lang == "ru"), answer


def test_a_head_refused_before_its_accept_language_arrived_is_answered_in_russian():
    assert head_lang(None) == head_lang([(b"host", b"x")]) == "ru"
    assert head_lang([(b"host", b"x"), (b"accept-language", b"en-GB,en;q=0.8")]) == "en"


def test_the_client_has_its_own_russian_and_english_text_for_every_websocket_error_code():
    """Error frames carry the code and an English ``msg`` (the protocol has no language); the page never shows
    ``msg``: it shows its own sentence for the code (server/static/js/i18n.js ``errorText``)."""
    js = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "server" / "static" / "js").glob("i18n*.js"))
    missing = [code for code in ERRORS if len(re.findall(rf"\berr_{code}:", js)) < 2]
    assert missing == []
