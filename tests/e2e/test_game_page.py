"""The game page: abilities by name with targets on the board, the queue panel, combat, the card as it
is, translations. Each test mounts the real page modules in Chromium on a real engine state (tests/e2e/states.py)
with a stand-in connection that records what the page would send.
"""
from __future__ import annotations

import copy
import json
import re

import pytest

from tests.e2e.states import MOUNT


def sent(page) -> list:
    return page.evaluate("window.sent")


def legal_of(state, pred) -> list:
    return [a for a in state["legal"] if pred(a)]


def test_selecting_a_card_lists_its_abilities_by_name_with_cost(states, mount):
    st = states["ability_with_target"]
    a = legal_of(st, lambda a: a["act"] == "ability" and isinstance(a.get("ability"), int) and a.get("target"))[0]
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    move = page.locator(f".selected-actions button.move[data-move='ability:{a['ability']}']")
    name = move
    if not move.count():   # the card's only move is chosen at once; its name heads the pick
        move = page.locator(f".selected-actions .pick[data-move='ability:{a['ability']}']")
        name = move.locator("b")  # the pick's own step hint ("Pick target 1 ...") is not the move's name
    text = name.inner_text() + " " + move.locator(".m-cost").inner_text()
    assert text.strip() and not re.search(r"\b(ability|target)\b\s*\d|[a-z]+_[a-z]+", text), text
    assert move.locator(".m-cost").count() == 1 and move.locator(".m-cost").inner_text().strip()


def test_choosing_an_ability_highlights_exactly_the_targets_the_server_listed(states, mount):
    st = states["ability_with_target"]
    a = legal_of(st, lambda a: a["act"] == "ability" and isinstance(a.get("ability"), int) and a.get("target"))[0]
    same = legal_of(st, lambda b: b.get("source") == a["source"] and b.get("ability") == a["ability"] and b["act"] == "ability")
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    move = page.locator(f".selected-actions button.move[data-move='ability:{a['ability']}']")
    if move.count():
        move.click()
    lit = set(page.evaluate("[...document.querySelectorAll('#game-under-test .card.target')].map(e => e.dataset.card)"))
    assert lit == {b["target"] for b in same}
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    got = sent(page)
    if not got:    # X still to choose
        page.click(".pick-x button >> nth=0")
        got = sent(page)
    assert got and got[0] in same


def test_x_is_picked_after_the_target_and_esc_steps_back(states, mount):
    st = states["x_cost"]
    a = legal_of(st, lambda a: a.get("x") is not None and a.get("target"))[0]
    key = f"{a['act']}:{a['ability']}" if a["act"] in ("ability", "declare") else a["act"]
    xs = sorted({b["x"] for b in st["legal"] if b.get("source") == a["source"] and b.get("target") == a["target"]
                 and b.get("ability") == a.get("ability")})
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    if page.locator(f"button.move[data-move='{key}']").count():
        page.click(f"button.move[data-move='{key}']")
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    shown = [int(x) for x in page.locator(".pick-x button").evaluate_all("els => els.map(e => e.dataset.x)")]
    assert shown == xs and not sent(page)
    page.keyboard.press("Escape")   # back to choosing the target
    assert page.locator(".pick-x").count() == 0
    assert page.locator(f"#game-under-test .card.target[data-card='{a['target']}']").count() == 1
    page.click(f"#game-under-test .field [data-card='{a['target']}']")
    page.click(f".pick-x button[data-x='{a['x']}']")
    assert sent(page) == [next(b for b in st["legal"] if b == a)]


def test_a_multi_target_ability_is_picked_one_target_at_a_time(states, mount):
    st = copy.deepcopy(states["main_priority"])
    me = st["you"]
    mine = [c for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c["owner"] == me and c.get("card")]
    others = [c["id"] for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c["id"] != mine[0]["id"]]
    src = mine[0]["id"]
    # a two-target ability as the engine lists it: one action per (first, second) pair
    pairs = [(x, y) for x in others[:3] for y in others[:3] if x != y]
    multi = [{"act": "ability", "source": src, "ability": 0, "targets": [x, y]} for x, y in pairs]
    st["legal"] = multi + [a for a in st["legal"] if a.get("source") != src]
    page = mount(st)
    page.click(f"#game-under-test .field [data-card='{src}']")
    assert page.locator("button.act[data-act='ability']").count() == 0      # no button per pair
    lit = lambda: set(page.evaluate("[...document.querySelectorAll('#game-under-test .card.target')].map(e => e.dataset.card)"))
    assert lit() == set(others[:3])
    page.click(f"#game-under-test .field [data-card='{others[0]}']")
    assert lit() == set(others[1:3])
    page.keyboard.press("Escape")
    assert lit() == set(others[:3])
    page.click(f"#game-under-test .field [data-card='{others[0]}']")
    page.click(f"#game-under-test .field [data-card='{others[2]}']")
    assert sent(page) == [{"act": "ability", "source": src, "ability": 0, "targets": [others[0], others[2]]}]


def test_a_finished_game_names_no_priority_holder_in_the_queue_panel(states, mount):
    import copy
    st = copy.deepcopy(states["queue_second_pass"])
    st["view"]["result"] = {"winner": 1, "reason": "concession"}
    page = mount(st, lang="ru")
    page.wait_for_selector(".queue")
    assert page.locator(".queue .q-priority").count() == 0


def test_a_players_own_face_down_card_shows_its_face_marked_face_down(states, mount):
    st = states["own_face_down"]
    own = next(c["id"] for c in st["view"]["cards"].values()
               if c.get("hidden") and c.get("card") and c["zone"] == "battlefield")
    page = mount(st, lang="ru")
    card = page.locator(f"#game-under-test .field .card[data-card='{own}']")
    assert "hidden" not in card.get_attribute("class").split()
    assert card.locator(".c-name").inner_text()                           # its face, not the back's "?"
    assert card.locator(".c-face-down").inner_text() == "рубашкой вверх"


def test_placing_a_card_makes_one_log_line_for_its_owner(states, mount):
    st = states["own_face_down"]
    placed = [e for e in st["view"]["log"] if e["type"] == "placed_card"]
    page = mount(st)
    page.wait_for_selector("#game-under-test .log-list li")
    lines = page.locator("#game-under-test .log-list li").all_inner_texts()
    assert len([x for x in lines if placed[-1]["cell"] in x]) == 1


def test_the_queue_panel_shows_source_ability_targets_declarer_and_what_a_pass_does(states, mount):
    st = states["queue_second_pass"]
    page = mount(st, lang="ru")
    entry = page.locator(".queue .queue-list li").first
    e = st["view"]["queue"][0]
    name = page.evaluate("(id) => document.querySelector(`#game-under-test [data-card='${id}']`)?.title", e["source"])
    text = entry.inner_text()
    assert name.split(" (")[0] in text
    assert "Игрок" in text and "заявка:" in text
    assert "выполняется первая заявка" in page.inner_text(".queue .q-pass")
    assert page.locator(".queue .q-priority").get_attribute("data-holder") == str(st["view"]["priority"]["holder"])
    first = mount(states["queue_first_pass"], lang="en")
    assert "gives priority to Player" in first.inner_text(".queue .q-pass")   # no names in a mounted view: the seat


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", ["queue_first_pass", "queue_second_pass"])
def test_what_a_pass_does_now_reads_as_one_sentence_with_one_colon(states, mount, name, lang):
    page = mount(states[name], lang=lang)
    meaning = page.inner_text("#game-under-test .pass-meaning")
    assert meaning.count(":") == 1, meaning


def test_triggers_waiting_for_their_order_are_shown_as_such(states, mount):
    st = states["triggers"]
    page = mount(st)
    box = page.locator(".queue .q-pending")
    assert "waiting" in box.inner_text()
    assert box.locator("li").count() == len(st["view"]["prompt"]["pending"])


def test_a_fight_shows_both_dice_with_modifiers_and_the_strike_table_row(states, mount):
    st = states["fight_logged"]
    page = mount(st)
    box = page.locator("[data-testid=combat]")
    assert box.locator(".fight-side").count() == 2
    roll = [e for e in st["view"]["log"] if e["type"] == "strike_roll"][-1]
    assert f"= {roll['attacker_result']}" in box.locator("[data-side=attacker]").inner_text()
    assert f"= {roll['responder_result']}" in box.locator("[data-side=responder]").inner_text()
    row = box.locator(".table-row")
    assert row.get_attribute("data-d") == str(roll["d"])
    assert re.search(r"attacker (weak|medium|strong|no blow), responder (weak|medium|strong|no blow)", row.inner_text())


def test_the_exchange_choice_is_explained_with_numbers_and_not_labelled_like_keeping_the_deal(states, mount):
    st = states["exchange"]
    page = mount(st, lang="ru")
    ex = page.locator("[data-testid=exchange]")
    pr = st["view"]["prompt"]
    keep = ex.locator("[data-option=keep]").inner_text()
    assert f"наносит {pr['keep']['attacker']['n']}" in keep and f"наносит {pr['keep']['responder']['n']}" in keep
    weaken = ex.locator("[data-option=weaken]").inner_text()
    assert f"наносит {pr['weaken']['attacker']['n']}" in weaken
    labels = page.locator(".global-actions button").all_inner_texts()
    assert "Оставить" not in labels and "Оставить обмен ударами" in labels and "Ослабить удар" in labels


@pytest.mark.parametrize("lang, mine, theirs", [
    ("en", "Difference {d}: an exchange row. You choose: keep",
     "Difference {d}: an exchange row. Player {p} (opponent) chooses: keep"),
    ("ru", "Разница {d}: строка обмена. Выбираете вы: оставить",
     "Разница {d}: строка обмена. Выбирает Игрок {p} (соперник): оставить")])
def test_the_exchange_says_who_chooses_in_a_sentence_of_its_own(states, mount, lang, mine, theirs):
    st = states["exchange"]
    pr = st["view"]["prompt"]
    d = ("+" if pr["d"] > 0 else "") + str(pr["d"])
    page = mount(st, lang=lang)
    assert page.inner_text("[data-testid=exchange] > div:first-child").startswith(mine.format(d=d))
    other = dict(st, you=3 - pr["player"], legal=[a for a in st["legal"] if a["act"] == "concede"])
    page = mount(other, lang=lang)
    assert page.inner_text("[data-testid=exchange] > div:first-child").startswith(theirs.format(d=d, p=pr["player"]))


@pytest.mark.parametrize("lang, words", [("en", r" · the (attacker|responder) may weaken$"),
                                         ("ru", r" · (атакующий|отвечающий) может ослабить$")])
def test_the_strike_table_row_says_who_may_weaken_in_lowercase_mid_line(states, mount, lang, words):
    page = mount(states["exchange"], lang=lang)
    assert re.search(words, page.inner_text("[data-testid=combat] .table-row"))


def test_wounds_and_deaths_appear_in_the_log_with_the_cards_name(states, mount):
    for key, word in (("wounds_logged", "wound"), ("death_logged", "dies")):
        st = states[key]
        page = mount(st)
        lines = page.locator(".log-list li").all_inner_texts()
        hits = [s for s in lines if word in s]
        assert hits, lines
        assert not any(re.search(r"\bk\d+\b|x-[a-e]\d", s) for s in hits), hits


def test_displayed_life_counts_additional_life(states, mount):
    st = copy.deepcopy(states["main_priority"])
    cv = next(c for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c.get("card") and c.get("life"))
    cv["markers"]["additional_life"] = 1
    cv["life"] += 1
    cv["wounds"] = 1
    page = mount(st)
    life = page.inner_text(f"#game-under-test .board [data-card='{cv['id']}'] .c-life")
    assert life == f"♥{cv['life'] - 1}/{cv['life']}"
    assert "additional life" in page.inner_text(f"#game-under-test .board [data-card='{cv['id']}'] .c-stats")


def test_acquired_abilities_and_marker_durations_are_shown_in_the_card_detail(states, mount):
    st = copy.deepcopy(states["acquired"])
    cv = next(c for c in st["view"]["cards"].values() if c.get("acquired"))
    cv["markers"]["poison"] = 1
    cv["marker_until"] = {"poison": {"until": "turn_end", "turn": None, "player": None}}
    page = mount(st)
    page.hover(f"#game-under-test [data-card='{cv['id']}']")
    detail = page.inner_text(".detail")
    assert "Gained in play" in detail and "poison (until the end of the turn)" in detail


def test_the_zone_viewer_lists_a_graveyard(states, mount):
    st = states["death_logged"]
    page = mount(st)
    p = next(p for p in ("1", "2") if st["view"]["players"][p]["graveyard"])
    page.click(f".pbar[data-player='{p}'] button.grave-count")
    dlg = page.locator("[data-testid=zone-viewer]")
    assert dlg.get_attribute("role") == "dialog"
    assert dlg.locator(".card").count() == len(st["view"]["players"][p]["graveyard"])
    page.keyboard.press("Escape")
    assert page.locator("[data-testid=zone-viewer]").count() == 0


def test_keyboard_arrows_move_between_cells_and_enter_selects_esc_clears(states, mount):
    st = states["main_priority"]
    src = next(a["source"] for a in st["legal"] if a["act"] == "move")
    cell = st["view"]["cards"][src]["cell"]
    page = mount(st)
    page.focus(f"#game-under-test .board [data-cell='{cell}']")
    page.keyboard.press("ArrowUp")
    moved = page.evaluate("document.activeElement.dataset.cell")
    assert moved and moved != cell
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.cell") == cell
    page.keyboard.press("Enter")
    assert page.locator(f"#game-under-test .card.selected[data-card='{src}']").count() == 1
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    assert page.locator("#game-under-test .card.selected").count() == 0


def test_cells_carry_aria_labels_with_cell_name_life_wounds_and_closed(states, mount):
    st = states["main_priority"]
    page = mount(st)
    cv = next(c for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c.get("card"))
    label = page.get_attribute(f"#game-under-test .board [data-cell='{cv['cell']}']", "aria-label")
    assert label.startswith(cv["cell"]) and "life" in label and ("closed" in label or "open" in label)
    assert page.get_attribute(f"#game-under-test .board [data-cell='{cv['cell']}']", "role") == "button"


def test_every_translation_key_used_by_the_client_exists_in_both_languages(server, new_page):
    import pathlib
    js = pathlib.Path(__file__).resolve().parents[2] / "server" / "static" / "js"
    used = set()
    for f in js.glob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_0-9]+)["']""", f.read_text()))
    page = new_page()
    page.goto(server.url + "/")
    keys = page.evaluate("import('/js/i18n.js').then(m => m.allKeys())")
    en, ru = set(keys["en"]), set(keys["ru"])
    assert en == ru, {"only en": sorted(en - ru), "only ru": sorted(ru - en)}
    assert not used - en, sorted(used - en)


RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+=\S|\bk\d{1,4}\b|\bnull\b|\bundefined\b|\[object")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_raw_code_reaches_the_page(states, server, new_page, lang):
    page = new_page()      # one page: each state is mounted into a new #game-under-test (the last one removed)
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    for name, st in states.items():
        for who in ("player", "spectator"):
            shown = st if who == "player" else dict(st, you=None, legal=None)
            page.evaluate("() => document.getElementById('game-under-test')?.remove()")
            page.evaluate(MOUNT, [shown, lang])
            page.wait_for_selector("#game-under-test .board")
            text = page.inner_text("#game-under-test")
            hits = RAW.findall(text)
            assert not hits, (name, who, hits)


def test_the_title_alerts_when_the_game_waits_for_this_player(states, mount):
    st = states["main_priority"]
    page = mount(st)
    assert page.title().startswith("● Your move")
    other = copy.deepcopy(st)
    other["view"]["to_act"] = 3 - st["you"]
    page2 = mount(other)
    assert not page2.title().startswith("●")


@pytest.mark.parametrize("lang, own, response", [("en", "Your move", "Your response"), ("ru", "Ваш ход", "Ваш ответ")])
def test_in_the_opponents_turn_the_status_asks_for_a_response_not_a_move(states, mount, lang, own, response):
    st = states["defender"]
    assert st["view"]["turn"] > 0 and st["view"]["active"] == 3 - st["you"]     # the opponent's turn
    page = mount(st, lang=lang)
    assert page.inner_text("[data-testid=status] .to-act") == response
    assert page.title().startswith(f"● {response} — ")
    mine = states["main_priority"]
    assert mine["view"]["active"] == mine["you"]
    page = mount(mine, lang=lang)
    assert page.inner_text("[data-testid=status] .to-act") == own


def test_the_turn_sound_is_off_by_default_and_its_switch_is_remembered(states, mount):
    page = mount(states["main_priority"])
    button = page.locator(".status button.sound")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert page.locator(".status button.sound").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('berserk.sound')") == "1"


def test_animations_are_off_under_prefers_reduced_motion(states, mount):
    st = states["main_priority"]
    cid = next(c["id"] for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c.get("card")
               and not c["closed"])
    page = mount(st)
    hit = """(id) => { const c = window.berserkConn; const log = c.view.log; const seq = log[log.length - 1].seq + 1;
        c.view = {...c.view, log: [...log, {type: 'wounds', seq, card: id, n: 1, kind: 'simple_strike', source: null}]};
        window.gamePage.render();
        return getComputedStyle(document.querySelector(`#game-under-test .board [data-card='${id}']`)).animationName; }"""
    assert page.evaluate(hit, cid) == "b-hit"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(hit, cid) == "none"


def test_the_card_face_is_drawn_with_element_colour_cost_crystal_stats_and_keyword_icons(states, mount):
    st = states["main_priority"]
    page = mount(st)
    faces = page.evaluate("""() => [...document.querySelectorAll('#game-under-test .field .card:not(.hidden)')].map((c) => ({
        el: [...c.classList].find((k) => k.startsWith('el-')),
        band: c.querySelector('svg.face rect:nth-of-type(2)')?.getAttribute('fill'),
        crystal: !!c.querySelector('.c-cost svg polygon'), cost: c.querySelector('.c-cost b')?.textContent,
        life: c.querySelector('.c-life')?.textContent, icons: c.querySelectorAll('.c-icons svg.icon').length }))""")
    assert faces and all(f["crystal"] and f["cost"] and f["band"] for f in faces)
    by_el = {}
    for f in faces:
        by_el.setdefault(f["el"], set()).add(f["band"])
    assert all(len(b) == 1 for b in by_el.values())                  # one colour per element
    if len(by_el) > 1:
        assert len({next(iter(b)) for b in by_el.values()}) == len(by_el)   # and elements differ
    shooters = page.evaluate("""() => window.berserkConn && [...document.querySelectorAll('#game-under-test .field .card:not(.hidden)')]
        .filter((c) => c.querySelector('.c-icons svg.icon')).length""")
    assert shooters >= 1
    assert all(f["life"] and f["life"].startswith("♥") for f in faces if f["life"] is not None)


def test_a_long_press_on_a_card_opens_its_zoom_with_the_full_text(states, server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/#/nowhere")
        page.wait_for_selector("#app")
        page.evaluate(MOUNT, [states["main_priority"], "en"])
        card = page.locator("#game-under-test .board .card:not(.hidden)").first
        card.dispatch_event("touchstart")
        zoom = page.locator("[data-testid=zoom]")
        assert "centered" in zoom.get_attribute("class")
        assert page.inner_text("[data-testid=zoom] .card-text").strip()
        page.keyboard.press("Escape")
        assert page.locator("[data-testid=zoom]").count() == 0
    finally:
        ctx.close()


def test_keyboard_focus_on_a_card_opens_its_zoom(states, mount):
    st = states["main_priority"]
    page = mount(st)
    cells = page.evaluate("[...document.querySelectorAll('#game-under-test .board [data-cell]')].map(e => [e.dataset.cell, !!e.querySelector('.card:not(.hidden)')])")
    i = next(i for i, (_, has) in enumerate(cells) if has and i % 5 > 0)
    page.focus(f"#game-under-test .board [data-cell='{cells[i - 1][0]}']")
    page.keyboard.press("ArrowRight")
    card = page.evaluate("document.activeElement.querySelector('.card:not(.hidden)').dataset.card")
    assert page.get_attribute("[data-testid=zoom]", "data-card") == card


def test_the_status_follows_a_lost_connection_and_the_error_toast_leaves_it_readable(states, mount):
    page = mount(states["main_priority"], viewport={"width": 390, "height": 844})
    page.evaluate("""() => { const c = window.berserkConn; c.status = 'reconnecting';
        c.lastError = {code: 'unavailable', msg: 'The room cannot be reached right now', at: 1};
        window.gamePage.update('error'); }""")
    status = page.inner_text("[data-testid=status] .to-act")
    assert "reconnecting" in status.lower() and "your move" not in status.lower()
    toast = page.locator(".error-toast")
    assert "cannot be reached" in toast.inner_text()
    overlap = page.evaluate("""() => { const a = document.querySelector('.error-toast').getBoundingClientRect();
        const b = document.querySelector('[data-testid=status] .to-act').getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; }""")
    assert not overlap
    assert page.locator("button.act:not([disabled])").count() == 0


@pytest.mark.parametrize("lang, words", [("en", "Taking the seat back to this window…"),
                                         ("ru", "Возвращаем место в это окно…")])
def test_a_tab_taking_its_seat_back_says_so_until_the_seat_is_back(states, mount, lang, words):
    page = mount(states["main_priority"], lang=lang)
    page.evaluate("""() => { const c = window.berserkConn; c.status = 'reconnecting'; c.takingBack = true;
        window.gamePage.update('status'); }""")
    assert page.inner_text(".conn-banner") == words
    assert page.inner_text("[data-testid=status] .to-act") == words


def test_tokens_show_with_their_maximum_and_printed_protections_in_the_detail(states, mount):
    st = copy.deepcopy(states["main_priority"])
    cv = next(c for c in st["view"]["cards"].values() if c["zone"] == "battlefield" and c.get("card"))
    page = mount(st)
    prot = page.evaluate("""() => fetch('/api/cards').then(r => r.json()).then(l => l.find(
        c => (c.abilities || []).some(a => a.kw === 'protection' && a.from === 'magic')).id)""")
    page.close()
    cv.update(card=prot, tokens=1, token_max=2)
    page = mount(st)
    assert page.inner_text(f"#game-under-test .board [data-card='{cv['id']}'] .c-tokens") == "●1/2"
    page.hover(f"#game-under-test .board [data-card='{cv['id']}']")
    assert "Protection: from magic" in page.inner_text(".detail .d-prot")


def _relocation_choice():
    """A real state (scenario P-relocate-01, Варлок's dimension door executing): player 1 is asked inside the entry
    which cell the enemy creature goes to (a ``choice`` prompt whose ``items`` are cells)."""
    import pathlib
    from engine import Game
    from engine.scenario import _action
    doc = json.loads((pathlib.Path(__file__).resolve().parents[1] / "scenarios" / "P-relocate-01.json").read_text())
    g, labels = Game.from_scenario(doc)
    for step in doc["steps"][:-1]:
        g.apply(step["player"], _action(step, labels))
    assert g.prompt["kind"] == "choice" and g.prompt.get("what") == "relocate_cell"
    return {"view": g.view(1), "legal": g.legal_actions(1), "you": 1}


@pytest.mark.parametrize("lang, words", [("en", "Choose the cell to move it to"),
                                         ("ru", "Выберите клетку, куда её переместить")])
def test_a_choice_inside_an_ability_asks_its_question_and_lights_the_cells_it_lists(mount, lang, words):
    st = _relocation_choice()
    page = mount(st, lang=lang)
    assert words in page.inner_text("#game-under-test [data-testid=prompt]")
    items = st["view"]["prompt"]["items"]
    lit = set(page.evaluate("[...document.querySelectorAll('#game-under-test .cell.target')].map(e => e.dataset.cell)"))
    assert lit == set(items)
    page.click(f"#game-under-test .cell[data-cell='{items[0]}']")
    assert sent(page)[0] == {"act": "choose", "option": {"choice": 0}}
    assert not RAW.findall(page.inner_text("#game-under-test"))


def test_a_cell_marker_is_shown_on_its_cell_in_words(mount):
    st = copy.deepcopy(_relocation_choice())
    st["view"]["cells"] = {"b3": {"bonfire": 1}}
    page = mount(st, lang="ru")
    marker = page.locator("#game-under-test .cell[data-cell='b3'] [data-testid=cell-marker]")
    assert "костёр" in marker.inner_text()
    assert "костёр" in page.get_attribute("#game-under-test .cell[data-cell='b3']", "aria-label")


@pytest.mark.parametrize("lang, field", [("en", "name_en"), ("ru", "name_ru")])
def test_card_names_follow_the_interface_language_on_a_phone(states, mount, lang, field):
    """On a phone only a card's leading name shows (the other language's line is hidden): it is the name in the
    interface language, English where the card data has one."""
    page = mount(states["main_priority"], lang=lang, viewport={"width": 390, "height": 844})
    shown = page.evaluate("""async () => {
        const cards = await (await fetch('/api/cards')).json();
        const list = Array.isArray(cards) ? cards : cards.cards || Object.values(cards);
        return [...document.querySelector('#game-under-test').querySelectorAll('.board .card:not(.hidden)')].map((c) => {
            const name = c.querySelector('.c-name').textContent.replace(/\u00AD/g, '');   // its soft hyphens left out
            return {id: c.dataset.card, name,
                    visible: c.querySelector('.c-name').getBoundingClientRect().height > 0,
                    names: list.filter((d) => d.name_ru === name || d.name_en === name)
                               .map((d) => [d.name_ru, d.name_en])};
        });
    }""")
    assert shown and all(s["visible"] for s in shown)
    for s in shown:
        assert s["names"], s
        ru, en = s["names"][0]
        assert s["name"] == ((en or ru) if field == "name_en" else ru), s


#: MOUNT with the page's options and who the page is: ``[state, lang, you, opts]`` (opts.replay: a replay page)
MOUNT_AS = MOUNT.replace("async ([state, lang]) =>", "async ([state, lang, you, opts]) =>") \
    .replace("you: state.you,", "you,").replace("new GamePage(root, conn)", "new GamePage(root, conn, opts)")


def _mount_as(server, new_page, view, lang="en", you=1, replay=False):
    page = new_page()
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT_AS, [{"view": view, "legal": [], "you": you}, lang, you, {"replay": replay}])
    page.wait_for_selector("#game-under-test [data-testid=status]")
    return page


def test_a_replay_never_says_the_computer_is_thinking(states, server, new_page):
    view = copy.deepcopy(states["main_priority"]["view"])
    view["room"] = dict(view.get("room") or {}, bots={str(view["to_act"]): "casual"})
    live = _mount_as(server, new_page, view, lang="ru", you=None)
    assert live.inner_text("#game-under-test .status .to-act") == "Компьютер думает…"   # a spectator of a live game
    replay = _mount_as(server, new_page, view, lang="ru", you=None, replay=True)
    assert "думает" not in replay.inner_text("#game-under-test .status")


@pytest.mark.parametrize("you, winner, outcome", [(1, 1, "won"), (2, 1, "lost"), (None, 1, "neutral"),
                                                  (1, "draw", "neutral")])
def test_the_end_banner_is_green_for_a_win_red_for_a_loss_and_neutral_otherwise(states, server, new_page, you,
                                                                                  winner, outcome):
    view = copy.deepcopy(states["main_priority"]["view"])
    view["result"] = {"winner": winner, "reason": "concede"}
    page = _mount_as(server, new_page, view, you=you)
    banner = page.locator("#game-under-test .result-banner")
    assert banner.get_attribute("data-outcome") == outcome
    colour = banner.evaluate("(el) => getComputedStyle(el).backgroundColor")
    assert colour == {"won": "rgb(31, 90, 50)", "lost": "rgb(122, 35, 35)", "neutral": "rgb(58, 63, 74)"}[outcome]


@pytest.mark.parametrize("lang, words", [("en", "Waiting for the deal"), ("ru", "Ждём раздачи")])
def test_before_the_deal_the_status_says_the_game_waits_for_the_deal(server, new_page, lang, words):
    from server.room.status import waiting_view
    page = _mount_as(server, new_page, waiting_view(1), lang=lang)
    turn = page.inner_text("#game-under-test .status .turn")
    assert turn.startswith(words) and "0" not in turn and ":" not in turn
    assert page.locator("#game-under-test .pbar .stat").count() == 0    # no empty deck, gold and silver counts


@pytest.mark.parametrize("size", [{"width": 1400, "height": 900}, {"width": 1280, "height": 720},
                                  {"width": 1024, "height": 768}])
def test_the_card_zoom_covers_no_lit_target_while_one_is_picked(states, mount, size):
    st = states["ability_with_target"]
    a = legal_of(st, lambda a: a["act"] == "ability" and isinstance(a.get("ability"), int) and a.get("target"))[0]
    page = mount(st, viewport=size)
    page.click(f"#game-under-test .field [data-card='{a['source']}']")
    move = page.locator(f".selected-actions button.move[data-move='ability:{a['ability']}']")
    if move.count():
        move.click()
    lit = page.evaluate("""[...document.querySelectorAll('#game-under-test .board .target')].map((e) => {
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    assert lit
    cards = page.evaluate("[...document.querySelectorAll('#game-under-test .board .card:not(.hidden)')]"
                          ".map(e => e.dataset.card)")
    for card in cards:
        page.hover(f"#game-under-test .board [data-card='{card}']")
        z = page.locator(f"[data-testid=zoom][data-card='{card}']").bounding_box()
        for left, top, right, bottom in lit:
            over = z["x"] < right and z["x"] + z["width"] > left and z["y"] < bottom and z["y"] + z["height"] > top
            assert not over, (card, size, z, (left, top, right, bottom))
        page.mouse.move(0, 0)
        page.wait_for_selector("[data-testid=zoom]", state="detached")


def test_the_card_zoom_never_covers_the_prompt_on_a_desktop(states, mount):
    page = mount(states["main_priority"])          # 1400 x 1000: the side column with the prompt beside the board
    prompt = page.locator("#game-under-test [data-testid=prompt]").bounding_box()
    assert prompt
    cards = page.locator("#game-under-test .board .card:not(.hidden)")
    assert cards.count() > 0
    for i in range(cards.count()):
        cards.nth(i).hover()
        zoom = page.locator("[data-testid=zoom]").bounding_box()
        apart = (zoom["x"] + zoom["width"] <= prompt["x"] or prompt["x"] + prompt["width"] <= zoom["x"]
                 or zoom["y"] + zoom["height"] <= prompt["y"] or prompt["y"] + prompt["height"] <= zoom["y"])
        assert apart, (i, zoom, prompt)
        page.mouse.move(1, 1)
        page.wait_for_selector("[data-testid=zoom]", state="detached")


@pytest.mark.parametrize("lang, silver, gold", [("en", "Recruit, paying silver", "Recruit, paying gold"),
                                                ("ru", "Нанять за серебро", "Нанять за золото")])
def test_a_card_payable_with_silver_or_gold_names_the_crystal_each_recruit_button_pays(states, mount, lang, silver, gold):
    st = states["recruit"]
    a = legal_of(st, lambda a: a["act"] == "choose" and isinstance(a["option"], dict) and a["option"].get("pay") == "gold")[0]
    card = a["option"]["recruit"]
    page = mount(st, lang)
    page.click(f"#game-under-test .own-zones [data-card='{card}']")
    assert page.inner_text(".selected-actions button.move[data-move='recruit'] .m-name") == silver
    assert page.inner_text(".selected-actions button.move[data-move='recruit_gold'] .m-name") == gold
    page.click(".selected-actions button.move[data-move='recruit']")     # the confirmation says the payment too
    assert page.inner_text("[data-testid=confirm-box] .confirm-what b").startswith(silver.split(",")[0])
    assert ("silver" if lang == "en" else "серебро") in page.inner_text("[data-testid=confirm-box] .confirm-what b")


def test_a_card_with_one_way_to_pay_names_no_crystal_it_cannot_choose(states, mount):
    st = copy.deepcopy(states["recruit"])
    a = legal_of(st, lambda a: a["act"] == "choose" and isinstance(a["option"], dict) and a["option"].get("pay") == "gold")[0]
    st["legal"] = [b for b in st["legal"] if b != a]   # only the engine's payment is offered for this card
    page = mount(st)
    page.click(f"#game-under-test .own-zones [data-card='{a['option']['recruit']}']")
    label = page.inner_text("[data-testid=confirm-box] .confirm-what b")
    assert label.startswith("Recruit") and "paying" not in label, label


@pytest.mark.parametrize("lang, yours, theirs", [("en", "Your die", "Opponent's die"),
                                                 ("ru", "Ваш кубик", "Кубик соперника")])
@pytest.mark.parametrize("situation", ["first_roll", "fight_dice"])
def test_a_roll_of_both_sides_shows_both_dice_with_whose_each_is(states, mount, situation, lang, yours, theirs):
    st = copy.deepcopy(states[situation])
    st["view"]["room"] = dict(st["view"].get("room") or {}, bots={str(3 - st["you"]): "strong"})   # against the computer
    page = mount(st, lang)
    dice = {}
    for e in st["view"]["log"]:          # the last die of each seat (a tie of the first roll is rolled again)
        if e["type"] == "die":
            dice[e["player"]] = e["value"]
    box = page.locator("[data-testid=combat]")
    mine = box.locator(f".die-side[data-player='{st['you']}']")
    other = box.locator(f".die-side[data-player='{3 - st['you']}']")
    assert mine.locator(".who").inner_text() == yours and mine.get_attribute("data-whose") == "yours"
    assert other.locator(".who").inner_text() == theirs and other.get_attribute("data-whose") == "opponents"
    assert mine.locator("b").inner_text() == str(dice[st["you"]])
    assert other.locator("b").inner_text() == str(dice[3 - st["you"]])


def test_a_fight_says_whose_each_die_is_and_its_value_over_the_roll_windows_answers(states, mount):
    st = states["fight_logged"]     # a roll modifier was used between the dice and the result
    page = mount(st)
    log = st["view"]["log"]
    at = max(i for i, e in enumerate(log) if e["type"] == "strike_roll")
    roll = log[at]
    assert any(e["type"] != "die" for e in log[at - 3:at])
    die = {e["card"]: e for e in log[:at] if e["type"] == "die"}
    for side in ("attacker", "responder"):
        words = "your die" if die[roll[side]]["player"] == st["you"] else "opponent's die"
        assert page.inner_text(f"[data-testid=combat] [data-side={side}] .whose").strip() == f"({words})"
        assert page.inner_text(f"[data-testid=combat] [data-side={side}] b") == str(die[roll[side]]["value"])
