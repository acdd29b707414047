"""Builders for the per-card tests: pool cards by id, custom dummies, and a driver that settles the queue."""
from __future__ import annotations

from tests.helpers import card, creature, game


def pool(label, cell, owner, name, **state) -> dict:
    """A pool card (by pool id) with its printed properties: no override."""
    c = card(label, cell, owner, name=name, **state)
    c.pop("override")
    return c


def dummy(label, cell, owner, life=8, strike=(1, 1, 1), element="Нейтральные", **state) -> dict:
    """A plain custom creature (no abilities) with the given life, strike and element."""
    extra = {k: state.pop(k) for k in ("abilities", "flyer", "cost", "elite", "move", "classes") if k in state}
    return card(label, cell, owner, override=creature(life=life, strike=strike, element=element, **extra), **state)


def setup(cards, dice=(), active=1, **kw):
    """A game from setup cards with forced dice; returns (game, labels -> ids)."""
    return game(cards, active=active, dice=list(dice), **kw)


def ids(L, *labels):
    return [L[x] for x in labels]


def settle(g, pick=None, limit=300) -> None:
    """Answer every prompt until the queue is empty and the active player holds priority: pass priority, pass on
    defenders and windows, keep on exchanges, declare the first pending trigger (its first target), pick the first
    option of a choice. ``pick(g, legal)`` may return another action (or None for the default)."""
    for _ in range(limit):
        pr = g.prompt
        if pr is None or (pr["kind"] == "priority" and not g.queue and g.executing is None):
            return
        legal = g.legal_actions(pr["player"])
        act = pick(g, legal) if pick else None
        if act is None:
            kind = pr["kind"]
            if kind == "triggers":
                act = next(a for a in legal if a["act"] in ("declare", "order"))
            elif kind == "exchange":
                act = {"act": "choose", "option": "keep"}
            elif kind == "choice":
                act = legal[0]
            else:
                act = {"act": "pass"}
        g.apply(pr["player"], act)
    raise AssertionError("the game did not settle")


def do(g, L, player, settle_after=True, pick=None, **action):
    """Apply an action written with labels, then settle the queue."""
    a = {k: (L.get(v, v) if isinstance(v, str) else ([L.get(x, x) for x in v] if isinstance(v, list) else v))
         for k, v in action.items()}
    g.apply(player, a)
    if settle_after:
        settle(g, pick)


def ability_index(g, L, label, kw, nth=0) -> int:
    """Index of the nth ability with ``kw`` of a card (for ``ability`` actions)."""
    c = g.cards[L[label]]
    return [i for i, a in enumerate(g.abilities(c)) if a.get("kw") == kw][nth]


def c(g, L, label):
    """The card instance of a label."""
    return g.cards[L[label]]


def end_turn(g, pick=None) -> None:
    """The active player ends the turn; everything pending settles until the next player holds priority in main.
    ``pick(g, legal)`` may choose another answer (or None for the default), as in :func:`settle`."""
    before = g.turn
    g.apply(g.to_act(), {"act": "end_turn"})
    for _ in range(300):
        pr = g.prompt
        if pr is None or (pr["kind"] == "priority" and g.phase == "main" and not g.queue and g.turn != before):
            return
        legal = g.legal_actions(pr["player"])
        act = pick(g, legal) if pick else None
        if act is not None:
            pass
        elif pr["kind"] == "triggers":
            act = next(a for a in legal if a["act"] in ("declare", "order"))
        else:
            act = {"act": "pass"} if {"act": "pass"} in legal else legal[0]
        g.apply(pr["player"], act)


def aim(target_id):
    """A ``pick`` for :func:`settle`: declare pending triggers at ``target_id`` when they take a target."""
    def pick(g, legal):
        if g.prompt["kind"] == "triggers":
            return next((a for a in legal if a.get("target") == target_id), None)
        return None
    return pick


def seen(g, L, label, viewer=None) -> dict:
    """The public view of a labelled card (``Game.view``): zone, cell, closed, wounds, tokens, markers."""
    return g.view(viewer)["cards"][L[label]]


def offered(g, L, player, **action) -> dict:
    """The labelled action as ``legal_actions(player)`` lists it; fails the test when it is not offered."""
    a = {k: (L.get(v, v) if isinstance(v, str) else ([L.get(x, x) for x in v] if isinstance(v, list) else v))
         for k, v in action.items()}
    legal = g.legal_actions(player)
    assert a in legal, f"{a} not among the legal actions"
    return a


def play(g, L, player, pick=None, settle_after=True, **action) -> None:
    """Apply a labelled action that must be among the legal actions, then settle the queue (as :func:`do`)."""
    g.apply(player, offered(g, L, player, **action))
    if settle_after:
        settle(g, pick)


def declare_pick(g, L, label, target=None):
    """A ``pick`` for :func:`settle`: declare the pending trigger of card ``label`` (at ``target`` when given)."""
    def pick(g2, legal):
        if g2.prompt["kind"] != "triggers":
            return None
        return next((a for a in legal if a["act"] == "declare" and a["source"] == L[label]
                     and (target is None or a.get("target") == L[target])), None)
    return pick


def prompt_kinds(g, pick=None) -> set:
    """Settle the queue as :func:`settle` does and return every prompt kind met on the way."""
    kinds = set()

    def record(g2, legal):
        kinds.add(g2.prompt["kind"])
        return pick(g2, legal) if pick else None
    settle(g, record)
    return kinds


def choose(item):
    """A ``pick`` for :func:`settle`/:func:`play`: answers a ``choice`` prompt asked inside an entry (engine/effects/
    choice.py) with the index of ``item`` among the prompt's ``items``; leaves other prompts to the default."""
    def pick(g, legal):
        pr = g.prompt
        if pr["kind"] == "choice" and item in (pr.get("items") or []):
            return {"act": "choose", "option": {"choice": pr["items"].index(item)}}
        return None
    return pick


#: A player-2 thrower that may throw for a fixed 3 whenever it holds priority (add it to a setup with
#: ``THROWER``; :func:`thrown` uses it): armour and other preventions are then read from a real attack.
THROWER = dummy("zz_thrower", "a6", 2, abilities=[{"kw": "throw", "n": 3, "cost": "instant+tap"}])


def thrown(g, L, label) -> int:
    """Player 2's :data:`THROWER` throws for 3 at ``label`` now (sudden, so in either player's turn) and the entry
    executes; returns the wounds the card took from it."""
    before = c(g, L, label).wounds
    if g.prompt["player"] != 2:
        g.apply(g.prompt["player"], {"act": "pass"})
    g.apply(2, {"act": "throw", "source": L["zz_thrower"], "target": L[label]})
    settle(g)
    return c(g, L, label).wounds - before


def poison_sticks(card_id: str, cell: str | None = "c3") -> bool:
    """Play it: an enemy's sudden action poisons the pool card ``card_id`` (player 1's, on ``cell``; a flyer in the
    aux zone with ``cell`` None) for 1 in a fresh position; True when it carries the poison afterwards [g-36]."""
    poisoner = dummy("zz_poisoner", "a6", 2, abilities=[{"kw": "action", "cost": "instant+tap", "effects": [
        {"kw": "poison", "n": 1, "target": {"choose": "creature", "side": "enemy"}}]}])
    g, L = setup([pool("a", cell, 1, card_id), poisoner])
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "ability", "source": L["zz_poisoner"], "ability": 0, "target": L["a"]})
    settle(g)
    return bool(c(g, L, "a").markers.get("poison"))


_PROBES = {  # an enemy's sudden attack or spell for 2 at the card, and where the enemy stands (c3 = the card's cell)
    "discharge": ("a6", {"kw": "discharge", "n": 2, "cost": "instant+tap"}),
    "shot": ("a6", {"kw": "shot", "n": 2, "cost": "instant+tap"}),
    "throw": ("a6", {"kw": "throw", "n": 2, "cost": "instant+tap"}),
    "magic_strike": ("c4", {"kw": "magic_strike", "n": 2, "cost": "instant+tap"}),
    "strike_through_row": ("c5", {"kw": "strike_through_row", "n": 2, "cost": "instant+tap"}),
    "spell": ("a6", {"kw": "action", "kind": "spell", "cost": "instant+tap", "effects": [
        {"kw": "wound", "n": 2, "target": {"choose": "creature", "side": "enemy"}}]}),
}


def attack_sticks(card_id: str, kind: str, cell: str | None = "c3", extra=(), at: str = "a") -> int:
    """Play it: an enemy's sudden ``kind`` (``discharge``, ``shot``, ``throw``, ``magic_strike``,
    ``strike_through_row``, ``spell``) for 2 at the pool card ``card_id`` (player 1's, on ``cell``; a flyer in the
    aux zone with ``cell`` None) in a fresh position (plus the setup cards ``extra``, e.g. a formation partner);
    returns the wounds it took (0 under a protection [411]). ``at``: the label of another card of ``extra`` to
    aim at instead (an ally the pool card protects)."""
    where, ability = _PROBES[kind]
    g, L = setup([pool("a", cell, 1, card_id), dummy("zz_probe", where, 2, abilities=[ability])] + list(extra))
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "ability", "source": L["zz_probe"], "ability": 0, "target": L[at]})
    settle(g)
    return c(g, L, at).wounds


def defender_offered(card_id: str, cell: str | None = "c3", **target) -> bool:
    """Play it: the pool card ``card_id`` (player 1's, on ``cell``; a flyer in the aux zone with ``cell`` None)
    declares a simple strike at an open dummy on c4 (with ``target`` properties, e.g. ``element``) while another
    open enemy creature stands on d4, next to both; True when player 2 is asked for a defender (02-battle.md §4.3
    [205.3, 211.6]: a directed strike allows none [g-27])."""
    g, L = setup([pool("a", cell, 1, card_id), dummy("t", "c4", 2, life=30, **target), dummy("d", "d4", 2, life=30)],
                 dice=[3, 3])
    g.apply(1, {"act": "attack", "source": L["a"], "target": L["t"]})
    g.apply(1, {"act": "pass"})
    g.apply(2, {"act": "pass"})
    return g.prompt["kind"] == "defender"


def fight_mods(g, L, attacker, responder, dice=(3, 3)) -> tuple[int, int]:
    """Play it: ``attacker`` (its controller holding priority) declares a simple strike at the open ``responder``
    and everything settles (no defender, first answers), the fight's two dice being ``dice`` (added to the dice
    the game will use); returns the die-roll modifiers of the fight (02 §9 step 7 [216.6]) as (attacker's,
    responder's), read from the game's own events: each result minus its die."""
    g.rng.forced.extend(dice)
    seq = g.event_seq
    src, tgt = L[attacker], L[responder]
    g.apply(g.cards[src].controller, {"act": "attack", "source": src, "target": tgt})
    settle(g)
    new = [e for e in g.events if e["seq"] > seq]
    die = {e["card"]: e["value"] for e in new if e["type"] == "die" and e.get("card") in (src, tgt)}
    roll = next(e for e in new if e["type"] == "strike_roll")
    return roll["attacker_result"] - die[src], roll["responder_result"] - die[tgt]


def attack_mod(cards, label, probe_cell="c4", **probe) -> int:
    """Play it: the card ``label`` of ``cards`` (player 1's) strikes an open enemy dummy on ``probe_cell`` (with
    ``probe`` properties); returns its die-roll modifier as the attacker of that fight."""
    g, L = setup(list(cards) + [dummy("zz_probe", probe_cell, 2, life=30, **probe)])
    return fight_mods(g, L, label, "zz_probe")[0]


def defence_mod(cards, label, probe_cell="c4", **probe) -> int:
    """Play it: an open enemy dummy on ``probe_cell`` strikes the card ``label`` of ``cards`` (player 1's) in the
    enemy's turn; returns ``label``'s die-roll modifier as the responder of that fight."""
    g, L = setup(list(cards) + [dummy("zz_probe", probe_cell, 2, life=30, **probe)], active=2)
    return fight_mods(g, L, "zz_probe", label)[1]


def closed_hit(card_id: str, die: int, **target) -> int:
    """Play it: the pool card ``card_id`` (player 1's, c3; a flyer from its aux zone) simple-strikes a closed dummy
    on c4 (with ``target`` properties) rolling ``die``; returns the wounds the dummy took."""
    g, L = setup([pool("a", "c3", 1, card_id), dummy("t", "c4", 2, life=30, closed=True, **target)], dice=[die])
    do(g, L, 1, act="attack", source="a", target="t")
    return c(g, L, "t").wounds
