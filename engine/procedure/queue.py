"""The queue (очередь, RULES.md Q2-Q4): entries join at the tail when declared and execute from the head (FIFO).
The only writer of ``g.queue``."""
from __future__ import annotations

from engine.model.types import QueueEntry
from engine.model.state import GameState


def new_uid(g: GameState) -> int:
    """The next entry id (``uid``), unique within the game."""
    uid = g.next_uid
    g.next_uid += 1
    return uid


def enqueue(g: GameState, entry: QueueEntry) -> None:
    """Put a declared entry at the queue's tail [SEED S4]."""
    g.queue.append(entry)


def take_head(g: GameState) -> QueueEntry:
    """Take the head entry out of the queue to execute it (Q4)."""
    return g.queue.pop(0)


def take_last(g: GameState) -> QueueEntry:
    """Take the entry just declared back out (a preliminary ability executes at once, never queued [301.2])."""
    return g.queue.pop()
