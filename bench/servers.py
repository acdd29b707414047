"""Start and stop real server processes (``python -m server``) and a throw-away redis-server for the harness and the
benchmarks. Every process is started by us and stopped by its own pid."""
from __future__ import annotations

import contextlib
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from server.cluster import free_port, wait_ready

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def server_args(port: int, **settings) -> list[str]:
    """The command line of ``python -m server`` on ``port`` with every setting as its flag (``lease_ttl=1`` ->
    ``--lease-ttl 1``; booleans as ``true``/``false``)."""
    args = [sys.executable, "-m", "server", "--port", str(port)]
    for k, v in settings.items():
        args += ["--" + k.replace("_", "-"), str(v).lower() if isinstance(v, bool) else str(v)]
    return args


class Loopback:
    """Addresses of a server listening on 127.0.0.1:``self.port``."""

    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


def raise_fd_limit(want: int = 65536) -> int:
    """Raise this process's soft limit on open files (RLIMIT_NOFILE) towards ``want``, capped by the hard limit;
    children started afterwards inherit it. Returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def load_settings(rooms: int) -> dict:
    """The server settings of a load bench of ``rooms`` rooms (two seats and a spectator each): room and connection
    limits above the load, no creation throttle, and idle and away periods (600 s) longer than connecting the
    whole load takes (thousands of websocket handshakes can take over a minute on two cores, and a seat not yet
    connected when its grace ends aborts its game: server/room/endings.py)."""
    return dict(max_rooms=rooms + 10, max_connections=4 * rooms + 100, idle_timeout=600, disconnect_grace=600,
                create_per_min=1e6, create_burst=rooms + 10)


def _wait_http(url: str, proc: subprocess.Popen, timeout: float = 120.0) -> None:
    """Wait until ``url`` answers 200 (server/cluster.py ``wait_ready``); RuntimeError when ``proc`` exits first."""
    wait_ready(url, proc, "", timeout)


class ServerProcess(Loopback):
    """``python -m server`` on a free port with extra ``--flag value`` settings (a dict, names as in Settings), run
    from the checkout ``root`` (default: this one; another one, e.g. ``git archive`` of an older commit in /tmp,
    measures before/after in one run).

    The server's stdout and stderr go to a temporary file (``log_path``; :meth:`log_tail` reads its end), never to a
    pipe nobody reads: uvicorn logs every websocket connection, and a full 64 KiB pipe would block the server on
    its next log line (what froze the 500-room benchmark). The file is deleted when the process is stopped.
    """

    def __init__(self, root: str = ROOT, **settings) -> None:
        self.root = root          # the checkout whose server runs (another one for before/after in one run)
        self.port = free_port()
        self.log_path: str | None = None
        self.data_dir = None
        if "data_dir" not in settings and "database" not in settings:   # the SQL store: never ./data of the repo
            self.data_dir = settings["data_dir"] = tempfile.mkdtemp(prefix="bench-data-")
        self.args = server_args(self.port, **settings)
        self.proc: subprocess.Popen | None = None

    @classmethod
    def attached(cls, port: int, proc: subprocess.Popen, log_path: str) -> "ServerProcess":
        """A server started elsewhere (server/cluster.py), for measuring only: not to be entered or exited."""
        s = cls.__new__(cls)
        s.root, s.port, s.proc, s.log_path, s.data_dir, s.args = ROOT, port, proc, log_path, None, list(proc.args)
        return s

    def rss_kb(self) -> int:
        """Resident set size of the server process in KiB (from /proc)."""
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def __enter__(self) -> "ServerProcess":
        raise_fd_limit()
        fd, self.log_path = tempfile.mkstemp(prefix="bench-server-", suffix=".log")
        with os.fdopen(fd, "wb") as log:
            self.proc = subprocess.Popen(self.args, cwd=self.root, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_http(self.http + "/healthz", self.proc)
        except Exception:
            self.__exit__()
            raise
        return self

    def log_tail(self, lines: int = 20) -> str:
        """The last ``lines`` lines the server wrote (stdout and stderr), '' when it has not started."""
        if not self.log_path or not os.path.exists(self.log_path):
            return ""
        with open(self.log_path, "rb") as fh:
            return b"\n".join(fh.read().splitlines()[-lines:]).decode("utf-8", "replace")

    def errors(self) -> list[str]:
        """Lines of the server's log at level ERROR or with a traceback (for the benchmark's failure count)."""
        if not self.log_path or not os.path.exists(self.log_path):
            return []
        with open(self.log_path, "rb") as fh:
            return [ln.decode("utf-8", "replace") for ln in fh.read().splitlines()
                    if b" ERROR " in ln or ln.startswith(b"Traceback")]

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.log_path:
            with contextlib.suppress(OSError):
                os.unlink(self.log_path)
        if self.data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


class RedisProcess:
    """A private redis-server (no persistence) on a free port; ``url`` is its redis:// URL."""

    def __init__(self) -> None:
        self.exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="bench-redis-")
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> "RedisProcess":
        self.proc = subprocess.Popen([self.exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", self.dir],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return self
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)

    def __exit__(self, *exc) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


def redis_bus_available() -> bool:
    """True when this build has the Redis bus (server/bus/redis/)."""
    return os.path.exists(os.path.join(ROOT, "server", "bus", "redis"))
