"""Cannot attack (``no_attack``; «не может атаковать», Рубаки Холверта, card text; 02 §2 acting): the target may
declare no attack (no simple strike, no attack ability) ``until`` the duration ends; it may still move and use its
other abilities. The whole keyword: schema, the state it puts on the target (``_no_attack``), execution and text.
The rules ask :func:`engine.rules.grants.under` ``(card, "cannot_attack")`` where attack targets are checked
(:mod:`engine.rules.combat`)."""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.basic import targets
from engine.effects.registry import register_keyword
from engine.ops import acquire
from engine.model.state import GameState


def execute(g: GameState, e, src, eff) -> None:
    """The target (default: the card itself) acquires the state ``_no_attack`` until ``until`` (default: the end
    of the turn)."""
    for t in targets(g, e, src, eff, "self"):
        acquire.grant(g, t, [{"kw": "_no_attack"}], eff.get("until", "end_of_turn"), e["controller"], src)


def text(e: dict, lang: str, words) -> str:
    """"<target> cannot attack <until>" in ``lang``."""
    t = words.target(e.get("target"), lang)
    if e.get("target") == "same_target":
        t = "that creature" if lang == "en" else "то существо"
    if lang == "en":
        return f"{t} cannot attack {words.until(e['until'], lang)}"
    return f"{t} не может атаковать {words.until(e['until'], lang)}"


NO_ATTACK = register_keyword(Keyword(
    kw="no_attack", places="effect", rule="none (card text); 02 §2 acting", text=text,
    fields={"target": "target!", "until": "until!"}, handler=execute,
    state="_no_attack", state_effects=frozenset({"cannot_attack"}), state_name="cannot attack"))
