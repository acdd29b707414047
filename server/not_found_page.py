"""The page of an address the server has no file for (HTTP 404), in the request's language.

Interface: :class:`SiteFiles`, the site's static files (Starlette ``StaticFiles`` in HTML mode) whose missing
addresses answer 404 with :func:`not_found_html`. The language is the ``lang`` cookie the client sets when the
player chooses one (server/static/js/i18n.js), else the ``Accept-Language`` header (server/player_texts.py).
"""
from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

from .player_texts import header_lang

#: lang -> (title, sentence, the lobby link's words)
TEXTS = {
    "ru": ("Страница не найдена", "По этому адресу страницы нет.", "В лобби"),
    "en": ("Page not found", "There is no page at this address.", "To the lobby"),
}

PAGE = """<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/css/style.css">
</head>
<body>
  <main>
    <section class="not-found" data-testid="not-found" data-kind="http">
      <h1>{title}</h1>
      <p>{text}</p>
      <p><a href="/" data-testid="not-found-lobby">{lobby}</a></p>
    </section>
  </main>
</body>
</html>
"""


def page_lang(request: Request) -> str:
    """"ru" or "en": the ``lang`` cookie when it names one of them, else the ``Accept-Language`` header's choice."""
    chosen = request.cookies.get("lang")
    return chosen if chosen in TEXTS else header_lang(request.headers.get("accept-language", ""))


def not_found_html(lang: str) -> str:
    """The whole "page not found" document in ``lang`` ("ru" | "en")."""
    title, text, lobby = TEXTS[lang]
    return PAGE.format(lang=lang, title=title, text=text, lobby=lobby)


class SiteFiles(StaticFiles):
    """Static files in HTML mode; an address with no file answers 404 with the page in the request's language
    (GET and HEAD; other methods keep Starlette's 405)."""

    async def get_response(self, path: str, scope) -> Response:
        """The file at ``path``, or the "page not found" page with status 404."""
        try:
            return await super().get_response(path, scope)
        except HTTPException as e:
            if e.status_code != 404:
                raise
        return HTMLResponse(not_found_html(page_lang(Request(scope))), status_code=404,
                            headers={"vary": "accept-language, cookie"})
