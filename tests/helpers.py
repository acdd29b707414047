"""Small builders for engine tests (custom cards and positions in the scenario setup format) and :func:`strings`, what
a hidden-information check compares."""
from __future__ import annotations

from engine import Game


def creature(life=4, strike=(1, 1, 1), move=1, abilities=(), **extra) -> dict:
    """A full override for a custom creature (FORMAT.md "Custom cards")."""
    d = {"kind": "creature", "element": "Нейтральные", "cost": 3, "elite": False, "unique": False,
         "flyer": False, "symbiote": False, "life": life, "move": move, "strike": list(strike), "classes": [],
         "abilities": list(abilities)}
    d.update(extra)
    return d


def card(label, cell=None, owner=1, zone=None, override=None, name=None, **state) -> dict:
    """One setup card: battlefield when ``cell`` is given, else ``zone``."""
    c = {"label": label, "card": name or f"Test {label}", "owner": owner,
         "zone": zone or ("battlefield" if cell else "aux")}
    if cell:
        c["cell"] = cell
    c["override"] = override if override is not None else creature()
    c.update(state)
    return c


def game(cards, active=1, phase="main", turn=3, dice=None, seed=1, spare=True):
    """A game from setup cards; ``spare`` adds a back-row creature per player so no one loses at once."""
    cards = list(cards)
    if spare:
        cards += [card("p1_spare", "e1", 1), card("p2_spare", "e6", 2)]
    doc = {"id": "t", "seed": seed, "dice": list(dice or []),
           "setup": {"active": active, "phase": phase, "turn": turn, "cards": cards}, "steps": []}
    return Game.from_scenario(doc)


def act(g, labels, player, **action):
    """Apply an action written with labels instead of ids."""
    a = {k: labels.get(v, v) if isinstance(v, str) else v for k, v in action.items()}
    return g.apply(player, a)


def pass_both(g, times=1):
    """Both players pass in turn (the holder first), ``times`` rounds."""
    for _ in range(times):
        for _ in range(2):
            g.apply(g.to_act(), {"act": "pass"})


def run_effect(effects, foe=None, **state):
    """Card "a" (player 1, c2, with ``state``) declares a tap ``action`` with ``effects`` and it executes; ``foe``:
    an override for player 2's card "b" on c3, directly opposite "a". Returns (game, labels)."""
    from engine.cards.vocab import normalize_ability
    action = normalize_ability({"kw": "action", "cost": "tap", "effects": list(effects)})
    cards = [card("a", "c2", 1, override=creature(abilities=[action]), **state)]
    if foe is not None:
        cards.append(card("b", "c3", 2, override=foe))
    g, L = game(cards)
    act(g, L, 1, act="ability", source="a", ability=0)
    pass_both(g)
    return g, L


def ability_of(card_id: str, kw: str) -> tuple[dict, str]:
    """The first ability object of keyword ``kw`` in a pool card's data (searching nested effects and grants too)
    and its place for :func:`engine.cards.vocab.check_ability`: ``"top"``, ``"effect"`` or ``"grant"``."""
    from engine.cards.pool import card_def

    def walk(x, place):
        if isinstance(x, dict):
            if x.get("kw") == kw:
                yield x, place
            for k, v in x.items():
                yield from walk(v, "grant" if k in ("grants", "abilities") else "effect"
                                if k in ("effects", "rider", "options", "then") else place)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v, place)
    return next(walk(card_def(card_id)["abilities"], "top"))


def wounds_on_closed(attacker: dict, dice=(), markers=None, target_life=9) -> int:
    """Card "a" (``attacker`` override, player 1 on c3, with ``markers``) simple-strikes a closed creature on c4 with
    ``dice``; returns the wounds it took once everything has executed."""
    from tests.cards.kit import settle
    g, L = game([card("a", "c3", 1, override=attacker, markers=dict(markers or {})),
                 card("t", "c4", 2, closed=True, override=creature(life=target_life))], dice=list(dice))
    act(g, L, 1, act="attack", source="a", target="t")
    settle(g)
    return g.cards[L["t"]].wounds


def ranged_wounds(attacker: dict, act_name: str, dice=(), target_life=9) -> int:
    """Card "s" (``attacker`` override, player 1 on c2) makes its ``act_name`` (``shoot``, ``throw``, ``discharge``)
    at a creature on c5 with ``dice``; returns the wounds it took."""
    from tests.cards.kit import settle
    g, L = game([card("s", "c2", 1, override=attacker), card("t", "c5", 2, override=creature(life=target_life))],
                dice=list(dice))
    act(g, L, 1, act=act_name, source="s", target="t")
    settle(g)
    return g.cards[L["t"]].wounds


def strings(x) -> set[str]:
    """Every string (map keys included) inside a JSON-like value (dicts, lists, tuples)."""
    out, stack = set(), [x]
    while stack:
        y = stack.pop()
        if isinstance(y, str):
            out.add(y)
        elif isinstance(y, dict):
            out.update(y)
            stack.extend(y.values())
        elif isinstance(y, (list, tuple)):
            stack.extend(y)
    return out
