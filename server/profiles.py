"""Player profiles: ``GET /api/profiles/{name}`` -> ``{"id", "name", "created", "rating": {"rating", "rd",
"games"} | None, "history": [{"game", "rating", "rd", "at"}], "games": {"played", "won", "lost", "drawn"},
"recent": [summary], "decks": [{"name", "games"}]}`` (404 ``player_not_found``).

``name`` is looked up under the uniqueness keys (server/namekey.py), so «Аlice» finds Alice. ``rating`` is
None for a player without rated games; ``history`` is the rating after each rated game, oldest first; ``games``
counts the recorded games that ended with a result (an aborted game has none); ``recent`` the last RECENT of them (summaries as ``GET /api/games``, each
replayable at ``#/replay/<id>``); ``decks`` the preconstructed decks the player played most in finished games
(a deck of its own, which has no public name, is left out).
"""
from __future__ import annotations

from collections import Counter

from starlette.requests import Request
from starlette.responses import JSONResponse

from .player_texts import refuse

RECENT = 10
TOP_DECKS = 5


def tally(outcomes) -> tuple[dict, list[dict]]:
    """``({"played", "won", "lost", "drawn"}, [{"name", "games"}])`` of ``[(seat, result, deck_names)]``; a game
    without a winner (aborted before it really began, server/room/endings.py) is not a played game, so
    played = won + lost + drawn."""
    counts = {"played": 0, "won": 0, "lost": 0, "drawn": 0}
    decks: Counter = Counter()
    for seat, result, deck_names in outcomes:
        winner = result.get("winner")
        if winner is None:
            continue
        counts["played"] += 1
        counts["drawn" if winner == "draw" else "won" if winner == seat else "lost"] += 1
        label = deck_names[seat - 1] if len(deck_names) >= seat else None
        if isinstance(label, str) and label and not label.startswith("BRK1") and "\n" not in label:
            decks[label] += 1      # a preconstructed deck's id or name (a pasted code or list has no name)
    top = [{"name": n, "games": k} for n, k in sorted(decks.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_DECKS]]
    return counts, top


async def profile(request: Request):
    """GET /api/profiles/{name} (module docstring)."""
    store = request.app.state.hub.store
    found = await store.find_player(request.path_params["name"])
    if found is None:
        return refuse(request, 404, "player_not_found")
    pid = found["id"]
    rating = await store.get_rating(pid)
    counts, decks = tally(await store.game_outcomes(pid))
    recent = await store.list_games(pid, limit=RECENT)
    return JSONResponse({
        "id": pid, "name": found["name"], "created": found["created"],
        "rating": ({"rating": round(rating["rating"]), "rd": round(rating["rd"]), "games": rating["games"]}
                   if rating["games"] else None),
        "history": [dict(h, rating=round(h["rating"]), rd=round(h["rd"])) for h in await store.rating_history(pid)],
        "games": counts, "recent": recent, "decks": decks})


ROUTES = [("/api/profiles/{name}", profile, ["GET"])]
