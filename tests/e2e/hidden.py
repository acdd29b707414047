"""What a spectator's page must not show (docs/engine-api.md "View", engine/view.py): the cards the players see face
up that the spectator's view leaves out (a deal, recruits) or shows face down (an alias ``x-<cell>``, no card), and
the places a page could show one: the view it holds, the frames or responses it received, its DOM."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterable

import msgpack

from tests.e2e.driver import state
from tests.helpers import strings

#: the labels of a player bar's counts in the English interface (server/static/js/i18n.js deck, deal, recruits)
COUNT_LABELS = {"deck": "Deck", "deal": "Deal", "recruits": "Squad"}


def hidden_from_spectator(seat_views: Iterable[dict], spectator_view: dict) -> dict[str, str]:
    """card id -> definition key of every card a seat's view shows with its face (``card`` set) that the spectator's
    view of the same version lacks or shows without its face."""
    seen = spectator_view["cards"]
    return {cid: cv["card"] for view in seat_views for cid, cv in view["cards"].items()
            if cv.get("card") is not None and seen.get(cid, {}).get("card") is None}


def face_up_keys(view: dict) -> set[str]:
    """The definition keys of the cards a view shows face up (a copy of a hidden card may lie there too)."""
    return {cv["card"] for cv in view["cards"].values() if cv.get("card") is not None}


def card_names(server, keys: Iterable[str]) -> set[str]:
    """The Russian and English names of the card definitions ``keys`` (GET /api/cards)."""
    with urllib.request.urlopen(server.url + "/api/cards", timeout=5) as r:
        cards = {c["id"]: c for c in json.loads(r.read())}
    return {name for k in keys for name in (cards[k]["name_ru"], cards[k].get("name_en")) if name}


def record_frames(page) -> list:
    """Start keeping every websocket frame ``page`` receives from now on, decoded (msgpack, or JSON for a text
    frame), in the returned list (appended to as they arrive)."""
    frames: list = []

    def received(payload) -> None:
        frames.append(json.loads(payload) if isinstance(payload, str) else msgpack.unpackb(payload))

    page.on("websocket", lambda ws: ws.on("framereceived", received))
    return frames


def page_text(page) -> str:
    """All the text of the page's body (hidden text and SVG titles included) and every attribute value, one a line."""
    return page.evaluate("""() => [document.body.textContent,
        ...[...document.body.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.value))].join('\\n')""")


def shown_counts(page, player: int) -> dict[str, int]:
    """The counts player ``player``'s bar shows, by view field (``deck``, ``deal``, ``recruits``; a count the bar
    leaves out is 0)."""
    stats = page.evaluate("""(p) => Object.fromEntries([...document.querySelectorAll(`.pbar[data-player='${p}'] .stat`)]
        .map((s) => [s.querySelector('.stat-label').textContent.replace(/:\\s*$/, ''), s.querySelector('b').textContent]))""",
                          player)
    return {field: int(stats.get(label, "0")) for field, label in COUNT_LABELS.items()}


def assert_shows_none(page, server, hidden: dict[str, str], received: list) -> None:
    """``page`` (a spectator's) holds, received and shows none of the ``hidden`` cards (id -> definition key): no id
    in its view, in what it ``received`` (decoded frames or response bodies) or as a DOM card; no definition key in
    its view or what it received, no card name in its text (:func:`page_text`), except those of a copy its view
    shows face up."""
    view = state(page)["view"]
    assert view["viewer"] is None
    keys = set(hidden.values()) - face_up_keys(view)
    for where, found in (("view", strings(view)), ("received", strings(received))):
        assert not found & set(hidden), (where, sorted(found & set(hidden)))
        assert not found & keys, (where, sorted(found & keys))
    shown_ids = set(page.eval_on_selector_all("[data-card]", "els => els.map((e) => e.dataset.card)"))
    assert not shown_ids & set(hidden), sorted(shown_ids & set(hidden))
    text = page_text(page)
    named = [n for n in card_names(server, keys) if n in text]
    assert not named, named
