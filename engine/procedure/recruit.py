"""Squad recruitment (набор отряда) in the preliminary phase (02-battle.md §1.3 [304]): what recruiting a card costs
and whether a limit forbids it, the recruitment abilities' hooks (:class:`engine.cards.keywords.RecruitHooks`), and
recruiting one card. The step itself (prompts, its end) is :mod:`engine.procedure.prelim`'s."""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS
from engine.model.enums import Event
from engine.model.memo import memoized
from engine.model.state import GameState

MAX_RECRUITS, MAX_FLYER_COST = 15, 15


def gold_available(g: GameState, p: int) -> int:
    """Gold left for recruiting: the gold crystals (element penalties are already lost), plus the one-element
    bonus while the recruits hold exactly one element [304.6]. The bonus may be spent; a later second element
    then needs it back (so ``crystals`` may show -1 gold while the bonus is spent)."""
    sp = g.prelim["spent"][str(p)]
    bonus = 1 if len(sp["elements"]) == 1 else 0
    return g.crystals[p]["gold"] + bonus


def _element(d) -> str | None:
    e = d.get("element")
    return None if e in (None, "Нейтральные") else e


def recruit_hooks(g: GameState, card) -> tuple:
    """(hooks, index, ability) for each ability of ``card`` whose keyword acts in recruitment
    (:class:`engine.cards.keywords.RecruitHooks`). Without acquired abilities a card's abilities are its
    definition's, so the tuple is kept in the definition (``_recruit_hooks``)."""
    if card.acquired:
        return _recruit_hooks(g.abilities(card))
    d = g.defn(card)
    hooks = d.get("_recruit_hooks")
    if hooks is None:
        hooks = d["_recruit_hooks"] = _recruit_hooks(g.abilities(card))
    return hooks


def _recruit_hooks(abilities: list[dict]) -> tuple:
    out = []
    for i, a in enumerate(abilities):
        k = KEYWORDS.get(a.get("kw"))
        if k is not None and k.recruitment is not None:
            out.append((k.recruitment, i, a))
    return tuple(out)


def hooked(g: GameState, p: int, which: str) -> list:
    """[(card, its :func:`recruit_hooks`)] for the cards of ``p``'s deal and recruits (``which`` =
    ``"deal+recruits"``) or recruits only (``"recruits"``), in that order, leaving out the cards without hooks;
    memoized in a read-only scope (engine/model/memo.py)."""
    return memoized(g, ("hooked", p, which), _hooked_now, g, p, which)


def _hooked_now(g: GameState, p: int, which: str) -> list:
    ids = g.deals[p] + g.recruits[p] if which == "deal+recruits" else g.recruits[p]
    out = []
    for i in ids:
        c = g.cards[i]
        hooks = recruit_hooks(g, c)
        if hooks:
            out.append((c, hooks))
    return out


def recruit_payment(g: GameState, p: int, cid: str, pay: str | None = None, extra: dict | None = None) -> dict | None:
    """How ``p`` would pay for recruiting ``cid`` (``{"gold", "silver", "penalty"}``) or None if a limit forbids
    it: 15 cards, flyers 15 crystals [211.7], one terrain [212.3], uniqueness [g-54], elements [304.6]. One card's
    cost is paid from one colour (02-battle.md §1.3 [304.3] [PROPOSAL]): an elite card with gold only; a regular
    card with silver when it suffices, else gold, or with gold when ``pay`` is ``"gold"`` (the player's choice;
    ``"silver"`` insists on silver). Recruitment abilities (:func:`recruit_hooks`) may change the cost, its
    colour (silver, free), forbid the recruit (a squad constraint) or add options (``extra``)."""
    ways = recruit_payments(g, p, cid, extra)
    return None if ways is None else paid_with(ways, pay)


def paid_with(ways: tuple, pay: str | None) -> dict | None:
    """The payment :func:`recruit_payment` picks for ``pay`` (None, ``"gold"`` or ``"silver"``) among the ways
    :func:`recruit_payments` found."""
    fixed, by_gold, by_silver, elite = ways
    if fixed:
        return by_gold
    if elite:
        return by_gold if pay in (None, "gold") else None
    if pay == "gold":
        return by_gold
    if pay == "silver":
        return by_silver
    return by_silver or by_gold


def recruit_payments(g: GameState, p: int, cid: str, extra: dict | None = None) -> tuple | None:
    """The ways ``p`` could pay for recruiting ``cid`` (:func:`recruit_payment`'s rules), for :func:`paid_with`:
    None if a limit forbids it, else (fixed, by gold, by silver, elite): ``fixed`` when a recruitment ability
    set the colour (free or silver; the payment, or None, is then in the gold place for any choice); each
    payment ``{"gold", "silver", "penalty"}`` or None when the crystals do not suffice."""
    sp = g.prelim["spent"][str(p)]
    card = g.cards[cid]
    d = g.defn(card)
    cost = d.get("cost") or 0
    colour = None
    for holder, hooks in hooked(g, p, "deal+recruits"):
        for h, _, a in hooks:
            cost, colour = h.cost(g, p, holder, a, card, cost, colour, extra or {})
    for holder, hooks in hooked(g, p, "recruits") + [(card, recruit_hooks(g, card))]:
        for h, _, a in hooks:
            if not h.allows(g, p, holder, a, card):
                return None
    if len(g.recruits[p]) >= MAX_RECRUITS:
        return None
    if d.get("flyer") and sp["flyer_cost"] + cost > MAX_FLYER_COST:
        return None
    if d.get("kind") == "terrain" and sp["terrains"] >= 1:
        return None
    if d.get("unique") and d["name_ru"] in sp["names"]:
        return None
    el = _element(d)
    elements = list(sp["elements"])
    penalty = 0
    if el and el not in elements:
        elements.append(el)
        if len(elements) > 2:
            penalty = 1
    bonus = 1 if len(elements) == 1 else 0
    gold = g.crystals[p]["gold"] - penalty + bonus
    silver = g.crystals[p]["silver"]
    if colour == "free":
        return True, ({"gold": 0, "silver": 0, "penalty": penalty} if gold >= 0 else None), None, False
    if colour == "silver":
        return True, ({"gold": 0, "silver": cost, "penalty": penalty} if silver >= cost and gold >= 0 else None), \
            None, False
    by_gold = {"gold": cost, "silver": 0, "penalty": penalty} if gold >= cost else None
    by_silver = {"gold": 0, "silver": cost, "penalty": penalty} if silver >= cost else None
    return False, by_gold, by_silver, bool(d.get("elite"))


def recruit(g: GameState, p: int, opt: dict) -> None:
    """``p`` recruits ``opt["recruit"]`` from the deal (its extra fields go to the recruitment hooks): the payment
    of :func:`recruit_payment` is taken and the squad's limits are recorded [304.3-304.6]."""
    cid = opt["recruit"]
    extra = {k: v for k, v in opt.items() if k not in ("recruit", "pay")}
    pay = recruit_payment(g, p, cid, opt.get("pay"), extra)
    d = g.defn(g.cards[cid])
    sp = g.prelim["spent"][str(p)]
    el = _element(d)
    if el and el not in sp["elements"]:
        sp["elements"].append(el)
    sp["penalty"] += pay["penalty"]
    g.crystals[p]["gold"] -= pay["gold"] + pay["penalty"]  # the element crystal is lost [304.6]
    g.crystals[p]["silver"] -= pay["silver"]
    if d.get("flyer"):
        sp["flyer_cost"] += d.get("cost") or 0
    if d.get("kind") == "terrain":
        sp["terrains"] += 1
    sp["names"].append(d["name_ru"])
    g.deals[p].remove(cid)
    g.recruits[p].append(cid)
    g.cards[cid].zone = "recruits"
    g.emit(Event.RECRUIT, to=p, player=p, card=cid)
    for h, _, a in recruit_hooks(g, g.cards[cid]):
        h.on_recruit(g, p, g.cards[cid], a, extra)
