"""The game state's closed vocabularies as StrEnums: phases, prompt kinds and event types.

Members are ``str``s equal to their values, so snapshots, views and the wire carry the same plain strings as
before (the snapshot format is unchanged). The card vocabulary's kinds (attack kinds, strike levels) are
:mod:`engine.cards.kinds`.
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Steps of the preliminary phase and phases of a turn, in order (02-battle.md header, §1, §2)."""

    DEAL = "deal"
    RECRUITMENT_PREPARATION = "recruitment_preparation"
    RECRUITMENT = "recruitment"
    DEPLOYMENT = "deployment"
    REVEAL = "reveal"
    BATTLE_START = "battle_start"
    VANGUARD = "vanguard"
    TURN_PREPARATION = "turn_preparation"
    TURN_START = "turn_start"
    MAIN = "main"
    FINAL = "final"


#: The preliminary phase's steps and a turn's phases, in order.
PRELIM_PHASES = tuple(Phase)[:7]
TURN_PHASES = tuple(Phase)[7:]


class PromptKind(StrEnum):
    """What the player the game waits for is asked (``g.prompt["kind"]``, docs/engine-api.md "View")."""

    PRIORITY = "priority"         # holding priority: declare or pass (RULES.md Q5)
    TRIGGERS = "triggers"         # pending triggered abilities to declare (Q5.1)
    DEFENDER = "defender"         # a defender for a simple strike [205.3]
    EXCHANGE = "exchange"         # keep or weaken on an exchange row [216.7]
    CHOICE = "choice"             # a choice inside an entry, or of the preliminary phase / turn preparation
    WINDOW = "window"             # a fixed window inside a simple strike (02-battle.md §9)
    PRELIMINARY = "preliminary"   # a preliminary step with priority (RULES.md Q5.4)
    FIRST = "first"               # who goes first [302]
    REDEAL = "redeal"             # keep or redeal the deal [303]
    RECRUIT = "recruit"           # recruiting the squad [304]
    DEPLOY = "deploy"             # placing the squad [305]


class EntryKind(StrEnum):
    """What a queue entry is (RULES.md Q2): a movement, a simple strike, an activated ability, a declared
    trigger, or closing to strike a flyer [211.9]."""

    MOVE = "move"
    ATTACK = "attack"
    ABILITY = "ability"
    TRIGGER = "trigger"
    CLOSE_TO_STRIKE_FLYER = "close_to_strike_flyer"


class Event(StrEnum):
    """Every event type the engine records (``g.events``; ``{"type", "seq", ...}``)."""

    ATTACHED = "attached"
    BLOCKED = "blocked"
    CHOSE = "chose"
    CLOSED = "closed"
    CURED = "cured"
    DEAL = "deal"
    DEALT = "dealt"
    DECLARED = "declared"
    DEFENDS = "defends"
    DIE = "die"
    DIE_CHANGED = "die_changed"
    DIED = "died"
    DODGED = "dodged"
    EFFECT_ENDED = "effect_ended"
    END_TURN = "end_turn"
    EXECUTING = "executing"
    FIRST_PLAYER = "first_player"
    FIZZLED = "fizzled"
    FLYER_STRIKE_READY = "flyer_strike_ready"
    GRANT_ENDED = "grant_ended"
    GRANTED = "granted"
    GRAVEYARD_ORDER = "graveyard_order"
    HEALED = "healed"
    KEPT = "kept"
    KEPT_HIDDEN = "kept_hidden"
    LIFE_ADDED = "life_added"
    LOOP_CUT = "loop_cut"
    MOVED = "moved"
    NO_EFFECT = "no_effect"
    OPENED = "opened"
    PASS = "pass"
    PHASE = "phase"
    PLACED = "placed"
    PLACED_CARD = "placed_card"
    POISONED = "poisoned"
    PROTECTED = "protected"
    RECRUIT = "recruit"
    RECRUITED = "recruited"
    REDEALT = "redealt"
    RESULT = "result"
    RESURRECTED = "resurrected"
    REVEALED = "revealed"
    SKIP_OPEN = "skip_open"
    STAYS_CLOSED = "stays_closed"
    STRENGTH_SET = "strength_set"
    STRIKE_ROLL = "strike_roll"
    TO_AUX = "to_aux"
    TO_DECK = "to_deck"
    TOKENS = "tokens"
    TURN = "turn"
    WEAKENED = "weakened"
    WINDOW_ABILITY = "window_ability"
    WOUNDS = "wounds"
