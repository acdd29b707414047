"""Redirecting an attack (``redirect_attack``; «перенаправить удар», 03 §1.6 redirection [412]): in the ``target``
window of a simple strike (02 §9 step 5, once the final target is known) the strike is moved onto another
creature: one of the chooser's creatures next to the present target (``to: beside_target``, Бешеный маг's 'magic
trick', a sudden spell with a cost) or next to this card (``beside_self``, Волот: ``chooser: opponent``, the
opponent of Волот's controller may move Волот's own strike onto one of his creatures). Offered and applied by
:mod:`engine.procedure.windows`; the attacker and the present target are never chosen.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword
from engine.effects.registry import register_keyword
from engine.cards import abilities as ab
from engine.cards.kinds import kinds_match
from engine.rules.adjacency import adjacent_cards
from engine.rules.formation import formation_group
from engine.rules.targets import match
from engine.model.state import GameState


def redirect_targets(g: GameState, card, a: dict, src, tgt, p: int) -> list[str]:
    """The creatures of player ``p`` onto which ``redirect_attack`` ``a`` of ``card`` may move ``src``'s attack
    from ``tgt`` (03 §1.6 redirection [412]): next to the target (``to: beside_target``) or next to the card
    itself (``beside_self``), never the attacker or the present target."""
    to = a.get("to", "beside_target")
    if to == "formation_with_self":  # a creature in formation with this card (Гномий король)
        cands = formation_group(g, card)
    else:
        cands = adjacent_cards(g, tgt if to == "beside_target" else card)
    return [c.id for c in cands if c.controller == p and g.is_creature(c) and not c.hidden
            and c is not tgt and c is not src and g.in_play(c)]


def _redirected(g: GameState, card, a: dict, tgt) -> bool:
    """``once_per_target``: this card already redirected an attack from ``tgt`` this turn."""
    rec = card.used.get("redirected")
    return bool(a.get("once_per_target")) and isinstance(rec, list) and rec[0] == g.turn and tgt.id in rec[1]


def window_options(g: GameState, w, card, a: dict, base: dict) -> list[dict]:
    """Chosen by its controller: the cards the attack may be redirected to."""
    if a.get("chooser", "controller") == "controller" and w.tgt is not None and \
            (not a.get("vs") or match(g, card, w.tgt, a["vs"])) and not _redirected(g, card, a, w.tgt):
        return [dict(base, target=c) for c in redirect_targets(g, card, a, w.src, w.tgt, w.p)]
    return []


def opponent_window_options(g: GameState, w, kind: str) -> list[dict]:
    """"The opponent may redirect its strike" (Волот): the attacker's own ``redirect_attack`` chosen by ``w.p``."""
    out = []
    for i, a in enumerate(g.abilities(w.src)):
        if a.get("kw") == "redirect_attack" and a.get("chooser") == "opponent" and \
                kinds_match(kind, a.get("applies_to")) and not ab.limit_reached(w.src, a, i):
            base = {"act": "ability", "source": w.src.id, "ability": i}
            out.extend(dict(base, target=c) for c in redirect_targets(g, w.src, a, w.src, w.tgt, w.p))
    return out


def window_apply(g: GameState, ex: dict, card, a: dict, act: dict) -> None:
    """The attack now aims at the named creature [412] (``once_per_target``: remembered for this turn)."""
    data = ex["data"]
    if a.get("once_per_target"):
        rec = card.used.get("redirected")
        rec = rec if isinstance(rec, list) and rec[0] == g.turn else [g.turn, []]
        card.used["redirected"] = [g.turn, sorted(set(rec[1]) | {data.get("target")})]
    g.emit("redirected", card=data.get("target"), to=act["target"], by=card.id)
    data["target"] = act["target"]


def text(a: dict, lang: str, words) -> str:
    """The redirection in plain words, after the cost."""
    kinds = words.kinds(a["applies_to"], lang)
    if a.get("chooser") == "opponent":
        if lang == "en":
            return f"the opponent may redirect its {kinds} onto one of his creatures next to it"
        return f"противник может перенаправить её {kinds} на своё существо рядом с ней"
    vs = words.filter_list(a["vs"], lang) if a.get("vs") else ""
    once = ""
    if a.get("once_per_target"):
        once = " (once per turn for each attacked creature)" if lang == "en" else \
            " (один раз за ход для каждого атакованного существа)"
    if a.get("to") == "formation_with_self":
        if lang == "en":
            at = f" at a card ({vs})" if vs else ""
            return f"it may redirect a {kinds}{at} onto a creature in formation with it{once}"
        at = f" по карте ({vs})" if vs else ""
        ru = words.kinds(a["applies_to"], "ru", 1)
        return f"может перенаправить атаку ({ru}){at} на существо в строю с ней{once}"
    if lang == "en":
        return f"move a {kinds} from its target onto a creature of yours next to that target"
    return f"перенести {kinds} с его цели на ваше существо рядом с этой целью"


REDIRECT_ATTACK = register_keyword(Keyword(
    kw="redirect_attack", places="activated static", rule="03 §1.6 redirection [412]; 02 §9 step 5", text=text,
    fields={"applies_to": "kinds!", "to": "enum!:beside_target|beside_self|formation_with_self",
            "chooser": "enum?:controller|opponent", "vs": "filters?", "once_per_target": "bool?",
            "window": "enum!:target", "optional": "bool?", "name": "name?", "kind": "enum?:influence|spell",
            "cost": "cost?", "sudden": "bool?", "limit": "limit?"},
    window="target", window_any_attack=True, window_options=window_options, window_apply=window_apply,
    opponent_window_options=opponent_window_options))
