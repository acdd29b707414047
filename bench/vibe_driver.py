"""Random self-play of a danmerus/berserk_vibe checkout, run by *that* checkout's interpreter (standard library only).

Our code, not theirs: ``bench/vibe_floor.py`` starts it as
``<checkout>/.venv/bin/python bench/vibe_driver.py --vibe <checkout> --games N --seed S`` and reads one JSON line.

The loop is the one of their headless ``simulate.py`` (``run_game`` with ``-p1 random -p2 random``, auto-placement):
``MatchServer().setup_game()`` + ``game.auto_place_for_testing()`` (their two starter decks), two ``RandomAI``,
while the phase is MAIN and the turn is below 500: the AI whose turn it is picks a uniformly random entry of its
``get_valid_actions()`` (which rebuilds a ``Game`` from the player's filtered snapshot each time) and the server
applies it (``MatchServer.apply``, which builds the sender's snapshot after every command); the game stops after
10,000 commands, as theirs does. Deviations: the global ``random`` (their dice) and each ``RandomAI`` are seeded
from ``--seed`` so that a run can be repeated, and an AI returning no action 1,000 times in a row ends the game
(their loop would spin).

Counted per game, CPU time (``time.process_time``) from set-up to the end: commands sent (and of them non-pass),
commands accepted,
accepted non-pass commands (pass = ``PASS_PRIORITY`` and ``SKIP``, i.e. pass priority, skip defence, skip a shot;
``END_TURN`` is not a pass, as our ``end_turn`` is not), and the accepted commands by type. Their random games get
stuck (their ``RandomAI`` answers a counter choice with ``CHOOSE_AMOUNT`` only, never the ``CONFIRM`` that ends it,
and answers a Valhalla choice with ``CHOOSE_CARD``, which their engine rejects): ``live_nonpass`` and
``live_seconds`` are the accepted non-pass commands and the CPU time up to the last accepted command that was
neither a pass nor ``CHOOSE_AMOUNT``, i.e. while the game still moved; ``--stuck-after N`` (not theirs; off by
default) ends a game after N commands in a row without such a command, to sample more games per second. Prints one
JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

MAX_TURNS = 500          # simulate.py run_game(max_turns=500)
MAX_COMMANDS = 10000     # simulate.py: "if action_count > 10000: break"
PASS_TYPES = ("PASS_PRIORITY", "SKIP")


def play(seed: int, stuck_after: int = 0) -> dict:
    """One random-vs-random game of the imported checkout; its counts and CPU seconds. ``stuck_after`` > 0 ends
    the game once that many commands in a row moved nothing (see the module docstring); 0 keeps their loop."""
    from src.ai import RandomAI
    from src.constants import GamePhase
    from src.match import MatchServer

    random.seed(seed)
    t0 = time.process_time()
    server = MatchServer()
    server.setup_game()
    server.game.auto_place_for_testing()
    ais = (RandomAI(server, 1, seed=seed * 2 + 1), RandomAI(server, 2, seed=seed * 2 + 2))
    game = server.game
    sent = sent_nonpass = accepted = nonpass = idle = none_in_row = 0
    live_nonpass, live_t, since_live = 0, time.process_time(), 0
    by_type: dict[str, int] = {}
    while game.phase == GamePhase.MAIN and game.turn_number < MAX_TURNS:
        ai = next((a for a in ais if a.is_my_turn()), None)
        if ai is None:
            idle += 1
            if idle > 100:
                break
            continue
        idle = 0
        action = ai.choose_action()
        if action is None:
            none_in_row += 1
            if none_in_row >= 1000:
                break
            continue
        none_in_row = 0
        result = server.apply(action.command)
        name = action.command.type.name
        sent += 1
        sent_nonpass += name not in PASS_TYPES
        if result.accepted:
            accepted += 1
            by_type[name] = by_type.get(name, 0) + 1
            nonpass += name not in PASS_TYPES
            if name not in PASS_TYPES and name != "CHOOSE_AMOUNT":
                live_nonpass, live_t, since_live = nonpass, time.process_time(), -1
        since_live += 1
        if sent > MAX_COMMANDS or (stuck_after and since_live >= stuck_after):
            break
    secs = time.process_time() - t0
    winner = game.board.check_winner()
    return {"seed": seed, "cpu_seconds": secs, "live_nonpass": live_nonpass, "live_seconds": live_t - t0, "sent": sent, "sent_nonpass": sent_nonpass, "accepted": accepted, "nonpass": nonpass,
            "turns": game.turn_number, "winner": winner, "capped": sent > MAX_COMMANDS,
            "stuck_stop": bool(stuck_after) and since_live >= stuck_after, "by_type": by_type}


def main(argv: list[str] | None = None) -> int:
    """CLI: ``--vibe PATH --games N --seed S``; prints {"games": [...per game...]} as one JSON line."""
    ap = argparse.ArgumentParser(prog="vibe_driver")
    ap.add_argument("--vibe", required=True, help="the berserk_vibe checkout (has simulate.py and src/)")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stuck-after", type=int, default=0, help="end a game after N commands that moved nothing")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.vibe)
    sys.path.insert(0, root)
    os.chdir(root)
    games = [play(args.seed + i, args.stuck_after) for i in range(args.games)]
    print(json.dumps({"python": sys.version.split()[0], "games": games}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
