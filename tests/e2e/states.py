"""Game states for the game-page tests: real engine views and legal lists, found by seeded random self-play.

``find_states()`` plays fixed seeds over the starter-deck pairs (deterministic) and keeps, for each named situation,
the first ``{"view", "legal", "you"}`` in which it happens for the player to act. The page tests mount the game page
on such a state with a stand-in connection, so each test sees exactly the situation it is about.
"""
from __future__ import annotations

import itertools
import random

from engine import Game, starter_decks

#: situation name -> predicate(view, legal)
SITUATIONS = {
    "ability_with_target": lambda v, legal: any(a["act"] == "ability" and isinstance(a.get("ability"), int)
                                                and a.get("target") for a in legal),
    "x_cost": lambda v, legal: any(a.get("x") is not None and a.get("target") for a in legal),
    "queue_second_pass": lambda v, legal: bool(v["queue"]) and (v.get("priority") or {}).get("passes") == 1,
    "queue_first_pass": lambda v, legal: bool(v["queue"]) and (v.get("priority") or {}).get("passes") == 0
    and (v.get("prompt") or {}).get("kind") == "priority",
    "exchange": lambda v, legal: (v.get("prompt") or {}).get("kind") == "exchange",
    "fight_logged": lambda v, legal: any(e["type"] == "strike_roll" for e in v["log"][-8:])
    and (v.get("prompt") or {}).get("kind") == "priority",
    "wounds_logged": lambda v, legal: any(e["type"] == "wounds" for e in v["log"]),
    "death_logged": lambda v, legal: any(e["type"] == "died" for e in v["log"]),
    "triggers": lambda v, legal: (v.get("prompt") or {}).get("kind") == "triggers",
    "main_priority": lambda v, legal: v["phase"] == "main" and (v.get("prompt") or {}).get("kind") == "priority"
    and any(a["act"] == "move" for a in legal),
    "acquired": lambda v, legal: any(c.get("acquired") for c in v["cards"].values()),
    "defender": lambda v, legal: any(a["act"] == "defend" for a in legal),
    "own_face_down": lambda v, legal: any(c.get("hidden") and c.get("card") and c["zone"] == "battlefield"
                                          for c in v["cards"].values()),
    "recruit": lambda v, legal: any(a["act"] == "choose" and isinstance(a.get("option"), dict)
                                    and "recruit" in a["option"] for a in legal),
    "deploy": lambda v, legal: (v.get("prompt") or {}).get("kind") == "deploy",
    "first_roll": lambda v, legal: (v.get("prompt") or {}).get("kind") == "first",
    # a fight's two dice, one of each player, before its result (the roll window)
    "fight_dice": lambda v, legal: len(v["log"]) > 1 and all(e["type"] == "die" for e in v["log"][-2:])
    and v["log"][-1]["player"] != v["log"][-2]["player"] and (v.get("prompt") or {}).get("kind") == "window",
}


def find_states(max_actions: int = 1500, seeds: int = 3) -> dict:
    """{situation: {"view", "legal", "you"}} for every situation of SITUATIONS met in the fixed games."""
    decks = starter_decks()
    names = sorted(n for n in decks if n.isascii())
    found: dict = {}
    for (d1, d2), seed in itertools.product(itertools.permutations(names, 2), range(seeds)):
        g = Game.new(seed=seed, deck1=decks[d1], deck2=decks[d2])
        rng = random.Random(seed)
        for _ in range(max_actions):
            if g.result is not None:
                break
            p = g.to_act()
            legal = g.legal_actions(p)
            view = g.view(p)
            for name, pred in SITUATIONS.items():
                if name not in found and pred(view, legal):
                    found[name] = {"view": view, "legal": legal, "you": p}
            if len(found) == len(SITUATIONS):
                return found
            g.apply(p, rng.choice([a for a in legal if a["act"] != "concede"]))
    return found


#: page.evaluate(MOUNT, [state, lang]): the game page's own modules rendering ``state`` into a new
#: ``#game-under-test`` element with a stand-in connection; what the page would send collects in ``window.sent``.
MOUNT = """async ([state, lang]) => {
  localStorage.setItem('lang', lang);
  const i18n = await import('/js/i18n.js');
  i18n.setLang(lang);
  const { GamePage } = await import('/js/game.js');
  const cards = await import('/js/cards.js');
  await cards.loadCatalogue();
  document.getElementById('app').hidden = true;
  const root = document.createElement('main');
  root.id = 'game-under-test';
  document.body.append(root);
  window.sent = [];
  const conn = { view: state.view, legal: state.legal, you: state.you, v: 1, status: 'open', pendingAction: null,
    clocks: null, lastError: null, clockMs: () => null,
    act(a) { window.sent.push(a); return 'x'; } };
  window.berserkConn = conn;
  const page = new GamePage(root, conn);
  window.gamePage = page;
  page.render();
}"""


def choose_one_state() -> dict:
    """``{"view", "legal", "you"}`` of the struck side asked to choose one (выбрать одно): the computer's Овражный
    гном (vs2003-ovrazhny-gnom) has struck the player's open Леший (vs2003-leshiy), whose controller chooses between
    closing it and 2 wounds («адское зловоние»)."""
    import json

    from tests.cards.kit import do, pool, setup

    g, labels = setup([pool("a", "c3", 1, "vs2003-ovrazhny-gnom"), pool("t", "c4", 2, "vs2003-leshiy")], dice=[6, 1])
    asked: dict = {}

    def stop_at_the_choice(game, legal):
        if game.prompt["kind"] == "choice" and not asked:  # plain JSON, as the page receives it
            asked.update(json.loads(json.dumps({"view": game.view(2), "legal": legal, "you": 2})))
        return None
    do(g, labels, 1, act="attack", source="a", target="t", pick=stop_at_the_choice)
    return asked
