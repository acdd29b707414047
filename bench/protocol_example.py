"""Print the frames of docs/protocol.md §7 (one whole turn) from the real engine and protocol.RoomVersions.

Run: ``python -m bench.protocol_example`` from the repository root. Long lists are cut (``"... N actions"``,
``"<N>"`` for the sync's cards and log) the same way the page cuts them.
"""
from __future__ import annotations
import json, random
from engine import Game, starter_decks
from protocol import Action, Error, ProtocolError, RoomVersions, decode_client
from bench import protocol_sizes as B
d = starter_decks()
names = sorted({tuple(ids): name for name, ids in d.items()}.values())
g = Game.new(seed=11, deck1=d[names[0]], deck2=d[names[1]])
room = RoomVersions(g)
rng = random.Random(11)
def opp_attack(p):
    return [a for a in g.legal_actions(p) if a["act"] == "attack" and g.cards[a["target"]].controller != p]
while True:
    p = g.to_act()
    if g.view(None)["turn"] >= 2 and opp_attack(p) and g.view(None)['queue'] == []:
        break
    g.apply(p, B.pick(rng, g.legal_actions(p)))
CL = {"1": 512000, "2": 561000, "running": g.to_act()}
def j(x): return json.dumps(x, ensure_ascii=False)
def short(w):
    w = dict(w)
    if w.get("legal") and len(w["legal"]) > 3: w["legal"] = w["legal"][:3] + [f"... {len(w['legal'])} actions"]
    return w
print("version", g.version, "names", names[:2])
for viewer in (1, 2, None):
    s = room.sync(viewer, CL).to_wire()
    s["view"] = {k: (v if k not in ("cards", "log") else f"<{len(v)}>") for k, v in s["view"].items()}
    print("SYNC", viewer, j(short(s)))
p = g.to_act(); a = opp_attack(p)[0]
print("card", j(g.view(None)["cards"][a["source"]]))
m = Action(f"p{p}-1", g.version, a); print("ACT", j(m.to_wire()))
out = room.submit(p, m, CL)
for v, f in out.broadcast.items(): print("DIFF", v, j(short(f.to_wire())))
rep = room.submit(p, m, CL).reply; print("REPEAT", j(short(rep.to_wire())))
for i in range(2, 6):
    q = g.to_act(); acts = g.legal_actions(q)
    a = {"act": "pass"} if {"act": "pass"} in acts else acts[0]
    CL = {"1": 512000 - i * 1000, "2": 561000 - i * 1000, "running": q}
    m = Action(f"p{q}-{i}", g.version, a); print("ACT", j(m.to_wire()))
    out = room.submit(q, m, CL)
    for v, f in out.broadcast.items(): print("DIFF", v, j(short(f.to_wire())))
    if i == 4: break
o = 3 - g.to_act()
print("STALE", j(room.submit(o, Action(f"p{o}-9", g.version - 1, {"act": "pass"})).reply.to_wire()))
print("NOTTURN", j(room.submit(o, Action(f"p{o}-10", g.version, {"act": "pass"})).reply.to_wire()))
q = g.to_act()
print("ILLEGAL", j(room.submit(q, Action(f"p{q}-11", g.version, {"act": "move", "source": "c999", "to": "a1"})).reply.to_wire()))
try: decode_client(b"\x81\xa1t")
except ProtocolError as e: print("MALFORMED", j(Error.of(e.code, msg=e.msg, v=g.version).to_wire()))
