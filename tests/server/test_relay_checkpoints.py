"""The relay's probes and the owner's checkpoints (server/bus/redis/fanout.py, docs/scaling.md "Relays"), in-process
with a fake link and mailbox: a relay resyncs a connection only when the checkpoint proves a frame lost."""
from __future__ import annotations

import asyncio

from server.bus import messages as m
from server.bus.redis.fanout import RedisFanOut

CID = "relay1:7"


class FakeLink:
    process_id = "relay1"
    renew_s = 1.0

    def __init__(self) -> None:
        self.stats = {"relay_gaps": 0, "relay_resyncs": 0, "frames_lost": 0}
        self.on_proc, self.on_reconnect, self.periodic, self.metrics = {}, [], [], []


class FakeMailbox:
    """Records what the relay sends to the room's owner."""

    def __init__(self) -> None:
        self.owned: dict = {}
        self.sent: list = []
        self.on_send = self.on_adopted = None

    async def send(self, room_id, msg) -> None:
        self.on_send(room_id, msg)
        self.sent.append(msg)


def relay():
    link, mailbox = FakeLink(), FakeMailbox()
    fan = RedisFanOut(link, mailbox)
    got: list = []
    attach = m.Attach(CID, "token")
    mailbox.on_send("room", attach)          # the connection joined through this process
    fan.attach_conn(CID, lambda frame, close: got.append(frame))
    return fan, mailbox, got, attach


def frame(v, full=False):
    return {"k": "f", "room": "room", "c": [CID], "f": f"v{v}".encode(), "x": None, "v": v, "full": full,
            "o": "owner:1"}


def checkpoint(v):
    return {"k": "f", "room": "room", "c": [CID], "f": None, "x": None, "v": v, "full": False, "o": "owner:1",
            "ck": True}


async def settle():
    for _ in range(3):
        await asyncio.sleep(0)


async def test_a_checkpoint_the_connection_reached_resyncs_nothing():
    fan, mailbox, got, _ = relay()
    for f in (frame(1, True), frame(2), checkpoint(2)):
        fan._on_frames(f)
    await settle()
    assert got == [b"v1", b"v2"] and mailbox.sent == [] and fan.link.stats["relay_resyncs"] == 0


async def test_a_checkpoint_ahead_of_the_connection_asks_the_owner_once_and_drops_older_frames():
    fan, mailbox, got, _ = relay()
    fan._on_frames(frame(1, True))
    fan._on_frames(checkpoint(3))            # v2 and v3 were sent before it: lost for good
    await settle()
    assert mailbox.sent == [m.Resync(CID)]
    fan._on_frames(checkpoint(4))            # a second probe's answer while the sync is on its way: nothing more
    fan._on_frames(frame(4))                 # older than the asked sync: dropped, no gap, no probe
    fan._on_frames(frame(5, True))           # the owner's sync
    fan._on_frames(frame(6))
    await settle()
    assert mailbox.sent == [m.Resync(CID)] and got == [b"v1", b"v5", b"v6"]
    assert fan.link.stats["relay_resyncs"] == 1


async def test_a_gap_is_probed_and_a_late_frame_fills_it_without_a_resync():
    fan, mailbox, got, _ = relay()
    fan._on_frames(frame(1, True))
    fan._on_frames(frame(3))                 # v2 overtaken (the owner's outbox retried it)
    await settle()
    assert mailbox.sent == [m.Probe([CID])] and got == [b"v1"]
    fan._on_frames(frame(2))
    fan._on_frames(checkpoint(3))
    await settle()
    assert got == [b"v1", b"v2", b"v3"] and mailbox.sent == [m.Probe([CID])]


async def test_an_owner_that_does_not_know_the_connection_gets_its_attach_again():
    fan, mailbox, got, attach = relay()
    fan._on_frames(frame(1, True))
    fan._on_frames(checkpoint(None))
    await settle()
    assert mailbox.sent == [attach] and fan._relay[CID].last == 1     # the same connection record is kept


async def test_after_a_reconnect_every_relayed_connection_is_probed_and_only_a_behind_one_resynced():
    fan, mailbox, got, _ = relay()
    fan._on_frames(frame(1, True))
    check = asyncio.get_running_loop().create_task(fan.check_relays())
    await settle()
    assert mailbox.sent == [m.Probe([CID])]
    fan._on_frames(checkpoint(1))
    assert await asyncio.wait_for(check, 1) == 0
    assert mailbox.sent == [m.Probe([CID])]
