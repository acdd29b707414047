"""bench/frame_hash.py: the same checkout hashes the same, and a changed frame changes the hash."""
from bench import frame_hash as F


def test_the_same_rooms_hash_the_same_in_two_runs():
    assert F.measure(1, 25) == F.measure(1, 25)


def test_a_frame_that_changes_changes_the_hash(monkeypatch):
    before = F.measure(1, 25)
    from protocol.messages import Chat
    monkeypatch.setattr(Chat, "to_wire", lambda self: {"t": "chat", "text": "changed"})
    assert F.measure(1, 25) != before

