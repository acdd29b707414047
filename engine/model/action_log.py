"""The game's action log (``Game.log``) kept compact: one msgpack buffer instead of a list of lists and dicts.

A mid-game room's log held about 300 ``[player, action dict]`` lists, 72 KB of Python objects (the
memory budget of a mid-game room); packed it is about 30 B per entry. :class:`ActionLog` is a read-only sequence of the
same items: ``log[i]``, ``log[i:j]``, ``len(log)``, iteration and ``==`` (with another log or a list) give what the
list gave, each item decoded on demand as a new ``[player, action]`` list a caller may change freely. Only the
engine appends (``Game.apply``).

What an action may hold is what :func:`engine.procedure.actions.canonical` lets through: str, int, bool, None and
lists of them, in dicts with str keys; msgpack gives each back as the same type and value, dict keys in order, so a
log replays (``Game.replay``) and serialises (``list(log)``: JSON snapshot, the room's records) exactly as before.
A tuple would come back as a list and a str subclass as a str (no action holds either).
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence

import msgpack

_PACK = msgpack.Packer().pack


class ActionLog:
    """A read-only sequence of ``[player, action dict]`` entries (see the module docstring), stored as the
    concatenated msgpack encodings of the entries plus the end offset of each (4 bytes per entry)."""

    def __init__(self, entries=()) -> None:
        """An action log holding ``entries`` (an iterable of ``[player, action dict]``), in order."""
        self._buf = bytearray()
        self._ends = array("I")
        for e in entries:
            self.append(e)

    def append(self, entry) -> None:
        """Append one ``[player, action dict]`` entry (its encoding: later changes to ``entry`` do not show).
        Raises TypeError for a value msgpack cannot encode, with the log unchanged."""
        self._buf += _PACK(entry)
        self._ends.append(len(self._buf))

    def __len__(self) -> int:
        return len(self._ends)

    def _span(self, start: int, stop: int) -> bytearray:
        """The encodings of entries ``start`` .. ``stop - 1`` (0 <= start <= stop <= len), concatenated."""
        lo = self._ends[start - 1] if start else 0
        hi = self._ends[stop - 1] if stop else 0
        return self._buf[lo:hi]

    def _decode(self, start: int, stop: int) -> list:
        if stop <= start:
            return []
        unpacker = msgpack.Unpacker()
        unpacker.feed(self._span(start, stop))
        return list(unpacker)

    def __getitem__(self, index):
        """``log[i]`` (an entry; IndexError out of range) or ``log[i:j]`` (a list of entries; any step)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._ends))
            if step == 1:
                return self._decode(start, stop)
            return self._decode(0, len(self._ends))[index]
        n = len(self._ends)
        i = int(index)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action log index out of range")
        return msgpack.unpackb(self._span(i, i + 1))

    def __iter__(self):
        return iter(self._decode(0, len(self._ends)))

    def __reversed__(self):
        return reversed(self._decode(0, len(self._ends)))

    def __contains__(self, entry) -> bool:
        return entry in self._decode(0, len(self._ends))

    def __eq__(self, other) -> bool:
        if isinstance(other, ActionLog):
            return len(self) == len(other) and self.to_list() == other.to_list()
        if isinstance(other, list):
            return self.to_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mutable sequence, as the list was

    def __repr__(self) -> str:
        return f"ActionLog({self.to_list()!r})"

    def index(self, entry) -> int:
        """The index of the first entry equal to ``entry``; ValueError when none is."""
        return self.to_list().index(entry)

    def count(self, entry) -> int:
        """How many entries equal ``entry``."""
        return self.to_list().count(entry)

    def to_list(self) -> list:
        """Every entry, decoded, as a new list (what ``Game.log`` was before it was packed)."""
        return self._decode(0, len(self._ends))

    def nbytes(self) -> int:
        """The bytes the packed entries take (buffer plus offsets), without allocator slack."""
        return len(self._buf) + self._ends.itemsize * len(self._ends)


Sequence.register(ActionLog)
