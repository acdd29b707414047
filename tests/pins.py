"""Pinned engine behaviour (perft-style counts and game digests), shared by the generator and the tests.

The numbers in ``tests/data/engine_pins.json`` are the behaviour engine restructures preserve: they
were generated once from the engine as it stood, with::

    .venv/bin/python -m tests.pins --write

and the tests in ``tests/test_engine_pins.py`` compare against them. Regenerate them only in a commit that changes
a rule on purpose, and name the defect it fixes in that commit.

The player is a self-contained seeded random player (no bot, no engine helper), so the pins depend on the engine
alone: the legal-action lists, their order, the dice, the flow and the snapshot format.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

from bench.engine_speed import comparable_snapshot
from engine import Game

PINS = Path(__file__).parent / "data" / "engine_pins.json"
#: Seeds of the perft games, one full game per ordered starter-deck pairing and seed.
PERFT_SEEDS = (7, 1234)
#: The digest games: seeds DIGEST_SEED .. DIGEST_SEED + DIGEST_GAMES - 1, each cut after DIGEST_ACTIONS actions.
DIGEST_SEED, DIGEST_GAMES, DIGEST_ACTIONS = 100, 200, 120
#: Probability of ending recruitment while recruiting is still possible (as engine/selfplay.py does).
DONE_WEIGHT = 0.08


def choose(rng: random.Random, legal: list[dict]) -> dict:
    """A uniformly random legal action, concession excluded; "done" in recruitment with probability DONE_WEIGHT."""
    acts = [a for a in legal if a["act"] != "concede"]
    done = [a for a in acts if a.get("option") == "done"]
    if done and len(acts) > 1:
        if rng.random() < DONE_WEIGHT:
            return done[0]
        acts = [a for a in acts if a.get("option") != "done"]
    return rng.choice(acts)


def play(seed: int, deck1: list[str], deck2: list[str], max_actions: int) -> tuple[Game, list[int]]:
    """Play up to ``max_actions`` seeded random actions; returns the game and the legal-action count at each step."""
    g = Game.new(seed, deck1, deck2)
    rng = random.Random(seed ^ 0x5EED)
    counts = []
    while g.result is None and len(counts) < max_actions:
        p = g.to_act()
        legal = g.legal_actions(p)
        counts.append(len(legal))
        g.apply(p, choose(rng, legal))
    return g, counts


def digest(g: Game) -> str:
    """sha256 of the action log and the final snapshot (without the board's cell order, which the pins predate:
    the games' legal-action lists, pinned by :func:`perft`, follow that order)."""
    h = hashlib.sha256()
    h.update(json.dumps(list(g.log), sort_keys=True, ensure_ascii=False).encode())
    h.update(comparable_snapshot(g.snapshot()))
    return h.hexdigest()


def pairings(decks: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Every ordered pairing of the pinned starter decks, mirrors included."""
    names = sorted(decks)
    return [(a, b) for a in names for b in names]


def perft(decks: dict[str, list[str]]) -> dict[str, list[int]]:
    """``"seed|deck1|deck2" -> [legal-action count per step]`` of whole games (capped at 20,000 actions)."""
    out = {}
    for seed in PERFT_SEEDS:
        for a, b in pairings(decks):
            out[f"{seed}|{a}|{b}"] = play(seed, decks[a], decks[b], 20000)[1]
    return out


def digests(decks: dict[str, list[str]]) -> list[str]:
    """One digest per digest game; game i pairs the decks by ``pairings(decks)[i % 9]``."""
    pairs = pairings(decks)
    out = []
    for i in range(DIGEST_GAMES):
        a, b = pairs[i % len(pairs)]
        out.append(digest(play(DIGEST_SEED + i, decks[a], decks[b], DIGEST_ACTIONS)[0]))
    return out


def dump(doc: dict) -> str:
    """The pinned document as JSON text with one line per deck, perft game and digest (diff-friendly)."""
    def block(d):
        return "{\n" + ",\n".join(f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(d[k], ensure_ascii=False)}"
                                   for k in sorted(d)) + "\n }"
    digs = ",\n".join(f"  {json.dumps(x)}" for x in doc["digests"])
    cont = json.dumps(doc["continuations"])
    return (f'{{"decks": {block(doc["decks"])},\n "perft": {block(doc["perft"])},\n "digests": [\n{digs}\n ],\n'
            f' "continuations": {cont}}}\n')


SNAPSHOTS = Path(__file__).parent / "data" / "snapshots_before_issue12.json"


def continuations() -> list[str]:
    """For each snapshot made by the engine's first layout (tests/data/snapshots_before_issue12.json): sha256 of
    the snapshot after restoring it and applying its listed number of seeded random actions with this engine."""
    out = []
    for case in json.loads(SNAPSHOTS.read_text()):
        g = Game.restore(case["snapshot"].encode())
        rng = random.Random(case["continue_seed"])
        for _ in range(case["continue_actions"]):
            if g.result is not None:
                break
            p = g.to_act()
            g.apply(p, rng.choice([a for a in g.legal_actions(p) if a["act"] != "concede"]))
        out.append(hashlib.sha256(comparable_snapshot(g.snapshot())).hexdigest())
    return out


def load() -> dict:
    """The pinned document: ``{"decks": {name: [card id]}, "perft": {...}, "digests": [...]}``."""
    return json.loads(PINS.read_text())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.pins")
    ap.add_argument("--write", action="store_true", help="regenerate tests/data/engine_pins.json")
    args = ap.parse_args(argv)
    from engine import load_deck, starter_decks
    if PINS.exists() and not args.write:
        decks = load()["decks"]
    else:
        names = sorted(n for n in starter_decks() if any("а" <= ch <= "я" for ch in n.lower()))[:3]
        decks = {n: load_deck(n) for n in names}
    doc = {"decks": decks, "perft": perft(decks), "digests": digests(decks), "continuations": continuations()}
    if args.write:
        PINS.write_text(dump(doc))
        print(f"wrote {PINS}: {sum(len(v) for v in doc['perft'].values())} perft steps, "
              f"{len(doc['digests'])} digests")
        return 0
    old = load()
    same = all(old.get(k) == doc[k] for k in ("perft", "digests", "continuations"))
    print("pins unchanged" if same else "pins CHANGED")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
