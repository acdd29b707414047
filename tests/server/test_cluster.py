"""``python -m server.cluster`` (server/cluster.py): one command starts Redis, PostgreSQL and N servers that form one
service (a room made on one process is joined through another), and stops all of it again."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import urllib.request

from server.cluster import Cluster


def _post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def test_the_cluster_serves_a_room_made_on_one_process_through_another_and_stops_everything():
    tmp = tempfile.mkdtemp(prefix="berserk-cluster-")     # as root, PostgreSQL runs as another user: it must reach it
    os.chmod(tmp, 0o755)
    try:
        _serve_and_stop(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _serve_and_stop(tmp: str) -> None:
    with Cluster(2, tmp, port=0) as c:
        (a, _, _), (b, _, _) = c.servers
        with urllib.request.urlopen(f"http://127.0.0.1:{a}/api/decks", timeout=30) as r:
            names = [d["id"] for d in json.loads(r.read()) if d["starter"]]
        room = _post(f"http://127.0.0.1:{a}/api/rooms", {"decks": names[:2], "clock": {"base": 600}})["room"]
        joined = _post(f"http://127.0.0.1:{b}/api/rooms/{room}/join", {})
        procs = [p for _, p, _ in c.servers] + [c.redis.proc]
    assert joined["token"]
    assert all(p.poll() is not None for p in procs)
    assert c.database_url.startswith("postgresql://") and os.path.isdir(os.path.join(tmp, "redis", "appendonlydir"))
