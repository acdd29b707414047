"""Net (сеть, ``web``; Паук-пересмешник, card text; 02 §2 closing/acting): the target can neither move nor act
``until`` the duration ends; an attack on it is blocked and removes the net. The whole keyword: schema, the state
it puts on the target (``_web``), execution and text."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.cards.vocab import ACTIVATED_FIELDS, NAMED_FIELDS
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The target acquires the state ``_web`` until ``until`` (default: the end of its controller's next turn)."""
    for t in targets(g, e, src, eff):
        acquire.grant(g, t, [{"kw": "_web"}], eff.get("until", "end_of_target_next_turn"), e["controller"], src)


def text(a: dict, lang: str, words) -> str:
    """"throw a net at <target> (range N): <until> it can neither move nor act; ..." in ``lang``."""
    t = words.target(a.get("target"), lang)
    until = words.until(a["until"], lang)
    if lang == "en":
        return (f"throw a net at {t} (range {a['range']}): {until} it can neither move nor act; an attack on it is "
                f"blocked and removes the net")
    return (f"набросить сеть на {t} (дальность {a['range']}): {until} она не может ни перемещаться, ни "
            f"действовать; атака по ней блокируется и снимает сеть")


WEB = register_keyword(Keyword(
    kw="web", places="activated effect", rule="none (card text); 02 §2 closing/acting", text=text,
    fields={"target": "target!", "range": "range!", "until": "until!", "attack_on_it": "enum!:blocked",
            **NAMED_FIELDS, **ACTIVATED_FIELDS},
    handler=execute, needs_target=True,
    state="_web", state_effects=frozenset({"cannot_act", "cannot_move", "attacks_blocked"}), state_name="net"))
