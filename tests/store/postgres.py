"""A throw-away PostgreSQL server for tests: ``initdb`` into a temp dir and ``pg_ctl start`` on a free loopback port
(never the machine's own cluster on 5432). PostgreSQL refuses to run as root, so as root (CI) the server runs as the
``postgres`` system user (created by Debian's ``postgresql`` package; else a dedicated ``berserk-pg`` user is added).
Fails (never skips) when the binaries are missing: .ci/run installs ``postgresql``."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile

import pytest

from bench.servers import free_port

DB_USER = "berserk"


def pg_bindir() -> str:
    """The directory of initdb/pg_ctl: ``pg_config --bindir`` if it has them, else the newest
    /usr/lib/postgresql/<n>/bin. Fails the test when none is found."""
    candidates = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    for d in candidates:
        if d and os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "pg_ctl")):
            return d
    pytest.fail("PostgreSQL server binaries (initdb, pg_ctl) not found; install them: apt-get install postgresql "
                "(.ci/run does)")


def _service_user() -> str | None:
    """The user the server runs as: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "berserk-pg"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            pass
    subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "berserk-pg"],
                   check=True)
    return "berserk-pg"


class PostgresServer:
    """``with PostgresServer() as pg: pg.url`` -> ``postgresql+asyncpg://berserk@127.0.0.1:<port>/berserk``.
    ``pg.bin(name)`` is the path of a client program (pg_dump ...). Stopped with ``pg_ctl stop -m fast`` and its
    directory removed on exit."""

    def __init__(self) -> None:
        self.bindir = pg_bindir()
        self.user = _service_user()
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="berserk-pg-")
        self.data = os.path.join(self.dir, "data")
        self.log = os.path.join(self.dir, "server.log")

    def bin(self, name: str) -> str:
        return os.path.join(self.bindir, name)

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://{DB_USER}@127.0.0.1:{self.port}/{DB_USER}"

    def _run(self, args: list[str], timeout: float = 60) -> None:
        kw = {"user": self.user, "group": pwd.getpwnam(self.user).pw_gid, "extra_groups": []} if self.user else {}
        out = subprocess.run(args, capture_output=True, text=True, timeout=timeout, cwd=self.dir, **kw)
        if out.returncode != 0:
            log = open(self.log).read()[-2000:] if os.path.exists(self.log) else ""
            pytest.fail(f"{' '.join(args[:2])} failed ({out.returncode}): {out.stderr[-2000:]} {log}")

    def __enter__(self) -> "PostgresServer":
        if self.user:
            info = pwd.getpwnam(self.user)
            os.chown(self.dir, info.pw_uid, info.pw_gid)
        self._run([self.bin("initdb"), "-D", self.data, "-U", DB_USER, "--auth=trust", "-E", "UTF8",
                   "--locale=C", "--no-sync"])
        self.start()
        self._run([self.bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", DB_USER, DB_USER])
        return self

    def start(self) -> None:
        """Start the server on its data directory and port (again after :meth:`stop`); waits until it answers."""
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50"
        self._run([self.bin("pg_ctl"), "-D", self.data, "-l", self.log, "-o", opts, "-w", "-t", "60", "start"])

    def stop(self) -> None:
        """Stop the server at once (``pg_ctl stop -m immediate``: clients are cut off, as in a crash)."""
        self._run([self.bin("pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop"])

    def __exit__(self, *exc) -> None:
        try:
            self._run([self.bin("pg_ctl"), "-D", self.data, "-m", "fast", "-w", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def fresh_database(self, name: str) -> str:
        """Create an empty database ``name``; its asyncpg URL."""
        self._run([self.bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", DB_USER, name])
        return f"postgresql+asyncpg://{DB_USER}@127.0.0.1:{self.port}/{name}"
