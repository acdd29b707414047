"""No work proportional to the number of rooms on an action's path. Structural, no timing: while
one room applies and broadcasts an action, no other room of the process runs any of its code, and nothing reads
the whole lobby."""
from __future__ import annotations

import functools
import inspect

from server.room import Room

from tests.server.harness import Player, create_room, join_seat

OTHER_ROOMS = 12


def _record_calls(monkeypatch, calls: list) -> None:
    """Wrap every method defined on Room so that each call appends (room id, method name) to ``calls``."""
    for name, fn in list(vars(Room).items()):
        if name.startswith("__") or not inspect.isfunction(fn):
            continue

        def make(fn=fn, name=name):
            if inspect.iscoroutinefunction(fn):
                @functools.wraps(fn)
                async def wrapper(self, *a, **k):
                    calls.append((getattr(self, "id", None), name))
                    return await fn(self, *a, **k)
            else:
                @functools.wraps(fn)
                def wrapper(self, *a, **k):
                    calls.append((getattr(self, "id", None), name))
                    return fn(self, *a, **k)
            return wrapper
        monkeypatch.setattr(Room, name, make())


async def test_an_action_path_touches_no_other_room_and_no_whole_lobby(live_factory, monkeypatch):
    live = live_factory(idle_timeout=600)
    others = [(await create_room(live.http))["room"] for _ in range(OTHER_ROOMS)]
    room = await create_room(live.http)
    seat2 = await join_seat(live.http, room["room"])
    p1 = await Player.join(live.ws, room["room"], room["token"])
    p2 = await Player.join(live.ws, room["room"], seat2["token"])
    actor, opponent = (p1, p2) if p1.legal else (p2, p1)
    calls: list = []
    _record_calls(monkeypatch, calls)
    lobby = live.app.state.hub.bus.lobby
    listed = []
    whole = lobby.list

    async def list_lobby():
        listed.append(1)
        return await whole()
    monkeypatch.setattr(lobby, "list", list_lobby)
    answer = await actor.act(actor.legal[0])
    await opponent.catch_up(answer["v"])
    monkeypatch.undo()
    assert answer["t"] == "diff" and calls
    assert {rid for rid, _ in calls} == {room["room"]}, [c for c in calls if c[0] in others][:5]
    assert not listed
