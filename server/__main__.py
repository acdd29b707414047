"""``python -m server``: start the game server (defaults 127.0.0.1:8000; every setting also from ``BERSERK_*``
environment variables, see server/settings.py)."""
from __future__ import annotations

import argparse
import dataclasses
import logging
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


def main(argv: list[str] | None = None) -> None:
    """Parse settings, build the app and serve it with uvicorn until SIGINT/SIGTERM."""
    settings = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from .app import create_app
    from .conn_guard import guarded_protocol, raise_open_files
    app = create_app(settings)
    files = raise_open_files()
    print(f"Berserk server on http://{settings.host}:{settings.port}/ (open files: {files}, so about "
          f"{max(0, files - 64)} connections; --max-connections {settings.max_connections})", flush=True)
    trusted = settings.trusted_proxies.strip()
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="info", ws_max_size=settings.max_frame,
                ws_per_message_deflate=False, timeout_graceful_shutdown=10, timeout_keep_alive=5,
                http=guarded_protocol(settings.max_header_bytes, settings.header_timeout,
                                      settings.max_heads_per_address, settings.exempt_addresses()),
                proxy_headers=bool(trusted), forwarded_allow_ips=trusted or None)


if __name__ == "__main__":
    sys.exit(main())
