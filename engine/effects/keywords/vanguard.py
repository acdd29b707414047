"""Vanguard (Авангард) [g-01], 03 §4 ``vanguard``: triggered, optional; its trigger point is the start of the Vanguard
step of the preliminary phase [308] (no queue there: it resolves at once [301.2]). The creature may make a simple
strike at an adjacent enemy card as if it had Unanswered Strike [g-02]: the attacker rolls one die (1-3 weak, 4-5
medium, 6 strong after its die modifiers), the target does not fight or strike back, no defender [205.3]; wounds,
protections and armour as for any simple strike (02-battle.md §7). Each creature once. Written
``{"kw": "vanguard"}``; the step offers ``{"act": "ability", "source", "ability", "target"}`` (a :class:`Custom`
step of :mod:`engine.procedure.prelim_abilities`)."""
from __future__ import annotations

from engine.cards.keywords import Custom, Keyword, register_custom
from engine.effects.registry import register_keyword
from engine.ops import damage
from engine.rules import keywords
from engine.rules.adjacency import adjacent_cards
from engine.rules.strike_table import single_level
from engine.model.state import GameState

_USED = "vanguard"


def _vanguards(g: GameState, p: int) -> list[tuple]:
    out = []
    for c in g.play_cards():
        if c.controller != p or c.zone != "battlefield" or c.closed or c.used.get(_USED) or not g.is_creature(c):
            continue
        for i, a in enumerate(g.abilities(c)):
            if a.get("kw") == "vanguard":
                out.append((c, i))
                break
    return out


def step_options(g: GameState, p: int) -> list[dict]:
    """Each open creature of ``p`` with Vanguard may strike an adjacent enemy card (each once)."""
    return [{"act": "ability", "source": c.id, "ability": i, "target": t.id} for c, i in _vanguards(g, p)
            for t in adjacent_cards(g, c) if t.controller != p and not t.hidden]


def step_execute(g: GameState, p: int, act: dict) -> bool:
    """The unanswered simple strike, at once; False for an action that is not a vanguard strike."""
    if act not in step_options(g, p):
        return False
    src, tgt = g.cards[act["source"]], g.cards[act["target"]]
    src.used[_USED] = 1
    level = single_level(g.roll(p, src.id, "simple_strike") + keywords.roll_mod(g, src, "single", tgt))
    strike = g.defn(src).get("strike") or [0, 0, 0]
    amount = max(0, strike[level] + keywords.strike_mod(g, src, tgt, "simple_strike", level))
    damage.wound(g, tgt, amount, "simple_strike", src, level)
    damage.check_deaths(g, [tgt])
    return True


def text(a: dict, lang: str, words=None) -> str:
    """The ability in plain words."""
    if lang == "en":
        return "vanguard: in the Vanguard step it may make an unanswered simple strike at an adjacent enemy card"
    return "авангард: в шаге авангарда может нанести безответный простой удар соседней вражеской карте"


VANGUARD = register_keyword(Keyword(kw="vanguard", places="static grant", rule="03 §4 vanguard [g-01]; [308]",
                                    text=text))
VANGUARD_STEP = register_custom(Custom(handler="vanguard_step", rule="03 §4 vanguard [g-01]; [308]", step="vanguard",
                                       step_options=step_options, step_execute=step_execute))
