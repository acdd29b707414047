"""Structural diff between two views of the same viewer (docs/protocol.md "Diff ops").

The server projects first (``game.view(viewer)``) and diffs those projections; it never diffs a full state and
filters afterwards (stack-notes §4), so a diff can only carry what the viewer's new view shows.

Ops are arrays, applied in order; a path is an array of map keys (str) and array indexes (int):

* ``["s", path, value]`` - set: put ``value`` at ``path`` (``path == []`` replaces the whole view);
* ``["d", path]``        - delete the map key at ``path``;
* ``["l", path, start, count, items]`` - splice the array at ``path``: remove ``count`` items at ``start`` and
  insert ``items`` there (JavaScript ``Array.prototype.splice``).

Maps are diffed key by key; arrays by common prefix/suffix (an equal-length middle is diffed item by item, any
other change becomes one splice), and a bounded log that dropped its oldest entries and gained new ones becomes
two splices. Comparisons are type-strict (``1`` differs from ``True``), so applying the ops reproduces the new view
exactly, types included. A :class:`protocol.packed.Packed` value (kept compact by its holder) counts as its plain
value: equal to what encodes to the same bytes, never descended into unless it differs.
"""
from __future__ import annotations

from itertools import compress, count
from operator import is_not
from typing import Any

from .packed import Packed, plain, same_encoding

__all__ = ["diff", "apply"]


def _eq(a: Any, b: Any) -> bool:
    """Type-strict structural equality of two JSON-like values (Python's == treats True == 1)."""
    if a is b:
        return True
    ta = type(a)
    if ta is not type(b):
        if isinstance(a, Packed) or isinstance(b, Packed):
            return same_encoding(a, b)
        return False
    if ta is dict:
        if len(a) != len(b):
            return False
        for k, v in a.items():
            if k not in b or not _eq(v, b[k]):
                return False
        return True
    if ta is list:
        return len(a) == len(b) and all(map(_eq, a, b))
    return a == b


def diff(old: Any, new: Any, memo: dict | None = None) -> list:
    """Ops that turn the JSON-like value ``old`` into ``new`` (``apply(old, diff(old, new))`` equals ``new``).

    Pure: neither argument is changed; op values may share sub-objects with ``new`` (do not mutate it later).
    Cost is linear in the size of the views for the changes a game produces (tens of microseconds for a view of
    a few KB; see docs/protocol.md "Sizes and speed").

    ``memo``: a dict shared by the diffs of several views of one version (each viewer's previous and new view),
    empty at first. Where two of them hold the very same pair of (previous, new) values under the same key of a
    map, at the top or one level below (a card, a log, the prompt the viewers see alike), the second gets the
    ops the first made there (the same op objects: read-only) instead of comparing the values again. The ops are
    those :func:`diff` without ``memo`` gives. The memo holds both values, so an object it names stays alive.
    """
    ops: list = []
    if memo is not None and type(old) is dict and type(new) is dict:
        _diff_map(old, new, (), ops, memo, 1)
    else:
        _diff(old, new, [], ops)
    return ops


def _diff_map(a: dict, b: dict, path: tuple, ops: list, memo: dict, depth: int) -> None:
    """The map branch of :func:`_diff` for two maps at ``path``, reusing ``memo``'s ops for each key whose values
    were diffed before (``depth`` more levels of maps below this one get the same)."""
    for k in a:
        if k not in b:
            ops.append(["d", [*path, k]])
    for k, v in b.items():
        if k not in a:
            ops.append(["s", [*path, k], v])
            continue
        av = a[k]
        if av is v:
            continue
        tv = type(v)
        if tv is type(av) and tv is not dict and tv is not list:
            if av != v:
                ops.append(["s", [*path, k], v])
            continue
        key = (*path, k)
        hit = memo.get(key)
        if hit is not None and hit[0] is av and hit[1] is v:
            ops.extend(hit[2])
            continue
        start = len(ops)
        if depth and tv is dict and type(av) is dict:
            _diff_map(av, v, key, ops, memo, depth - 1)
        else:
            _diff(av, v, list(key), ops)
        memo[key] = (av, v, ops[start:])


def _diff(a: Any, b: Any, path: list, ops: list) -> None:
    if a is b:
        return
    ta = type(a)
    if ta is not type(b):
        if isinstance(a, Packed) or isinstance(b, Packed):
            if not same_encoding(a, b):
                _diff(plain(a), plain(b), path, ops)
        else:
            ops.append(["s", path, b])
    elif ta is dict:
        for k in a:
            if k not in b:
                ops.append(["d", path + [k]])
        for k, v in b.items():
            if k in a:
                av = a[k]
                if av is v:
                    continue
                tv = type(v)
                if tv is type(av) and tv is not dict and tv is not list:  # two scalars of one type: no descent
                    if av != v:
                        ops.append(["s", path + [k], v])
                    continue
                _diff(av, v, path + [k], ops)
            else:
                ops.append(["s", path + [k], v])
    elif ta is list:
        _diff_list(a, b, path, ops)
    elif isinstance(a, Packed):        # two Packed values: no op when equal (at a map key: one set when not)
        if not same_encoding(a, b):
            _diff(a.value(), b.value(), path, ops)
    elif a != b:
        ops.append(["s", path, b])


def _shift(a: list, b: list) -> int:
    """The smallest k >= 1 such that ``a[k:]`` is a prefix of ``b`` (a bounded log that dropped k old entries),
    or 0 when there is none."""
    n, m = len(a), len(b)
    first = b[0]
    for k in range(max(1, n - m), n):
        if _eq(a[k], first) and all(_eq(a[k + i], b[i]) for i in range(1, n - k)):
            return k
    return 0


def _diff_list(a: list, b: list, path: list, ops: list) -> None:
    n, m = len(a), len(b)
    lim = min(n, m)
    p = next(compress(count(), map(is_not, a, b)), lim)    # the identical prefix (shared items), counted in C
    while p < lim and _eq(a[p], b[p]):
        p += 1
    if p == n == m:
        return
    if p == 0 and n and m:
        k = _shift(a, b)
        if k:
            keep = n - k
            ops.append(["l", path, 0, k, []])
            if m > keep:
                ops.append(["l", path, keep, 0, b[keep:]])
            return
    lim -= p
    q = min(lim, next(compress(count(), map(is_not, reversed(a), reversed(b))), lim))   # identical suffix
    top = lim - 1 if n == m else lim      # equal lengths: the pair at p is the one known to differ
    while q < top and _eq(a[n - 1 - q], b[m - 1 - q]):
        q += 1
    da, db = n - p - q, m - p - q
    if da == db:
        for i in range(p, p + da):
            _diff(a[i], b[i], path + [i], ops)
    else:
        ops.append(["l", path, p, da, b[p:m - q]])


def apply(view: Any, ops: list) -> Any:
    """The value obtained by applying ``ops`` (from :func:`diff`) to ``view``, in order.

    Pure: ``view`` and ``ops`` are not changed (containers on the paths touched are copied once, the rest is
    shared). Raises ValueError when an op is malformed or does not fit the view (a client then asks for a resync).
    """
    fresh: dict[int, Any] = {}

    def own(x: Any) -> Any:
        if id(x) in fresh:
            return x
        if type(x) is not dict and type(x) is not list:
            raise TypeError("not a container")
        c = x.copy()
        fresh[id(c)] = c
        return c

    root = view
    try:
        for op in ops:
            kind, path = op[0], op[1]
            if kind == "s" and not path:
                root = op[2]
                continue
            depth = len(path) if kind == "l" else len(path) - 1
            if depth < 0:
                raise ValueError("empty path")
            root = node = own(root)
            for key in path[:depth]:
                child = own(node[key])
                node[key] = child
                node = child
            if kind == "s":
                key = path[-1]
                if type(node) is list and key == len(node):
                    node.append(op[2])
                else:
                    if type(node) is list and not 0 <= key < len(node):
                        raise IndexError(key)
                    node[key] = op[2]
            elif kind == "d":
                if type(node) is not dict:
                    raise TypeError("delete outside a map")
                del node[path[-1]]
            elif kind == "l":
                start, count, items = op[2], op[3], op[4]
                if type(node) is not list or type(items) is not list or not 0 <= start <= start + count <= len(node):
                    raise ValueError("splice does not fit")
                node[start:start + count] = items
            else:
                raise ValueError(f"unknown op {kind!r}")
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"diff ops do not apply to this view: {exc!r}"[:200]) from None
    return root
