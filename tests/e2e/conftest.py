"""Fixtures for the browser end-to-end tests: a real server process (`python -m server`) and headless Chromium.

Chromium is Debian's (/usr/bin/chromium, installed by .ci/run); Playwright (Python) only drives it - browsers are
never downloaded (docs: stack-notes §7). Screenshots go to test-artifacts/ (gitignored).
"""
from __future__ import annotations

import os
import pathlib
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from bench.servers import free_port
from tests.e2e.states import MOUNT

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
STARTUP_TIMEOUT = 30.0   # s for the server to answer /healthz
SEED = 12345             # every game of the e2e server (--fixed-seed): the browser tests replay the same games
#: the session server's computer opponent thinks 0.05 s per action (the default 0.5 s only paces a human's game:
#: no browser test is about the bot's pause, and the games against it are several times faster)
QUICK_BOT = ("--bot-think", "0.05")
#: the per-address budget of rooms and players created: every test comes from 127.0.0.1, and the tests of one worker
#: share the session's server (the limits' own tests run servers of their own)
OPEN_LIMITS = ("--create-burst", "500", "--create-per-min", "500")
#: ms a page's wait (and a retrying expect() assertion) allows: a loaded 2-core CI machine (a waited-for event,
#: never a fixed pause)
PAGE_TIMEOUT = 30000


def wait_healthy(url: str, proc: subprocess.Popen | None, timeout: float = STARTUP_TIMEOUT) -> None:
    """Poll GET url/healthz until it answers 200 (bounded); raise with the server's output if it dies or never
    becomes healthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{proc.stdout.read() if proc.stdout else ''}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.05)
    raise RuntimeError(f"server at {url} not healthy after {timeout} s")


class ServerProcess:
    """`python -m server --port P` as a subprocess, restartable on the same port and snapshot directory (so rooms
    survive a restart, server/settings.py `snapshot_dir`)."""

    def __init__(self, snapshot_dir: pathlib.Path, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.snapshot_dir = snapshot_dir
        self.extra = list(extra)   # more command-line options (e.g. a faster bot: "--bot-think", "0.05")
        self.log = open(ARTIFACTS / "e2e-server.log", "ab")
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        cmd = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(self.port),
               "--snapshot-dir", str(self.snapshot_dir), "--data-dir", str(self.snapshot_dir),
               "--fixed-seed", str(SEED), *self.extra]
        if os.environ.get("BERSERK_E2E_SERVER"):   # another server build: "cmd ... {port} ... {snapshots}"
            cmd = shlex.split(os.environ["BERSERK_E2E_SERVER"].format(port=self.port, snapshots=self.snapshot_dir))
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        wait_healthy(self.url, self.proc)

    def stop(self) -> None:
        """SIGTERM (graceful: rooms are snapshotted, sockets closed with 1012) and wait."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def server(artifacts, tmp_path_factory):
    """The real game server on a free port, for the whole session."""
    srv = ServerProcess(tmp_path_factory.mktemp("snapshots"), extra=QUICK_BOT + OPEN_LIMITS)
    srv.start()
    yield srv
    srv.stop()
    srv.log.close()


@pytest.fixture(scope="module")
def bot_server(artifacts, tmp_path_factory):
    """A server of its own for a module's rooms against the computer: a bot that acts as soon as it has decided
    (no pause: these modules play whole games against it and none is about the pause; the session server keeps
    QUICK_BOT for the page's "thinking" line), with the same open creation budget."""
    srv = ServerProcess(tmp_path_factory.mktemp("snapshots-bot"),
                        extra=("--bot-think", "0") + OPEN_LIMITS)
    srv.start()
    yield srv
    srv.stop()
    srv.log.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium driven by Playwright. Its contexts bypass the server's Content-Security-Policy
    (Playwright's string predicates are evaluated in the page, which the policy forbids); tests/e2e/test_csp.py
    loads the pages with the policy enforced."""
    from playwright.sync_api import expect, sync_playwright
    expect.set_options(timeout=PAGE_TIMEOUT)     # a retrying assertion waits as long as the page's own waits
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        plain = b.new_context
        b.new_context = lambda **kw: plain(**{"bypass_csp": True, **kw})
        yield b
        b.close()


def _page_factory(browser, contexts: list):
    """``make(locale="en-US")`` -> a page in its own browser context (own sessionStorage = own seat), appended to
    ``contexts`` for the caller to close."""
    def make(locale: str = "en-US"):
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(PAGE_TIMEOUT)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors
        return page
    return make


@pytest.fixture
def new_page(browser):
    """Factory: a page in its own browser context (own sessionStorage = own seat), English locale by default."""
    contexts = []
    yield _page_factory(browser, contexts)
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="module")
def module_page(browser):
    """``new_page`` for module-scoped fixtures (e.g. one recorded game shared by a module's read-only tests)."""
    contexts = []
    yield _page_factory(browser, contexts)
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="session")
def states():
    """Real engine situations for the game-page tests (tests/e2e/states.py), found once per session."""
    from tests.e2e.states import find_states
    return find_states()


@pytest.fixture
def mount(server, new_page):
    """The game page's own modules mounted on a state of tests/e2e/states.py: mount(state, lang="en", viewport=None) -> a page showing the game page on that state."""
    def make(state, lang="en", viewport=None):
        page = new_page()
        if viewport:
            page.set_viewport_size(viewport)
        page.goto(server.url + "/#/nowhere")
        page.wait_for_selector("#app")
        page.evaluate(MOUNT, [state, lang])
        page.wait_for_selector("#game-under-test .board")
        return page
    return make
