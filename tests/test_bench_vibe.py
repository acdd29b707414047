"""bench.vibe_floor: the danmerus/berserk_vibe floor is reported unavailable without a checkout, and the driver's
counts (commands sent, accepted, non-pass) on a scripted stand-in checkout. No timing is asserted."""
from __future__ import annotations

import textwrap

from bench import vibe_floor

FAKE = {
    "simulate.py": "",
    "src/__init__.py": "",
    "src/constants.py": """
        import enum
        class GamePhase(enum.Enum):
            MAIN = 1
            GAME_OVER = 2
    """,
    "src/match.py": """
        from .constants import GamePhase
        class _Board:
            def check_winner(self):
                return 1
        class _Game:
            def __init__(self):
                self.phase, self.turn_number, self.board, self.n = None, 1, _Board(), 0
            def auto_place_for_testing(self):
                self.phase = GamePhase.MAIN
        class _Result:
            def __init__(self, accepted):
                self.accepted = accepted
        class MatchServer:
            def setup_game(self):
                self.game = _Game()
            def apply(self, cmd):
                self.game.n += 1
                if self.game.n == 4:
                    self.game.phase = GamePhase.GAME_OVER
                return _Result(self.game.n != 3)          # the third command is rejected
    """,
    "src/ai/__init__.py": "from .random_ai import RandomAI\n",
    "src/ai/random_ai.py": """
        import enum
        class T(enum.Enum):
            PASS_PRIORITY = 1
            MOVE = 2
            END_TURN = 3
        SCRIPT = [T.PASS_PRIORITY, T.MOVE, T.MOVE, T.END_TURN]
        class _Cmd:
            def __init__(self, t):
                self.type = t
        class _Action:
            def __init__(self, t):
                self.command = _Cmd(t)
        class RandomAI:
            def __init__(self, server, player, seed=None):
                self.server, self.player = server, player
            def is_my_turn(self):
                return self.player == 1
            def choose_action(self):
                return _Action(SCRIPT[self.server.game.n])
    """,
}


def make_checkout(root):
    for rel, text in FAKE.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def test_floor_is_reported_unavailable_without_a_checkout(capsys, tmp_path):
    assert vibe_floor.main([]) == {"available": False, "reason": "no --vibe PATH given"}
    assert "not available" in capsys.readouterr().out
    res = vibe_floor.main(["--vibe", str(tmp_path)])
    assert res["available"] is False and "simulate.py" in res["reason"]


def test_driver_counts_sent_accepted_and_nonpass_commands_of_a_checkout(tmp_path):
    (game,) = vibe_floor.run_vibe(str(make_checkout(tmp_path)), games=1, seed=1)
    assert (game["sent"], game["sent_nonpass"], game["accepted"], game["nonpass"]) == (4, 3, 3, 2)
    assert game["by_type"] == {"PASS_PRIORITY": 1, "MOVE": 1, "END_TURN": 1}
    assert game["winner"] == 1 and game["capped"] is False
    assert game["live_nonpass"] == 2                   # up to the last accepted non-pass command (END_TURN)


def test_bench_all_engine_section_states_the_floor_ratio_or_that_it_is_not_available():
    from bench.all import vibe_line
    assert "not available (no --vibe PATH given)" in vibe_line({"available": False, "reason": "no --vibe PATH given"})
    fl = {"available": True, "rounds": 3, "ratio_vs_sent": 0.5, "ratio_vs_accepted": 0.9, "ratio_vs_live": 1.3,
          "theirs": {"games": 6, "nonpass_sent_per_s": 2400, "nonpass_accepted_per_s": 1300, "capped_games": 6,
                     "live_nonpass_per_s": 900},
          "ours": {"games": 30, "nonpass_per_s": 1200, "actions_per_s": 3000}}
    assert "Ours / theirs: **0.5x** (vs sent), 0.9x (vs accepted), 1.3x (vs moving)" in vibe_line(fl)
