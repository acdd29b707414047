"""The browser client's connection (server/static/js/conn.js) under node with a fake WebSocket: an unanswered
action is sent again after any sync, with the same id and v, and never after it was answered; a ``clocks`` frame
replaces the clocks and nothing else."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONN = os.path.join(ROOT, "server", "static", "js", "conn.js")

HARNESS = r"""
globalThis.MessagePack = { encode: (o) => o, decode: (o) => o };
globalThis.applyDiff = (view, ops) => view;
globalThis.location = { protocol: "http:", host: "x" };
const sockets = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) { this.url = url; this.readyState = 1; this.sent = []; sockets.push(this);
                     setTimeout(() => this.onopen && this.onopen(), 0); }
  send(f) { this.sent.push(f); }
  close(code) { this.readyState = 3; this.onclose && this.onclose({ code: code ?? 1006, reason: "" }); }
}
globalThis.WebSocket = FakeSocket;
const { GameConnection } = await import(process.argv[1]);
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
const out = {};
const conn = new GameConnection({ room: "r1", token: "t", onChange: () => {} });
await conn.start();
await tick();
const sync = (v) => conn._onFrame({ t: "sync", v, you: 1, view: { result: null }, legal: [{ act: "pass" }] });
sync(5);
const id = conn.act({ act: "pass" });
const actions = (ws) => ws.sent.filter((f) => f.t === "action");
sync(5);                                            // a resync the server sent (e.g. a relay resync)
out.after_sync = actions(sockets[0]).map((f) => [f.id, f.v]);
sockets[0].close(1006);                             // the socket drops; the client reconnects and joins again
await tick(300);
sync(5);
out.after_reconnect = actions(sockets[1]).map((f) => [f.id, f.v]);
conn._onFrame({ t: "diff", v: 6, ops: [], legal: null, id });
sync(6);
out.after_answer = actions(sockets[1]).length;
out.pending = conn.pendingAction;
out.id = id;
const view = conn.view, legal = conn.legal;
const away = { "1": 1000, "2": 2000, running: 2, held: true, away: { "2": 60000 } };
conn._onFrame({ t: "clocks", v: 6, clocks: away });                 // seat 2 went away at the current version
const resyncs = sockets[1].sent.filter((f) => f.t === "resync").length;
out.clocks_now = [conn.clocks, conn.v, conn.view === view, conn.legal === legal, resyncs];
conn._onFrame({ t: "clocks", v: 5, clocks: null });                 // built before the diff already applied
out.clocks_old = conn.clocks;
conn.stop();
console.log(JSON.stringify(out));
"""


def _run() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH (the client tests need node 20)")
    res = subprocess.run([node, "--input-type=module", "-e", HARNESS, CONN], capture_output=True, text=True,
                         timeout=30, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def run():
    return _run()


def test_an_unanswered_action_is_sent_again_after_a_sync_with_its_id_and_version(run):
    assert run["after_sync"] == [[run["id"], 5], [run["id"], 5]]


def test_an_unanswered_action_is_sent_again_after_a_reconnect(run):
    assert run["after_reconnect"] == [[run["id"], 5]]


def test_an_answered_action_is_never_sent_again(run):
    assert run["after_answer"] == 1 and run["pending"] is None


def test_a_clocks_frame_replaces_only_the_clocks(run):
    clocks, v, same_view, same_legal, resyncs = run["clocks_now"]
    assert clocks["away"] == {"2": 60000} and v == 6 and same_view and same_legal and resyncs == 0


def test_a_clocks_frame_older_than_the_view_is_ignored(run):
    assert run["clocks_old"]["away"] == {"2": 60000}
