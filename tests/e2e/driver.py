"""Playing through the browser client by clicks: pick one of the server's legal actions with a simple policy, then
perform it the way a player would (click the card, then the highlighted target cell or card, or the button).

The page exposes its connection as ``window.berserkConn`` (v, you, legal, view, status); the driver reads it to
decide, and acts only through clicks on the rendered board and buttons.
"""
from __future__ import annotations

import json

PRELIM_KINDS = ("first", "redeal", "recruit", "deploy")


def state(page) -> dict:
    """{v, you, legal, view, status, pending} of a game page (None before the page has a connection). It comes
    over as one JSON string: the view is large, and Playwright's own serialization of it, value by value through
    the driver process and back, costs several times the page's work."""
    return json.loads(page.evaluate("""() => { const c = window.berserkConn; if (!c) return 'null';
        return JSON.stringify({v: c.v ?? null, you: c.you ?? null, legal: c.legal ?? null, view: c.view ?? null,
                               status: c.status ?? null, pending: c.pendingAction ?? null}); }"""))


def wait_version_above(page, v: int | None, timeout: float = 15000) -> None:
    """Wait until the page has applied a version newer than v (None: any version)."""
    page.wait_for_function(
        "(v) => window.berserkConn && window.berserkConn.v !== null && (v === null || window.berserkConn.v > v)"
        " && window.berserkConn.status === 'open'", arg=v, timeout=timeout)


def wait_version(page, v: int, timeout: float = 15000) -> None:
    """Wait until the page shows exactly version v (or newer)."""
    page.wait_for_function("(v) => window.berserkConn && window.berserkConn.v >= v", arg=v, timeout=timeout)


def can_act(page) -> bool:
    s = state(page)
    return bool(s and s["legal"] and not s["pending"] and s["status"] == "open" and not s["view"].get("result"))


class Policy:
    """Chooses a legal action: first player 1, keep the deal, recruit up to ``squad`` cards, place them, then
    strike when possible, else move forward, else end the turn / pass. Deterministic for a given state."""

    def __init__(self, squad: int = 2) -> None:
        self.squad = squad

    def choose(self, legal: list[dict], view: dict, you: int) -> int:
        def find(pred):
            for i, a in enumerate(legal):
                if pred(a):
                    return i
            return None

        opt = lambda a: a.get("option") if a["act"] == "choose" else None
        recruits = sum(1 for c in view["cards"].values() if c.get("owner") == you and c.get("zone") == "recruits")
        on_board = sum(1 for c in view["cards"].values() if c.get("owner") == you and c.get("zone") == "battlefield")
        order = [
            lambda a: isinstance(opt(a), dict) and opt(a).get("first") == 1,
            lambda a: opt(a) == "keep",
            lambda a: isinstance(opt(a), dict) and "recruit" in opt(a) and recruits + on_board < self.squad,
            lambda a: isinstance(opt(a), dict) and "place" in opt(a),
            lambda a: opt(a) == "done",
            lambda a: a["act"] == "order",
            lambda a: a["act"] == "attack",
            lambda a: a["act"] == "move" and _forward(a, view, you),
            lambda a: a["act"] == "end_turn",
            lambda a: a["act"] == "pass",
            lambda a: a["act"] == "choose",
            lambda a: a["act"] not in ("concede",),
        ]
        for pred in order:
            i = find(pred)
            if i is not None:
                return i
        return find(lambda a: True)


def _forward(a: dict, view: dict, you: int) -> bool:
    src = view["cards"].get(a["source"], {})
    if not src.get("cell"):
        return False
    dr = int(a["to"][1]) - int(src["cell"][1])
    return dr == (1 if you == 1 else -1)


#: When true, every click first checks that its control is visible, inside the viewport and not covered by
#: another element (the phone-size game test sets it: a player can only tap what they see).
STRICT = {"on": False}

_IN_VIEW = """(el, [x, y]) => { const r = el.getBoundingClientRect();
    const px = x === null ? r.left + r.width / 2 : r.left + x, py = y === null ? r.top + r.height / 2 : r.top + y;
    const inside = r.width > 0 && r.height > 0 && r.left >= -1 && r.right <= innerWidth + 1 && r.top >= -1
      && r.bottom <= innerHeight + 1;
    const top = document.elementFromPoint(px, py);
    return {inside, topmost: !!top && (top === el || el.contains(top)),
            what: top ? top.tagName + '.' + top.className : null}; }"""


def click(page, selector: str, position: dict | None = None) -> None:
    """Click the first element matching selector (at position within it, if given); in STRICT mode only after
    asserting that the element is visible, in the viewport and on top at the click point."""
    loc = page.locator(selector).first
    if STRICT["on"]:
        at = [position["x"] if position else None, position["y"] if position else None]
        got = loc.evaluate(_IN_VIEW, at)
        if not (got["inside"] and got["topmost"]):     # scrolled away: scroll it to the middle, as a player would
            loc.evaluate("el => el.scrollIntoView({block: 'center', inline: 'nearest'})")
            got = loc.evaluate(_IN_VIEW, at)
        assert got["inside"] and got["topmost"], (selector, got)
    if position:
        loc.click(position=position)
    else:
        loc.click()


class Stale(Exception):
    """The page moved on (a new version, a resync) between reading its state and acting on it."""


def click_action(page, idx: int, v: int | None = None, known: dict | None = None) -> None:
    """Perform legal action number idx of the page by clicks, and wait until the server answered (new version
    or error). ``v``: the version idx was chosen at; raises :class:`Stale` when the page is no longer there (or has
    no legal list at all). ``known``: the :func:`state` read at ``v``, used as it is while the page is still there
    (a large view is not read twice)."""
    s = known if known is not None and _still(page, known) else state(page)
    if not s or not s["legal"] or idx >= len(s["legal"]) or (v is not None and s["v"] != v):
        raise Stale(f"chosen at v{v}, the page is at v{s and s['v']} with {len((s or {}).get('legal') or [])} actions")
    a = s["legal"][idx]
    v = s["v"]
    t0 = page.evaluate("performance.now()")
    source = _source(a)
    targets = _targets(a, s["view"])
    if a["act"] == "concede":
        click(page, "button[data-act=concede]")
        click(page, "button[data-act=concede-confirm]")
    elif source is None and not targets["cards"]:
        click(page, f".global-actions button[data-idx='{idx}']")
    elif source is None:
        click(page, f"[data-card='{targets['cards'][0]}']")
        _disambiguate(page, idx)
    else:
        click(page, card_selector(page, source, ("no clickable card for the action's source", a,
                                                 s["view"].get("prompt"), s["view"].get("phase"),
                                                 getattr(page, "js_errors", None))))
        if not _is_single_targetless_choice(s["legal"], source, s["view"]):
            _pick_steps(page, a, v)
    confirm(page)
    page.wait_for_function(
        "([v, t0]) => { const c = window.berserkConn; return c.v > v || (c.lastError && c.lastError.at > t0); }",
        arg=[v, t0])


def _still(page, s: dict) -> bool:
    """True while the page is at the version of state ``s`` with the same legal list and nothing pending."""
    return page.evaluate("""([v, n]) => { const c = window.berserkConn; return !!c && c.v === v
        && c.pendingAction === null && !!c.legal && c.legal.length === n; }""", [s["v"], len(s["legal"] or [])])


def confirm(page) -> None:
    """Confirm an action the page holds for a confirmation (ending the turn, a pass while cards could act, recruiting,
    a defender: server/static/js/confirm.js)."""
    if page.locator("[data-testid=confirm-action]").count():
        click(page, "[data-testid=confirm-action]")


def card_selector(page, card: str, why) -> str:
    """Where a player clicks card ``card``: the card on the field, else the dock's button for a card that is not
    drawn clickable (a graveyard, a deck: server/static/js/reach.js). Raises AssertionError(``why``) when there is
    neither (a legal action the page does not offer)."""
    for sel in (f".field [data-card='{card}']", f"[data-testid=offpage-card][data-card='{card}']"):
        if page.locator(sel).count():
            return sel
    raise AssertionError(why)


def cards_without_place(page, cards: list[str]) -> list[str]:
    """The cards of ``cards`` that :func:`card_selector` would find nowhere to click, in one round trip to the page
    (the same two selectors)."""
    return page.evaluate("""(ids) => ids.filter((id) => {
        const q = CSS.escape(id);
        return !document.querySelector(`.field [data-card='${q}']`)
          && !document.querySelector(`[data-testid=offpage-card][data-card='${q}']`); })""", cards)


def play_by_clicks(page, rng, clicks: int, prefer=("ability", "declare", "choose"), p_prefer: float = 0.7,
                   check=None, timeout: float = 30000) -> int:
    """Play the page's seat by clicks until the game ends or ``clicks`` actions were made: each time it may act,
    a random legal action (``rng``; one of the ``prefer`` kinds with probability ``p_prefer``), never a concession.
    ``check(page, state)``: called before each action (an invariant of the page). Returns the actions made."""
    clicked = 0
    while clicked < clicks:
        page.wait_for_function("() => { const c = window.berserkConn; return (c.view && c.view.result)"
                               " || (c.legal && c.legal.length && c.pendingAction === null); }", timeout=timeout)
        s = state(page)
        if s["view"].get("result"):
            break
        options = [i for i, a in enumerate(s["legal"] or []) if a["act"] != "concede"]
        if not options:
            continue
        if check is not None:
            check(page, s)
        preferred = [i for i in options if s["legal"][i]["act"] in prefer]
        idx = rng.choice(preferred) if preferred and rng.random() < p_prefer else rng.choice(options)
        try:
            click_action(page, idx, s["v"], s)
        except Stale:
            continue
        clicked += 1
    return clicked


def move_key(a: dict) -> str:
    """The move an action belongs to, as the client groups them (server/static/js/picker.js ``moveKey``)."""
    if a["act"] in ("ability", "declare"):
        return f"{a['act']}:{a['ability']}"
    o = a.get("option")
    if a["act"] == "choose" and isinstance(o, dict):
        if "place" in o:
            return "place"
        if "recruit" in o:
            return "recruit_gold" if o.get("pay") == "gold" else "recruit"
    return a["act"]


def action_steps(a: dict) -> list[tuple[str, object]]:
    """The picks of an action in the client's order (picker.js ``actionSteps``): target, targets, cell, X."""
    steps = [("card", a["target"])] if a.get("target") else []
    steps += [("card", t) for t in a.get("targets") or []]
    if a.get("to"):
        steps.append(("cell", a["to"]))
    o = a.get("option")
    if a["act"] == "choose" and isinstance(o, dict) and o.get("cell"):
        steps.append(("cell", o["cell"]))
    if a.get("x") is not None:
        steps.append(("x", a["x"]))
    return steps


def _sent(page, v: int) -> bool:
    return page.evaluate("(v) => { const c = window.berserkConn; return c.pendingAction !== null || c.v > v; }", v)


def _pick_steps(page, a: dict, v: int) -> None:
    """With the source card selected: choose the move by name (unless it is the card's only move), then pick each
    target on the board, the cell, X; confirm when the picks allow more."""
    move = page.locator(f".selected-actions button.move[data-move='{move_key(a)}']")
    if move.count():
        move.click()
    for kind, value in action_steps(a):
        if _sent(page, v):
            return
        if kind == "card":
            click(page, card_selector(page, value, ("no clickable card for a target", a)))
        elif kind == "cell":
            click(page, f".board [data-cell='{value}']", position={"x": 6, "y": 6})
        else:
            click(page, f".pick-x button[data-x='{value}']")
    if not _sent(page, v) and page.locator("button.pick-confirm").count():
        click(page, "button.pick-confirm")


def _disambiguate(page, idx: int) -> None:
    """When several moves share the clicked target, the client lists them: pick ours."""
    if page.locator(".disambiguate").count():
        click(page, f".disambiguate button[data-idx='{idx}']")


def _source(a: dict):
    if a.get("source"):
        return a["source"]
    o = a.get("option")
    if a["act"] == "choose" and isinstance(o, dict):
        return o.get("recruit") or o.get("place")
    return None


def _targets(a: dict, view: dict) -> dict:
    cells, cards = [], []
    if a.get("to"):
        cells.append(a["to"])
    if a.get("target"):
        cards.append(a["target"])
    cards += a.get("targets") or []
    o = a.get("option")
    if a["act"] == "choose":
        if isinstance(o, dict) and o.get("cell"):
            cells.append(o["cell"])
        if isinstance(o, str) and o in view["cards"]:
            cards.append(o)
    return {"cells": cells, "cards": cards}


def _is_single_targetless_choice(legal: list[dict], source: str, view: dict) -> bool:
    mine = [a for a in legal if _source(a) == source]
    return len(mine) == 1 and mine[0]["act"] in ("choose", "defend") and not action_steps(mine[0])


def board_snapshot(page) -> dict:
    """What the page's board shows: {cell: sorted [card id + ':' + (name or '?')]}, plus aux zones."""
    return page.evaluate("""() => {
        const out = {};
        for (const cell of document.querySelectorAll('.board [data-cell]')) {
            const cards = [...cell.querySelectorAll('[data-card]')].map(
                (c) => c.dataset.card + ':' + (c.querySelector('.c-name')?.textContent || '?'));
            if (cards.length) out[cell.dataset.cell] = cards.sort();
        }
        for (const aux of document.querySelectorAll('[data-aux]')) {
            out['aux' + aux.dataset.aux] = [...aux.querySelectorAll('[data-card]')].map(
                (c) => c.dataset.card + ':' + (c.querySelector('.c-name')?.textContent || '?')).sort();
        }
        return out;
    }""")


def dump(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)
