"""An address the server has no file for answers 404 with one page in the request's language."""
from __future__ import annotations

import httpx
import pytest


async def _page(live, headers: dict) -> httpx.Response:
    async with httpx.AsyncClient() as c:
        return await c.get(live.http + "/nonexistent-path", headers=headers)


@pytest.mark.parametrize("header, lang, title, other", [
    ("en-US,en;q=0.9", "en", "Page not found", "Страница"),
    ("ru-RU,ru;q=0.9,en;q=0.5", "ru", "Страница не найдена", "Page not found"),
])
async def test_the_not_found_page_speaks_the_browsers_language_only(live, header, lang, title, other):
    r = await _page(live, {"accept-language": header})
    assert r.status_code == 404
    assert f'<html lang="{lang}">' in r.text and title in r.text and other not in r.text


async def test_the_not_found_page_follows_the_language_the_player_chose_over_the_browsers(live):
    r = await _page(live, {"accept-language": "ru-RU", "cookie": "lang=en"})
    assert r.status_code == 404 and '<html lang="en">' in r.text and "To the lobby" in r.text
