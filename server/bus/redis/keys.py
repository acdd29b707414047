"""Redis key and channel names of the Redis seams, and its Lua scripts (lease, fencing epoch, fenced writes).

Everything about one room shares the hash tag ``{<room id>}``, so on Redis Cluster a room's keys and its inbox
channel live in one slot (the multi-key scripts below need that) and ``SPUBLISH`` keeps its traffic in one shard:

| key / channel | what |
|---|---|
| ``bz:{R}:lease`` | ``"<process id>:<epoch>"`` of the owner, with a TTL (``lease_ttl``), renewed while the owner lives |
| ``bz:{R}:epoch`` | the fencing epoch counter (INCR on every acquisition) |
| ``bz:{R}:snap`` | the room's last whole snapshot (msgpack, server.room ``Room.snapshot``) |
| ``bz:{R}:log`` | stream: the room's changes since that snapshot, one entry per commit (fields ``s`` = commit number, ``e`` = server/room/persistence.py ``log_entry``); dropped by every whole snapshot |
| ``bz:{R}:info`` | the lobby entry (JSON) |
| ``bz:{R}:in`` | sharded pub/sub channel: the room's inbox (actions, attach, ...) |
| ``bz:proc:{P}`` | sharded pub/sub channel: frames and call replies for process ``P`` |
| ``bz:rooms`` | set of room ids (lobby listing and the orphan sweep) |
"""
from __future__ import annotations

PREFIX = "bz"
ROOMS = f"{PREFIX}:rooms"


def lease(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:lease"


def epoch(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:epoch"


def snap(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:snap"


def log(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:log"


def info(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:info"


def inbox(room: str) -> str:
    return f"{PREFIX}:{{{room}}}:in"


def room_of_inbox(channel: str) -> str:
    """The room id of an inbox channel name (``bz:{R}:in`` -> ``R``)."""
    return channel[len(PREFIX) + 2:-4]


def proc(process_id: str) -> str:
    return f"{PREFIX}:proc:{{{process_id}}}"


#: KEYS lease, epoch, snap; ARGV process id, lease ms, mode ("new" | "adopt"), key ttl ms.
#: Returns the new epoch (> 0); 0 = someone holds the lease; -1 = "new" but a snapshot exists (id taken);
#: -2 = "adopt" but there is no snapshot.
ACQUIRE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local has = redis.call('EXISTS', KEYS[3])
if ARGV[3] == 'new' and has == 1 then return -1 end
if ARGV[3] == 'adopt' and has == 0 then return -2 end
local e = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. e, 'PX', ARGV[2])
return e
"""

#: The start of ``WRITE`` and ``SAVE``: the lease (KEYS[1]) must still be ours (ARGV[1]); else, only when Redis lost
#: its data (no lease, no snapshot KEYS[3], no higher epoch KEYS[2] than ARGV[2]), it is taken again (``res`` = 2).
#: Then the lease is renewed (ARGV[3] ms) and the epoch's TTL refreshed (ARGV[6] ms). Returns 0 when fenced.
_FENCED_RESEED = """
local cur = redis.call('GET', KEYS[1])
local res = 1
if cur ~= ARGV[1] then
  if cur or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
  if tonumber(redis.call('GET', KEYS[2]) or '0') > tonumber(ARGV[2]) then return 0 end
  redis.call('SET', KEYS[2], ARGV[2])
  res = 2
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
"""

#: The fenced write: KEYS lease, epoch, snap, target; ARGV token, epoch, lease ms, op ("set" | "del" | "none"),
#: value, key ttl ms. The lease must still be ours (same process, same epoch) - checked in the same atomic step as
#: the write, which also renews the lease. One exception, the re-seed: when Redis lost its data (no lease, no
#: snapshot, no higher epoch) the owner that still holds the room in memory takes the lease again.
#: Returns 1 = written, 2 = written after a re-seed (store everything again), 0 = fenced (nothing written).
WRITE = _FENCED_RESEED + """if ARGV[4] == 'set' then
  redis.call('SET', KEYS[4], ARGV[5], 'PX', ARGV[6])
elseif ARGV[4] == 'del' then
  redis.call('DEL', KEYS[4])
end
return res
"""

#: KEYS lease; ARGV token. Deletes the lease only if it is still ours. Returns 1 when deleted.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

#: KEYS lease; ARGV token of a holder presumed dead. Deletes the lease only if that holder still has it, so that
#: the usual ``ACQUIRE`` (mode "adopt", a new epoch) can follow. Returns 1 when deleted.
STEAL = RELEASE

#: The fenced append of one change (server/bus/redis/store.py): KEYS lease, epoch, snap, log; ARGV token, epoch,
#: lease ms, commit number, entry, key ttl ms. Like ``WRITE``, the lease must still be ours (checked in the same
#: atomic step, which renews it); the entry is added to the room's stream and the TTLs of the snapshot, the stream
#: and the epoch are refreshed. Returns 1 = appended, 0 = fenced (nothing written), 3 = there is no snapshot to
#: append to (Redis lost its data, or the lease is gone with the snapshot): nothing written, the owner must store a
#: whole snapshot (``SAVE``, which re-seeds the lease when Redis lost its data). Further ARGV come in pairs
#: (channel, message): the change's frames for other processes (server/bus/redis/fanout.py ``carry``), published
#: only once the entry is in the stream, in order; the answer is then ``{1, receivers of each}`` when appended.
#: (On Redis Cluster the process channels live in other slots than the room's keys: there the owner must not
#: pass any, and its frames go through the outbox after the append, as before.)
APPEND = """
local cur = redis.call('GET', KEYS[1])
if cur ~= ARGV[1] then
  if cur or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
  return 3
end
if redis.call('PEXPIRE', KEYS[3], ARGV[6]) == 0 then return 3 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('XADD', KEYS[4], '*', 's', ARGV[4], 'e', ARGV[5])
redis.call('PEXPIRE', KEYS[4], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
if #ARGV < 8 then return 1 end
local got = {1}
for i = 7, #ARGV - 1, 2 do
  got[#got + 1] = redis.call('SPUBLISH', ARGV[i], ARGV[i + 1])
end
return got
"""

#: The fenced whole snapshot: ``WRITE`` with op "set" (KEYS[3] = the snapshot) or "del", which also drops the
#: room's stream (KEYS[4]) in the same atomic step: KEYS lease, epoch, snap, log; ARGV token, epoch, lease ms, op,
#: value, key ttl ms. Returns like ``WRITE`` (1 written, 2 written after a re-seed, 0 fenced).
SAVE = _FENCED_RESEED + """if ARGV[4] == 'set' then
  redis.call('SET', KEYS[3], ARGV[5], 'PX', ARGV[6])
else
  redis.call('DEL', KEYS[3])
end
redis.call('DEL', KEYS[4])
return res
"""

#: KEYS snap, log. The room's snapshot (false when there is none) and its stream entries (as ``XRANGE``), read in
#: one atomic step so that a whole snapshot, which drops the stream, cannot fall between the two reads.
READ = """
return {redis.call('GET', KEYS[1]), redis.call('XRANGE', KEYS[2], '-', '+')}
"""
