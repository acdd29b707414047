"""The tutorial's games: fixed positions against the computer (the lobby's ``"tutorial"`` create field).

Two parts, each a room of its own with the computer in seat 2:

- ``"prelim"``: a real preliminary phase from fixed 15-card decks and a fixed seed (the whole deck is dealt, so
  the deal is known): choosing the first player, keeping the deal, recruiting with silver and gold, deployment.
- ``"battle"``: a prepared position at the start of seat 1's main phase (the scenario format,
  ../shared/scenarios/FORMAT.md), with a creature to move and strike, a shooter, a card whose discharge is paid with
  its tokens, a flyer and a creature that can defend; the game is then played to its end, the dice rolled from the
  seed.

Rooms build their game through :func:`new_game`, so a tutorial room is dealt (and restored after a restart) from
its part. A tutorial game is not recorded in the finished games (it is no rated or replayable match) and its room
is in no public list (server/lobby.py ``list_rooms``): its player sees it among their own games. Its player may
abort it at any turn (server/room/endings.py ``abort_refusal``), as the tutorial does with a part it moves on from,
leaves or starts over, and its player away past the grace period aborts it at any turn (``on_grace_over``). A
learner whose page has not connected ``tutorial_wait`` seconds after the deal has left before the game began: the
room aborts then rather than after a whole grace period (server/room/endings.py ``first_wait``, which says why the
server's deadline is the rule rather than the page telling it that it leaves). Once the game is over the room
closes ``tutorial_wait`` seconds after its learner's connection has gone, not after ``replay_ttl``
(server/room/clocks.py ``closes_at``): nothing is left there for the learner to come back to. A room whose
computer never sat down (its creation answered with an error) closes after ``tutorial_wait`` without connections.
"""
from __future__ import annotations

PARTS = ("prelim", "battle")
LEARNER = 1            #: the learner's seat (the computer's is 2)

PRELIM_SEED = 31
#: seat 1: the cards the tutorial asks to recruit (Леший, Эриала: regular, silver; Ар-Гулль: elite, gold only;
#: Дракс: a flyer) and more of the two elements; seat 2 (the computer): a small Steppes squad
PRELIM_DECKS = (
    ["vs2023-071-leshiy", "vs2023-078-eriala", "vs2003-ar-gull", "vs2023-070-draks", "vs2023-080-bjorn",
     "vs2023-082-klaer", "vs2003-mrazen", "vs2003-leshiy", "vs2023-035-gnom-podzhigatel", "vs2003-fagor",
     "vs2023-086-mira", "vs2023-113-garrid-luchnik", "vs2023-074-korpit", "vs2023-079-begushchaya-po-kronam",
     "vs2003-draks"],
    ["vs2023-001-kochevnik"] * 15,
)

#: the battle: seat 1 (bottom, rows 1-3) to act in its main phase. Leshy steps to e3 and strikes the wounded
#: nomad on e4, which the shot and the discharge finish; the flyer strikes the nomad on c4, which then faces a wall
#: of three open creatures (b3, c3, d3): whichever it strikes back, a neighbour of both can defend.
BATTLE = {
    "seed": 7,
    "setup": {
        "active": 1, "phase": "main", "turn": 1,
        "cards": [
            {"label": "leshiy", "card": "vs2023-071-leshiy", "owner": 1, "zone": "battlefield", "cell": "e2"},
            {"label": "bjorn", "card": "vs2023-080-bjorn", "owner": 1, "zone": "battlefield", "cell": "b3"},
            {"label": "klaer", "card": "vs2023-082-klaer", "owner": 1, "zone": "battlefield", "cell": "c3"},
            {"label": "mrazen", "card": "vs2003-mrazen", "owner": 1, "zone": "battlefield", "cell": "d3"},
            {"label": "eriala", "card": "vs2023-078-eriala", "owner": 1, "zone": "battlefield", "cell": "a1"},
            {"label": "argull", "card": "vs2003-ar-gull", "owner": 1, "zone": "battlefield", "cell": "a2",
             "tokens": 2},
            {"label": "draks", "card": "vs2023-070-draks", "owner": 1, "zone": "aux"},
            {"label": "nomad1", "card": "vs2023-001-kochevnik", "owner": 2, "zone": "battlefield", "cell": "c4"},
            {"label": "nomad2", "card": "vs2023-001-kochevnik", "owner": 2, "zone": "battlefield", "cell": "e4",
             "wounds": 4},
        ],
    },
}


def part_of(value) -> str | None:
    """The tutorial part a create body asks for (``"prelim"`` | ``"battle"``), None when absent. Raises
    :class:`server.player_texts.Refusal` ``bad_tutorial`` for anything else."""
    from .player_texts import Refusal
    if value is None:
        return None
    if value not in PARTS:
        raise Refusal("bad_tutorial", parts=", ".join(PARTS))
    return value


def new_game(engine, options: dict, seed: int, decks: list):
    """The engine game a room deals: the tutorial part of ``options["tutorial"]``, else a new game from ``seed`` and
    the seats' ``decks``."""
    part = (options or {}).get("tutorial")
    if part == "prelim":
        return engine.Game.new(seed=PRELIM_SEED, deck1=PRELIM_DECKS[0], deck2=PRELIM_DECKS[1], validate=False)
    if part == "battle":
        return engine.Game.from_scenario(BATTLE, seeded_dice=True)[0]
    return engine.Game.new(seed=seed, deck1=decks[0], deck2=decks[1])
