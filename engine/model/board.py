"""Battlefield geometry (поле боя): cells a1..e6, halves, rows, neighbours, lines and ranges.

Absolute notation (01-game-and-cards.md §5.3): columns a..e left to right as player 1 sees the board, ranks 1..6;
ranks 1-3 are player 1's half (rank 3 = their 1st row), ranks 4-6 player 2's (rank 4 = their 1st row).
"""
from __future__ import annotations

from typing import Final


COLUMNS = "abcde"
RANKS = range(1, 7)
CELLS = tuple(f"{c}{r}" for r in RANKS for c in COLUMNS)
_CELLSET: Final = frozenset(CELLS)


def is_cell(s) -> bool:
    """True for a valid cell name such as ``"c4"``."""
    return isinstance(s, str) and s in _CELLSET


def xy(cell: str) -> tuple[int, int]:
    """(column 0..4, rank 1..6) of a cell."""
    return COLUMNS.index(cell[0]), int(cell[1])


def cell_at(col: int, rank: int) -> str | None:
    """The cell at column index 0..4 and rank 1..6, or None off the board."""
    if 0 <= col < 5 and 1 <= rank <= 6:
        return f"{COLUMNS[col]}{rank}"
    return None


def half(cell: str) -> int:
    """The player whose half holds the cell (1 for ranks 1-3, 2 for ranks 4-6) [207.3]."""
    return 1 if int(cell[1]) <= 3 else 2


def row_of(cell: str, player: int) -> int:
    """The cell's row number (1st, 2nd, 3rd) in ``player``'s half, or 0 if it is in the other half [207.3.b]."""
    r = int(cell[1])
    if player == 1:
        return 4 - r if r <= 3 else 0
    return r - 3 if r >= 4 else 0


def distance(a: str, b: str) -> int:
    """Range distance (Chebyshev): steps along verticals, horizontals and diagonals [g-11 Range X]."""
    d = _DISTANCE.get((a, b))
    return d if d is not None else _distance(a, b)


def _distance(a: str, b: str) -> int:
    (ac, ar), (bc, br) = xy(a), xy(b)
    return max(abs(ac - bc), abs(ar - br))


def neighbours(cell: str) -> list[str]:
    """The up to 8 neighbouring cells, diagonals included [207.7]; a new list."""
    n = _NEIGHBOURS.get(cell)
    return list(n) if n is not None else _neighbours(cell)


def neighbour_cells(cell: str) -> tuple[str, ...]:
    """:func:`neighbours` as a tuple that is kept (not a new list): for reading only."""
    n = _NEIGHBOURS.get(cell)
    return n if n is not None else tuple(_neighbours(cell))


def _neighbours(cell: str) -> list[str]:
    c, r = xy(cell)
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc or dr:
                n = cell_at(c + dc, r + dr)
                if n:
                    out.append(n)
    return out


def orthogonal(cell: str) -> list[str]:
    """The up to 4 cells one step away on the same column or rank: where a movement may go [203.2]; a new list."""
    n = _ORTHOGONAL.get(cell)
    return list(n) if n is not None else _orthogonal(cell)


def _orthogonal(cell: str) -> list[str]:
    c, r = xy(cell)
    return [n for n in (cell_at(c, r + 1), cell_at(c + 1, r), cell_at(c, r - 1), cell_at(c - 1, r)) if n]


def between_in_line(a: str, b: str) -> str | None:
    """For cells two steps apart on one column or rank, the cell between them; else None.

    Used by the strike across a row (удар через ряд) [g-53]: never diagonal.
    """
    m = _BETWEEN.get((a, b), "")  # two cells of the board: the table's answer
    return m if m != "" else _between_in_line(a, b)


def two_in_line(cell: str) -> frozenset[str]:
    """The cells for which :func:`between_in_line` with ``cell`` names a cell: two steps away on its column or
    rank (empty for a name that is no cell)."""
    return _TWO_IN_LINE.get(cell, frozenset())


def _between_in_line(a: str, b: str) -> str | None:
    (ac, ar), (bc, br) = xy(a), xy(b)
    if ac == bc and abs(ar - br) == 2:
        return cell_at(ac, (ar + br) // 2)
    if ar == br and abs(ac - bc) == 2:
        return cell_at((ac + bc) // 2, ar)
    return None


def in_front(cell: str, controller: int) -> str | None:
    """The neighbouring cell in front of a card, toward the enemy side of its controller [207.8]."""
    c, r = xy(cell)
    return cell_at(c, r + 1 if controller == 1 else r - 1)


#: The geometry of the 30 cells, computed once (the functions above read these tables for valid cells).
_DISTANCE: Final = {(a, b): _distance(a, b) for a in CELLS for b in CELLS}
_NEIGHBOURS: Final = {c: tuple(_neighbours(c)) for c in CELLS}
_ORTHOGONAL: Final = {c: tuple(_orthogonal(c)) for c in CELLS}
_BETWEEN: Final[dict[tuple[str, str], str | None]] = {(a, b): _between_in_line(a, b) for a in CELLS for b in CELLS}
_TWO_IN_LINE: Final = {a: frozenset(b for b in CELLS if _BETWEEN[(a, b)] is not None) for a in CELLS}
