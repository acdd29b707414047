"""A bare websocket echo on the server's stack (Starlette + uvicorn, same ws settings): the latency floor.

``python -m bench.echo_app PORT``. Two routes: ``/ws`` echoes each frame to its sender; ``/room/{room}`` is the
fan-out a game room does without the game (bench/fanout_floor.py): each frame a connection sends goes to every
connection of that room, the sender included (the room's acknowledgement, the opponent's and the spectator's
frames)."""
from __future__ import annotations

import sys

import uvicorn
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.responses import JSONResponse


async def echo(ws):
    await ws.accept()
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return
        await ws.send_bytes(msg.get("bytes") or b"")


ROOMS: dict[str, list] = {}


async def fanout(ws):
    """Every frame a connection of ``room`` sends goes to every connection of that room, one send each, in order."""
    await ws.accept()
    peers = ROOMS.setdefault(ws.path_params["room"], [])
    peers.append(ws)
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                return
            data = msg.get("bytes") or b""
            for peer in list(peers):
                await peer.send_bytes(data)
    finally:
        peers.remove(ws)


async def healthz(request):
    return JSONResponse({"ok": True})


app = Starlette(routes=[WebSocketRoute("/ws", echo), WebSocketRoute("/room/{room}", fanout),
                        Route("/healthz", healthz)])

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws_per_message_deflate=False)
