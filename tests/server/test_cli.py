"""``python -m server`` prints its address, answers /healthz, serves the client at / and a game."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import httpx

from server.__main__ import parse_args
from tests.server.harness import Player, free_port


def test_settings_come_from_env_then_flags(monkeypatch):
    monkeypatch.setenv("BERSERK_PORT", "9123")
    monkeypatch.setenv("BERSERK_CLOCK_BASE", "300")
    s = parse_args(["--host", "0.0.0.0", "--clock-base", "120"])
    assert (s.host, s.port, s.clock_base) == ("0.0.0.0", 9123, 120.0)


async def test_python_m_server_serves_a_game_on_the_given_port(tmp_path):
    port = free_port()
    env = dict(os.environ, BERSERK_PORT=str(port), PYTHONPATH=os.getcwd(), BERSERK_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient() as c:
            for _ in range(200):            # the address is printed once the port is bound; the app may still be starting
                try:
                    if (await c.get(base + "/healthz")).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                await _tick()
            assert (await c.get(base + "/healthz")).status_code == 200
            assert (await c.get(base + "/")).status_code == 200
            room = (await c.post(base + "/api/rooms", json={})).json()
            seat2 = (await c.post(f"{base}/api/rooms/{room['room']}/join")).json()
        a = await Player.join(f"ws://127.0.0.1:{port}/ws", room["room"], room["token"])
        b = await Player.join(f"ws://127.0.0.1:{port}/ws", room["room"], seat2["token"])
        assert a.you == 1 and b.you == 2 and (a.legal or b.legal)
        await a.close()
        await b.close()
    finally:
        proc.terminate()
        assert proc.wait(15) in (0, -signal.SIGTERM)     # uvicorn re-raises the signal after a clean shutdown


def test_the_address_to_open_is_the_last_line_of_the_start_up_output_without_a_line_per_migration(tmp_path):
    port = free_port()
    env = dict(os.environ, BERSERK_PORT=str(port), PYTHONPATH=os.getcwd(), BERSERK_DATA_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "server", "--host", "127.0.0.1"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        before = []
        for line in proc.stdout:            # a fresh data directory: every migration runs
            if f"http://127.0.0.1:{port}/" in line:
                break
            before.append(line)
        assert "open http://127.0.0.1" in line
        assert any("Application startup complete" in b for b in before)    # nothing of the start-up comes after it
        assert not [b for b in before if "alembic" in b]
    finally:
        proc.terminate()
        proc.wait(15)


async def _tick():
    import asyncio
    await asyncio.sleep(0.05)


def test_a_busy_port_is_told_with_the_port_option_and_no_address_is_printed(tmp_path):
    import socket
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=os.getcwd(), BERSERK_DATA_DIR=str(tmp_path))
        out = subprocess.run([sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port)], env=env,
                             capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "http://" not in out.stdout
    assert f"Port {port}" in out.stderr and f"Порт {port}" in out.stderr and "--port" in out.stderr
