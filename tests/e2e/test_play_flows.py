"""A bot game from the lobby, an invite that seats the friend (and a third browser
watches), a seat kept after the page is closed, a seat opened in a second tab and taken back by the first, quick
play pairing two browsers, chat that reaches the other player and not the spectators, and a rematch that starts a
new game with the seats swapped."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.driver import Policy, Stale, click_action, state, wait_version_above
from tests.e2e.players import enter_lobby, friend_game, my_seat, name_if_asked, room_of, wait_dealt


def test_a_bot_game_starts_from_the_lobby_in_one_click(server, new_page, artifacts):
    page = new_page()
    enter_lobby(page, server, "Ann")
    page.select_option("#bot-level", "beginner")
    page.click("[data-testid=play-bot]")
    room_of(page)
    my_seat(page, "1")
    wait_dealt(page)
    page.wait_for_selector("[data-testid=prompt]")
    assert "Computer" in page.inner_text(".seat-names")
    policy = Policy(squad=1)
    moves = 0
    while moves < 6:           # a few moves against the bot, then concede
        try:   # a move for us, or the end: the random computer may recruit nothing and lose (no creatures)
            page.wait_for_function("() => { const c = window.berserkConn; return (c.legal && c.legal.length && c.pendingAction === null) || (c.view && c.view.result); }",
                                   timeout=60000)   # the bot's whole turn on a loaded machine
        except Exception as e:
            s = state(page)
            raise AssertionError(f"no move offered after {moves} moves: v={s['v']} status={s['status']} "
                                 f"to_act={s['view'].get('to_act')} prompt={s['view'].get('prompt')} "
                                 f"legal={len(s['legal'] or [])} pending={s['pending']} result={s['view'].get('result')} "
                                 f"errors={page.js_errors}") from e
        s = state(page)
        if s["view"].get("result"):
            break              # the game ended by the rules before we conceded
        if not s["legal"] or s["pending"]:
            continue           # the frame that gave the move to the bot arrived meanwhile
        try:
            click_action(page, policy.choose(s["legal"], s["view"], 1), s["v"], s)
        except Stale:
            continue           # a frame arrived between reading the page and the click
        moves += 1
    if not state(page)["view"].get("result"):
        page.click("button[data-act=concede]")
        page.click("button[data-act=concede-confirm]")
    page.wait_for_selector(".result-banner")
    assert page.locator("[data-testid=prompt]").count() == 0
    page.screenshot(path=str(artifacts / "play-bot-game.png"))
    assert not page.js_errors, page.js_errors


def test_an_invite_seats_the_friend_and_a_third_browser_watches(server, new_page, artifacts):
    ann = new_page()
    enter_lobby(ann, server, "Ann")
    ann.click("[data-testid=create-room]")
    room = room_of(ann)
    my_seat(ann, "1")
    ann.wait_for_selector(".waiting-opponent")
    link = ann.get_attribute("[data-testid=invite-link]", "href")
    assert link.endswith(f"#/room/{room}")
    assert state(ann)["view"]["cards"] == {}          # nothing is dealt before the friend sits down
    ann.screenshot(path=str(artifacts / "play-invite-waiting.png"))
    bob, sam = new_page(), new_page()
    bob.goto(link)
    name_if_asked(bob, "Bob")
    my_seat(bob, "2")
    bob.click("#seat-deck-ok")
    wait_dealt(ann)
    sam.goto(link)
    name_if_asked(sam, "Sam")
    my_seat(sam, "spectator")
    sam.wait_for_function("() => document.querySelector('.seat-names').textContent.includes('Bob')")
    assert "Ann" in sam.inner_text(".seat-names")
    assert not any(p.js_errors for p in (ann, bob, sam))


FREE_SEAT_WORDS = pytest.mark.parametrize("locale, free, waiting, placeholder", [
    ("en-US", "free seat", "waiting for an opponent", "Player 2"),
    ("ru-RU", "свободное место", "ждём соперника", "Игрок 2")])


def _waiting_room(new_page, server, locale: str):
    """Ann's new room, waiting for its opponent, with its invite link shown: (Ann's page, the room id)."""
    page = new_page(locale)
    enter_lobby(page, server, "Ann")
    page.click("[data-testid=create-room]")
    room = room_of(page)
    page.wait_for_selector("[data-testid=invite-link]")
    return page, room


@FREE_SEAT_WORDS
def test_a_room_waiting_for_its_opponent_shows_the_seat_free_and_no_made_up_name(server, new_page, locale, free,
                                                                                  waiting, placeholder):
    page, _ = _waiting_room(new_page, server, locale)
    expect(page.locator(".room-bar .seat-name[data-seat='2']")).to_have_text(free, ignore_case=True)
    expect(page.locator(".pbar[data-player='2'] .pname")).to_contain_text(waiting, ignore_case=True)
    assert placeholder not in page.inner_text("body")


@FREE_SEAT_WORDS
def test_a_room_cancelled_before_anyone_joined_shows_the_seat_free_and_waits_for_nobody(server, new_page, locale, free,
                                                                                        waiting, placeholder):
    page, room = _waiting_room(new_page, server, locale)
    answer = page.evaluate("""async (room) => {
      const api = await import("/js/api.js");
      const { loadSeat } = await import("/js/seats.js");
      return api.endGame(room, "abort", loadSeat(room).token); }""", room)
    assert answer["result"] is None                      # closed before the deal: no game, no result
    page.wait_for_selector("[data-testid=game-cancelled]")
    expect(page.locator(".room-bar .seat-name[data-seat='2']")).to_have_text(free, ignore_case=True)
    expect(page.locator(".pbar[data-player='2'] .pname")).to_have_text(free, ignore_case=True)
    text = page.inner_text("body")
    assert waiting not in text and placeholder not in text
    page.click("[data-testid=game-cancelled] a")              # to the lobby: the room is in none of its lists
    page.wait_for_selector(".lobby .my-games")
    mine = page.evaluate("async () => (await import('/js/api.js')).myGames()")
    assert room not in [r["id"] for r in mine["live"] + mine["finished"]]
    assert page.locator(f".lobby li.room[data-room='{room}']").count() == 0


def test_an_invite_answered_unavailable_at_first_asks_again_and_seats_the_friend(server, new_page):
    ann = new_page()
    enter_lobby(ann, server, "Ann")
    ann.click("[data-testid=create-room]")
    room = room_of(ann)
    ann.wait_for_selector(".waiting-opponent")
    link = ann.get_attribute("[data-testid=invite-link]", "href")
    bob = new_page()
    refused = []

    def unavailable_once(route):        # the room is still being restored after a restart: 503, then the server
        if refused:
            return route.continue_()
        refused.append(route.request.url)
        route.fulfill(status=503, content_type="application/json",
                      body='{"error": "unavailable", "message": "The room is not available right now."}')
    bob.route(f"**/api/rooms/{room}", unavailable_once)
    bob.goto(link)
    name_if_asked(bob, "Bob")
    my_seat(bob, "2")
    assert len(refused) == 1
    assert not bob.js_errors, bob.js_errors


@pytest.mark.parametrize("locale, notice", [
    ("en-US", "Someone else took the seat first: you are watching this game as a spectator."),
    ("ru-RU", "Место уже занял другой игрок: вы смотрите эту игру как зритель.")])
def test_an_invite_opener_who_loses_the_race_for_the_seat_is_told_it_watches(server, new_page, locale, notice):
    ann = new_page()
    enter_lobby(ann, server, "Ann")
    ann.click("[data-testid=create-room]")
    room = room_of(ann)
    link = ann.get_attribute("[data-testid=invite-link]", "href")
    late = new_page(locale)

    def taken_first(route):             # another opener of the invite sits down while this page asks for the seat
        if route.request.method == "POST":
            urllib.request.urlopen(urllib.request.Request(
                server.url + f"/api/rooms/{room}/join", data=b"{}", method="POST",
                headers={"content-type": "application/json"}))
        route.continue_()
    late.route(f"**/api/rooms/{room}/join", taken_first)
    late.goto(link)
    name_if_asked(late, "Cid")
    my_seat(late, "spectator")
    expect(late.locator("[data-testid=seat-lost]")).to_have_text(notice)
    assert not late.js_errors, late.js_errors


def _post(server, path: str, body: dict) -> dict:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"content-type": "application/json"})
    return json.load(urllib.request.urlopen(req))


@pytest.mark.parametrize("locale, title, text, lobby", [
    ("en-US", "Private game", "This game is closed to spectators: only its two players can open it.", "To the lobby"),
    ("ru-RU", "Закрытая игра", "Эта игра закрыта для зрителей: открыть её могут только двое её игроков.",
     "В лобби")])
def test_a_stranger_opening_a_game_closed_to_spectators_is_told_it_is_private_with_the_way_to_the_lobby(
        server, new_page, locale, title, text, lobby):
    room = _post(server, "/api/rooms", {"spectators": False})["room"]
    _post(server, f"/api/rooms/{room}/join", {})
    page = new_page(locale)
    page.goto(server.url + f"/#/room/{room}")
    private = page.locator("[data-testid=private-room]")
    expect(private.locator("h1")).to_have_text(title)
    expect(private.locator("p")).to_have_text(text)
    expect(private.locator("[data-testid=private-room-lobby]")).to_have_text(lobby)
    assert page.locator(".error-toast, [role=alert]").count() == 0     # no refusal of a seat key never given
    private.locator("[data-testid=private-room-lobby]").click()
    page.wait_for_selector(".lobby")
    assert not page.js_errors, page.js_errors


def test_the_friend_choosing_a_deck_is_not_told_to_wait_for_a_creator_who_chose_one(server, new_page):
    ann = new_page()
    enter_lobby(ann, server, "Ann")
    ann.click("[data-testid=create-room]")
    room_of(ann)
    link = ann.locator("[data-testid=invite-link]").get_attribute("href")
    bob = new_page()
    bob.goto(link)
    name_if_asked(bob, "Bob")
    my_seat(bob, "2")
    bob.wait_for_selector("#seat-deck-ok")
    assert bob.locator(".waiting-opponent").count() == 0
    ann.wait_for_function("() => { const el = document.querySelector('.waiting-opponent'); "
                          "return el && el.textContent.includes('Bob'); }")


def test_a_seat_is_kept_after_the_page_is_closed(server, new_page):
    ann, bob, link = friend_game(new_page, server)
    ctx = ann.context
    ann.close()
    again = ctx.new_page()
    again.goto(link)
    my_seat(again, "1")
    wait_dealt(again)
    assert state(again)["you"] == 1


def test_quick_play_pairs_two_browsers(server, new_page):
    ann, bob = new_page(), new_page()
    enter_lobby(ann, server, "Ann")
    enter_lobby(bob, server, "Bob")
    ann.click("[data-testid=quick-play]")
    ann.wait_for_selector(".queue-status")
    bob.click("[data-testid=quick-play]")
    room = room_of(bob)
    assert room_of(ann) == room
    my_seat(ann, "1")
    my_seat(bob, "2")
    wait_dealt(ann)
    expect(bob.locator(".seat-names")).to_contain_text("Ann", use_inner_text=True)
    expect(bob.locator(".seat-names")).to_contain_text("Bob", use_inner_text=True)


def room_of_after(page, old: str) -> str:
    """The page's room id once it has left room ``old``."""
    page.wait_for_function("(old) => !location.hash.includes(old)", arg=old)
    return room_of(page)


def concede_and_ask_rematch(page) -> tuple[str, str]:
    """The page's player concedes its game and asks for a rematch, which its page enters: (old room, new room)."""
    old = room_of(page)
    page.click("button[data-act=concede]")
    page.click("button[data-act=concede-confirm]")
    page.click("[data-testid=rematch]")
    return old, room_of_after(page, old)


def watched_friend_game(new_page, server):
    """A friend game (tests/e2e/players.py) and Sam watching it from the invite link: (ann, bob, sam)."""
    ann, bob, link = friend_game(new_page, server)
    sam = new_page()
    sam.goto(link)
    name_if_asked(sam, "Sam")
    my_seat(sam, "spectator")
    return ann, bob, sam


def test_a_chat_message_reaches_the_other_player_and_not_the_spectators(server, new_page):
    ann, bob, sam = watched_friend_game(new_page, server)
    ann.fill("[data-testid=chat-input]", "<i>good luck</i>")
    ann.press("[data-testid=chat-input]", "Enter")
    bob.wait_for_function("() => document.querySelector('[data-testid=chat-log]').textContent.includes('<i>good luck</i>')")
    assert bob.locator("[data-testid=chat-log] i").count() == 0          # text, never HTML
    sam.fill("[data-testid=chat-input]", "spectators only")
    sam.press("[data-testid=chat-input]", "Enter")
    sam.wait_for_function("() => document.querySelector('[data-testid=chat-log]').textContent.includes('spectators only')")
    assert "good luck" not in sam.inner_text("[data-testid=chat-log]")
    ann.fill("[data-testid=chat-input]", "second")
    ann.press("[data-testid=chat-input]", "Enter")
    for player in (ann, bob):     # each has the line sent after Sam's: Sam's would have reached it before
        player.wait_for_function("() => document.querySelector('[data-testid=chat-log]').textContent.includes('second')")
    for player in (ann, bob):
        assert "spectators only" not in player.inner_text("[data-testid=chat-log]")


def test_a_rematch_starts_a_new_game_with_the_seats_swapped(server, new_page, artifacts):
    ann, bob, link = friend_game(new_page, server)
    _, new = concede_and_ask_rematch(ann)
    my_seat(ann, "2")
    bob.wait_for_selector(".rematch-offer")
    bob.click("[data-testid=rematch]")
    bob.wait_for_function("(n) => location.hash.includes(n)", arg=new)
    my_seat(bob, "1")
    wait_dealt(ann)
    wait_dealt(bob)
    players = state(bob)["view"]["room"]["players"]      # names are "Bob <n>", "Ann <n>" (tests/e2e/players.py)
    assert players["1"].startswith("Bob") and players["2"].startswith("Ann")
    bob.screenshot(path=str(artifacts / "play-rematch.png"))


def _spectator_follows_the_rematch(new_page, server):
    """Ann concedes a watched friend game and asks for a rematch; Sam, the spectator, follows the link to watch it:
    (ann, bob, sam, the rematch room's id)."""
    ann, bob, sam = watched_friend_game(new_page, server)
    _, new = concede_and_ask_rematch(ann)
    sam.click("[data-testid=watch-rematch]")
    sam.wait_for_function("(n) => location.hash.includes(n)", arg=new)
    my_seat(sam, "spectator")
    return ann, bob, sam, new


def test_a_spectator_of_a_finished_game_is_led_to_watch_its_rematch(server, new_page):
    _spectator_follows_the_rematch(new_page, server)


def test_a_spectator_of_a_rematch_room_its_asker_withdraws_is_told_the_offer_was_withdrawn(server, new_page):
    ann, bob, sam, new = _spectator_follows_the_rematch(new_page, server)
    ann.click("[data-testid=rematch-withdraw]")
    expect(sam.locator("[data-testid=game-cancelled]")).to_contain_text(
        "The rematch offer was withdrawn.", use_inner_text=True)
    sam.click("#lang")
    assert "Предложение реванша отозвано." in sam.inner_text("[data-testid=game-cancelled]")


def test_the_lobby_fits_a_phone_with_the_longest_deck_names_in_russian(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU", has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        enter_lobby(page, server, "Phone")
        page.wait_for_selector("#bot-deck[data-testid=deck-choice] option >> nth=5", state="attached")
        longest = page.evaluate("Math.max(...[...document.querySelectorAll('#bot-deck option')].map(o => o.text.length))")
        assert longest >= 40                # «Нейтральные и Горы (2023, новые способности)» is offered
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def _rematch_asked(new_page, server):
    """Ann concedes a friend game against Bob and asks for a rematch: (ann, bob, the old room's id, the new one's)."""
    ann, bob, link = friend_game(new_page, server)
    old, new = concede_and_ask_rematch(ann)
    return ann, bob, old, new


def _accept_rematch_elsewhere(page, old: str) -> int:
    """The page's player accepts the rematch of room ``old`` from another device (the seat is not kept in this
    browser): the HTTP status."""
    return page.evaluate("""async (old) => {
      const { authHeader } = await import("/js/player.js");
      const r = await fetch(`/api/rooms/${old}/rematch`, { method: "POST", body: "{}",
        headers: { authorization: authHeader(), "content-type": "application/json" } });
      return r.status; }""", old)


def test_a_rematch_opponent_who_opens_the_new_rooms_link_is_offered_the_seat(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.goto(server.url + f"/#/room/{new}")     # the link, not the offer in the old room
    bob.click("[data-testid=take-kept-seat]")
    my_seat(bob, "1")
    wait_dealt(ann)
    wait_dealt(bob)


def test_the_kept_seats_deck_menu_keeps_my_deck_unless_i_choose_another(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.goto(server.url + f"/#/room/{new}")
    bob.wait_for_selector("[data-testid=take-kept-seat]")
    bob.wait_for_function("() => document.querySelectorAll('#kept-seat-deck option').length > 1")   # the decks too
    assert bob.input_value("#kept-seat-deck") == "keep"
    bob.click("#lang")
    assert bob.eval_on_selector("#kept-seat-deck", "s => s.selectedOptions[0].text") == "оставить мою колоду"


def test_a_stale_page_declining_a_rematch_that_started_offers_the_way_into_it(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.wait_for_selector("[data-testid=rematch-decline]")
    bob.evaluate("() => { window.berserkConn._onFrame = () => {}; }")    # stale: it hears nothing more
    assert _accept_rematch_elsewhere(bob, old) == 200      # Bob accepts on another device
    wait_dealt(ann)
    bob.click("[data-testid=rematch-decline]")
    expect(bob.locator("[data-testid=go-rematch]")).to_have_attribute("href", f"#/room/{new}")
    assert bob.locator("[data-testid=rematch-decline], .room-bar-error").count() == 0


def test_a_rematch_accepted_in_another_tab_is_no_longer_offered_and_its_link_leads_into_it(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.wait_for_selector("[data-testid=rematch-decline]")
    other_tab = bob.context.new_page()
    other_tab.goto(server.url + f"/#/room/{new}")
    other_tab.click("[data-testid=take-kept-seat]")
    wait_dealt(other_tab)
    bob.wait_for_selector("[data-testid=rematch-decline]", state="detached")
    bob.click("[data-testid=go-rematch]")
    bob.wait_for_function("(n) => location.hash.includes(n)", arg=new)
    my_seat(bob, "1")


def test_a_rematch_started_elsewhere_leads_the_players_page_into_it_instead_of_offering_it(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.wait_for_selector("[data-testid=rematch-decline]")
    assert _accept_rematch_elsewhere(bob, old) == 200
    expect(bob.locator("[data-testid=go-rematch]")).to_have_attribute("href", f"#/room/{new}")
    assert bob.locator("[data-testid=rematch-decline], [data-testid=rematch], .room-bar-error").count() == 0


def test_a_spectator_of_the_finished_game_gets_the_link_to_watch_the_rematch_once_it_started(server, new_page):
    ann, bob, sam = watched_friend_game(new_page, server)
    old, new = concede_and_ask_rematch(ann)
    sam.wait_for_selector("[data-testid=watch-rematch]")
    assert _accept_rematch_elsewhere(bob, old) == 200
    sam.wait_for_selector(".rematch-started [data-testid=watch-rematch]")
    assert "The rematch has started. Watch the rematch" in sam.inner_text(".rematch-started")
    assert sam.get_attribute("[data-testid=watch-rematch]", "href") == f"#/room/{new}?watch=1"
    sam.click("#lang")
    assert "Реванш начался. Смотреть реванш" in sam.inner_text(".rematch-started")


def _asker_withdrew(new_page, server):
    """Ann asks for a rematch and, waiting in its room (seat 2), withdraws it from another device: (ann, bob)."""
    ann, bob, old, new = _rematch_asked(new_page, server)
    my_seat(ann, "2")
    status = ann.evaluate("""async (old) => {
      const { authHeader } = await import("/js/player.js");
      const r = await fetch(`/api/rooms/${old}/rematch/decline`, { method: "POST", body: "{}",
        headers: { authorization: authHeader(), "content-type": "application/json" } });
      return r.status; }""", old)
    assert status == 200
    ann.wait_for_selector("[data-testid=game-cancelled]")
    return ann, bob


def test_an_asker_who_withdraws_the_rematch_is_told_it_withdrew_it(server, new_page):
    ann, bob = _asker_withdrew(new_page, server)
    expect(ann.locator("[data-testid=game-cancelled]")).to_contain_text(
        "You withdrew the rematch offer.", use_inner_text=True)
    assert ann.locator(".conn-banner, .error-toast").count() == 0
    ann.click("#lang")
    assert "Вы отозвали предложение реванша." in ann.inner_text("[data-testid=game-cancelled]")


def test_the_side_panel_of_a_withdrawn_rematch_room_says_it_was_cancelled(server, new_page):
    ann, bob = _asker_withdrew(new_page, server)
    side = ann.inner_text("[data-testid=status]")
    assert "Cancelled" in side and "Game cancelled" in side
    assert "Disconnected" not in side and "Waiting for the deal" not in side
    ann.click("#lang")
    side = ann.inner_text("[data-testid=status]")
    assert "Отменена" in side and "Игра отменена" in side
    assert "Отключено" not in side and "Ждём раздачи" not in side


def test_the_asker_waiting_in_the_rematch_room_withdraws_the_offer_and_the_finished_room_says_it_was_withdrawn(
        server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.wait_for_selector("[data-testid=rematch-decline]")
    ann.click("[data-testid=rematch-withdraw]")
    expect(ann.locator("[data-testid=game-cancelled]")).to_contain_text(
        "You withdrew the rematch offer.", use_inner_text=True)
    expect(bob.locator("[data-testid=rematch-declined]")).to_have_text(
        "Your opponent withdrew the rematch offer.", use_inner_text=True)
    bob.click("#lang")
    assert bob.inner_text("[data-testid=rematch-declined]") == "Соперник отозвал предложение реванша."


def test_the_asker_back_in_the_finished_room_withdraws_its_pending_offer_there(server, new_page):
    ann, bob, sam = watched_friend_game(new_page, server)
    old, _ = concede_and_ask_rematch(ann)
    ann.goto(server.url + f"/#/room/{old}")
    ann.click("[data-testid=rematch-withdraw]")
    expect(ann.locator("[data-testid=rematch-declined]")).to_have_text(
        "You withdrew the rematch offer.", use_inner_text=True)
    expect(sam.locator("[data-testid=rematch-declined]")).to_have_text(
        "The rematch offer was withdrawn.", use_inner_text=True)
    bob.wait_for_selector("[data-testid=rematch-declined]")
    assert ann.locator("[data-testid=rematch-withdraw], [data-testid=rematch]").count() == 0
    ann.click("#lang")
    assert ann.inner_text("[data-testid=rematch-declined]") == "Вы отозвали предложение реванша."
    sam.click("#lang")
    assert sam.inner_text("[data-testid=rematch-declined]") == "Предложение реванша отозвано."


def test_an_offered_player_who_declines_is_still_told_it_declined(server, new_page):
    ann, bob, old, new = _rematch_asked(new_page, server)
    bob.click("[data-testid=rematch-decline]")
    expect(bob.locator("[data-testid=rematch-declined]")).to_have_text("You declined the rematch.", use_inner_text=True)
    assert bob.locator("[data-testid=rematch-withdraw]").count() == 0


def test_a_spectator_of_a_rematch_room_the_offered_player_declines_is_told_it_was_declined(server, new_page):
    ann, bob, sam, new = _spectator_follows_the_rematch(new_page, server)
    bob.click("[data-testid=rematch-decline]")
    expect(sam.locator("[data-testid=game-cancelled]")).to_contain_text(
        "The rematch was declined.", use_inner_text=True)


@pytest.mark.parametrize("locale, elsewhere, play_here", [
    ("en-US", "This seat was opened in another window.", "Play here"),
    ("ru-RU", "Это место открыто в другом окне.", "Играть здесь")])
def test_a_tab_whose_seat_another_tab_opened_says_so_until_its_player_takes_the_seat_back(server, new_page, locale,
                                                                                          elsewhere, play_here):
    first = new_page(locale)
    first.clock.install()           # the browser's timers (the 8 s of an error toast) run on when the test says so
    enter_lobby(first, server, "Ann")
    first.click("[data-testid=play-bot]")
    room = room_of(first)
    my_seat(first, "1")
    second = first.context.new_page()      # the same browser: the same seat
    second.goto(server.url + f"/#/room/{room}")
    my_seat(second, "1")
    wait_version_above(second, None)
    notice = first.locator("[data-testid=seat-elsewhere]")
    expect(notice).to_contain_text(elsewhere)
    first.clock.run_for(10000)      # past every toast and reconnect delay: nothing reconnects by itself
    expect(notice).to_contain_text(elsewhere)
    assert state(first)["status"] == "closed" and state(second)["status"] == "open"
    assert not any(raw in first.inner_text("body") for raw in ("4002", "close_", "superseded"))
    second.close()
    take_back = first.locator("[data-testid=seat-take-back]")
    expect(take_back).to_have_text(play_here)
    take_back.click()
    wait_version_above(first, None)
    assert state(first)["you"] == 1 and notice.count() == 0


def _claim_again(page, room: str) -> None:
    """The page's player claims its seat of ``room`` again over HTTP (as from another device): a new seat token.
    ``page``: a page of the site (it loads the client's own api.js)."""
    page.evaluate("async (room) => { const api = await import('/js/api.js'); await api.joinRoom(room); }", room)


def _seat_claimed_again_elsewhere(server, new_page, locale: str):
    """A page (``locale``) playing seat 1 against the computer whose seat its player then claimed again with a new
    token from another page of the same browser (the lobby: no socket of this seat); the first page."""
    first = new_page(locale)
    enter_lobby(first, server, "Ann")
    first.click("[data-testid=play-bot]")
    room = room_of(first)
    my_seat(first, "1")
    wait_version_above(first, None)
    other = first.context.new_page()
    other.goto(server.url + "/")
    _claim_again(other, room)
    return first


@pytest.mark.parametrize("locale, replaced", [
    ("en-US", "This seat was opened again elsewhere (on another device or in another window) with a new seat key, "
              "so this window can no longer play it."),
    ("ru-RU", "Это место открыто заново в другом месте (на другом устройстве или в другом окне) с новым ключом, "
              "поэтому из этого окна играть им больше нельзя.")])
def test_a_tab_whose_seat_was_claimed_again_with_a_new_token_says_it_can_no_longer_play_it(server, new_page, locale,
                                                                                            replaced):
    first = _seat_claimed_again_elsewhere(server, new_page, locale)
    expect(first.locator("[data-testid=seat-replaced]")).to_contain_text(replaced, use_inner_text=True)
    assert first.locator("[data-testid=seat-take-back]").count() == 0
    assert state(first)["status"] == "closed"
    assert not any(raw in first.inner_text("body") for raw in ("4012", "4005", "close_", "seat_replaced"))


@pytest.mark.parametrize("locale, claim", [("en-US", "Play here"), ("ru-RU", "Играть здесь")])
def test_a_tab_whose_seat_was_claimed_again_gets_it_back_when_its_player_asks_for_it_here(server, new_page, locale,
                                                                                          claim):
    first = _seat_claimed_again_elsewhere(server, new_page, locale)
    again = first.locator("[data-testid=seat-claim-again]")
    expect(again).to_have_text(claim)
    again.click()
    expect(first.locator("[data-testid=seat-replaced]")).to_have_count(0)
    wait_version_above(first, None)
    assert state(first)["you"] == 1 and state(first)["status"] == "open"


def test_a_reload_whose_stored_seat_key_was_replaced_gets_the_players_seat_anew(server, new_page):
    first = _seat_claimed_again_elsewhere(server, new_page, "en-US")   # this browser still stores the old key
    expect(first.locator("[data-testid=seat-replaced]")).to_be_visible()
    first.reload()
    my_seat(first, "1")
    wait_version_above(first, None)
    assert state(first)["status"] == "open"
    assert "not valid" not in first.inner_text("body") and "does not fit" not in first.inner_text("body")


def test_taking_a_seat_back_after_its_token_was_replaced_says_the_seat_was_claimed_again(server, new_page):
    first = new_page("en-US")
    enter_lobby(first, server, "Ann")
    first.click("[data-testid=play-bot]")
    room = room_of(first)
    my_seat(first, "1")
    second = first.context.new_page()      # the same browser: the same seat, with the same token
    second.goto(server.url + f"/#/room/{room}")
    my_seat(second, "1")
    wait_version_above(second, None)
    expect(first.locator("[data-testid=seat-elsewhere]")).to_be_visible()
    _claim_again(second, room)             # a new token: the first tab's is no longer valid
    first.click("[data-testid=seat-take-back]")
    expect(first.locator("[data-testid=seat-replaced]")).to_contain_text("can no longer play it")
    assert first.locator("[data-testid=seat-take-back]").count() == 0
    assert "not valid" not in first.inner_text("body")     # the refusal of the old token is told as what it means

