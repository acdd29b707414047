"""The tutorial from start to finish in Chromium: started from the lobby (data-testid "tutorial"), each step's
instruction in data-testid "tutorial-step" with the thing to click highlighted, done by clicks, checked by the page
before it moves on: the deal and recruiting with silver and gold, deployment, then a battle from a prepared position
(moving, a simple strike and the Strike Table, the queue and the pass, a shot, a discharge paid with tokens, a
flyer, ending the turn, a defender) played to a real end; left in the middle and resumed from the lobby."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import driver
from server.tutorial import BATTLE, PRELIM_DECKS
from tests.e2e.players import enter_lobby, room_of

LESHIY, ERIALA, ARGULL, DRAKS = "vs2023-071-leshiy", "vs2023-078-eriala", "vs2003-ar-gull", "vs2023-070-draks"
MAX_CLICKS = 400


def _step(page) -> str:
    return page.get_attribute("[data-testid=tutorial-step]", "data-step")


def _mine(view, you, def_id):
    return next((c for c in view["cards"].values() if c.get("owner") == you and c.get("card") == def_id), None)


def _pick(step: str, s: dict, policy) -> int | None:
    """The legal action (index) the step asks for, or None when the step waits for the computer."""
    legal, view, you = s["legal"], s["view"], s["you"]
    find = lambda pred: next((i for i, a in enumerate(legal) if pred(a)), None)
    opt = lambda a: a.get("option") if a["act"] == "choose" else None
    card = lambda d: (_mine(view, you, d) or {}).get("id")
    recruit = lambda d: find(lambda a: isinstance(opt(a), dict) and opt(a).get("recruit") == card(d)
                             and opt(a).get("pay") != "gold") if d != ARGULL else \
        find(lambda a: isinstance(opt(a), dict) and opt(a).get("recruit") == card(d))
    targets = {c["id"] for c in view["cards"].values() if c.get("owner") != you and c.get("zone") == "battlefield"}
    # ranged attacks, the discharge and the flyer go at the far Nomad (d5), as the steps say: the near one lives
    # on to strike back in the computer's turn (the defender step)
    on = lambda cell: {c["id"] for c in view["cards"].values() if c.get("owner") != you and c.get("cell") == cell}
    far = on("e4") or targets
    by = lambda d, acts: find(lambda a: a.get("source") == card(d) and a["act"] in acts and a.get("target") in far)
    passing = find(lambda a: a["act"] == "pass")
    picks = {
        "keep": lambda: find(lambda a: opt(a) == "keep"),
        "hire_silver": lambda: recruit(LESHIY),
        "hire_gold": lambda: recruit(ARGULL),
        "hire_more": lambda: recruit(DRAKS) if recruit(DRAKS) is not None else recruit(ERIALA),
        "done_hiring": lambda: find(lambda a: opt(a) == "done"),
        "move": lambda: find(lambda a: a["act"] == "move" and a["source"] == card(LESHIY) and a["to"] == "e3"),
        "strike": lambda: find(lambda a: a["act"] == "attack" and a["source"] == card(LESHIY) and a["target"] in far),
        "shot": lambda: by(ERIALA, ("ability", "shoot")),
        "ability": lambda: find(lambda a: a.get("source") == card(ARGULL) and a["act"] == "ability"
                                and a.get("target") in far),
        "flyer": lambda: find(lambda a: a["act"] == "attack" and a["source"] == card(DRAKS)
                              and a["target"] in (on("c4") or targets)),
        "end_turn": lambda: find(lambda a: a["act"] == "end_turn"),
        "defender": lambda: find(lambda a: a["act"] == "defend"),
    }
    if step in picks:
        got = picks[step]()
        if got is not None:
            return got
        if step in ("move", "strike", "pass", "shot", "ability", "flyer", "defender", "end_turn") \
                and passing is not None:
            return passing     # the step's entry waits in the queue: the pass carries it out
    if step == "pass":
        return passing
    return policy.choose(legal, view, you)   # deployment, and the rest of the game


def test_the_tutorial_from_the_lobby_to_a_won_game_left_and_resumed_on_the_way(bot_server, new_page, artifacts):
    page = new_page("en-US")
    enter_lobby(page, bot_server, "Learner")
    assert "Start" in page.inner_text("[data-testid=tutorial]")
    page.click("[data-testid=tutorial-start]")
    page.wait_for_selector("[data-testid=tutorial-step]")
    policy = driver.Policy(squad=4)
    seen, left, defended = [], False, False
    premise_off = []    # the steps that said the board was not as their words take it
    for _ in range(MAX_CLICKS):
        step = _step(page)
        if not seen or seen[-1] != step:
            seen.append(step)
            page.screenshot(path=str(artifacts / f"tutorial-{len(seen):02d}-{step}.png"))
        if step == "complete":
            break
        if page.locator("[data-testid=tutorial-premise]").count():
            premise_off.append(step)
        if step == "hire_gold" and not left:      # leave in the middle and come back from the lobby: the part again
            left = True
            room = page.evaluate("location.hash")
            page.click("[data-testid=tutorial-leave]")
            page.wait_for_selector("[data-testid=tutorial-start]")
            assert "Resume" in page.inner_text("[data-testid=tutorial-start]")
            page.click("[data-testid=tutorial-start]")
            page.wait_for_selector("[data-testid=tutorial-step][data-step=keep]")
            assert page.evaluate("location.hash") != room
            continue
        if page.locator("[data-testid=tutorial-next]").count():
            if _step(page) != step:   # the computer moved the page on since the read: a step with "Next" stays
                continue              # until it is clicked, so the next round records it first
            room = page.evaluate("location.hash")
            page.click("[data-testid=tutorial-next]")
            page.wait_for_function("(s) => document.querySelector('[data-testid=tutorial-step]')?.dataset.step !== s",
                                   arg=step)
            if step == "to_battle":     # the battle is a room of its own, from its prepared position
                page.wait_for_function("(h) => location.hash !== h && location.hash.startsWith('#/room/')", arg=room)
                page.wait_for_function("() => window.berserkConn && window.berserkConn.view"
                                       " && window.berserkConn.view.phase === 'main'")
            continue
        page.wait_for_function("() => { const c = window.berserkConn; return c && c.view && (c.view.result"
                               " || (c.legal && c.legal.length && !c.pendingAction)); }", timeout=60000)
        s = driver.state(page)
        if _step(page) != step:      # the guide moved on since the read: pick for the step it shows now
            continue
        if s["view"].get("result") or not s["legal"] or s["pending"]:
            page.wait_for_function("(s) => document.querySelector('[data-testid=tutorial-step]')?.dataset.step !== s"
                                   " || !window.berserkConn.view.result", arg=step, timeout=5000)
            continue
        idx = _pick(step, s, policy)
        if idx is None:
            page.wait_for_function("(s) => document.querySelector('[data-testid=tutorial-step]')?.dataset.step !== s",
                                   arg=step)
            continue
        a = s["legal"][idx]
        defended = defended or a["act"] == "defend"
        lit = page.locator(".tutorial-target")
        if step in ("hire_silver", "hire_gold", "move", "strike", "defender") and a.get("act") != "pass":
            src = a.get("source") or (a.get("option") or {}).get("recruit")
            assert lit.count() == 1 and lit.get_attribute("data-card") == src, (step, src)
        if step in ("move", "shot", "ability", "flyer") and a.get("act") == "pass" and s["view"]["queue"]:
            # the card's declaration waits in the queue: the highlight has moved on to "Pass"
            assert lit.count() == 1 and lit.get_attribute("data-act") == "pass", step
        try:
            driver.click_action(page, idx, s["v"], s)
        except driver.Stale:
            continue
    assert seen[-1] == "complete", seen
    for must in ("keep", "hire_silver", "hire_gold", "hire_more", "done_hiring", "deploy", "to_battle", "move",
                 "strike", "pass", "table", "shot", "ability", "flyer", "end_turn", "defender", "finish"):
        assert must in seen, (must, seen)
    assert defended, "the computer's strike never offered the defender the step names"
    assert not premise_off, premise_off
    assert driver.state(page)["view"]["result"]["winner"] == driver.state(page)["you"]
    page.click("[data-testid=tutorial-next]")
    page.wait_for_selector("[data-testid=tutorial-start]")
    assert "Start" in page.inner_text("[data-testid=tutorial-start]")
    assert not page.js_errors, page.js_errors


def test_the_tutorial_begins_at_step_one_once_the_first_player_is_chosen(bot_server, new_page):
    page = new_page("en-US")
    enter_lobby(page, bot_server, "Learner")
    page.click("[data-testid=tutorial-start]")
    page.wait_for_function("() => (window.berserkConn?.view?.log || []).some((e) => e.type === 'first_player')")
    page.wait_for_selector("[data-testid=tutorial-step]")
    assert page.inner_text(".tutorial-count").startswith("Step 1 of ")


GUIDE_AT_THE_END = """async ([result, lang]) => {
  const i18n = await import('/js/i18n.js');
  const tut = await import('/js/tutorial.js');
  i18n.setLang(lang);
  localStorage.setItem('berserk.tutorial', JSON.stringify(
    { id: 'complete', room: 'tut-end', part: 'battle', since: -1 }));
  const root = document.createElement('div');
  document.body.append(root);
  const conn = { view: { cards: {}, log: [], result }, legal: [], you: 1 };
  tut.tutorialFor('tut-end', root, conn).update();
  return root.querySelector('[data-testid=tutorial-step]').textContent;
}"""


@pytest.mark.parametrize("lang, says, never", [("ru", "предела числа ходов", "Вы победили"),
                                               ("en", "turn limit", "You won")])
def test_a_tutorial_game_ended_by_the_turn_limit_is_told_as_a_draw_by_the_turn_limit(server, new_page, lang, says,
                                                                                      never):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    text = page.evaluate(GUIDE_AT_THE_END, [{"winner": "draw", "reason": "turn_cap"}, lang])
    assert says in text and never not in text and "complete" not in text, text
    won = page.evaluate(GUIDE_AT_THE_END, [{"winner": 1, "reason": "no_creatures"}, lang])
    assert never in won and says not in won, won


def _step_targets(server, new_page, step_id: str, script: str):
    """What ``script`` (the body of an async JavaScript function given ``step``, the tutorial step ``step_id``)
    returns on a page of the site."""
    page = new_page()
    page.goto(server.url + "/")
    return page.evaluate(f"""async () => {{
      const {{ STEPS }} = await import('/js/tutorial_steps.js');
      const step = STEPS.find((s) => s.id === '{step_id}');
      {script}
    }}""")


def test_the_deployment_step_stops_highlighting_the_card_once_it_is_picked(server, new_page):
    targets = _step_targets(server, new_page, "deploy", """
      const view = { cards: { k9: { id: 'k9', owner: 1, zone: 'recruits' } } };
      return [step.target({ view, you: 1, selected: null }), step.target({ view, you: 1, selected: 'k9' })];""")
    assert targets == ["#game-root [data-card='k9']", None]


def test_a_battle_step_highlights_the_lit_target_it_names_once_the_move_is_chosen(server, new_page):
    targets = _step_targets(server, new_page, "move", """
      const view = { cards: { k1: { id: 'k1', owner: 1, zone: 'battlefield', card: 'vs2023-071-leshiy' } }, queue: [] };
      const root = document.createElement('div');
      root.id = 'game-root';
      root.innerHTML = '<div class="board"><div class="cell" data-cell="e3"></div><div class="cell" data-cell="d2"></div></div>';
      document.body.append(root);
      const before = step.target({ view, you: 1 });
      for (const c of root.querySelectorAll('.cell')) c.classList.add('target');   // "Move" chosen: cells lit
      const after = step.target({ view, you: 1 });
      root.remove();
      return [before, after];""")
    assert targets == ["#game-root [data-card='k1']", "#game-root .board .cell.target[data-cell='e3']"]


def test_tutorial_progress_is_saved_by_the_steps_id(server, new_page):
    page = new_page("en-US")
    enter_lobby(page, server, "Learner")
    page.click("[data-testid=tutorial-start]")
    page.wait_for_selector("[data-testid=tutorial-step]")
    saved = page.evaluate("JSON.parse(localStorage.getItem('berserk.tutorial'))")
    assert saved["id"] == page.get_attribute("[data-testid=tutorial-step]", "data-step") and "step" not in saved


@pytest.mark.parametrize("number, shown", [(2, "step 2 of"), (0, "step 1 of")])
def test_progress_saved_by_an_old_step_number_resumes_at_the_step_that_number_named(server, new_page, number, shown):
    """Number 2 was "hire_silver" (now the second step); 0 was the first player's choice, part of the first step
    now."""
    page = new_page("en-US")
    enter_lobby(page, server, "Learner")
    page.evaluate("(n) => localStorage.setItem('berserk.tutorial', JSON.stringify({step: n, part: 'prelim', since: -1}))",
                  number)
    page.reload()
    expect(page.locator("[data-testid=tutorial-start]")).to_contain_text(shown, use_inner_text=True)


GUIDE_AT = """async ([id, cards, legal]) => {
  const tut = await import('/js/tutorial.js');
  localStorage.setItem('berserk.tutorial', JSON.stringify({ id, room: 'tut-off', part: 'prelim', since: -1 }));
  const root = document.createElement('div');
  document.body.append(root);
  const conn = { view: { cards, log: [], phase: 'recruitment' }, legal, you: 1 };
  tut.tutorialFor('tut-off', root, conn).update();
  window.tutRoot = root;
  return { step: root.querySelector('[data-testid=tutorial-step]').dataset.step,
           off: !!root.querySelector('[data-testid=tutorial-offscript]') };
}"""


def test_a_step_the_game_no_longer_allows_says_so_and_can_be_skipped(server, new_page):
    """Leshiy is neither in the deal nor recruited (the player recruited others), yet the player is to act: the
    guide says the game went another way, and its skip button moves on to the next step."""
    page = new_page("en-US")
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    got = page.evaluate(GUIDE_AT, ["hire_silver", {}, [{"act": "choose", "option": "done"}]])
    assert got == {"step": "hire_silver", "off": True}
    assert "no longer" in page.inner_text("[data-testid=tutorial-offscript]")
    page.click("[data-testid=tutorial-skip]")
    assert page.get_attribute("[data-testid=tutorial-step]", "data-step") == "hire_gold"


def test_a_step_that_waits_for_the_computer_is_not_called_off_script(server, new_page):
    page = new_page("ru-RU")
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    got = page.evaluate(GUIDE_AT, ["hire_silver", {}, []])
    assert got == {"step": "hire_silver", "off": False}
    assert page.inner_text("[data-testid=tutorial-skip]") == "Пропустить шаг"


# the guide at a battle step (by default the last one, "finish") of a game still on, the learner asked for a defender
GUIDE_ON_THE_LAST_STEP = """async ([lang, id = 'finish']) => {
  const i18n = await import('/js/i18n.js');
  const tut = await import('/js/tutorial.js');
  i18n.setLang(lang);
  localStorage.setItem('berserk.tutorial', JSON.stringify({ id, room: 'tut-skip', part: 'battle', since: -1 }));
  const root = document.createElement('div');
  document.body.append(root);
  window.tutConn = { view: { cards: {}, log: [], result: null }, legal: [{ act: 'defend', source: 'k1' }], you: 1 };
  window.tutGuide = tut.tutorialFor('tut-skip', root, window.tutConn);
  window.tutGuide.update();
}"""


@pytest.mark.parametrize("lang, on, won, lost", [("ru", "игра ещё идёт", "Вы победили", "победил компьютер"),
                                                 ("en", "the game is still on", "You won", "The computer won")])
def test_skipping_the_last_step_of_a_game_still_on_says_the_game_goes_on_and_its_result_only_once_it_ends(
        server, new_page, lang, on, won, lost):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(GUIDE_ON_THE_LAST_STEP, [lang])
    page.click("[data-testid=tutorial-skip]")
    step = page.locator("[data-testid=tutorial-step][data-step=complete]")
    expect(step).to_contain_text(on)
    assert won not in step.inner_text() and lost not in step.inner_text()
    page.evaluate("() => { window.tutConn.view.result = { winner: 2, reason: 'no_creatures' };"
                  " window.tutGuide.update(); }")
    expect(step).to_contain_text(lost)
    assert on not in step.inner_text() and won not in step.inner_text()


GUIDE_AT_THE_END_OF_THE_PRELIM = """async () => {
  const api = await import('/js/api.js');
  const tut = await import('/js/tutorial.js');
  const seat = await api.createRoom({ opponent: 'bot', bot: 'heuristic', tutorial: 'prelim' });
  localStorage.setItem('berserk.tutorial', JSON.stringify(
    { id: 'to_battle', room: seat.room, part: 'prelim', since: -1 }));
  const root = document.createElement('div');
  document.body.append(root);
  window.tutSent = [];
  const conn = { room: seat.room, token: seat.token, you: 1, view: { cards: {}, log: [] }, legal: [],
    act: (a) => window.tutSent.push(a) };
  tut.tutorialFor(seat.room, root, conn).update();
  return seat.room;
}"""


def test_moving_on_to_the_battle_aborts_the_prelims_room_never_concedes_it(server, new_page):
    page = new_page("en-US")
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    prelim = page.evaluate(GUIDE_AT_THE_END_OF_THE_PRELIM)
    page.wait_for_function("async (id) => (await (await fetch('/api/rooms/' + id)).json()).status !== 'waiting'",
                           arg=prelim, polling=100)     # dealt once the computer has sat down
    page.click("[data-testid=tutorial-next]")
    page.wait_for_function("(id) => location.hash.startsWith('#/room/') && !location.hash.endsWith(id)", arg=prelim)
    info = page.evaluate("async (id) => (await fetch('/api/rooms/' + id)).json()", prelim)
    assert info["result"] == {"winner": None, "reason": "aborted"}, info
    assert page.evaluate("window.tutSent") == []


ROOM_INFO = "async (id) => { const r = await fetch('/api/rooms/' + id); return r.ok ? r.json() : { status: r.status }; }"


def _dealt(page, room: str) -> None:
    """Wait until the computer has sat down in ``room`` and the cards are dealt."""
    page.wait_for_function("async (id) => (await (await fetch('/api/rooms/' + id)).json()).status !== 'waiting'",
                           arg=room, polling=100)


def _aborted(page, room: str) -> None:
    info = page.evaluate(ROOM_INFO, room)
    assert info.get("result") == {"winner": None, "reason": "aborted"} or info.get("status") == 404, info


def _abort(page, room: str) -> None:
    """Abort ``room`` with this browser's seat in it, as the tutorial's own buttons do (POST .../abort)."""
    page.evaluate("async (id) => { const api = await import('/js/api.js'); const seats = await import('/js/seats.js');"
                  " await api.endGame(id, 'abort', seats.loadSeat(id).token); }", room)


def _start_tutorial(page, server) -> str:
    enter_lobby(page, server, "Learner")
    page.click("[data-testid=tutorial-start]")
    page.wait_for_selector("[data-testid=tutorial-step]")
    room = room_of(page)
    _dealt(page, room)
    return room


def test_leaving_the_tutorial_aborts_its_room_and_resume_starts_the_part_again(server, new_page):
    page = new_page("en-US")
    room = _start_tutorial(page, server)
    page.click("[data-testid=tutorial-leave]")
    page.wait_for_selector("[data-testid=tutorial-start]")
    _aborted(page, room)
    expect(page.locator("[data-testid=tutorial-start]")).to_contain_text("step 1 of", use_inner_text=True)
    page.click("[data-testid=tutorial-start]")
    page.wait_for_selector("[data-testid=tutorial-step][data-step=keep]")
    assert room_of(page) != room
    assert not page.js_errors, page.js_errors


def test_starting_the_tutorial_over_aborts_the_room_it_used(server, new_page):
    page = new_page("ru-RU")
    room = _start_tutorial(page, server)
    page.evaluate("location.hash = '#/'")           # back to the lobby some other way than the guide's button
    page.click(".tutorial-restart")
    page.wait_for_function("(id) => location.hash.startsWith('#/room/') && !location.hash.endsWith(id)", arg=room)
    _aborted(page, room)
    page.wait_for_selector("[data-testid=tutorial-step]")
    assert not page.js_errors, page.js_errors


OPEN_AT_THE_LAST_STEP = """async () => {
  const api = await import('/js/api.js');
  const seats = await import('/js/seats.js');
  const seat = await api.createRoom({ opponent: 'bot', bot: 'heuristic', tutorial: 'battle' });
  seats.saveSeat(seat.room, seat);
  localStorage.setItem('berserk.tutorial', JSON.stringify({ id: 'finish', room: seat.room, part: 'battle', since: -1 }));
  location.hash = '#/room/' + seat.room;
  return seat.room;
}"""


def test_leaving_at_the_end_of_a_tutorial_whose_last_step_was_skipped_aborts_the_game_still_on(server, new_page):
    page = new_page("en-US")
    enter_lobby(page, server, "Learner")
    room = page.evaluate(OPEN_AT_THE_LAST_STEP)
    page.wait_for_selector("[data-testid=tutorial-step][data-step=finish]")
    _dealt(page, room)
    page.click("[data-testid=tutorial-skip]")
    page.click("[data-testid=tutorial-step][data-step=complete] ~ [data-testid=tutorial-next]")
    page.wait_for_selector("[data-testid=tutorial-start]")
    _aborted(page, room)
    assert "Start" in page.inner_text("[data-testid=tutorial-start]")
    assert not page.js_errors, page.js_errors


GUIDE_OVER_EARLY = """async ([lang, id, part, result]) => {
  const i18n = await import('/js/i18n.js');
  const tut = await import('/js/tutorial.js');
  i18n.setLang(lang);
  localStorage.setItem('berserk.tutorial', JSON.stringify({ id, room: 'tut-over', part, since: -1 }));
  const root = document.createElement('div');
  document.body.append(root);
  const conn = { room: 'tut-over', you: 1, legal: [],
    view: { cards: {}, log: [], result, room: { players: { '1': 'Learner' }, bots: { '2': 'heuristic' }, tutorial: part } } };
  tut.tutorialFor('tut-over', root, conn).update();
  const step = root.querySelector('[data-testid=tutorial-step]');
  return { step: step.dataset.step, text: root.textContent, skip: !!root.querySelector('[data-testid=tutorial-skip]'),
           next: root.querySelector('[data-testid=tutorial-next]')?.textContent ?? null,
           saved: JSON.parse(localStorage.getItem('berserk.tutorial')) };
}"""


@pytest.mark.parametrize("lang, won, step_words, finish", [("ru", "Вы победили", "Шаг 8", "Завершить обучение"),
                                                          ("en", "You won", "Step 8", "Finish the tutorial")])
def test_a_tutorial_battle_won_off_the_steps_says_the_game_is_over_instead_of_its_stale_step(
        server, new_page, lang, won, step_words, finish):
    """The learner skipped to "move" and won the battle their own way: the guide tells the game's result for them
    and offers to finish the tutorial, not the step a game that ended can no longer reach."""
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    got = page.evaluate(GUIDE_OVER_EARLY, [lang, "move", "battle", {"winner": 1, "reason": "no_creatures"}])
    assert got["step"] == "over" and won in got["text"] and step_words not in got["text"], got
    assert not got["skip"] and got["next"] == finish and got["saved"]["over"] is True, got


OPEN_BATTLE_AT = """async ([id]) => {
  const api = await import('/js/api.js');
  const seats = await import('/js/seats.js');
  const seat = await api.createRoom({ opponent: 'bot', bot: 'heuristic', tutorial: 'battle' });
  seats.saveSeat(seat.room, seat);
  localStorage.setItem('berserk.tutorial', JSON.stringify({ id, room: seat.room, part: 'battle', since: -1 }));
  location.hash = '#/room/' + seat.room;
  return seat.room;
}"""


def _open_battle(page, server, step: str) -> str:
    """Enter the lobby, open the tutorial's battle in a new room at ``step`` and wait until it is dealt; its room."""
    enter_lobby(page, server, "Learner")
    room = page.evaluate(OPEN_BATTLE_AT, [step])
    page.wait_for_selector(f"[data-testid=tutorial-step][data-step={step}]")
    _dealt(page, room)
    return room


@pytest.mark.parametrize("lang, how, says, again", [
    ("ru", "abort", "тренировочная игра обучения не доиграна", "Пройти обучение заново"),
    ("en", "concede", "You lost", "Start the tutorial again")])
def test_a_tutorial_battle_that_ended_at_an_early_step_offers_no_stale_step_no_rematch_and_no_resume(
        server, new_page, lang, how, says, again):
    """The battle ended (aborted by the learner's room, or conceded) while the guide was at its first step: the
    guide says the game is over in the result's words and offers to finish or play the battle again, the room bar
    offers no rematch, and the lobby offers the tutorial again, never to go on at a step of the ended game."""
    page = new_page("ru-RU" if lang == "ru" else "en-US")
    room = _open_battle(page, server, "move")
    if how == "abort":
        _abort(page, room)
    else:
        page.wait_for_selector("button[data-act=concede]")
        page.click("button[data-act=concede]")
        page.click("button[data-act=concede-confirm]")
    over = page.locator("[data-testid=tutorial-step][data-step=over]")
    expect(over).to_contain_text(says)
    assert not page.locator("[data-testid=tutorial-skip]").count()
    expect(page.locator(".result-words")).to_be_visible()
    assert not page.locator("[data-testid=rematch]").count()
    if how == "abort":
        expect(page.locator(".result-words")).to_contain_text(says)
    assert page.evaluate("JSON.parse(localStorage.getItem('berserk.tutorial')).over") is True
    page.click("[data-testid=tutorial-leave]")
    expect(page.locator("[data-testid=tutorial-start]")).to_have_text(again)
    assert not page.locator(".tutorial-restart").count()
    assert not page.js_errors, page.js_errors


def test_a_tutorial_battle_that_ended_asks_the_server_for_no_record_of_its_game(server, new_page):
    """A tutorial's game is not recorded (no replay): its page does not look for a record, which would only answer
    404 (a failed request in the browser's console)."""
    page = new_page("en-US")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    room = _open_battle(page, server, "move")
    page.wait_for_selector("button[data-act=concede]")
    page.click("button[data-act=concede]")
    page.click("button[data-act=concede-confirm]")
    expect(page.locator("[data-testid=tutorial-step][data-step=over]")).to_be_visible()
    with page.expect_request("**/healthz"):     # a request made after the end's rendering: any earlier one is seen
        page.evaluate("() => fetch('/healthz')")
    assert not [u for u in asked if f"/api/games/{room}" in u]
    assert not page.locator("[data-testid=finished-replay]").count()


def test_a_first_part_whose_game_ended_leads_on_to_the_battle(server, new_page):
    """The first part's room was aborted mid-way: the guide offers the battle, which opens in a new room at its
    first step, and the lobby, meanwhile, offers to go on to the battle."""
    page = new_page("en-US")
    room = _start_tutorial(page, server)
    _abort(page, room)
    expect(page.locator("[data-testid=tutorial-step][data-step=over]")).to_contain_text("Next: a battle")
    page.click("[data-testid=tutorial-leave]")
    expect(page.locator("[data-testid=tutorial-start]")).to_contain_text("Go on to the battle (step 8 of",
                                                                        use_inner_text=True)
    page.click("[data-testid=tutorial-start]")
    page.wait_for_selector("[data-testid=tutorial-step][data-step=move]")
    assert room_of(page) != room
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("lang, says, never", [("ru", "не доиграна", "вничью"), ("en", "left unfinished", "draw")])
def test_the_last_step_tells_an_aborted_tutorial_game_as_a_practice_left_unfinished_not_a_draw(server, new_page, lang,
                                                                                               says, never):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    text = page.evaluate(GUIDE_AT_THE_END, [{"winner": None, "reason": "aborted"}, lang])
    assert says in text and never not in text, text


def test_a_battle_whose_game_ended_can_be_played_again_in_a_new_room_from_its_first_step(server, new_page):
    page = new_page("en-US")
    room = _open_battle(page, server, "strike")
    _abort(page, room)
    page.click("[data-testid=tutorial-part-again]")
    page.wait_for_selector("[data-testid=tutorial-step][data-step=move]")
    assert room_of(page) != room
    assert not page.evaluate("JSON.parse(localStorage.getItem('berserk.tutorial')).over")
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("lang, skipped, every", [
    ("ru", "Некоторые шаги обучения вы пропустили", "все шаги обучения вы прошли"),
    ("en", "You skipped some steps of the tutorial", "every step")])
def test_the_last_step_after_a_skipped_step_says_steps_were_skipped_never_every_step(server, new_page, lang, skipped,
                                                                                     every):
    """The learner skipped the defender step, then the last one ("play on"): the game lost, the guide says some
    steps were skipped and how to take them, not that every step was gone through."""
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(GUIDE_ON_THE_LAST_STEP, [lang, "defender"])
    page.click("[data-testid=tutorial-step][data-step=defender] ~ [data-testid=tutorial-skip]")
    page.click("[data-testid=tutorial-step][data-step=finish] ~ [data-testid=tutorial-skip]")
    page.evaluate("() => { window.tutConn.view.result = { winner: 2, reason: 'no_creatures' };"
                  " window.tutGuide.update(); }")
    step = page.locator("[data-testid=tutorial-step][data-step=complete]")
    expect(step).to_contain_text(skipped)
    assert every not in step.inner_text().lower()


def test_the_last_step_of_a_game_played_out_after_skipping_play_on_says_every_step_was_gone_through(server, new_page):
    """Skipping "play on" and then playing the game to its end is doing that step: every step was gone through."""
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(GUIDE_ON_THE_LAST_STEP, ["en"])
    page.click("[data-testid=tutorial-skip]")
    page.evaluate("() => { window.tutConn.view.result = { winner: 2, reason: 'no_creatures' };"
                  " window.tutGuide.update(); }")
    step = page.locator("[data-testid=tutorial-step][data-step=complete]")
    expect(step).to_contain_text("you have been through every step")
    assert "skipped" not in step.inner_text()


def test_a_step_skipped_in_the_first_part_is_remembered_into_the_battle_with_the_steps_its_ended_game_left(
        server, new_page):
    """The learner skips the first step, then the first part's game ends early: on to the battle, the skipped step
    and the first part's steps never reached are what the last step will tell as skipped."""
    page = new_page("en-US")
    room = _start_tutorial(page, server)
    first = page.get_attribute("[data-testid=tutorial-step]", "data-step")
    page.click("[data-testid=tutorial-skip]")
    second = page.locator("[data-testid=tutorial-step]")
    expect(second).not_to_have_attribute("data-step", first)
    at = second.get_attribute("data-step")
    _abort(page, room)
    page.click("[data-testid=tutorial-step][data-step=over] ~ [data-testid=tutorial-next]")
    page.wait_for_selector("[data-testid=tutorial-step][data-step=move]")
    skipped = page.evaluate("JSON.parse(localStorage.getItem('berserk.tutorial')).skipped")
    prelim = page.evaluate("async () => (await import('/js/tutorial_steps.js')).STEPS"
                           ".filter((s) => s.part === 'prelim').map((s) => s.id)")
    assert skipped == [first] + prelim[prelim.index(at):], skipped
    assert not page.js_errors, page.js_errors


#: every card the tutorial's two positions hold: the cards its texts may name
TUTORIAL_CARDS = sorted({*PRELIM_DECKS[0], *PRELIM_DECKS[1], *(c["card"] for c in BATTLE["setup"]["cards"])})

# every step's words as the guide shows them in ``lang``, and the names the page shows the tutorial's cards by
EVERY_STEP_TEXT = """async ([lang, ids]) => {
  const i18n = await import('/js/i18n.js');
  const cards = await import('/js/cards.js');
  const tut = await import('/js/tutorial.js');
  const { STEPS } = await import('/js/tutorial_steps.js');
  i18n.setLang(lang);
  const names = ids.map((id) => cards.nameParts(cards.cardDef(id)).lead);
  const texts = {};
  for (const s of STEPS) {
    localStorage.setItem('berserk.tutorial', JSON.stringify({ id: s.id, room: 'tut-names', part: s.part, since: -1 }));
    const root = document.createElement('div');
    document.body.append(root);
    const guide = tut.tutorialFor('tut-names', root, { view: { cards: {}, log: [], queue: [] }, legal: [], you: 1 });
    guide.render();
    texts[s.id] = root.querySelector('[data-testid=tutorial-step]').textContent;
    guide.destroy();
    root.remove();
  }
  return { names, texts };
}"""


def _misnamed(text: str, names: list[str]) -> list[str]:
    """The words of ``text`` that begin as one of ``names`` does (its first three letters, the capital included)
    where no such name is written out whole: a card named otherwise than by ``names``."""
    bad = []
    for stem in {n[:3] for n in names}:
        like = [n for n in names if n.startswith(stem)]
        for m in re.finditer(r"(?<!\w)" + re.escape(stem), text):
            rest = text[m.start():]
            if not any(re.match(re.escape(n) + r"(?!\w)", rest) for n in like):
                bad.append(re.match(r"[\w-]+", rest).group())
    return bad


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_tutorial_text_names_a_card_by_the_name_the_page_shows(server, new_page, lang):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    got = page.evaluate(EVERY_STEP_TEXT, [lang, TUTORIAL_CARDS])
    bad = {step: _misnamed(text, got["names"]) for step, text in got["texts"].items()}
    assert not any(bad.values()), (got["names"], {k: v for k, v in bad.items() if v})
    assert not [text for text in got["texts"].values() if "{" in text], got["texts"]


def _skip(page, step: str) -> None:
    """Press "Skip this step" at ``step`` and wait for the guide to show the next one."""
    page.click(f"[data-testid=tutorial-step][data-step={step}] ~ [data-testid=tutorial-skip]")
    expect(page.locator("[data-testid=tutorial-step]")).not_to_have_attribute("data-step", step)


@pytest.mark.parametrize("lang, says", [("ru", "пропущен"), ("en", "skipped")])
def test_a_step_after_skipped_ones_whose_board_is_not_as_it_says_tells_so_and_what_to_do(server, new_page, artifacts,
                                                                                        lang, says):
    """The learner skips the move (Leshy stays on e2), then the strike: the pass step, whose words take Leshy's
    strike to wait in the queue, says the board differs because a step was skipped, and offers the part again."""
    page = new_page("ru-RU" if lang == "ru" else "en-US")
    _open_battle(page, server, "move")
    page.wait_for_function("() => window.berserkConn?.view?.phase === 'main' && window.berserkConn.legal?.length")
    assert not page.locator("[data-testid=tutorial-premise]").count()
    _skip(page, "move")
    _skip(page, "strike")
    expect(page.locator("[data-testid=tutorial-step]")).to_have_attribute("data-step", "pass")
    assert page.evaluate("window.berserkConn.view.queue.length") == 0
    note = page.locator("[data-testid=tutorial-premise]")
    expect(note).to_contain_text(says)
    expect(page.locator("[data-testid=tutorial-part-again]")).to_be_visible()
    assert not page.locator("[data-testid=tutorial-offscript]").count()
    page.screenshot(path=str(artifacts / f"tutorial-premise-{lang}.png"))
    assert not page.js_errors, page.js_errors


def test_the_part_again_offered_by_a_step_whose_board_differs_starts_the_battle_over_in_a_new_room(server, new_page):
    page = new_page("en-US")
    room = _open_battle(page, server, "move")
    page.wait_for_function("() => window.berserkConn?.view?.phase === 'main' && window.berserkConn.legal?.length")
    _skip(page, "move")
    expect(page.locator("[data-testid=tutorial-premise]")).to_be_visible()
    page.click("[data-testid=tutorial-part-again]")
    page.wait_for_selector("[data-testid=tutorial-step][data-step=move]")
    assert room_of(page) != room
    _aborted(page, room)
    assert page.evaluate("JSON.parse(localStorage.getItem('berserk.tutorial')).skipped") == []
    assert not page.js_errors, page.js_errors


@pytest.mark.parametrize("lang, says, never", [("ru", "игра пошла по-другому", "пропущен"),
                                               ("en", "the game went another way", "skipped")])
def test_a_step_whose_board_differs_with_no_step_skipped_says_the_game_went_another_way(server, new_page, lang, says,
                                                                                       never):
    """At "pass" with no step skipped, Leshy's strike is not in the queue (the learner struck something else): the
    guide says the board differs because the game went another way, never that a step was skipped."""
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate("""async (lang) => {
      const i18n = await import('/js/i18n.js');
      const tut = await import('/js/tutorial.js');
      i18n.setLang(lang);
      localStorage.setItem('berserk.tutorial', JSON.stringify({ id: 'pass', room: 'tut-other', part: 'battle', since: -1 }));
      const root = document.createElement('div');
      document.body.append(root);
      const cards = { k1: { id: 'k1', owner: 1, zone: 'battlefield', cell: 'e3', card: 'vs2023-071-leshiy' } };
      const conn = { view: { cards, log: [], queue: [], phase: 'main' }, legal: [{ act: 'pass' }], you: 1 };
      tut.tutorialFor('tut-other', root, conn).update();
    }""", lang)
    note = page.locator("[data-testid=tutorial-premise]")
    expect(note).to_contain_text(says)
    assert never not in note.inner_text()
