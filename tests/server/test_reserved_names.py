"""No player may take a reserved name (server/names.py ``RESERVED``): the computer opponent's names as the page shows
them and the site's staff and system names, nor any look-alike of one (server/namekey.py keys); sign-up and rename
answer 400 ``reserved_name`` in the request's language and change nothing."""
from __future__ import annotations

import pathlib
import re

import httpx
import pytest

from server.names import RESERVED, is_reserved
from tests.server.play_util import call, new_player

I18N = pathlib.Path(__file__).resolve().parents[2] / "server" / "static" / "js" / "i18n.js"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LOOK_ALIKES = ["Computer", "computer", "Компьютер", "КОМПЬЮТЕР", "Аdmin", "A d m i n", "Ad_min", "ＡＤＭＩＮ",
               "Администратор", "Moderator", "Система", "Sуstem", "Бот", "B0t", "Computer (expert)",
               "Компьютер(новичок)"]


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_reserved_name_and_its_look_alikes_are_reserved(name):
    assert is_reserved(name)


@pytest.mark.parametrize("name", ["Ann", "Admiral", "Computers fan", "Систематик", "Robot", "Иван Грозный"])
def test_an_ordinary_name_is_not_reserved(name):
    assert not is_reserved(name)


def _strings(lang: str) -> str:
    """The block of i18n.js ``STRINGS`` of ``lang`` (``en: {`` first, then ``ru: {``)."""
    en, _, ru = I18N.read_text(encoding="utf-8").partition("\n  ru: {")
    return en if lang == "en" else ru


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_name_the_page_gives_the_computer_is_reserved(lang):
    block = _strings(lang)
    template = re.search(r'bot_name: "([^"]+)"', block).group(1)
    levels = re.findall(r'bot_(?:beginner|casual|strong|expert|random): "([^"]+)"', block)
    assert len(levels) == 5
    for level in levels:
        assert is_reserved(template.replace("{level}", level)), (template, level)
    assert is_reserved(template.split(" (")[0])


@pytest.mark.parametrize("lang", [None, "en"])
async def test_sign_up_with_a_reserved_name_is_refused_in_the_request_language(live, lang):
    headers = {"accept-language": lang} if lang else {}
    async with httpx.AsyncClient() as c:
        r = await c.post(live.http + "/api/players", json={"name": "Аdmin"}, headers=headers)
        profile = await c.get(live.http + "/api/profiles/Admin")
    assert r.status_code == 400 and r.json()["error"] == "reserved_name"
    assert (CYRILLIC.search(r.json()["message"]) is not None) == (lang is None)
    assert profile.status_code == 404


async def test_a_rename_to_a_reserved_name_is_refused_and_the_name_stays(live):
    ann = await new_player(live.http, "Ann")
    r = await call(live.http, "PATCH", "/api/players/me", ann, {"name": "Компьютер"})
    assert r.status_code == 400 and r.json()["error"] == "reserved_name"
    account = (await call(live.http, "GET", "/api/players/me/account", ann)).json()
    assert account["name"] == "Ann" and account["name_changed"] is None


def test_the_reserved_list_names_the_computer_in_both_languages_and_the_staff():
    assert {"Компьютер", "Computer", "Admin", "Администратор", "Moderator", "Система"} <= set(RESERVED)
