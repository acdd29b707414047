"""bench/memory.py builds its rooms: every stand-in socket's endpoint joins and stays."""
import asyncio

from bench import memory as M
from server.settings import Settings


def test_a_built_room_has_both_players_and_its_spectators_connected_at_its_target_version():
    async def go():
        hub = M.make_hub(Settings(rate_per_sec=1e6, rate_burst=10**6, outbound_queue=10**6, fixed_seed=0))
        room, tasks = await asyncio.wait_for(M.build_room(hub, 0, "fresh", 2, 1), 60)
        try:
            assert len(room.audience.conns) == 4 and not any(t.done() for t in tasks)
            assert 10 <= room.v <= 59 and room.game.result is None
        finally:
            await M.dispose([(room, tasks)])
    asyncio.run(go())
