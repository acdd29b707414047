"""A bare websocket echo on the server's stack (Starlette + uvicorn, same ws settings): the latency floor.

``python -m bench.echo_app PORT``."""
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


async def healthz(request):
    return JSONResponse({"ok": True})


app = Starlette(routes=[WebSocketRoute("/ws", echo), Route("/healthz", healthz)])

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws_per_message_deflate=False)
