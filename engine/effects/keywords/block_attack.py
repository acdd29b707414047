"""Blocking an attack (блокирование атаки, ``block_attack``; 03-abilities.md §1.6 blocking [410]): a static ability
of the attacked card. When an attack of ``applies_to`` kinds by a card matching ``by`` reaches it as final target
(02-battle.md §9 step 5, the moment a net blocks too), the attack is blocked: it does nothing, its cost stays paid.
It is not a choice (``block_strike`` is the playable one): it happens whenever it can, within ``limit`` (counted
per qualifying attack, whether or not it blocked: "the first strike each turn", "once per turn").

``prophecy`` n: a prophecy is made first (the top n cards of its controller's deck are revealed and the deck is
shuffled [206.10], engine/effects/keywords/prophecy.py) and ``condition`` may read what it revealed (Дочь перламутра: an odd
cost). ``then``: effects that become a pending mandatory trigger of the card after a block (Дети топи jump).
"""
from __future__ import annotations

from engine.cards import abilities as ab
from engine.cards.keywords import Keyword
from engine.cards.kinds import kinds_match
from engine.effects.keywords.prophecy import reveal_top
from engine.ops.zones import shuffle_deck
from engine.effects.registry import register_keyword
from engine.model.enums import Event
from engine.rules import targets as tg
from engine.rules.conditions import holds
from engine.model.state import GameState


def on_attacked(g: GameState, card, idx, a: dict, attacker, kind: str) -> bool:
    """Does ability ``a`` (index ``idx``) of ``card`` block this attack? Counts its limit, makes its prophecy, checks
    its condition; a block emits ``blocked`` and makes ``then`` pending."""
    if not kinds_match(kind, a.get("applies_to")) or not tg.match(g, card, attacker, a.get("by")):
        return False
    if ab.limit_reached(card, a, idx):
        return False
    if ab.limit(a):
        key = ab.limit_key(a, idx)
        card.used[key] = card.used.get(key, 0) + 1
    ctx: dict = {"controller": card.controller}
    if a.get("prophecy"):
        ctx["revealed"] = reveal_top(g, card.controller, a["prophecy"])
        shuffle_deck(g, card.controller)
    if a.get("condition") and not holds(g, card, a["condition"], ctx):
        return False
    g.emit(Event.BLOCKED, card=card.id, by="block_attack", attacker=attacker.id)
    if a.get("then"):
        g.pending[card.controller].append({
            "source": card.id, "ability": "block_attack", "controller": card.controller, "optional": False,
            "effects": list(a["then"]), "point": {"type": "blocked", "card": card.id, "by": attacker.id}})
    return True


def text(a: dict, lang: str, words) -> str:
    """"<limit>, an attack (...) on it by <by> is blocked[ if ...]; then ..." in ``lang``."""
    en = lang == "en"
    what = words.kinds(a["applies_to"], lang)
    what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}" if en else what
    by = (" by " if en else " от ") + ("cards" if en else "карт") + f" ({words.filters(a['by'], lang)})" \
        if a.get("by") else ""
    lim = a.get("limit")
    when = ""
    if lim:
        when = ("the first time each turn " if en else "в первый раз за ход ") if lim.get("per") == "turn" else \
            ("the first time in the battle " if en else "в первый раз за бой ")
    pro = ""
    if a.get("prophecy"):
        pro = (f"it makes a prophecy {a['prophecy']} (the revealed cards go to the bottom of the deck) and "
               if en else f"она делает пророчество {a['prophecy']} (открытые карты уходят под низ колоды), и ")
    cond = words.conditions(a.get("condition"), lang)
    then = "; ".join(words.effect(x, lang) for x in a.get("then") or [])
    if en:
        body = f"{when}{what}{by} reaches it: {pro}the attack is blocked"
        body += cond
        return body + (f"; then {then}" if then else "")
    body = f"{when}когда до неё доходит {what}{by}: {pro}атака блокируется{cond}"
    return body + (f"; затем {then}" if then else "")


BLOCK_ATTACK = register_keyword(Keyword(
    kw="block_attack", places="static grant", rule="03 §1.6 blocking [410]; 02 §9 step 5", text=text,
    fields={"applies_to": "kinds!", "by": "filters?", "limit": "limit?", "prophecy": "int?",
            "condition": "conditions?", "then": "effects?"},
    on_attacked=on_attacked))
