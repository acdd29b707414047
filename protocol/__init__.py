"""Berserk Online wire protocol: typed msgpack frames, per-viewer diffs, versions (docs/protocol.md).

Public API (everything the server and clients need):

* messages: :class:`Join`, :class:`Action`, :class:`Resync`, :class:`Ping` (client -> server); :class:`Sync`,
  :class:`Diff`, :class:`Clocks`, :class:`Error`, :class:`End`, :class:`Pong` (server -> client);
  :data:`PROTOCOL_VERSION`;
* codec: :func:`encode` (message -> bytes), :func:`decode_client` (bytes -> client message, raises only
  :class:`ProtocolError`), :func:`decode_server`;
* diff: :func:`diff` (old view, new view -> ops), :func:`apply` (view, ops -> new view); JS twin in
  ``protocol/static/diff.js``;
* versions: :class:`RoomVersions` (per room: sync / submit / advance / forget), :class:`Outcome`;
* errors: :data:`ERRORS`, :data:`CLOSE_CODES`, :class:`ProtocolError`, :func:`engine_error_code`;
* abuse: :class:`Guard` (rate limit and strikes -> close code).
"""
import berserk_native

berserk_native.install()  # the compiled diff, when built and current (berserk_native.py); before any import

from .codec import decode_client, decode_server, encode
from .diff import apply, diff
from .errors import CLOSE_CODES, ERRORS, ProtocolError, engine_error_code
from .guard import Guard
from .messages import PROTOCOL_VERSION, Action, Chat, Clocks, Diff, End, Error, Join, Ping, Pong, Resync, Say, Sync
from .versioning import Outcome, RoomVersions

__all__ = ["decode_client", "decode_server", "encode", "apply", "diff", "CLOSE_CODES", "ERRORS", "ProtocolError",
           "engine_error_code", "Guard", "PROTOCOL_VERSION", "Action", "Diff", "End", "Error", "Join", "Ping",
           "Pong", "Resync", "Sync", "Say", "Chat", "Clocks", "Outcome", "RoomVersions"]
