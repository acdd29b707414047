"""The Starlette application: routes of the HTTP API (server/lobby.py), the websocket endpoint (server/ws.py), the
browser client (server/static/) and the start-up / shutdown sequence (restore rooms; snapshot rooms)."""
from __future__ import annotations

import contextlib
import os
import secrets
import sys

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from . import bot_pool, decks_api, endings_api, friends, games_api, lobby, matchmaking, players_api, presence, profiles, saved_decks, ws
from .accounts import api as accounts_api
from .bus import Bus, make_bus
from .http_body import BodyError, body_error_response
from .http_guard import HttpGuard, no_such_endpoint
from .ws_close import ExposeSend
from .metrics import Metrics
from .not_found_page import SiteFiles
from .orphans import answer_orphans
from .probes import Collector, GcTimer, LoopLag, check_settings, release_heap, serve_switch_interval, settle_heap
from .room import Room
from .rooms import Rooms
from .settings import Settings
from .store import Store, open_store
from .store.record import recorder
from .store_outage import StoreHealth
from .auth_throttle import AuthThrottle
from .web_security import SecurityHeaders
from .ws_limits import WsLimits

STATIC = os.path.join(os.path.dirname(__file__), "static")


class Hub:
    """Process-wide state shared by routes: settings, engine, bus, store (server/store), rooms, metrics,
    connection count."""

    def __init__(self, settings: Settings, engine, bus: Bus, store: Store) -> None:
        self.settings, self.engine, self.bus, self.store = settings, engine, bus, store
        self.metrics = Metrics()
        self.rooms = Rooms(engine, bus, settings, self.metrics, recorder=recorder(store))
        self.rooms.seat_bot = self._seat_bot
        bus.mailbox.restore_first = self.rooms.restore_first
        answer_orphans(bus)         # a message for a room that just ended here is answered, not dropped
        self.connections = 0
        self.bots: set = set()              # server-side bot tasks (server/bot_seat.py)
        self.metrics.connections = lambda: self.connections
        self.process_id = bus.process_id or secrets.token_hex(4)
        self.metrics.extra = bus.metric_lines
        bus.bind(adopt=self.rooms.adopt,
                 snapshot_sync=lambda blob, token, entries=(): Room.snapshot_sync(blob, token, engine, settings,
                                                                                  entries),
                 snapshot_version=lambda blob, entries=(): Room.snapshot_version(blob, engine, entries))
        self.store_health = StoreHealth(store, self.metrics)   # /healthz: 503 while the store cannot be written
        self.ws_limits = WsLimits(settings.max_connections, settings.max_connections_per_address,
                                  settings.exempt_addresses())
        self.auth_throttle = AuthThrottle()     # failed seat-token and player-secret guesses (server/auth_throttle.py)
        self.ready = False
        self.collector = None            # server/probes.py Collector while serving (gc_young_interval > 0)

    async def _seat_bot(self, room_id: str, policy: str, token: str) -> None:
        from .bot_seat import start_bot
        await start_bot(self, room_id, policy, token=token)


def default_bus(settings: Settings, store: Store) -> Bus:
    """The bus the settings select (server/bus ``make_bus``); on one process without ``snapshot_dir`` and with a
    durable store its live rooms live in the SQL store (server/store/rooms.py: an action log + snapshots)."""
    if settings.redis or settings.snapshot_dir or not store.durable:
        return make_bus(settings)
    from .store.rooms import SqlRoomStore
    return make_bus(settings, store=SqlRoomStore(store))


def create_app(settings: Settings | None = None, engine=None, bus: Bus | None = None,
               store: Store | None = None) -> Starlette:
    """The ASGI app. ``engine`` defaults to the real rules engine (server/gameapi.py), ``bus`` to the one the
    settings select (:func:`default_bus`), ``store`` to the SQL store the settings select (server/store:
    ``settings.database``, else SQLite under ``settings.data_dir``, else in memory)."""
    settings = settings or Settings.from_env()
    check_settings(settings)
    if engine is None:
        from .gameapi import real_engine
        engine = real_engine()
    store = store or open_store(settings)
    hub = Hub(settings, engine, bus or default_bus(settings, store), store)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await hub.store.start()          # runs the migrations
        await hub.bus.start()
        # in the background: serving starts now (docs/performance.md "Start-up with many stored rooms")
        await hub.rooms.restore_all()
        thresholds = settle_heap(settings.gc_threshold0)    # the start-up heap leaves the collector
        interval = serve_switch_interval(settings.switch_interval)
        gc_timer, lag = GcTimer(hub.metrics), LoopLag(hub.metrics, settings.loop_lag_interval)
        gc_timer.install()
        lag.start()
        collector = Collector(settings.gc_young_interval, settings.gc_full_interval) if settings.gc_young_interval else None
        if collector is not None:
            collector.start()
        hub.collector = collector
        hub.ready = True
        try:
            yield
        finally:
            hub.ready = False
            await lag.stop()
            if collector is not None:
                await collector.stop()
            gc_timer.uninstall()
            release_heap(thresholds)
            sys.setswitchinterval(interval)
            await hub.rooms.shutdown()
            bot_pool.shutdown()              # the computer opponents' thinking workers (server/bot_pool.py)
            await hub.bus.close()
            await hub.store.close()

    routes = [
        Route("/healthz", lobby.healthz),
        Route("/metrics", lobby.metrics),
        Route("/api/cards", lobby.cards),
        Route("/api/decks", decks_api.list_decks),
        Route("/api/decks/validate", decks_api.validate, methods=["POST"]),
        Route("/api/decks/export", decks_api.export_deck, methods=["POST"]),
        Route("/api/decks/import", decks_api.import_deck, methods=["POST"]),
        Route("/api/players/me/decks", saved_decks.list_saved, methods=["GET"]),
        Route("/api/players/me/decks", saved_decks.create_saved, methods=["POST"]),
        Route("/api/players/me/decks/{deck}", saved_decks.update_saved, methods=["PATCH"]),
        Route("/api/players/me/decks/{deck}", saved_decks.delete_saved, methods=["DELETE"]),
        Route("/api/players/me/decks/{deck}/duplicate", saved_decks.duplicate_saved, methods=["POST"]),
        Route("/api/rooms", lobby.list_rooms, methods=["GET"]),
        Route("/api/rooms", lobby.create_room, methods=["POST"]),
        Route("/api/rooms/{room}", lobby.room_status, methods=["GET"]),
        Route("/api/rooms/{room}/join", lobby.join_room, methods=["POST"]),
        Route("/api/rooms/{room}/deck", lobby.choose_deck, methods=["POST"]),
        Route("/api/rooms/{room}/rematch", lobby.rematch, methods=["POST"]),
        Route("/api/rooms/{room}/rematch/decline", lobby.decline_rematch, methods=["POST"]),
        *[Route(path, handler, methods=["POST"]) for path, handler in endings_api.ROUTES],
        Route("/api/players", players_api.create_player, methods=["POST"]),
        Route("/api/queue", matchmaking.enqueue, methods=["POST"]),
        Route("/api/queue/{ticket}", matchmaking.poll, methods=["GET"]),
        Route("/api/queue/{ticket}", matchmaking.leave, methods=["DELETE"]),
        Route("/api/queue/{ticket}/bot", matchmaking.play_bot, methods=["POST"]),
        Route("/api/players/me", players_api.me, methods=["GET"]),
        Route("/api/players/me/games", players_api.my_games, methods=["GET"]),
        *[Route(path, handler, methods=["GET"]) for path, handler in games_api.ROUTES],
        *[Route(path, handler, methods=methods) for module in (accounts_api, friends, profiles)
          for path, handler, methods in module.ROUTES],
        Route("/api/{rest:path}", no_such_endpoint, methods=["GET", "POST", "PATCH", "PUT", "DELETE"]),
        WebSocketRoute("/ws", ws.endpoint),
        WebSocketRoute("/ws/lobby", presence.lobby_socket),
        Mount("/protocol", StaticFiles(packages=[("protocol", "static")]), name="protocol"),
        Mount("/", SiteFiles(directory=settings.static_dir or STATIC, html=True), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(HttpGuard), Middleware(SecurityHeaders, throttle=hub.auth_throttle,
                                                                         exempt=settings.exempt_addresses()),
                                                    Middleware(ExposeSend)],
                    exception_handlers={BodyError: body_error_response})
    app.state.hub = hub
    app.state.store = hub.store
    return app
