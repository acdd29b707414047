"""The preliminary phase (предварительная фаза): deal, first player, redeal, recruitment preparation, squad
recruitment, deployment, reveal (with the second player's face-down 3rd row and hosts), battle start, vanguard
(02-battle.md §1; 01-game-and-cards.md §7.2-§7.3, §5.8).

There is no queue here: the required choices are asked through ``choose`` actions; the steps that offer priority
(recruitment preparation, before reveal, battle start, vanguard) ask only players who have something to declare
(:mod:`engine.procedure.prelim_abilities`) and otherwise end by themselves (RULES.md Q5.4). Hidden choices (the deal, the
recruits, face-down placement) stay hidden in the other viewers' views until the reveal. State lives in
``g.prelim`` (str keys, JSON-like): ``step`` is one of roll, first, redeal, window, recruit, deploy, reveal_first,
hide, host, vanguard, turn.
"""
from __future__ import annotations

from typing import Final

from engine.cards.keywords import KEYWORDS
from engine.model.board import CELLS, row_of
from engine.model.enums import Event, Phase, PromptKind
from engine.model.types import Prompt
from engine.ops import trigger_points
from engine.ops.damage import destroy
from engine.ops.reveal import goes_to_aux, to_aux
from engine.ops.zones import renew_into_deck, shuffle_deck
from engine.procedure import prelim_abilities as pa
from engine.procedure.phases import begin_turn
from engine.procedure.recruit import hooked, paid_with, recruit, recruit_hooks, recruit_payment, recruit_payments
from engine.model.state import GameState


GOLD, SILVER = 23, 22

# Deployment zones by half (ranks 1-3 = "low", 4-6 = "high") and role [207.4.a, 305.3, 305.4].
_ZONES: Final = {
    ("low", "first"): ["b1", "c1", "d1", "b2", "c2", "d2", "b3", "c3", "d3"],
    ("low", "second"): ["a3", "b3", "c3", "d3", "e3", "b2", "c2", "d2", "b1", "c1", "d1"],
    ("high", "first"): ["b4", "c4", "d4", "b5", "c5", "d5", "b6", "c6", "d6"],
    ("high", "second"): ["a4", "b4", "c4", "d4", "e4", "b5", "c5", "d5", "b6", "c6", "d6"],
}
_ADDED: Final = {"low": ["a1", "e1", "a2", "e2"], "high": ["a5", "e5", "a6", "e6"]}
_ADDED_FIRST: Final = {"low": ["a3", "e3"], "high": ["a4", "e4"]}


def start(g: GameState) -> None:
    """Begin the preliminary phase at the deal step: crystals [101.1], the deal [302.1], the roll for the first
    player [302.2]."""
    g.phase = Phase.DEAL
    g.active = None
    g.first = None
    g.turn = 0
    for p in (1, 2):
        g.crystals[p] = {"gold": GOLD, "silver": SILVER}
        deal(g, p, g.options.get("deal_size", 15))
    g.prelim = {"step": "roll", "kept": [], "done": [], "spent": {"1": _fresh_spent(), "2": _fresh_spent()}}


def _fresh_spent() -> dict:
    return {"elements": [], "penalty": 0, "flyer_cost": 0, "names": [], "terrains": 0}


def deal(g: GameState, p: int, n: int) -> None:
    """Move the top ``n`` cards of ``p``'s deck to the deal zone (сдача), seen only by ``p`` [302.1, 206.6]; the deck
    is shuffled afterwards, as after every game action that takes cards from it [SEED S2; 01 §5.5 [206.10]]."""
    for _ in range(min(n, len(g.decks[p]))):
        cid = g.decks[p].pop(0)
        g.cards[cid].zone = "deal"
        g.deals[p].append(cid)
    shuffle_deck(g, p)
    g.emit(Event.DEALT, player=p, n=len(g.deals[p]))
    g.emit(Event.DEAL, to=p, player=p, cards=list(g.deals[p]))


def _second(g: GameState) -> int:
    return g.other(g.first)


def prelim_step(g: GameState) -> Prompt | None:
    """Advance the preliminary phase; returns the prompt when a player must now be asked (the flow sets it).
    One function per step (``g.prelim["step"]``); raises RuntimeError for an unknown step."""
    step = g.prelim["step"]
    if step not in _STEPS:
        raise RuntimeError(f"unknown preliminary step {step!r}")
    return _STEPS[step](g)


def _step_roll(g: GameState) -> Prompt | None:
    """Both roll for the first player; a tie is rolled again [302.2; PROPOSAL]."""
    while True:
        r1, r2 = g.roll(1, None, "first_player"), g.roll(2, None, "first_player")
        if r1 != r2:
            break
    g.prelim["winner"] = 1 if r1 > r2 else 2
    g.prelim["step"] = "first"
    return None


def _step_first(g: GameState) -> Prompt | None:
    return {"kind": PromptKind.FIRST, "player": g.prelim["winner"]}


def _step_redeal(g: GameState) -> Prompt | None:
    p = g.first if g.first not in g.prelim["kept"] else _second(g)
    return {"kind": PromptKind.REDEAL, "player": p}


def _step_recruit(g: GameState) -> Prompt | None:
    if g.phase != Phase.RECRUITMENT:
        _enter(g, Phase.RECRUITMENT)
    p = g.first if g.first not in g.prelim["done"] else _second(g)
    return {"kind": PromptKind.RECRUIT, "player": p}


def _step_deploy(g: GameState) -> Prompt | None:
    p = g.first if g.recruits[g.first] else _second(g)
    if not g.recruits[p]:
        _enter(g, Phase.REVEAL)
        _open_window(g, "before_reveal", "sequential", "reveal_first")
        return None
    return {"kind": PromptKind.DEPLOY, "player": p}


def _step_reveal_first(g: GameState) -> Prompt | None:
    _reveal_player(g, g.first)
    g.prelim["step"] = "hide"
    g.prelim["keep_hidden"] = []
    return None


def _step_hide(g: GameState) -> Prompt | None:
    """The second player may keep 3rd-row cards face down; then the rest is revealed and flyers go to the aux
    zone [306.2-306.3]; hidden flyers stay on their cell [211.2.a]."""
    if hide_options(g):
        return {"kind": PromptKind.CHOICE, "what": "keep_hidden", "player": _second(g)}
    _reveal_player(g, _second(g), keep=g.prelim["keep_hidden"])
    for p in (g.first, _second(g)):
        for c in list(g.play_cards()):
            if c.controller == p and c.zone == "battlefield" and not c.hidden and not c.attached_to and \
                    goes_to_aux(g, c):
                to_aux(g, c)
    g.prelim["step"] = "host"
    return None


def _step_host(g: GameState) -> Prompt | None:
    """Equipment, then symbiotes, then parasites choose hosts [306.4-306.6]; then the battle starts with its
    triggers [g-62, 307] and the unhosted attachments die [307.1, 421.5]."""
    for kind in ATTACH_KINDS:
        for p in (g.first, _second(g)):
            if host_options(g, p, kind):
                return {"kind": PromptKind.CHOICE, "what": "host", "player": p, "attachment": kind}
    _starts_with_tokens(g)
    _start_battle(g)
    return None


def _start_battle(g: GameState) -> None:
    """The battle start step [307]: its triggers [g-62], the unhosted attachments die [307.1, 421.5], then its
    alternating window."""
    _enter(g, Phase.BATTLE_START)
    trigger_points.collect(g, {"type": "battle_start"})
    for c in list(g.play_cards()):
        if c.zone == "battlefield" and not c.attached_to and attach_kind(g, c) is not None:
            destroy(g, c)
    _open_window(g, "battle_start", "alternate", "vanguard")


def start_at(g: GameState, phase: str) -> None:
    """Begin at the battle start or vanguard step [307, 308] with the squads already placed, revealed and hosted
    (a scenario whose ``setup.phase`` names one of these steps, FORMAT.md): the first player is ``g.active``; turn 1
    of the first player follows the vanguard step. Raises ValueError for any other phase."""
    if phase not in (Phase.BATTLE_START, Phase.VANGUARD):
        raise ValueError(f"a position cannot start at the preliminary step {phase!r}")
    g.first, g.active, g.turn, g.phase = g.active, None, 0, phase
    g.prelim = {"step": "vanguard", "kept": [1, 2], "done": [1, 2],
                "spent": {"1": _fresh_spent(), "2": _fresh_spent()}}
    if phase == Phase.BATTLE_START:
        _start_battle(g)


def _step_vanguard(g: GameState) -> Prompt | None:
    _enter(g, Phase.VANGUARD)
    _open_window(g, "vanguard", "alternate", "turn")
    return None


def _step_turn(g: GameState) -> Prompt | None:
    g.prelim = {}
    g.active = g.first
    g.turn = 1
    begin_turn(g)
    return None


def _enter(g: GameState, phase: str) -> None:
    g.phase = phase
    g.emit(Event.PHASE, phase=phase, turn=0, active=None)


# ---------------------------------------------------------------------- steps with priority, no queue
def _open_window(g: GameState, name: str, mode: str, then: str) -> None:
    """Start a preliminary step that offers priority [301.2]: ``sequential`` (the first player until they pass,
    then the second [303, 306.1]) or ``alternate`` (first player first, alternating; a pass is final [307, 308])."""
    g.prelim["step"] = "window"
    g.prelim["window"] = {"name": name, "mode": mode, "then": then, "passed": [], "holder": g.first}


def _window_step(g: GameState) -> Prompt | None:
    """Ask the player holding priority in the current preliminary step, or end the step when neither player
    has anything to declare (RULES.md Q5.4: an empty window ends by itself)."""
    w = g.prelim["window"]
    able = [p for p in (g.first, _second(g)) if p not in w["passed"] and pa.declarable(g, p, w["name"])]
    if not able:
        pa.end_of_step(g, w["name"])
        nxt = w["then"]
        del g.prelim["window"]
        g.prelim["step"] = nxt
        return None
    p = w["holder"]
    if p not in able:
        if w["mode"] == "sequential":
            w["passed"].append(p)  # nothing to declare: their part of the step is over
        p = g.other(p)
        w["holder"] = p
    return {"kind": PromptKind.PRELIMINARY, "player": p, "step": w["name"]}


def hide_options(g: GameState) -> list[str]:
    """Cards of the second player's 3rd row they may still choose to keep face down until the end of the first
    player's first turn: any card except symbiotes, parasites and equipment [306.2.a, 415.2.b]."""
    sec = _second(g)
    kept = g.prelim.get("keep_hidden", [])
    if g.prelim.get("hide_closed"):
        return []
    out = []
    for cell in CELLS:
        cid = g.board.get(cell)
        if not cid or cid in kept:
            continue
        c = g.cards[cid]
        if c.controller == sec and c.hidden and row_of(cell, sec) == 3 and attach_kind(g, c) is None:
            out.append(cid)
    return out


def _reveal_player(g: GameState, p: int, keep=()) -> None:
    """Turn ``p``'s face-down cards face up, cell by cell, except those in ``keep`` [306.2.a]."""
    for cell in CELLS:
        cid = g.board.get(cell)
        if cid and cid not in keep and g.cards[cid].controller == p and g.cards[cid].hidden:
            c = g.cards[cid]
            c.hidden = False
            g.emit(Event.REVEALED, card=cid, defkey=c.defkey, why="reveal")


def _starts_with_tokens(g: GameState) -> None:
    for c in g.play_cards():
        for a in list(g.abilities(c)):  # "starts the battle with ..." of keyword modules [g-77, 304.4]
            k = KEYWORDS.get(a.get("kw"))
            if k is not None and k.at_battle_start is not None:
                k.at_battle_start(g, c, a)


# ---------------------------------------------------------------------- hosts [210, 214, 306.4-306.8]
ATTACH_KINDS: Final = ("equipment", "symbiote", "parasite")


def attach_kind(g: GameState, c) -> str | None:
    """``"equipment"``, ``"symbiote"`` or ``"parasite"`` for cards that need a host, else None."""
    d = g.defn(c)
    if d.get("kind") == "equipment":
        return "equipment"
    if d.get("kind", "creature") == "creature" and d.get("symbiote"):
        return "parasite" if d.get("symbiote") == "parasite" else "symbiote"
    return None


def _plain_creature(g: GameState, c) -> bool:
    d = g.defn(c)
    return (d.get("kind", "creature") == "creature" and not d.get("flyer") and not d.get("symbiote")
            and c.zone == "battlefield" and not c.attached_to and not c.hidden)


def _wearing(g: GameState, host) -> list:
    return [c for c in g.cards.values() if c.attached_to == host.id and c.zone == "battlefield"]


def host_candidates(g: GameState, att) -> list[str]:
    """Legal hosts for attachment ``att`` [214.4-214.6, 210.2-210.4, 210.14]. A face-down card is never a host
    (docs/rules-decisions.md)."""
    kind = attach_kind(g, att)
    out = []
    for cid in g.board.values():
        h = g.cards[cid]
        if h is att or not _plain_creature(g, h):
            continue
        worn = _wearing(g, h)
        if kind == "equipment":
            classes = set(g.defn(att).get("classes") or [])
            if h.controller != att.controller or not g.defn(h).get("classes"):
                continue
            if any(classes & set(g.defn(w).get("classes") or []) for w in worn if attach_kind(g, w) == "equipment"):
                continue  # one piece of each class [214.5]
        else:
            if any(attach_kind(g, w) in ("symbiote", "parasite") for w in worn):
                continue  # one symbiote or parasite per creature [210.4]
            if kind == "symbiote" and h.controller != att.controller:
                continue
            if kind == "parasite" and (h.controller == att.controller or row_of(h.cell, h.controller) != 1):
                continue  # an enemy creature of the enemy's 1st row [210.14]
        out.append(h.id)
    return out


def host_options(g: GameState, p: int, kind: str) -> list[dict]:
    """``choose {"attach": id, "to": host}`` options of player ``p`` for unhosted attachments of ``kind``."""
    out = []
    for cell in CELLS:
        cid = g.board.get(cell)
        if not cid:
            continue
        c = g.cards[cid]
        if c.controller == p and not c.hidden and attach_kind(g, c) == kind:
            out.extend({"act": "choose", "option": {"attach": cid, "to": h}} for h in host_candidates(g, c))
    return out


def attach(g: GameState, att, host) -> None:
    """Put ``att`` into its host's cell (not a relocation) [210.2, 214.4]."""
    if att.cell and g.board.get(att.cell) == att.id:
        del g.board[att.cell]
    att.attached_to = host.id
    att.cell = host.cell
    g.play_changed()
    g.emit(Event.ATTACHED, card=att.id, host=host.id)


# ---------------------------------------------------------------------- recruitment accounting
def legal(g: GameState, p: int) -> list[dict]:
    """The preliminary choices ``p`` may make now (02-battle.md header encodings)."""
    pr = g.prompt
    if pr is None or pr["player"] != p:
        return []
    kind = pr["kind"]
    if kind == PromptKind.FIRST:
        return [{"act": "choose", "option": {"first": 1}}, {"act": "choose", "option": {"first": 2}}]
    if kind == PromptKind.REDEAL:
        out = [{"act": "choose", "option": "keep"}]
        if g.crystals[p]["gold"] > 0:
            out.append({"act": "choose", "option": "redeal"})
        return out
    if kind == PromptKind.RECRUIT:
        out = []
        payable: set[str] = set()  # the deal's cards ``p`` may recruit as they are (no recruitment choices)
        for cid in g.deals[p]:
            ways = recruit_payments(g, p, cid)
            if ways is None or paid_with(ways, None) is None:
                continue
            payable.add(cid)
            out.append({"act": "choose", "option": {"recruit": cid}})
            if not g.defn(g.cards[cid]).get("elite") and paid_with(ways, "silver") is not None \
                    and paid_with(ways, "gold") is not None:
                out.append({"act": "choose", "option": {"recruit": cid, "pay": "gold"}})  # gold by choice
        for cid in g.deals[p]:
            for h, _, a in recruit_hooks(g, g.cards[cid]):
                for extra in h.options(g, p, g.cards[cid], a):
                    if recruit_payment(g, p, cid, None, extra) is not None:
                        out.append({"act": "choose", "option": dict({"recruit": cid}, **extra)})
        holders = hooked(g, p, "deal+recruits")
        if not any(h.must_recruit(g, p, holder, a, g.cards[cid]) and cid in payable
                   for cid in g.deals[p] for holder, hooks in holders for h, _, a in hooks):
            out.append({"act": "choose", "option": "done"})
        return out
    if kind == PromptKind.DEPLOY:
        cells = deploy_cells(g, p)
        return [{"act": "choose", "option": {"place": cid, "cell": c}} for cid in g.recruits[p] for c in cells]
    if kind == PromptKind.PRELIMINARY:
        acts = pa.declarable(g, p, pr["step"])
        return acts if pa.must_declare(g, p, pr["step"], acts) else [{"act": "pass"}] + acts
    if kind == PromptKind.CHOICE and pr.get("what") == "keep_hidden":
        return [{"act": "choose", "option": cid} for cid in hide_options(g)] + [{"act": "choose", "option": "done"}]
    if kind == PromptKind.CHOICE and pr.get("what") == "host":
        return host_options(g, p, pr["attachment"])
    return []


def deploy_cells(g, p: int) -> list[str]:
    """Free cells where ``p`` may place the next card: the zone first, added cells when it is full [305]. ``g``: a
    state or a game (it reads only ``first`` and ``board``)."""
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


def perform(g: GameState, p: int, act: dict) -> None:
    """Apply a legal preliminary choice (one handler per prompt kind)."""
    kind = g.prompt["kind"]
    if kind == PromptKind.CHOICE:
        _CHOICES[g.prompt.get("what")](g, p, act.get("option"))
    else:
        _PERFORM[kind](g, p, act)


def _perform_preliminary(g: GameState, p: int, act: dict) -> None:
    """A pass or a preliminary ability in a step with priority [303.2, 307.4, 301.2]."""
    w = g.prelim["window"]
    if act["act"] == "pass":
        g.emit(Event.PASS, player=p)
        w["passed"].append(p)  # a player who passes may declare nothing more in this step [303.2, 307.4]
        w["holder"] = g.other(p)
    else:
        pa.execute(g, p, act)
        if w["mode"] == "alternate":
            w["holder"] = g.other(p)  # executing it hands priority to the opponent [301.2]


def _keep_hidden(g: GameState, p: int, opt) -> None:
    """The second player keeps one more 3rd-row card face down, or is done [306.2]."""
    st = g.prelim
    if opt == "done":
        st["hide_closed"] = True
    else:
        st["keep_hidden"].append(opt)
        g.emit(Event.KEPT_HIDDEN, player=p, cell=g.cards[opt].cell)


def _host(g: GameState, p: int, opt) -> None:
    attach(g, g.cards[opt["attach"]], g.cards[opt["to"]])


def _perform_first(g: GameState, p: int, act: dict) -> None:
    """The roll's winner names the first player; the second gets a silver crystal [101.3]."""
    g.first = act["option"]["first"]
    g.crystals[_second(g)]["silver"] += 1  # [101.3]
    g.emit(Event.FIRST_PLAYER, player=g.first)
    g.prelim["step"] = "redeal"


def _perform_redeal(g: GameState, p: int, act: dict) -> None:
    """Keep the deal, or pay a gold crystal for a new one [303]."""
    st = g.prelim
    if act.get("option") == "keep":
        st["kept"].append(p)
        g.emit(Event.KEPT, player=p)
        if len(st["kept"]) == 2:
            _enter(g, Phase.RECRUITMENT_PREPARATION)
            _open_window(g, "recruitment_preparation", "sequential", "recruit")
        return
    n = len(g.deals[p])
    g.crystals[p]["gold"] -= 1
    for cid in g.deals[p]:
        renew_into_deck(g, g.cards[cid])
    g.deals[p] = []
    shuffle_deck(g, p)
    g.emit(Event.REDEALT, player=p)
    deal(g, p, n)


def _perform_recruit(g: GameState, p: int, act: dict) -> None:
    """Recruit a card, or finish; when both have finished, the deals go back and deployment starts [304-305]."""
    st = g.prelim
    opt = act.get("option")
    if opt != "done":
        recruit(g, p, opt)
        return
    st["done"].append(p)
    g.emit(Event.RECRUITED, player=p, n=len(g.recruits[p]))
    if len(st["done"]) == 2:
        for q in (1, 2):
            for cid in g.deals[q]:
                renew_into_deck(g, g.cards[cid])
            g.deals[q] = []
            shuffle_deck(g, q)
        st["step"] = "deploy"
        g.phase = Phase.DEPLOYMENT
        g.emit(Event.PHASE, phase=Phase.DEPLOYMENT, turn=0, active=None)


def _perform_deploy(g: GameState, p: int, act: dict) -> None:
    """Place a recruit face down on a cell of the player's zone [305]."""
    opt = act["option"]
    cid, cell = opt["place"], opt["cell"]
    c = g.cards[cid]
    g.recruits[p].remove(cid)
    c.zone = "battlefield"
    c.cell = cell
    g.turn_face_down(c)
    g.board[cell] = cid
    g.play_changed()
    g.emit(Event.PLACED, player=p, cell=cell)
    g.emit(Event.PLACED_CARD, to=p, player=p, card=cid, cell=cell)


_STEPS = {"roll": _step_roll, "first": _step_first, "redeal": _step_redeal, "window": _window_step,
          "recruit": _step_recruit, "deploy": _step_deploy, "reveal_first": _step_reveal_first, "hide": _step_hide,
          "host": _step_host, "vanguard": _step_vanguard, "turn": _step_turn}
_CHOICES: Final = {"keep_hidden": _keep_hidden, "host": _host}
_PERFORM: Final = {PromptKind.PRELIMINARY: _perform_preliminary, PromptKind.FIRST: _perform_first,
            PromptKind.REDEAL: _perform_redeal, PromptKind.RECRUIT: _perform_recruit,
            PromptKind.DEPLOY: _perform_deploy}
