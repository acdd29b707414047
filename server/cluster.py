"""``python -m server.cluster``: several game-server processes on one machine, sharing its cores, without Docker.

It runs what docker-compose.yml runs, as local processes under one data directory: one redis-server with an
append-only file (the live rooms, as compose's ``redis``), one PostgreSQL (players, saved decks, finished games and
ratings, as compose's ``postgres``) and ``--processes`` servers (``python -m server --redis URL --database URL``) on
consecutive ports from ``--port``. Every server serves every room (docs/scaling.md): a client may use any of the
ports; put a load balancer in front for one address. With ``--redis URL`` / ``--database URL`` it uses those
instead of starting its own.

Why PostgreSQL and not the SQLite file: the SQL store's SQLite writers assume one process (the live-room writer
commits on one event loop; a deferred transaction that reads, then writes after another process committed, is
refused by SQLite with "database is locked" instead of waiting), and docs/operations.md supports SQLite for one
process only. PostgreSQL is what the project supports for several replicas.

    python -m server.cluster --processes 2 --port 8001 --data-dir ./data/cluster

Ctrl-C (or SIGTERM) stops the servers gracefully (their rooms are saved to Redis), then PostgreSQL and Redis; the
data directory keeps all of it for the next start. Interface for benches and tests: :class:`Cluster` (a context
manager; ``servers``: the started processes, ``redis_url``, ``database_url``). Raises RuntimeError when a process
does not start (its log's end in the message).
"""
from __future__ import annotations

import argparse
import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

DB_USER = "berserk"


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bindir() -> str | None:
    """The directory of PostgreSQL's initdb/pg_ctl: ``pg_config --bindir`` if it has them, else the newest
    /usr/lib/postgresql/<n>/bin; None when there is none."""
    candidates = []
    if shutil.which("pg_config"):
        candidates.append(subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True).stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    return next((d for d in candidates if d and os.path.exists(os.path.join(d, "initdb"))
                 and os.path.exists(os.path.join(d, "pg_ctl"))), None)


def service_user() -> str | None:
    """The user PostgreSQL runs as: None (ourselves) unless we are root, which PostgreSQL refuses; then the
    ``postgres`` system user (Debian's package creates it), else a ``berserk-pg`` system user, added once."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "berserk-pg"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "berserk-pg"],
                   check=True)
    return "berserk-pg"


def wait_ready(url: str, proc: subprocess.Popen, log: str, timeout: float = 120.0) -> None:
    """Wait until ``url`` answers 200; RuntimeError when ``proc`` exits first or ``timeout`` s pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[:3]} exited with {proc.returncode}: {tail(log)}")
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return
        time.sleep(0.1)
    raise RuntimeError(f"{url} not ready in {timeout} s: {tail(log)}")


def tail(path: str, lines: int = 15) -> str:
    """The last ``lines`` lines of a log file ('' when there is none)."""
    if not os.path.exists(path):
        return ""
    with open(path, "rb") as fh:
        return b"\n".join(fh.read().splitlines()[-lines:]).decode("utf-8", "replace")


class LocalRedis:
    """redis-server on 127.0.0.1:``port`` with compose's persistence (append-only file, RDB every 60 s after 1000
    changes) in ``directory``."""

    def __init__(self, directory: str, port: int) -> None:
        self.dir, self.port = directory, port
        self.log = os.path.join(directory, "redis.log")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        os.makedirs(self.dir, exist_ok=True)
        exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.proc = subprocess.Popen([exe, "--port", str(self.port), "--bind", "127.0.0.1", "--appendonly", "yes",
                                      "--save", "60 1000", "--dir", self.dir, "--logfile", self.log])
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"redis-server did not start: {tail(self.log)}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()              # redis-server flushes its append-only file on SIGTERM
            self.proc.wait(30)


class LocalPostgres:
    """A PostgreSQL cluster in ``directory`` (made by ``initdb`` on the first start) on 127.0.0.1:``port``, database
    and user ``berserk`` (trust authentication on loopback only)."""

    def __init__(self, directory: str, port: int) -> None:
        self.dir, self.port = os.path.abspath(directory), port
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "postgres.log")
        self.bindir = pg_bindir()
        self.user = service_user()

    @property
    def url(self) -> str:
        return f"postgresql://{DB_USER}@127.0.0.1:{self.port}/{DB_USER}"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        kw = {"user": self.user, "group": pwd.getpwnam(self.user).pw_gid, "extra_groups": []} if self.user else {}
        out = subprocess.run([os.path.join(self.bindir, args[0]), *args[1:]], capture_output=True, text=True,
                             cwd=self.dir, timeout=120, **kw)
        if check and out.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({out.returncode}): {out.stderr[-1500:]} {tail(self.log)}")
        return out

    def start(self) -> None:
        if self.bindir is None:
            raise RuntimeError("PostgreSQL's initdb and pg_ctl were not found (apt-get install postgresql), or pass "
                               "--database URL")
        os.makedirs(self.dir, exist_ok=True)
        if self.user:
            info = pwd.getpwnam(self.user)
            os.chown(self.dir, info.pw_uid, info.pw_gid)
            if subprocess.run(["test", "-x", self.dir], user=self.user).returncode != 0:
                raise RuntimeError(f"PostgreSQL runs as {self.user} (not as root), who cannot reach {self.dir}: "
                                   "choose a --data-dir whose parent directories others may enter (chmod o+x)")
        if not os.path.exists(os.path.join(self.data, "PG_VERSION")):
            self._run("initdb", "-D", self.data, "-U", DB_USER, "--auth=trust", "-E", "UTF8", "--locale=C")
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", self.data, "-l", self.log, "-o", opts, "-w", "-t", "60", "start")
        made = self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", DB_USER, DB_USER, check=False)
        if made.returncode != 0 and "already exists" not in made.stderr:
            raise RuntimeError(f"createdb failed: {made.stderr[-1500:]}")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)


class Cluster:
    """``with Cluster(n, data_dir) as c:`` Redis, PostgreSQL (unless ``redis_url`` / ``database_url`` are given)
    and ``n`` servers on ports ``port``, ``port + 1``... (``port`` 0: free ports); ``extra``: further
    ``python -m server`` flags for every server (e.g. ``["--max-rooms", "2000"]``); ``before_each(i, redis_url)``:
    called before server ``i`` starts (a bench stores the rooms that server is to restore). ``servers``: the
    started processes as ``(port, Popen, log path)``. Leaving it stops everything it started, servers first."""

    def __init__(self, n: int, data_dir: str, port: int = 8001, host: str = "127.0.0.1", redis_url: str = "",
                 database_url: str = "", extra: list[str] = (), before_each=None) -> None:
        if n < 1:
            raise ValueError("--processes must be at least 1")
        self.n, self.dir, self.port, self.host, self.extra = n, os.path.abspath(data_dir), port, host, list(extra)
        self.redis = None if redis_url else LocalRedis(os.path.join(self.dir, "redis"), free_port())
        self.postgres = None if database_url else LocalPostgres(os.path.join(self.dir, "postgres"), free_port())
        self.redis_url = redis_url or self.redis.url
        self.database_url = database_url or self.postgres.url
        self.servers: list[tuple[int, subprocess.Popen, str]] = []
        self.before_each = before_each

    def __enter__(self) -> "Cluster":
        try:
            for service in (self.redis, self.postgres):
                if service is not None:
                    service.start()
            for i in range(self.n):
                if self.before_each is not None:
                    self.before_each(i, self.redis_url)
                self._start_server(self.port + i if self.port else free_port())
        except BaseException:
            self.__exit__()
            raise
        return self

    def _start_server(self, port: int) -> None:
        log = os.path.join(self.dir, f"server-{port}.log")
        with open(log, "ab") as fh:
            proc = subprocess.Popen([sys.executable, "-m", "server", "--host", self.host, "--port", str(port),
                                     "--redis", self.redis_url, "--database", self.database_url, *self.extra],
                                    stdout=fh, stderr=subprocess.STDOUT)
        self.servers.append((port, proc, log))
        wait_ready(f"http://127.0.0.1:{port}/healthz", proc, log)

    def __exit__(self, *exc) -> None:
        for _, proc, _ in self.servers:
            if proc.poll() is None:
                proc.terminate()               # graceful: rooms saved, connections closed with 1012
        for _, proc, _ in self.servers:
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        for service in (self.postgres, self.redis):
            if service is not None:
                service.stop()


def main(argv: list[str] | None = None) -> None:
    """Start the cluster, print each server's address, run until SIGINT/SIGTERM."""
    ap = argparse.ArgumentParser(prog="python -m server.cluster", description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 2, help="game servers (default: one per core)")
    ap.add_argument("--port", type=int, default=8001, help="the first server's port; the next ones follow")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--data-dir", default="./data/cluster", help="Redis's and PostgreSQL's files and the logs")
    ap.add_argument("--redis", default="", help="use this Redis instead of starting one")
    ap.add_argument("--database", default="", help="use this PostgreSQL URL instead of starting one")
    args, extra = ap.parse_known_args(argv)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    with Cluster(args.processes, args.data_dir, args.port, args.host, args.redis, args.database, extra) as c:
        for port, _, log in c.servers:
            print(f"Berserk server on http://{args.host}:{port}/ (log {log})", flush=True)
        print(f"Redis {c.redis_url}, database {c.database_url}; Ctrl-C stops everything", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while not stop and all(p.poll() is None for _, p, _ in c.servers):
                time.sleep(0.5)


if __name__ == "__main__":
    main()
