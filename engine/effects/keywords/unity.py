"""Unity X (Единение) [g-15], 03 §4 ``unity``: creatures only. When this creature initiates an attack, its controller
may reveal exactly X different Unity-X creatures from their deck, each cheaper than it; until that attack's wounds
are dealt it has all their "On [this attack type] …" abilities; the deck is then shuffled [206.10].

03 §4 leaves the timing a [DOUBT] (as a queued trigger it would execute after the attack it should strengthen); the
ruling (docs/rules-decisions.md, Unity) makes the reveal part of the attack's initiation, inside the executing
attack (02-battle.md §9 step 5 [216.4], hook ``on_initiate``), with no queue entry. "On [this attack type]" abilities
are the revealed cards' printed "strikes" triggers of the attacker (``when: strikes`` whose ``attack`` covers the
attack, not only for the responder). The creature acquires them until the attack's "strikes" trigger point has
passed (a simple strike: ``next_simple_strike``; another attack: spent once it is made). Revealing never harms its
controller (each borrowed trigger keeps its own optional/mandatory nature), so the engine reveals whenever X
different names qualify; with more than X, the most expensive are revealed (deck order breaks ties). Written
``{"kw": "unity", "n": X}`` (X = 1 if omitted)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.keywords._named import value, x_text
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.ops import acquire
from engine.ops.zones import shuffle_deck
from engine.model.state import GameState


def _x(g: GameState, card) -> int:
    return value([a for a in g.abilities(card) if a.get("kw") == "unity"])


def _borrowed(g: GameState, card, kind: str) -> list[dict]:
    """The printed "On [kind] …" abilities of ``card``: its "strikes" triggers that fire for the attacker."""
    return [dict(a) for a in g.defn(card).get("abilities") or []
            if a.get("kw") == "trigger" and a.get("when") == "strikes" and kinds_match(kind, a.get("attack"))
            and (not a.get("roles") or "attacker" in a["roles"])]


def candidates(g: GameState, card, n: int) -> list:
    """The Unity-``n`` creature cards of ``card``'s controller's deck cheaper than ``card``, one per name, most
    expensive first (deck order breaks ties)."""
    cost = g.defn(card).get("cost") or 0
    out, names = [], set()
    for cid in g.decks[card.controller]:
        c = g.cards[cid]
        d = g.defn(c)
        if d.get("name_ru") in names or not g.is_creature(c) or (d.get("cost") or 0) >= cost:
            continue
        if any(a.get("kw") == "unity" and a.get("n", 1) == n for a in d.get("abilities") or []):
            names.add(d.get("name_ru"))
            out.append(c)
    return sorted(out, key=lambda c: -(g.defn(c).get("cost") or 0))


def on_initiate(g: GameState, card, a: dict, kind: str) -> None:
    """``card`` initiates an attack of ``kind``: reveal X cards (when X different names qualify), acquire their
    "On [kind]" abilities for this attack, shuffle the deck."""
    n = _x(g, card)  # several copies act once, with the greatest X [414.4]
    if not g.is_creature(card):
        return
    shown = candidates(g, card, n)
    if len(shown) < n:
        return
    p = card.controller
    borrowed = []
    for c in shown[:n]:
        g.emit(Event.REVEALED, card=c.id, defkey=c.defkey, why="unity", player=p)
        borrowed += _borrowed(g, c, kind)
    shuffle_deck(g, p)  # cards of the deck were revealed [SEED S2; 01 §5.5 [206.10]]
    if not borrowed:
        return
    if kind == "simple_strike":
        acquire.grant(g, card, borrowed, "next_simple_strike", p, card)
    else:
        acquire.grant(g, card, borrowed, "end_of_turn", p, card, used_by=[kind])


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return (f"unity{x_text(a)}: when it attacks, reveal {a.get('n', 1)} different cheaper unity creatures "
                "from your deck; it has their 'on this attack' abilities for that attack")
    return (f"единение{x_text(a)}: атакуя, открыть из колоды {a.get('n', 1)} разных более дешёвых существ с "
            "единением; на эту атаку она получает их способности «при этой атаке»")


UNITY = register_keyword(Keyword(kw="unity", places="static grant", rule="03 §4 unity [g-15]", text=text,
                                 fields={"n": "pos?"}, on_initiate=on_initiate))
