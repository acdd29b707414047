"""``python -m server``: start the game server (defaults 127.0.0.1:8000; every setting also from ``BERSERK_*``
environment variables, see server/settings.py)."""
from __future__ import annotations

import argparse
import dataclasses
import errno
import logging
import socket
import sys

import uvicorn

from .settings import Settings


def parse_args(argv: list[str] | None = None) -> Settings:
    """Settings from the environment, overridden by command-line flags (``--host``, ``--port``, ``--redis`` ...)."""
    parser = argparse.ArgumentParser(prog="python -m server", description="Berserk online game server.")
    for f in dataclasses.fields(Settings):
        typ = f.type if isinstance(f.type, str) else f.type.__name__
        conv = {"int": int, "float": float, "str": str}.get(typ)
        flag = "--" + f.name.replace("_", "-")
        if typ == "bool":
            parser.add_argument(flag, type=lambda s: s.lower() in ("1", "true", "yes", "on"), default=None,
                                metavar="true|false", help=f"default {f.default}")
        else:
            parser.add_argument(flag, type=conv, default=None, help=f"default {f.default!r}")
    args = parser.parse_args(argv)
    try:
        return Settings.from_env(**vars(args))
    except ValueError as e:
        parser.error(str(e))


def listen_socket(host: str, port: int) -> socket.socket:
    """The server's TCP socket bound to ``host``:``port`` (IPv6 when ``host`` has a colon), as uvicorn binds it
    (``SO_REUSEADDR``). Raises OSError when the address cannot be bound (``errno.EADDRINUSE``: the port is busy)."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def bind_failure(host: str, port: int, error: OSError) -> str:
    """The operator's message, in English then Russian, when ``host``:``port`` cannot be bound: names the port
    and the ``--port`` option (``--host`` too when the address itself is refused)."""
    if error.errno == errno.EADDRINUSE:
        return (f"Port {port} on {host} is busy: another program is listening there. Stop it, or start the server "
                f"on another port, e.g. --port {port + 1}.\n"
                f"Порт {port} на {host} занят: его слушает другая программа. Остановите её или запустите сервер на "
                f"другом порту, например --port {port + 1}.")
    return (f"Cannot listen on {host}, port {port} ({error.strerror}). Choose another address or port: --host, "
            f"--port.\n"
            f"Не удаётся слушать {host}, порт {port} ({error.strerror}). Выберите другой адрес или порт: --host, "
            f"--port.")


class ReadyServer(uvicorn.Server):
    """uvicorn's server that prints ``ready_line`` (where to open the browser) on stdout once the application has
    started: the last line of the start-up output, after uvicorn's and the app's own."""

    def __init__(self, config: uvicorn.Config, ready_line: str) -> None:
        super().__init__(config)
        self.ready_line = ready_line

    async def startup(self, sockets=None) -> None:
        """uvicorn's start-up (the app's lifespan, the listening sockets), then the ready line."""
        await super().startup(sockets=sockets)
        if not self.should_exit:
            print(self.ready_line, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Parse settings, bind the port, build the app and serve it with uvicorn until SIGINT/SIGTERM. The address
    to open is printed once the port is bound and the app has started, as the last line of the start-up output;
    a port that cannot be bound is told on stderr (``bind_failure``) and returns 2. Returns 3 when uvicorn does not
    start, else 0. The schema migrations run at start log warnings and errors only (not a line per migration)."""
    settings = parse_args(argv)
    try:
        sock = listen_socket(settings.host, settings.port)
    except OSError as e:
        print(bind_failure(settings.host, settings.port, e), file=sys.stderr, flush=True)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    from .app import create_app
    from .conn_guard import guarded_protocol, raise_open_files
    app = create_app(settings)
    files = raise_open_files()
    logging.getLogger("server").info("open files: %d, so about %d connections; --max-connections %d", files,
                                     max(0, files - 64), settings.max_connections)
    trusted = settings.trusted_proxies.strip()
    config = uvicorn.Config(app, host=settings.host, port=settings.port, log_level="info",
                            ws_max_size=settings.max_frame, ws_per_message_deflate=False,
                            timeout_graceful_shutdown=10, timeout_keep_alive=5,
                            http=guarded_protocol(settings.max_header_bytes, settings.header_timeout,
                                                  settings.max_heads_per_address, settings.exempt_addresses()),
                            proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None)
    server = ReadyServer(config, f"Berserk server ready: open http://{settings.host}:{settings.port}/ in a browser "
                                 f"(Ctrl+C stops it).")
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    return 0 if server.started else 3


if __name__ == "__main__":
    sys.exit(main())
