"""Plague (Чума) [g-57], 03 §4 ``plague``: triggered, creatures only. When this creature makes a melee strike (hit or
miss), the attacked creature gains Plague (the acquired ability with its trigger, and the marker ``plague``); if
this creature's own die for that strike was odd (unmodified), it wounds itself for that number ("wound self"
[g-89]: not an attack; a fixed-value strike rolls no die). Written ``{"kw": "plague"}``; its ``parts`` are the
"strikes" trigger whose effect is this keyword (the die comes with the trigger point: its ``reads_event``). The
marker ``plague`` is the state (01 §6.1): a card set up with the marker alone has Plague
(:mod:`engine.scenario_setup`)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.keywords._named import wound_self
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.rules import targets as tg
from engine.model.state import GameState


def parts(card: dict, a: dict) -> list[dict]:
    """The trigger after each melee strike it makes, hit or miss."""
    return [{"kw": "trigger", "when": "strikes", "attack": ["melee"], "hit_or_miss": True, "optional": False,
             "effects": [{"kw": "plague"}]}]


def execute(g: GameState, e, src, eff) -> None:
    """The attacked creature gains Plague; an odd die of its own wounds this creature for that number."""
    for t in tg.resolve(g, e, src, "attacked"):
        if g.is_creature(t) and not any(x.get("kw") == "plague" for x in g.abilities(t)):
            acquire.grant(g, t, [{"kw": "plague"}] + parts({}, {}), "end_of_battle", e["controller"], src)
        if g.is_creature(t):
            t.markers["plague"] = 1
    die = (e.get("point") or {}).get("die")
    if src is not None and g.in_play(src) and isinstance(die, int) and die % 2 == 1:
        wound_self(g, src, die)


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "plague: a creature it strikes in melee gains plague; an odd die of its own wounds it for that number"
    return "чума: существо, которому она наносит удар в ближнем бою, получает чуму; нечётный бросок ранит её на это число"


PLAGUE = register_keyword(Keyword(kw="plague", places="static grant effect", rule="03 §4 plague [g-57]", text=text,
                                  parts=parts, handler=execute, marker="plague",
                                  reads_event={"strikes": ("die",)}))
