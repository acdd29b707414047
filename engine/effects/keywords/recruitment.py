"""Recruitment abilities (``recruitment``; 02-battle.md §1.2-§1.3 [303-304]; 03 §5 ``before_recruitment`` [g-72],
``starts_with`` [g-77, 304.4]; ../shared/cards/README.md §6.5): what a card does in the deal and recruitment, not
in battle. One object per printed ability; its fields say which:

* ``gold``: recruiting it gives its player that many more gold crystals for the rest of recruitment (Мародер).
* ``free_if_costs``: it may be recruited for free while the recruits already hold a card of each printed cost
  listed (Ведающий запасами).
* ``gold_option`` + ``max_elemental``: recruiting it, its player may take that many gold crystals; if they do, the
  squad may hold at most ``max_elemental`` cards of an element (not neutral): not offered when it already holds
  more, and later recruits that would break it are refused (Тич).
* ``pay_x_max`` + ``starts_with``: recruiting it, its player may pay X more (1..``pay_x_max``, from the same colour
  as its cost); it then starts the battle with ``starts_with``, effects executed for it at the start of the battle
  (``{"per": "x_declared"}`` there is X, fixed when they execute) (Вольный воитель).
* ``linked`` (filters): in the recruitment preparation step its player may show it with a creature of the deal
  matching ``linked``; both must then be recruited, paid with silver, and at the start of the battle that creature
  gains "it dies when this card dies" (leaving the battlefield otherwise is not covered) (Линнет).
* ``peek``: in the recruitment preparation step (before recruiting), its player may show it from the deal and look
  at ``peek`` random cards of the opponent's deal; it costs 1 less (of its colour) per elite card seen, and must
  then be recruited if it can be paid (Лазутчица).

The hooks are :class:`engine.cards.keywords.RecruitHooks` (asked by :mod:`engine.procedure.prelim`); what they
remember lives in ``g.prelim["spent"][player]`` (``recruit_kw``), which the preliminary phase keeps to its end.
"""
from __future__ import annotations

from engine.cards.keywords import Keyword, RecruitHooks
from engine.effects.registry import apply_effects, register_keyword
from engine.model.enums import Event
from engine.ops import acquire
from engine.rules import targets as tg
from engine.model.state import GameState

_NEUTRAL = "Нейтральные"


def _fresh() -> dict:
    return {"gold_bonus": [], "x": {}, "discount": {}, "must": [], "shown": [], "silver_pay": [], "linked": {}}


def _mem(g: GameState, p: int, write: bool = False) -> dict:
    """What the recruitment abilities of player ``p`` remember; reads never change the state (legal actions are
    reads), so the record is created only by a write."""
    sp = (g.prelim.get("spent") or {}).get(str(p))
    if sp is None:
        return _fresh()
    if write:
        return sp.setdefault("recruit_kw", _fresh())
    return sp.get("recruit_kw") or _fresh()


def _elemental(g: GameState, card) -> bool:
    return g.defn(card).get("element") not in (None, _NEUTRAL)


class _Hooks(RecruitHooks):
    def cost(self, g, p, holder, a, card, cost, colour, extra):
        m = _mem(g, p)
        if a.get("linked") and card.id in m.get("silver_pay", []):
            return cost, "silver"
        if holder is not card:
            return cost, colour
        if a.get("free_if_costs"):
            have = {g.defn(g.cards[r]).get("cost") for r in g.recruits[p]}
            if set(a["free_if_costs"]) <= have:
                return 0, "free"
        if a.get("peek") and card.id in m.get("discount", {}):
            cost = max(0, cost - m["discount"][card.id])
        if a.get("pay_x_max") and extra.get("x"):
            cost += extra["x"]
        return cost, colour

    def options(self, g, p, card, a):
        if a.get("pay_x_max"):
            return [{"x": x} for x in range(1, a["pay_x_max"] + 1)]
        if a.get("gold_option"):
            held = sum(1 for r in g.recruits[p] if _elemental(g, g.cards[r]))
            return [{"gold_bonus": True}] if held <= a.get("max_elemental", 99) else []
        return []

    def on_recruit(self, g, p, card, a, extra):
        if not (a.get("gold") or extra):
            return
        m = _mem(g, p, write=True)
        gain = a.get("gold", 0) + (a.get("gold_option", 0) if extra.get("gold_bonus") else 0)
        if extra.get("gold_bonus"):
            m["gold_bonus"].append(card.id)
        if gain:
            g.crystals[p]["gold"] += gain
            g.emit("crystals_gained", player=p, gold=gain)
        if extra.get("x"):
            m["x"][card.id] = extra["x"]

    def allows(self, g, p, holder, a, new):
        m = _mem(g, p)
        if a.get("max_elemental") is None or holder.id not in m.get("gold_bonus", []) or not _elemental(g, new):
            return True
        held = sum(1 for r in g.recruits[p] if _elemental(g, g.cards[r]))
        return held + 1 <= a["max_elemental"]

    def must_recruit(self, g, p, holder, a, card):
        m = _mem(g, p)
        if a.get("linked"):
            return card.id in m.get("silver_pay", [])
        return holder is card and bool(a.get("peek")) and card.id in m.get("must", [])

    def prep_options(self, g, p, card, idx, a):
        if card.id in _mem(g, p).get("shown", []):
            return []
        if a.get("linked") is not None:
            own = g.defn(card).get("cost") or 0
            return [{"act": "ability", "source": card.id, "ability": idx, "target": cid} for cid in g.deals[p]
                    if cid != card.id and g.is_creature(g.cards[cid])
                    and tg.match(g, card, g.cards[cid], a["linked"], {"controller": p})
                    and own + (g.defn(g.cards[cid]).get("cost") or 0) <= g.crystals[p]["silver"]
                    and g.defn(g.cards[cid]).get("name_ru") != g.defn(card).get("name_ru")]
        if not a.get("peek") or not g.deals[g.other(p)]:
            return []
        return [{"act": "ability", "source": card.id, "ability": idx}]

    def prep_execute(self, g, p, card, a, act):
        m = _mem(g, p, write=True)
        if a.get("linked") is not None:  # Линнет: both are shown and will be recruited for silver
            m["shown"].append(card.id)
            partner = g.cards[act["target"]]
            for c in (card, partner):
                g.emit(Event.REVEALED, card=c.id, defkey=c.defkey, why="recruitment", player=p)
            m["silver_pay"].extend([card.id, partner.id])
            m["linked"][partner.id] = card.id
            return
        m["shown"].append(card.id)
        g.emit(Event.REVEALED, card=card.id, defkey=card.defkey, why="recruitment", player=p)
        pool = list(g.deals[g.other(p)])
        seen = []
        for _ in range(min(a["peek"], len(pool))):
            seen.append(pool.pop(g.rng.below(len(pool))))
        g.emit("peeked", to=p, player=p, cards=[[cid, g.cards[cid].defkey] for cid in seen])
        m["discount"][card.id] = sum(1 for cid in seen if g.defn(g.cards[cid]).get("elite"))
        m["must"].append(card.id)


def _with_x(v, x: int):
    """``v`` with every ``{"per": "x_declared"}`` amount replaced by the number ``x`` (fixed when granted)."""
    if isinstance(v, dict):
        if v.get("per") == "x_declared" and set(v) <= {"per", "times", "plus", "max"}:
            return min(x * v.get("times", 1) + v.get("plus", 0), v.get("max") or 10 ** 6)
        return {k: _with_x(w, x) for k, w in v.items()}
    if isinstance(v, list):
        return [_with_x(w, x) for w in v]
    return v


def linked_death(host_id: str) -> dict:
    """The ability a linked recruit gains: it dies when the card ``host_id`` dies (leaves the battlefield)."""
    return {"kw": "trigger", "when": "dies", "subject": "other", "optional": False,
            "condition": [{"p": "event_card_id", "id": host_id}], "effects": [{"kw": "destroy", "target": "self"}]}


def at_battle_start(g: GameState, card, a: dict) -> None:
    """"Starts the battle with ...": ``starts_with`` executes for the card with the X paid in recruitment, X fixed
    into the granted abilities (no X paid: nothing, §6.7). ``linked``: the creature recruited with this card gains
    "it dies when this card leaves the battlefield"."""
    if a.get("linked") is not None:
        for partner, host in _mem(g, card.owner).get("linked", {}).items():
            pc = g.cards.get(partner)
            if host == card.id and pc is not None and g.in_play(pc):
                acquire.grant(g, pc, [linked_death(card.id)], "end_of_battle", card.owner, card)
    if not a.get("starts_with"):
        return
    x = _mem(g, card.owner).get("x", {}).get(card.id, 0)
    if x <= 0:
        return
    entry = {"source": card.id, "controller": card.owner, "kind": "trigger", "x": x, "point": {}}
    apply_effects(g, entry, card, _with_x(a["starts_with"], x))


def text(a: dict, lang: str, words) -> str:
    """The recruitment ability in plain words, in ``lang``."""
    en = lang == "en"
    parts = []
    if a.get("gold"):
        parts.append(f"when you recruit it, you gain {a['gold']} gold crystal(s)" if en
                     else f"когда вы берёте её в отряд, вы получаете золотые кристаллы: {a['gold']}")
    if a.get("free_if_costs"):
        costs = ", ".join(map(str, a["free_if_costs"]))
        parts.append(f"you may recruit it for free if your squad already holds cards costing {costs}" if en
                     else f"её можно взять в отряд бесплатно, если в нём уже есть карты стоимостью {costs}")
    if a.get("gold_option"):
        parts.append(f"when you recruit it you may take {a['gold_option']} gold crystals; then your squad may hold at "
                     f"most {a['max_elemental']} cards of an element" if en
                     else f"когда вы берёте её в отряд, можно получить золотые кристаллы ({a['gold_option']}); тогда в "
                          f"отряде может быть не больше {a['max_elemental']} стихийных карт")
    if a.get("pay_x_max"):
        sw = "; ".join(words.effect(s, lang) for s in a.get("starts_with") or [])
        parts.append(f"when you recruit it you may pay X more (X up to {a['pay_x_max']}); then it starts the battle "
                     f"with: {sw}" if en
                     else f"когда вы берёте её в отряд, можно доплатить X (не больше {a['pay_x_max']}); тогда она "
                          f"начинает бой с: {sw}")
    if a.get("peek"):
        parts.append(f"before recruitment you may show it from your deal and look at {a['peek']} random cards of the "
                     f"opponent's deal: it costs 1 less per elite card seen, and you must then recruit it" if en
                     else f"до набора отряда её можно показать из сдачи и посмотреть {a['peek']} случайные карты "
                          f"сдачи противника: она стоит на 1 меньше за каждую элитную из них, и её нужно взять в отряд")
    if a.get("linked") is not None:
        what = words.filters(a["linked"], lang)
        parts.append(f"before recruitment you may show it with a creature ({what}) from your deal: both join your "
                     f"squad paid with silver crystals, and that creature dies when this card leaves the battlefield"
                     if en else f"до набора отряда её можно показать вместе с существом ({what}) из сдачи: оба "
                                f"входят в отряд за серебряные кристаллы, и то существо гибнет, когда эта карта "
                                f"покидает поле боя")
    return "; ".join(parts) if parts else ("a recruitment ability" if en else "способность набора")


RECRUITMENT = register_keyword(Keyword(
    kw="recruitment", places="static", rule="02 §1.2-§1.3 [303-304]; 03 §5 before_recruitment [g-72], starts_with "
                                            "[g-77, 304.4]", text=text,
    fields={"gold": "int?", "free_if_costs": "list_int?", "gold_option": "int?", "max_elemental": "int?",
            "pay_x_max": "int?", "starts_with": "effects?", "peek": "int?", "linked": "filters?"},
    at_battle_start=at_battle_start, recruitment=_Hooks()))
