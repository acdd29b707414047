"""The room: one asyncio task per room, the only writer of its game (server/room/room.py ``Room``), split by job
into small modules behind narrow interfaces (each module's docstring states its interface; docs/architecture.md
"The server" draws them):

| module | job |
|---|---|
| ``room.py`` | ``Room``: the game and its setup, the task (inbox loop), message dispatch, apply, close |
| ``status.py`` | ``RoomStatus`` and the pure reads of the lifecycle (``only_pass``, ``starts_turns``) |
| ``seats.py`` | seats and tokens (``Seats``, ``hash_token``) and the seat flow (claim, deck choice, deal) |
| ``broadcast.py`` | the connections (``Audience``: attach, detach, send, sync) and the applied-action broadcast |
| ``views.py`` | ``RoomGame`` (what ``RoomVersions`` wraps) and the once-per-version engine views |
| ``cache.py`` | ``RoomCache``: the room's one cache (views, legal list, replay log, ``room`` field, lobby entry) |
| ``journal.py`` | ``RoomJournal``: the per-viewer game log, built, packed, restored |
| ``persistence.py`` | ``Persistence``: snapshot, log entries, the one commit path, the finished game's record |
| ``clocks.py`` | the inbox wait, the loss on time, the replay and idle limits |
| ``chat.py`` | chat lines and their history |
| ``rematch.py`` | the rematch offer |
| ``endings.py`` | the end by a player's decision: claim the win over a player away, abort; the abort on a seat's absence |
| ``away.py`` | ``Away``: the seats whose last connection is gone, announced at once; the frames' ``clocks`` |
| ``lobby_entry.py`` | ``LobbyEntry``: the room's entry in the lobby directory |
"""
from .room import LEDGER_SIZE, Room, refuse_queued
from .seats import Seats, hash_token
from .status import RoomStatus, only_pass, starts_turns, waiting_view
from .views import RoomGame, share_alike

__all__ = ["LEDGER_SIZE", "Room", "RoomGame", "RoomStatus", "Seats", "hash_token", "only_pass", "refuse_queued",
           "share_alike", "starts_turns", "waiting_view"]
