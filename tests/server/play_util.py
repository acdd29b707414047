"""Helpers for the seat-flow server tests: players over HTTP and authenticated requests."""
from __future__ import annotations

import httpx


async def new_player(http: str, name: str = "Ann") -> dict:
    """POST /api/players; returns ``{"id", "secret", "name", "auth": headers}``."""
    async with httpx.AsyncClient() as c:
        r = await c.post(http + "/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    p = r.json()
    p["auth"] = {"Authorization": f"Bearer {p['id']}:{p['secret']}"}
    return p


async def call(http: str, method: str, path: str, player: dict | None = None, body=None) -> httpx.Response:
    """One request, authenticated as ``player`` when given."""
    async with httpx.AsyncClient() as c:
        return await c.request(method, http + path, json=body, headers=(player or {}).get("auth", {}))
