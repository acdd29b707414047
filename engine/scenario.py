"""The scenario runner: ``python -m engine.scenario FILE_OR_FOLDER...`` (../shared/scenarios/FORMAT.md).

Each scenario is played through the public API only (``Game.from_scenario``, ``apply``, ``snapshot``) and
reported as passed or failed with the first difference found. Scenarios listed in
``tests/disputed_scenarios.txt`` (``<id> <reason>``) are run and reported apart. Exit status 0 only when every
undisputed scenario passed. The last line reads ``N passed, M failed`` (disputed ones counted apart).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.errors import EngineError
from engine.game import Game
from engine.model.rng import DiceExhausted


DISPUTED_FILE = Path(__file__).resolve().parent.parent / "tests" / "disputed_scenarios.txt"


class ScenarioFailure(Exception):
    """A scenario's expectation did not hold (message: the first difference)."""


class ScenarioError(ScenarioFailure):
    """A scenario that cannot be judged: one of its cards does not fit the card schema (``invalid_card``,
    engine/cards/schema.py). Reported as ERROR, counted as not passed."""


def _sub(labels, v):
    if isinstance(v, str):
        return labels.get(v, v)
    if isinstance(v, list):
        return [_sub(labels, x) for x in v]
    if isinstance(v, dict):
        return {k: _sub(labels, x) for k, x in v.items()}
    return v


def _action(step: dict, labels: dict) -> dict:
    act = {k: v for k, v in step.items() if k not in ("player", "expect_error", "expect")}
    return _sub(labels, act)


def _check(g: Game, labels: dict, expect: dict, where: str) -> None:
    rev = {v: k for k, v in labels.items()}
    for key, want in expect.items():
        if key in labels:
            c = g.cards[labels[key]]
            for f, w in want.items():
                if f == "life":
                    got = g.life(c) - c.wounds
                elif f == "markers":
                    got = {m: c.markers.get(m, 0) for m in w}
                elif f == "cell" and c.zone not in ("battlefield",):
                    got = None
                else:
                    got = getattr(c, f)
                if got != w:
                    raise ScenarioFailure(f"{where}: {key}.{f} is {got!r}, expected {w!r}")
            continue
        if key == "queue":
            got = []
            for e, w in zip(g.queue, want + [None] * len(g.queue)):
                lab = rev.get(e["source"], e["source"])
                if w is not None and w != lab and w in _ability_names(g, e):
                    lab = w
                got.append(lab)
            if got != want:
                raise ScenarioFailure(f"{where}: queue is {got!r}, expected {want!r}")
        elif key in ("active", "phase", "turn"):
            got = getattr(g, key)
            if got != want:
                raise ScenarioFailure(f"{where}: {key} is {got!r}, expected {want!r}")
        elif key == "winner":
            got = g.result["winner"] if g.result else None
            if got != want:
                raise ScenarioFailure(f"{where}: winner is {got!r}, expected {want!r}")
        elif key == "priority":
            # FORMAT.md: "the player asked to declare or pass": holding priority, pending triggers to declare or
            # pass on (RULES.md Q1, Q5.1), or priority in a preliminary step
            declare_or_pass = ("priority", "triggers", "preliminary")
            got = g.prompt["player"] if g.prompt and g.prompt["kind"] in declare_or_pass else None
            if got != want:
                raise ScenarioFailure(f"{where}: priority is {got!r}, expected {want!r}")
        elif key[:-1] in ("graveyard", "deck") and key[-1] in "12":
            zone = (g.graveyards if key.startswith("graveyard") else g.decks)[int(key[-1])]
            got = len(zone) if isinstance(want, int) else [rev.get(i, i) for i in zone]
            if got != want:
                raise ScenarioFailure(f"{where}: {key} is {got!r}, expected {want!r}")
        else:
            raise ScenarioFailure(f"{where}: unknown expect key {key!r}")


def _ability_names(g, e) -> set:
    """The names a queue entry answers to in an expected ``queue`` (FORMAT.md: labels or ability names): its
    ability's kw, a trigger's point and the kws of its effects."""
    src = g.cards.get(e["source"])
    if src is None or not isinstance(e.get("ability"), int):
        return {e["ability"]} if isinstance(e.get("ability"), str) else set()
    a = g.abilities(src)[e["ability"]]
    return {a.get("kw"), a.get("when"), a.get("_part_of")} | {x.get("kw") for x in a.get("effects") or []}


def _follow_renewed(g: Game, labels: dict, seen: dict) -> None:
    """Keep labels on their cards: a card that enters a deck becomes a new card there with a new instance id
    [SEED S2; 01-game-and-cards.md §5.5], and its label follows it to that new card (same card definition, its
    owner's deck, an id not seen before). ``seen``: instance id -> (definition key, owner) of every card met so far,
    updated in place; ``labels`` is updated in place."""
    taken = set(labels.values())
    for lab, cid in list(labels.items()):
        if cid in g.cards or cid not in seen:
            continue
        defkey, owner = seen[cid]
        for nid in g.decks[owner]:
            if nid not in seen and nid not in taken and g.cards[nid].defkey == defkey:
                labels[lab] = nid
                taken.add(nid)
                break
    for cid, c in g.cards.items():
        seen.setdefault(cid, (c.defkey, c.owner))


def run_scenario(doc: dict) -> None:
    """Play one scenario document; raises ScenarioFailure with the first difference."""
    try:
        g, labels = Game.from_scenario(doc)
        seen: dict = {}
        _follow_renewed(g, labels, seen)
        for i, step in enumerate(doc.get("steps", [])):
            where = f"step {i}"
            if "expect" in step and "act" not in step:
                _check(g, labels, step["expect"], where)
                continue
            act = _action(step, labels)
            err = step.get("expect_error")
            if err:
                before = g.snapshot()
                try:
                    g.apply(step["player"], act)
                except EngineError as e:
                    if isinstance(err, str) and e.code != err:
                        raise ScenarioFailure(f"{where}: error {e.code!r}, expected {err!r}") from None
                    if g.snapshot() != before:
                        raise ScenarioFailure(f"{where}: a rejected action changed the state") from None
                    continue
                raise ScenarioFailure(f"{where}: {act} was accepted, expected an error")
            try:
                g.apply(step["player"], act)
            except EngineError as e:
                legal = g.legal_actions(step["player"])
                raise ScenarioFailure(f"{where}: {act} rejected ({e.code}: {e.message}); prompt={g.prompt}; "
                                      f"legal={legal[:12]}") from None
            _follow_renewed(g, labels, seen)
        if doc.get("expect"):
            _check(g, labels, doc["expect"], "final")
        if g.rng.forced:
            raise ScenarioFailure(f"unused dice left: {g.rng.forced}")
    except DiceExhausted:
        raise ScenarioFailure("the game rolled more dice than the scenario lists") from None
    except EngineError as e:
        if e.code == "invalid_card":  # a card the schema refuses (engine/cards/schema.py): an error, never a pass
            raise ScenarioError(f"invalid card: {e.message}") from None
        raise ScenarioFailure(f"setup rejected: {e.code}: {e.message}") from None


def disputed() -> dict[str, str]:
    """Scenario ids listed in tests/disputed_scenarios.txt with their reasons."""
    out = {}
    if DISPUTED_FILE.exists():
        for line in DISPUTED_FILE.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                sid, _, why = line.partition(" ")
                out[sid] = why.strip()
    return out


def main(argv: list[str]) -> int:
    """Run the scenario files/folders in ``argv``; print one line each and a summary; exit 0 if all passed."""
    files = []
    for a in argv:
        p = Path(a)
        if p.is_dir():
            files.extend(f for f in sorted(p.rglob("*.json")) if f.name != "scenario.schema.json")
        elif p.exists():
            files.append(p)
    dis = disputed()
    passed = failed = dpassed = dfailed = 0
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        sid = doc.get("id", f.stem)
        verdict = "FAIL"
        try:
            run_scenario(doc)
            ok, msg = True, ""
        except ScenarioError as e:
            ok, msg, verdict = False, str(e), "ERROR"
        except ScenarioFailure as e:
            ok, msg = False, str(e)
        except Exception as e:  # an engine bug: report it as a failure, keep going
            ok, msg = False, f"engine raised {type(e).__name__}: {e}"
        tag = "DISPUTED " if sid in dis else ""
        print(f"{tag}{'PASS' if ok else verdict} {sid} ({f}){': ' + msg if msg else ''}")
        if sid in dis:
            dpassed += ok
            dfailed += not ok
        else:
            passed += ok
            failed += not ok
    if dis:
        print(f"disputed: {dpassed} pass, {dfailed} fail (see tests/disputed_scenarios.txt)")
    print(f"scenarios: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
