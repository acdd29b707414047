"""A tiny stand-in with the engine contract's shape (docs/engine-api.md), for server tests only.

Game: preliminary phase (each player answers ``choose keep``; seat 1 then 2; turn 0), then turns: the active player
may ``attack`` (the other player then holds priority and may only ``pass``) or ``end_turn``; each attack costs the
opponent 1 life (``LIFE`` to start, ``LONG_LIFE`` when deck 1 is "LONG"); 0 life loses. Each player holds one secret card (``secret`` id visible only to
its owner) so tests can check that no frame leaks it.
"""
from __future__ import annotations

import json
import random
from types import SimpleNamespace

LIFE = 4
LONG_LIFE = 600    # deck "LONG": a game of ~1200 versions (volume for the slow-client test)


from engine.errors import EngineError


class Game:
    def __init__(self, s: dict):
        self.s = s

    @classmethod
    def new(cls, seed: int, deck1: list, deck2: list) -> "Game":
        rng = random.Random(seed)
        secrets = {"1": f"c{rng.randrange(10**6)}", "2": f"c{rng.randrange(10**6)}"}
        cards = {"1": rng.choice(deck1), "2": rng.choice(deck2)}
        life = LONG_LIFE if deck1[0].startswith("long") else LIFE
        return cls({"seed": seed, "turn": 0, "phase": "deal", "active": None, "kept": [], "life": {"1": life, "2": life},
                    "prio": 1, "secret": secrets, "card": cards, "log": [], "result": None, "events": []})

    @classmethod
    def restore(cls, blob: bytes) -> "Game":
        return cls(json.loads(blob))

    @classmethod
    def replay(cls, seed, deck1, deck2, log):
        g = cls.new(seed, deck1, deck2)
        for p, a in log:
            g.apply(p, a)
        return g

    def snapshot(self) -> bytes:
        return json.dumps(self.s, sort_keys=True).encode()

    @property
    def version(self) -> int:
        return len(self.s["log"])

    @property
    def log(self) -> list:
        return json.loads(json.dumps(self.s["log"]))

    @property
    def result(self):
        return self.s["result"]

    @property
    def turn(self) -> int:
        return self.s["turn"]

    @property
    def active(self):
        return self.s["active"]

    def to_act(self):
        return None if self.s["result"] else self.s["prio"]

    def legal_actions(self, p: int) -> list:
        s = self.s
        if s["result"]:
            return []
        if p != s["prio"]:
            return [{"act": "concede"}]
        if s["phase"] == "deal":
            return [{"act": "choose", "option": "keep"}, {"act": "concede"}]
        if s["phase"] == "response":
            return [{"act": "pass"}, {"act": "concede"}]
        return [{"act": "attack", "source": s["secret"][str(p)], "target": "player"}, {"act": "end_turn"},
                {"act": "concede"}]

    def legal_listing(self, p: int) -> list:
        return self.legal_actions(p)

    def apply(self, p: int, action: dict) -> list:
        s = self.s
        if s["result"]:
            raise EngineError("game_over", "The game has ended.")
        conceding = isinstance(action, dict) and action.get("act") == "concede" and \
            action.get("reason", "concession") in ("concession", "time", "abandoned") and set(action) <= {"act", "reason"}
        if p != s["prio"] and not conceding:
            raise EngineError("not_your_turn", "The game is not waiting for this player.")
        if not conceding and (not isinstance(action, dict) or action not in self.legal_actions(p)):
            raise EngineError("illegal_action", "The rules do not allow this action now.")
        act, o = action["act"], 3 - p
        s["log"].append([p, action])
        events = [{"type": act, "player": p}]
        if act == "concede":
            s["result"] = {"winner": o, "reason": action.get("reason") if action.get("reason") in ("time", "abandoned")
                           else "concede"}
        elif act == "choose":
            s["kept"].append(p)
            if len(s["kept"]) == 2:
                s.update(phase="main", turn=1, active=1, prio=1)
                events.append({"type": "phase", "phase": "main", "turn": 1, "active": 1})
            else:
                s["prio"] = o
        elif act == "attack":
            s["life"][str(o)] -= 1
            if s["life"][str(o)] <= 0:
                s["result"] = {"winner": p, "reason": "life"}
            else:
                s.update(phase="response", prio=o)
        elif act == "pass":
            s.update(phase="main", prio=s["active"])
        elif act == "end_turn":
            s.update(turn=s["turn"] + 1, active=o, prio=o)
        return events

    def view(self, viewer) -> dict:
        s = self.s
        cards = {}
        for q in ("1", "2"):
            cid = s["secret"][q]
            mine = viewer is not None and str(viewer) == q
            cards[cid] = {"id": cid, "card": s["card"][q] if mine else None, "hidden": not mine, "owner": int(q),
                          "controller": int(q), "zone": "battlefield", "cell": "a1" if q == "1" else "e6"}
        kind = {"deal": "redeal", "response": "priority", "main": "priority"}[s["phase"]]
        return {"viewer": viewer, "turn": s["turn"], "phase": s["phase"], "active": s["active"], "first": 1,
                "to_act": self.to_act(), "prompt": None if s["result"] else {"player": s["prio"], "kind": kind},
                "queue": [], "cards": cards,
                "players": {q: {"deck": 29, "graveyard": [], "aux": [], "deal": 0, "recruits": 0, "gold": 0,
                                "silver": 0, "life": s["life"][q]} for q in ("1", "2")},
                "log": [], "result": s["result"],
                # LONG games: 8 KB that change with every action (volume for the slow-client test)
                "pad": (f"{len(s['log']):08d}" * 1024) if s["life"]["1"] > LIFE * 10 or s["life"]["2"] > LIFE * 10
                else ""}


# card names never spelled like a cell ("a1"), so hidden-card checks over raw frames cannot hit a cell name
DECKS = {"A": [f"secret-a-{i}" for i in range(30)], "B": [f"secret-b-{i}" for i in range(30)],
         "LONG": [f"long-{i}" for i in range(30)]}


def load_deck(name: str) -> list:
    if name not in DECKS:
        raise EngineError("unknown_deck", f"No starter deck is named {name!r}.")
    return list(DECKS[name])


ENGINE = SimpleNamespace(Game=Game, EngineError=EngineError, load_deck=load_deck, deck_names=lambda: list(DECKS),
                         catalogue=lambda: [{"id": c} for c in DECKS["A"] + DECKS["B"]])
