"""Copying abilities (``copy_ability``; 03-abilities.md §1.5 acquired abilities [407]; ../shared/cards/README.md
§6.5): the card also has abilities of other cards; ``rename`` = their text reads this card's name for theirs (so
"this card" in them is the copier: nothing more to do, the copied objects act for their holder).

``from``:

* ``formation_partners`` (a formation grant: Анубисар): while in formation it also has the formation abilities
  (the ``grants`` of ``formation``) of each creature matching ``filter`` it stands in formation with (orthogonally
  next to it, friendly, with Formation); continuous: they go when the formation breaks. Copies are not copied again.
* ``deck_reveal`` (an effect: Дегаска): reveal from your deck a creature card (not one of this card's name, and no
  name twice in a battle) that has a trigger "on a strong strike" (``when: strikes`` with ``strength: [strong]``);
  this card acquires those triggers ``until`` (default: the end of the battle). Its controller chooses the card
  inside the entry (RULES.md Q4); in a preliminary step (battle start) the first in deck order is taken. The
  revealed card stays where it is in the deck.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import Keyword
from engine.effects import choice
from engine.effects.registry import register_keyword
from engine.model.board import orthogonal
from engine.model.enums import Event
from engine.ops import acquire
from engine.ops.zones import shuffle_deck
from engine.rules import targets as tg
from engine.model.state import GameState

_MEMO = "copy_ability"
_NAMES: Final = "copied_names"


def expand(g: GameState, card, a: dict) -> list[dict]:
    """``formation_partners``: the formation grants of each matching friendly Formation creature orthogonally next
    to ``card`` (its formation partners), without their own copying abilities."""
    if a.get("from") != "formation_partners" or card.zone != "battlefield" or not card.cell:
        return []
    out = []
    for n in orthogonal(card.cell):
        other = g.cards.get(g.board.get(n) or "")
        if other is None or other is card or other.controller != card.controller or other.hidden \
                or not g.is_creature(other) or not tg.match(g, card, other, a.get("filter")):
            continue
        for f in g.abilities(other):
            if f.get("kw") == "formation":
                out.extend(x for x in f.get("grants") or [] if x.get("kw") != "copy_ability")
    return out


def _strong_triggers(g: GameState, card) -> list[dict]:
    return [a for a in g.defn(card).get("abilities") or []
            if a.get("kw") == "trigger" and a.get("when") == "strikes" and a.get("strength") == ["strong"]]


def execute(g: GameState, e, src, eff) -> None:
    """``deck_reveal``: choose, reveal, acquire its strong-strike triggers."""
    if eff.get("from") != "deck_reveal" or src is None or not g.in_play(src):
        return
    p = e["controller"]
    used = list(src.used.get(_NAMES) or [])
    own = g.defn(src).get("name_ru")
    cands = []
    for cid in g.decks[p]:
        c = g.cards[cid]
        name = g.defn(c).get("name_ru")
        if g.is_creature(c) and name != own and name not in used and _strong_triggers(g, c) \
                and name not in [g.defn(g.cards[x]).get("name_ru") for x in cands]:
            cands.append(cid)
    if not cands:
        g.emit(Event.FIZZLED, source=e["source"])
        shuffle_deck(g, p)  # it looked through the deck [206.10]
        return
    i = choice.pick(g, p, cands, "copy_card", e["source"])
    if i is None:
        return
    shown = g.cards[cands[i]]
    g.emit(Event.REVEALED, card=shown.id, defkey=shown.defkey, why="copy_ability", player=p)
    shuffle_deck(g, p)  # a card of the deck was revealed [SEED S2; 01 §5.5 [206.10]]
    src.used[_NAMES] = used + [g.defn(shown).get("name_ru")]
    acquire.grant(g, src, [dict(t) for t in _strong_triggers(g, shown)], eff.get("until", "end_of_battle"), p, src)
    choice.forget(g, _MEMO)


def text(a: dict, lang: str, words) -> str:
    """The copying in plain words, in ``lang``."""
    en = lang == "en"
    if a["from"] == "formation_partners":
        who = f" ({words.filters(a['filter'], lang)})" if a.get("filter") else ""
        if en:
            return (f"it also has the formation abilities of every creature{who} it stands in formation with"
                    + (", reading its own name for theirs" if a.get("rename") else ""))
        return (f"у неё есть и способности строя каждого существа{who}, с которым она в строю"
                + (" (с её именем вместо их имени)" if a.get("rename") else ""))
    if en:
        return ("reveal from your deck a creature card of another name, not revealed before in this battle, with an "
                "ability 'on a strong strike'; this card has that ability until the end of the battle, reading its "
                "own name for that card's")
    return ("открыть из своей колоды существо с другим именем, ещё не открытое в этом бою, со способностью «при "
            "сильном ударе»; эта карта получает эту способность до конца боя (с её именем вместо имени той карты)")


COPY_ABILITY = register_keyword(Keyword(
    kw="copy_ability", places="grant effect", rule="03 §1.5 acquired abilities [407]; README §6.5", text=text,
    fields={"from": "enum!:formation_partners|deck_reveal", "filter": "filters?", "rename": "bool?",
            "until": "until?"},
    handler=execute, expand=expand))
