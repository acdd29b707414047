"""The preliminary phase (предварительная фаза): deal, first player, redeal, squad recruitment, deployment,
reveal (02-battle.md §1; 01-game-and-cards.md §7.2-§7.3, §5.8).

There is no queue here: every step asks the player the rules name, through ``choose`` actions. Hidden choices
(the deal, the recruits, face-down placement) stay hidden in the other viewers' views until the reveal.
State lives in ``g.prelim`` (str keys, JSON-like).
"""
from __future__ import annotations

from .board import CELLS
from .zones import renew_into_deck

PRELIM = ("deal", "recruitment_preparation", "recruitment", "deployment", "reveal", "battle_start", "vanguard")
GOLD, SILVER = 23, 22
MAX_RECRUITS, MAX_FLYER_COST = 15, 15

# Deployment zones by half (ranks 1-3 = "low", 4-6 = "high") and role [207.4.a, 305.3, 305.4].
_ZONES = {
    ("low", "first"): ["b1", "c1", "d1", "b2", "c2", "d2", "b3", "c3", "d3"],
    ("low", "second"): ["a3", "b3", "c3", "d3", "e3", "b2", "c2", "d2", "b1", "c1", "d1"],
    ("high", "first"): ["b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6"],
    ("high", "second"): ["a4", "b4", "c4", "d4", "e4", "b5", "c5", "d5", "b6", "c6", "d6"],
}
_ADDED = {"low": ["a1", "e1", "a2", "e2"], "high": ["a5", "e5", "a6", "e6"]}
_ADDED_FIRST = {"low": ["a3", "e3"], "high": ["a4", "e4"]}


def start(g) -> None:
    """Begin the preliminary phase at the deal step: crystals [101.1], the deal [302.1], the roll for the first
    player [302.2]."""
    g.phase = "deal"
    g.active = None
    g.first = None
    g.turn = 0
    for p in (1, 2):
        g.crystals[p] = {"gold": GOLD, "silver": SILVER}
        deal(g, p, g.options.get("deal_size", 15))
    g.prelim = {"step": "roll", "kept": [], "done": [], "spent": {"1": _fresh_spent(), "2": _fresh_spent()}}


def _fresh_spent() -> dict:
    return {"elements": [], "penalty": 0, "flyer_cost": 0, "names": [], "terrains": 0}


def deal(g, p: int, n: int) -> None:
    """Move the top ``n`` cards of ``p``'s deck to the deal zone (сдача), seen only by ``p`` [302.1, 206.6]."""
    for _ in range(min(n, len(g.decks[p]))):
        cid = g.decks[p].pop(0)
        g.cards[cid].zone = "deal"
        g.deals[p].append(cid)
    g.emit("dealt", player=p, n=len(g.deals[p]))
    g.emit("deal", to=p, player=p, cards=list(g.deals[p]))


def _second(g) -> int:
    return g.other(g.first)


def prelim_step(g) -> bool:
    """Advance the preliminary phase; True when a player must now be asked (``g.prompt`` set)."""
    st = g.prelim
    step = st["step"]
    if step == "roll":
        while True:
            r1, r2 = g.roll(1, None, "first_player"), g.roll(2, None, "first_player")
            if r1 != r2:
                break
        st["winner"] = 1 if r1 > r2 else 2
        st["step"] = "first"
        return False
    if step == "first":
        g.prompt = {"kind": "first", "player": st["winner"]}
        return True
    if step == "redeal":
        p = g.first if g.first not in st["kept"] else _second(g)
        g.prompt = {"kind": "redeal", "player": p}
        return True
    if step == "recruit":
        p = g.first if g.first not in st["done"] else _second(g)
        g.prompt = {"kind": "recruit", "player": p}
        return True
    if step == "deploy":
        p = g.first if g.recruits[g.first] else _second(g)
        if not g.recruits[p]:
            _reveal(g)
            return False
        g.prompt = {"kind": "deploy", "player": p}
        return True
    raise RuntimeError(f"unknown preliminary step {step!r}")


# ---------------------------------------------------------------------- recruitment accounting
def gold_available(g, p: int) -> int:
    """Gold left for recruiting: crystals minus element penalties, plus the one-element bonus while the recruits
    hold exactly one element [304.6]."""
    sp = g.prelim["spent"][str(p)]
    bonus = 1 if len(sp["elements"]) == 1 else 0
    return g.crystals[p]["gold"] - sp["penalty"] + bonus


def _element(d) -> str | None:
    e = d.get("element")
    return None if e in (None, "Нейтральные") else e


def recruit_payment(g, p: int, cid: str) -> dict | None:
    """How ``p`` would pay for recruiting ``cid`` (``{"gold", "silver", "penalty"}``) or None if a limit forbids
    it: 15 cards, flyers 15 crystals [211.7], one terrain [212.3], uniqueness [g-54], elements [304.6], elite
    paid with gold only."""
    sp = g.prelim["spent"][str(p)]
    d = g.defn(g.cards[cid])
    cost = d.get("cost") or 0
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
    gold = g.crystals[p]["gold"] - sp["penalty"] - penalty + bonus
    silver = g.crystals[p]["silver"]
    if d.get("elite"):
        return {"gold": cost, "silver": 0, "penalty": penalty} if gold >= cost else None
    use_silver = min(silver, cost)
    if gold >= cost - use_silver:
        return {"gold": cost - use_silver, "silver": use_silver, "penalty": penalty}
    return None


def legal(g, p: int) -> list[dict]:
    """The preliminary choices ``p`` may make now (02-battle.md header encodings)."""
    pr = g.prompt
    if pr is None or pr["player"] != p:
        return []
    kind = pr["kind"]
    if kind == "first":
        return [{"act": "choose", "option": {"first": 1}}, {"act": "choose", "option": {"first": 2}}]
    if kind == "redeal":
        out = [{"act": "choose", "option": "keep"}]
        if g.crystals[p]["gold"] > 0:
            out.append({"act": "choose", "option": "redeal"})
        return out
    if kind == "recruit":
        out = [{"act": "choose", "option": {"recruit": cid}} for cid in g.deals[p]
               if recruit_payment(g, p, cid) is not None]
        out.append({"act": "choose", "option": "done"})
        return out
    if kind == "deploy":
        cells = deploy_cells(g, p)
        return [{"act": "choose", "option": {"place": cid, "cell": c}} for cid in g.recruits[p] for c in cells]
    return []


def deploy_cells(g, p: int) -> list[str]:
    """Free cells where ``p`` may place the next card: the zone first, added cells when it is full [305]."""
    side = "low" if p == 1 else "high"
    role = "first" if p == g.first else "second"
    tiers = [_ZONES[(side, role)], _ADDED[side]]
    if role == "first":
        tiers.append(_ADDED_FIRST[side])
    for tier in tiers:
        free = [c for c in tier if c not in g.board]
        if free:
            return free
    return []


def perform(g, p: int, act: dict) -> None:
    """Apply a legal preliminary choice."""
    opt = act["option"]
    st = g.prelim
    kind = g.prompt["kind"]
    if kind == "first":
        g.first = opt["first"]
        g.crystals[_second(g)]["silver"] += 1  # [101.3]
        g.emit("first_player", player=g.first)
        st["step"] = "redeal"
    elif kind == "redeal":
        if opt == "keep":
            st["kept"].append(p)
            g.emit("kept", player=p)
            if len(st["kept"]) == 2:
                st["step"] = "recruit"
                g.phase = "recruitment"
                g.emit("phase", phase="recruitment", turn=0, active=None)
        else:
            n = len(g.deals[p])
            g.crystals[p]["gold"] -= 1
            for cid in g.deals[p]:
                renew_into_deck(g, g.cards[cid])
            g.deals[p] = []
            g.rng.shuffle(g.decks[p])
            g.emit("redealt", player=p)
            deal(g, p, n)
    elif kind == "recruit":
        if opt == "done":
            st["done"].append(p)
            g.emit("recruited", player=p, n=len(g.recruits[p]))
            if len(st["done"]) == 2:
                for q in (1, 2):
                    for cid in g.deals[q]:
                        renew_into_deck(g, g.cards[cid])
                    g.deals[q] = []
                    g.rng.shuffle(g.decks[q])
                st["step"] = "deploy"
                g.phase = "deployment"
                g.emit("phase", phase="deployment", turn=0, active=None)
        else:
            cid = opt["recruit"]
            pay = recruit_payment(g, p, cid)
            d = g.defn(g.cards[cid])
            sp = st["spent"][str(p)]
            el = _element(d)
            if el and el not in sp["elements"]:
                sp["elements"].append(el)
            sp["penalty"] += pay["penalty"]
            g.crystals[p]["gold"] -= pay["gold"]
            g.crystals[p]["silver"] -= pay["silver"]
            if d.get("flyer"):
                sp["flyer_cost"] += d.get("cost") or 0
            if d.get("kind") == "terrain":
                sp["terrains"] += 1
            sp["names"].append(d["name_ru"])
            g.deals[p].remove(cid)
            g.recruits[p].append(cid)
            g.cards[cid].zone = "recruits"
            g.emit("recruit", to=p, player=p, card=cid)
    elif kind == "deploy":
        cid, cell = opt["place"], opt["cell"]
        c = g.cards[cid]
        g.recruits[p].remove(cid)
        c.zone = "battlefield"
        c.cell = cell
        c.hidden = True
        g.board[cell] = cid
        g.emit("placed", player=p, cell=cell)
        g.emit("placed_card", to=p, player=p, card=cid, cell=cell)


def _reveal(g) -> None:
    """Reveal step [306]: every card is turned face up, flyers go to their controller's aux zone (a base effect);
    then battle start and vanguard (no pool card acts there) and the first player's first turn."""
    from .phases import start_turn
    g.phase = "reveal"
    for cell in CELLS:
        cid = g.board.get(cell)
        if not cid:
            continue
        c = g.cards[cid]
        c.hidden = False
        g.emit("revealed", card=cid, defkey=c.defkey)
        if g.defn(c).get("flyer"):
            del g.board[cell]
            c.zone = "aux"
            c.cell = None
            g.aux[c.controller].append(cid)
    for c in g.play_cards():
        for a in g.abilities(c):
            if a.get("kw") == "starts_with_tokens" and isinstance(a.get("n"), int):
                c.tokens += a["n"]
    g.prelim = {}
    g.active = g.first
    g.turn = 1
    g.phase = "turn_preparation"
    start_turn(g)
