"""Per-turn history a few cards read (Риала's steps, Хронос's wounds this turn, Мира's shots and throws this turn).

The history is kept on the card itself (``Card.used``, keys ``"hist:<name>"`` = ``[turn, value]``) and only while
a card whose definition reads it is in the game, so that games without such a card keep exactly the state they had
(the engine pins of tests/pins.py). A value recorded in an earlier turn reads as nothing. Card texts: 01 §3.4
movement [203.4], 02 §7 wounds.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import hooked
from engine.model.board import xy
from engine.model.state import Card, GameState

#: history name -> the vocabulary names (counters, conditions, fields) that read it; a keyword that reads one names
#: it in its record's ``reads_history`` (:class:`engine.cards.keywords.Keyword`).
READERS: Final = {"steps": ("moved_straight", "moved_turning", "steps_this_turn"), "wounds": ("wounds_this_turn",),
           "ranged_hits": ("target_ranged_hits",), "struck": ("different_targets", "struck_or_adjacent_enemies"),
           "acts": ("action_chain",), "attack_wounds": ("unhurt_by_attacks_this_turn",)}


def _readers(g: GameState) -> frozenset:
    cached = getattr(g, "_history_readers", None)
    if cached is None or cached[0] != len(g.cards):
        hooks = hooked("reads_history")
        if not _WORDS or _WORDS[0] is not hooks:  # a keyword registered since: read the definitions afresh
            words = {h: list(ws) for h, ws in READERS.items()}
            for k in hooks:
                for h in k.reads_history:
                    words.setdefault(h, []).append(k.kw)
            _WORDS[:] = [hooks, words]
            _POOL_READERS.clear()
        names: set = set()
        for card in {c.defkey: c for c in g.cards.values()}.values():  # one card of each definition
            names |= _def_readers(g, card)
        cached = (len(g.cards), frozenset(names))
        g._history_readers = cached
    return cached[1]


#: [the :func:`hooked` list of ``reads_history`` the words were gathered from, history name -> the words that read
#: it]: gathered again when a keyword is registered.
_WORDS: Final[list] = []
#: defkey of a pool card (no scenario override) -> the history names its definition reads, for :data:`_WORDS`.
_POOL_READERS: Final[dict[str, frozenset]] = {}


def _def_readers(g: GameState, card: Card) -> frozenset:
    """The history names the definition of ``card`` reads: those one of whose words appears quoted in its
    abilities; kept per definition key for pool cards."""
    hit = _POOL_READERS.get(card.defkey)
    if hit is not None:
        return hit
    text = repr(g.defn(card).get("abilities"))
    out = frozenset(h for h, ws in _WORDS[1].items() if any(f"'{w}'" in text for w in ws))
    if card.defkey not in g.defs:
        _POOL_READERS[card.defkey] = out
    return out


def _get(g: GameState, card, name: str):
    rec = card.used.get("hist:" + name)
    return rec[1] if isinstance(rec, list) and rec[0] == g.turn else None


def _put(g: GameState, card, name: str, value) -> None:
    card.used["hist:" + name] = [g.turn, value]


def record_step(g: GameState, card, frm: str, to: str) -> None:
    """The card's own movement of one step ``frm`` -> ``to`` this turn (its direction, as a [dx, dy] pair)."""
    if "steps" not in _readers(g):
        return
    (fc, fr), (tc, tr) = xy(frm), xy(to)
    _put(g, card, "steps", (_get(g, card, "steps") or []) + [[tc - fc, tr - fr]])


def record_wounds(g: GameState, card, n: int, kind: str) -> None:
    """``n`` wounds placed on the card this turn, by an attack or effect of ``kind``."""
    names = _readers(g)
    if "wounds" in names:
        _put(g, card, "wounds", (_get(g, card, "wounds") or 0) + n)
    if "attack_wounds" in names and kind not in ("wound", "poison", "spell"):  # wounds from attacks (Лунная баньши)
        _put(g, card, "attack_wounds", (_get(g, card, "attack_wounds") or 0) + n)
    if "ranged_hits" in names and kind in ("shot", "throw"):
        _put(g, card, "ranged_hits", (_get(g, card, "ranged_hits") or 0) + 1)


def record_struck(g: GameState, card, target: str) -> None:
    """The card declared a simple strike at ``target`` this turn (Берсерк's two strikes at different cards)."""
    if "struck" in _readers(g):
        _put(g, card, "struck", (_get(g, card, "struck") or []) + [target])


def struck(g: GameState, card) -> list:
    """The cards it declared simple strikes at this turn."""
    return _get(g, card, "struck") or []


def steps(g: GameState, card) -> list:
    """The [dx, dy] of each step the card moved this turn, in order."""
    return _get(g, card, "steps") or []


def wounds(g: GameState, card) -> int:
    """Wounds the card received this turn (healing does not lower it)."""
    return _get(g, card, "wounds") or 0


def attack_wounds(g: GameState, card) -> int:
    """Wounds the card received from attacks this turn (not from influences, spells or poisoning)."""
    return _get(g, card, "attack_wounds") or 0


def ranged_hits(g: GameState, card) -> int:
    """Shots and throws that wounded the card this turn."""
    return _get(g, card, "ranged_hits") or 0


def record_act(g: GameState, card, what: str) -> bool:
    """The card declared an action this turn: ``strike`` (a simple strike) or the kw of an activated ability
    (Очи Кронга's chain). Returns True when recorded (a reader is in the game)."""
    if "acts" not in _readers(g):
        return False
    _put(g, card, "acts", (_get(g, card, "acts") or []) + [[g.event_seq, what]])
    return True


def acts(g: GameState, card) -> list:
    """[event sequence number, what] of each action the card declared this turn, in order."""
    return _get(g, card, "acts") or []


def cut_chain(g: GameState, card) -> None:
    """A chain of actions read by ``card`` was used: it starts again after now."""
    _put(g, card, "chain_from", g.event_seq)


def chain_from(g: GameState, card) -> int:
    """The event sequence number after which ``card``'s chain counts (0: the whole turn)."""
    return _get(g, card, "chain_from") or 0
