"""Game server: Starlette + uvicorn, lobby HTTP API, one websocket endpoint, rooms as asyncio tasks, a Bus seam
(in-memory now, Redis later). Entry point: ``python -m server`` (server/__main__.py)."""
