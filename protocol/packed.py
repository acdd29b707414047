"""Values of a view held in a compact form (memory per room).

A :class:`Packed` stands for a read-only JSON-like value (maps, arrays, str, int, bool, nil) that its holder keeps
encoded; :meth:`Packed.value` gives the value again (a new object graph each call). The protocol treats a Packed
exactly as its value: :func:`protocol.codec.encode` writes the value's very bytes (msgpack's ``default`` hook, so
a frame is byte-identical to the one built from the plain value), and :func:`protocol.diff.diff` compares it by
its encoding (the same object on both sides costs nothing; a Packed against anything else is equal when both
encode to the same msgpack bytes, which is what a viewer receives: a str enum member and its str are alike). The
server's journal keeps closed turns this way (server/journal.py).
"""
from __future__ import annotations

from typing import Any

import msgpack

__all__ = ["Packed", "plain", "same_encoding"]


class Packed:
    """Base of compact read-only values: subclasses implement :meth:`value`. Equal (``==``) to anything whose
    plain value is type-strictly equal to theirs (protocol/diff.py rules); not hashable."""

    __slots__ = ()

    def value(self) -> Any:
        """The plain JSON-like value (a fresh object graph; callers may keep it, must not expect identity)."""
        raise NotImplementedError

    def same_as(self, other: Any) -> bool:
        """A cheap proof that ``other`` has this value (e.g. ``other`` is the very object this one was packed
        from); False when it cannot tell (then the encodings are compared)."""
        return False

    def __eq__(self, other: object) -> bool:
        return same_encoding(self, other)

    __hash__ = None  # type: ignore[assignment]


def plain(x: Any) -> Any:
    """``x`` itself, or its value when ``x`` is :class:`Packed` (one level: the value holds no Packed)."""
    return x.value() if isinstance(x, Packed) else x


def same_encoding(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` (either may be, or hold, Packed values) encode to the same msgpack bytes."""
    if a is b:
        return True
    if isinstance(b, Packed) and b.same_as(a) or isinstance(a, Packed) and a.same_as(b):
        return True
    return _pack(a) == _pack(b)


def _pack(x: Any) -> bytes:
    return msgpack.packb(x, use_bin_type=True, default=default)


def default(x: Any) -> Any:
    """msgpack's ``default`` hook: a Packed is written as its value; anything else unknown raises TypeError."""
    if isinstance(x, Packed):
        return x.value()
    raise TypeError(f"can not serialize {type(x).__name__!r} object")
