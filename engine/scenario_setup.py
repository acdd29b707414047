"""Building a game from a scenario's ``setup`` (../shared/scenarios/FORMAT.md)."""
from __future__ import annotations

from engine.cards.keywords import KEYWORDS
from engine.cards.pool import card_def, resolve_id
from engine.cards.typed import parse_value
from engine.errors import EngineError
from engine.model.enums import PRELIM_PHASES, TURN_PHASES, Phase
from engine.model.rng import Rng
from engine.ops.acquire import refresh_forced
from engine.ops.trigger_points import collect
from engine.procedure import prelim
from engine.procedure.flow import run
from engine.procedure.phases import begin_turn, start_turn


def build(g, doc: dict, *, seeded_dice: bool = False):
    """Fill the empty game ``g`` from scenario ``doc``; returns ``(g, labels)`` with labels -> instance ids.

    Decks and graveyards keep the listed order (first = top). Cards with ``override`` get a definition of their
    own. The game starts at the beginning of ``setup.phase`` with an empty queue. ``dice`` are rolled first; past
    them a scenario's game refuses to roll, unless ``seeded_dice`` (a game played on from a fixed position, the
    tutorial): then the seed rolls the rest. Raises EngineError("invalid_scenario" | "unknown_card")."""
    try:
        setup = doc["setup"]
        g.seed = int(doc.get("seed", 0))
        g.rng = Rng(g.seed, doc.get("dice") or [], strict=not seeded_dice)
        labels: dict[str, str] = {}
        attach = []
        for i, spec in enumerate(setup["cards"]):
            c = _place(g, spec, i)
            if spec.get("label"):
                labels[spec["label"]] = c.id
            if c.zone == "battlefield" and spec.get("attached_to"):
                attach.append((c, spec["attached_to"]))
        for c, host_label in attach:
            host = g.cards[labels[host_label]]
            c.attached_to = host.id
            c.cell = host.cell
        _begin(g, setup)
        refresh_forced(g, baseline=True)
        run(g)
        return g, labels
    except (KeyError, TypeError, ValueError) as e:
        raise EngineError("invalid_scenario", f"The scenario setup is malformed ({e!r}).") from e


def _place(g, spec: dict, i: int):
    """A new card for one setup entry, with its state, in its zone (an attached card gets its cell later)."""
    name = spec["card"]
    override = spec.get("override")
    if override is not None:
        base = resolve_id(name) or f"custom:{name}"
        defkey = f"{base}#{spec.get('label') or i}"
        g.defs[defkey] = card_def(name, override)
    else:
        defkey = resolve_id(name)
        if defkey is None:
            card_def(name)  # raises unknown_card
    owner = int(spec["owner"])
    zone = spec["zone"]
    c = g.new_card(defkey, owner, zone)
    c.controller = int(spec.get("controller", owner))
    c.closed = bool(spec.get("closed", False))
    c.wounds = int(spec.get("wounds", 0))
    c.tokens = int(spec.get("tokens", 0))
    c.markers = dict(spec.get("markers") or {})
    _marker_abilities(c)
    if zone == "battlefield":
        if not spec.get("attached_to"):
            if spec["cell"] in g.board:
                raise EngineError("invalid_scenario", f"Two cards on cell {spec['cell']}.")
            c.cell = spec["cell"]
            g.board[c.cell] = c.id
    elif zone == "aux":
        g.aux[c.controller].append(c.id)
    elif zone == "deck":
        g.decks[owner].append(c.id)
    elif zone == "graveyard":
        g.graveyards[owner].append(c.id)
    else:
        raise EngineError("invalid_scenario", f"Unknown zone {zone!r}.")
    return c


def _marker_abilities(c) -> None:
    """A marker that names a state made of triggers (``plague`` [g-57]; 01 §6.1 markers) gives the card that state:
    it acquires the keyword (with its trigger ``parts``) for the battle, as the effect that puts the marker does.
    Markers read directly by a rule (``poison``, ``blessing``, ``curse``) need nothing more."""
    for k in KEYWORDS.values():
        if k.marker and k.parts is not None and c.markers.get(k.marker):
            spec = {"kind": "end_of_battle", "player": c.controller, "turn": 0, "source": None, "cell": None,
                    "target_player": c.controller}
            c.acquired += [parse_value(dict(a, _until=spec)) for a in [{"kw": k.kw}] + k.parts({}, {"kw": k.kw})]


def _begin(g, setup: dict) -> None:
    """Start the game at the beginning of ``setup.phase`` (a preliminary phase, or a phase of turn ``turn`` of
    player ``active``). The beginning of a phase includes its automatic part: ``turn_start`` opens the active
    player's cards and collects the start-of-turn triggers [311], ``final`` collects the end-of-turn triggers
    [313.1] (FORMAT.md: a scenario starts at the beginning of the phase named)."""
    phase = setup.get("phase", Phase.MAIN)
    g.turn = int(setup.get("turn", 1))
    g.active = int(setup.get("active", 1))
    if phase in (Phase.BATTLE_START, Phase.VANGUARD):
        prelim.start_at(g, phase)  # a position on the battlefield at that step [307, 308]
        return
    if phase in PRELIM_PHASES:
        prelim.start(g)
        return
    if phase not in TURN_PHASES:
        raise EngineError("invalid_scenario", f"Unknown phase {phase!r}.")
    g.first = g.active if g.turn % 2 == 1 else g.other(g.active)
    if phase == Phase.TURN_PREPARATION:
        begin_turn(g)
    elif phase == Phase.TURN_START:
        start_turn(g)  # the step's automatic part [311.1-311.4]: opening, markers, start-of-turn triggers
    else:
        g.phase = phase
        if phase == Phase.FINAL:
            collect(g, {"type": "turn_end", "player": g.active})
