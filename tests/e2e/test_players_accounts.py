"""Players who are someone, in Chromium: a password set on the profile signs the player in on a second browser
context, the profile page shows the player, and a challenge sent to a friend is accepted from the friend's lobby
(both are seated in a new room; a third friend watches it in one click)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.driver import click
from tests.e2e.players import enter_lobby, friend_game, my_seat, room_of, wait_dealt

PASSWORD = "a long password"


def _me(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('berserk.player'))")


def _befriend(a, b) -> None:
    """``a`` adds ``b`` by name from the lobby's friends panel; ``b`` adds back; both see each other listed."""
    a.fill("[data-testid=friend-name]", _me(b)["name"])
    a.click("[data-testid=friend-add]")
    b.click("[data-testid=friend-add-back]")
    for page, other in ((a, b), (b, a)):
        page.wait_for_selector(f"[data-testid=friends] li.friend[data-player='{_me(other)['name']}']")


def test_the_added_note_turns_into_friends_once_the_other_adds_back(server, new_page):
    ann, bob = new_page(), new_page()
    enter_lobby(ann, server, "Noa")
    enter_lobby(bob, server, "Ned")
    ann.fill("[data-testid=friend-name]", _me(bob)["name"])
    ann.click("[data-testid=friend-add]")
    ann.wait_for_function("() => document.querySelector('.friends-note')?.textContent.includes('once they add you')")
    bob.click("[data-testid=friend-add-back]")
    bob.wait_for_function("() => document.querySelector('.friends-note')?.textContent.includes('are friends now')")
    ann.wait_for_function("() => document.querySelector('.friends-note')?.textContent.includes('are friends now')")


def test_a_password_signs_the_player_in_on_a_second_browser(server, new_page):
    laptop, phone = new_page(), new_page()
    enter_lobby(laptop, server, "Ann")
    ann = _me(laptop)
    laptop.click("[data-testid=my-profile]")
    laptop.wait_for_selector("[data-testid=profile] [data-testid=account]")
    laptop.fill("[data-testid=new-password]", PASSWORD)
    laptop.click("[data-testid=save-password]")
    laptop.wait_for_selector(".account-note")
    laptop.select_option("#account-lang", "ru")
    laptop.locator("form:has(#account-lang) button").click()
    laptop.wait_for_function("() => document.querySelector('.account-note').textContent.includes('Язык')")
    phone.goto(server.url + "/")
    phone.click("[data-testid=open-signin]")
    phone.fill("[data-testid=signin-name]", ann["name"].upper())
    phone.fill("[data-testid=signin-password]", "not the password")
    phone.click("[data-testid=signin-ok]")
    phone.wait_for_function("() => document.querySelector('.name-error').textContent.length > 0")
    assert "Wrong name or password" in phone.inner_text(".name-error")     # the phone is in English until then
    phone.fill("[data-testid=signin-password]", PASSWORD)
    phone.click("[data-testid=signin-ok]")
    phone.wait_for_selector(".name-dialog", state="detached")
    phone.wait_for_selector("[data-testid=my-profile]")
    on_phone = _me(phone)
    assert on_phone["id"] == ann["id"] and on_phone["secret"] != ann["secret"]
    assert phone.inner_text("[data-testid=my-profile]") == ann["name"]
    phone.wait_for_function("document.documentElement.lang === 'ru'")     # the language chosen on the profile


def _signed_in_elsewhere(page, new_page, server):
    """The player of ``page`` sets a password on its profile and signs in with it on a new browser context:
    that context's page, in the lobby."""
    name = _me(page)["name"]
    page.goto(server.url + f"/#/player/{name}")
    page.fill("[data-testid=new-password]", PASSWORD)
    page.click("[data-testid=save-password]")
    page.wait_for_selector(".account-note")
    other = new_page()
    other.goto(server.url + "/")
    other.click("[data-testid=open-signin]")
    other.fill("[data-testid=signin-name]", name)
    other.fill("[data-testid=signin-password]", PASSWORD)
    other.click("[data-testid=signin-ok]")
    other.wait_for_selector(".name-dialog", state="detached")
    other.wait_for_selector("[data-testid=my-profile]")
    return other


@pytest.mark.parametrize("way", ["invite link", "my games"])
def test_a_player_signed_in_on_another_browser_gets_their_seat_of_the_running_game(server, new_page, way):
    ann, bob, link = friend_game(new_page, server)
    room = room_of(ann)
    phone = _signed_in_elsewhere(bob, new_page, server)
    if way == "invite link":
        phone.goto(link)
    else:
        phone.click(f"section.my-games li.room[data-room='{room}'] a.return")
    my_seat(phone, "2")
    phone.wait_for_function("() => window.berserkConn?.you === 2")
    assert "left the game" not in phone.inner_text("body")
    assert not phone.js_errors


def test_the_profile_page_shows_the_player(server, new_page):
    page, visitor = new_page(), new_page("ru-RU")
    enter_lobby(page, server, "Cid")
    name = _me(page)["name"]
    visitor.goto(server.url + f"/#/player/{name.lower()}")
    visitor.wait_for_selector("[data-testid=profile] h2")
    assert name in visitor.inner_text("[data-testid=profile] h2")
    text = visitor.inner_text("[data-testid=profile]")
    assert "Сыграно партий" in text and "Рейтинговых игр пока нет" in text and "С нами с" in text
    assert not visitor.query_selector("[data-testid=account]")       # someone else's profile: no account forms
    assert not visitor.js_errors and not page.js_errors


def test_a_challenge_accepted_by_a_friend_seats_both_and_a_friend_watches(server, new_page):
    ann, bob, cid = new_page(), new_page(), new_page()
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cid, "Cid")):
        enter_lobby(page, server, name)
    _befriend(ann, bob)
    _befriend(cid, bob)
    ann.click(f"li.friend[data-player='{_me(bob)['name']}'] [data-testid=challenge-open]")
    ann.wait_for_selector("[data-testid=challenge]")
    ann.select_option("[data-testid=challenge-clock]", "5+3")
    ann.click("[data-testid=challenge-send]")
    bob.wait_for_selector("[data-testid=challenge-incoming]")
    assert _me(ann)["name"] in bob.inner_text("[data-testid=challenge-incoming]")
    bob.click("[data-testid=challenge-accept]")
    room = room_of(bob)
    my_seat(bob, "2")
    assert room_of(ann) == room                            # the sender is taken to the room by its lobby socket
    my_seat(ann, "1")
    wait_dealt(ann)
    wait_dealt(bob)
    cid.click(f"li.friend[data-status=playing][data-player='{_me(bob)['name']}'] [data-testid=watch-friend]",
              timeout=20000)
    assert room_of(cid) == room
    my_seat(cid, "spectator")
    assert not ann.js_errors and not bob.js_errors and not cid.js_errors


def test_a_finished_rated_game_shows_on_both_profiles(server, new_page):
    ann, bob = new_page(), new_page()
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        enter_lobby(page, server, name)
    _befriend(ann, bob)
    ann.click(f"li.friend[data-player='{_me(bob)['name']}'] [data-testid=challenge-open]")
    ann.click("[data-testid=challenge-send]")
    bob.click("[data-testid=challenge-incoming] [data-testid=challenge-accept]")
    room = room_of(bob)
    assert room_of(ann) == room
    wait_dealt(ann)
    wait_dealt(bob)
    ann.wait_for_selector("button[data-act=concede]")
    click(ann, "button[data-act=concede]")
    click(ann, "button[data-act=concede-confirm]")
    bob.wait_for_function("() => { const c = window.berserkConn; return c && c.view && c.view.result; }")
    bob.goto(server.url + f"/#/player/{_me(bob)['name']}")
    bob.wait_for_selector("[data-testid=profile] [data-testid=rating-plot] circle", timeout=20000)
    assert int(bob.inner_text("[data-testid=profile-rating]").split()[0]) > 1500
    games = bob.inner_text("[data-testid=profile-games]")
    assert "Games played\t1" in games and "Won\t1" in games
    assert bob.get_attribute("[data-testid=profile] a.replay", "href") == f"#/replay/{room}"
    bob.click("[data-testid=profile] a.replay")
    bob.wait_for_function("location.hash.startsWith('#/replay/')")
    assert not ann.js_errors and not bob.js_errors


def test_axe_finds_no_serious_violation_on_the_friends_panel_and_the_profile(server, new_page):
    from tests.e2e.test_game_layout import _axe
    ann, bob = new_page(), new_page()
    enter_lobby(ann, server, "Ann")
    enter_lobby(bob, server, "Bob")
    _befriend(ann, bob)
    ann.click(f"li.friend[data-player='{_me(bob)['name']}'] [data-testid=challenge-open]")
    ann.wait_for_selector("[data-testid=challenge]")
    assert _axe(ann) == []
    ann.click("[data-testid=my-profile]")
    ann.wait_for_selector("[data-testid=profile] [data-testid=account]")
    assert _axe(ann) == []


def test_on_a_phone_the_header_keeps_the_profile_link_and_the_lobby_refresh_is_a_plain_button(server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US")
    try:
        page = ctx.new_page()
        enter_lobby(page, server, "Phoebe")
        link = page.locator("[data-testid=my-profile]")
        box = link.bounding_box()
        assert link.is_visible() and box and box["width"] > 0 and box["x"] + box["width"] <= 390
        sizes = page.evaluate("""() => [getComputedStyle(document.querySelector('.rooms button.refresh')).fontSize,
                                        getComputedStyle(document.querySelector('[data-testid=create-room]')).fontSize]""")
        assert sizes[0] == sizes[1], sizes          # the size of the lobby's other buttons, not the heading's
        link.click()
        page.wait_for_selector("[data-testid=profile] [data-testid=account]")
    finally:
        ctx.close()


@pytest.mark.parametrize("locale, name", [("ru-RU", "Богдан47"), ("en-US", "Bogdan48")])
def test_on_a_phone_the_header_shows_the_players_whole_name_and_no_link_wraps(server, browser, artifacts, locale,
                                                                             name):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale=locale)
    try:
        page = ctx.new_page()
        page.goto(server.url + "/")
        page.fill("#player-name", name)
        page.click("#player-name-ok")
        page.wait_for_selector("[data-testid=create-room]")
        page.wait_for_selector("[data-testid=my-profile]")   # the header's account part is drawn once it is known
        page.screenshot(path=str(artifacts / f"phone-header-{locale}.png"))
        shown = page.evaluate("""() => { const a = document.querySelector('[data-testid=my-profile]');
          const r = a.getBoundingClientRect();
          return {text: a.textContent, cut: a.scrollWidth > a.clientWidth, right: r.right,
                  links: [...document.querySelectorAll('header#top a')].filter(l => l.offsetParent)
                    .map(l => { const words = document.createRange(); words.selectNodeContents(l);
                                return {text: l.textContent, lines: new Set([...words.getClientRects()]
                                  .filter(q => q.width > 0).map(q => Math.round(q.top))).size}; })}; }""")
        assert shown["text"] == name and not shown["cut"] and shown["right"] <= 390, shown
        assert all(link["lines"] == 1 for link in shown["links"]), shown["links"]
    finally:
        ctx.close()


def test_adding_a_friend_without_a_name_asks_for_one_and_renaming_to_the_same_name_changes_nothing(server, new_page):
    page = new_page("ru-RU")
    enter_lobby(page, server, "Vera")
    page.fill("[data-testid=friend-name]", "   ")
    page.click("[data-testid=friend-add]")
    page.wait_for_selector(".friends-note")
    assert page.inner_text(".friends-note") == "Введите имя игрока."
    name = _me(page)["name"]
    page.click("[data-testid=my-profile]")
    page.wait_for_selector("[data-testid=profile] [data-testid=account]")
    page.fill("[data-testid=rename]", f" {name} ")
    page.locator("form:has([data-testid=rename]) button[type=submit]").click()
    page.wait_for_selector(".account-note")
    assert page.inner_text(".account-note") == "Это уже ваше имя: ничего не изменилось."
    assert page.evaluate("document.querySelector('[data-testid=account]') && 1") == 1
    assert not page.js_errors, page.js_errors


def test_a_rename_shows_at_once_in_the_header_and_on_the_profile_with_its_note(server, new_page):
    page = new_page("ru-RU")
    enter_lobby(page, server, "Gleb")
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    page.click("[data-testid=my-profile]")
    page.wait_for_selector("[data-testid=profile] [data-testid=account]")
    new_name = f"Глеб {_me(page)['id'][:4]}"
    page.fill("[data-testid=rename]", new_name)
    page.locator("form:has([data-testid=rename]) button[type=submit]").click()
    page.wait_for_selector(".account-note")
    assert page.inner_text(".account-note") == "Имя изменено."
    assert page.inner_text("[data-testid=my-profile]") == new_name
    assert page.evaluate("decodeURIComponent(location.hash)") == f"#/player/{new_name}"
    assert missing == [] and not page.js_errors, (missing, page.js_errors)


def test_the_lobby_shows_the_chosen_name_and_the_friends_panel_as_soon_as_the_name_is_chosen(server, new_page):
    """The page's clock stands still: the lobby's periodic refresh never comes, so only the choice itself can
    draw the name and the friends panel. The name is chosen once the lobby has drawn its lists (its buttons are
    enabled with the deck list), as a person reading the lobby first does."""
    page = new_page()
    page.clock.install()
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=create-room]:enabled")
    page.clock.pause_at(page.evaluate("Date.now()") + 1)
    page.fill("#player-name", "Newcomer")
    page.click("#player-name-ok")
    expect(page.locator(".lobby .whoami")).to_contain_text("You play as Newcomer.")
    expect(page.locator(".lobby [data-testid=friends] h2")).to_have_text("Friends")
    expect(page.locator(".lobby [data-testid=friend-add]")).to_be_visible()
    assert not page.js_errors, page.js_errors


def test_a_visitor_without_a_name_is_never_refused_for_lacking_one(server, new_page):
    page = new_page()
    refused: list[str] = []
    page.on("response", lambda r: refused.append(r.url) if r.status == 401 else None)
    page.clock.install()
    page.goto(server.url + "/")
    page.wait_for_selector("[data-testid=open-signin]")
    page.clock.run_for(25000)               # the lobby's and the friends panel's polls come due on the page's clock
    page.wait_for_load_state("networkidle")
    assert refused == []


@pytest.mark.parametrize("name", ["%00%01", "no-such-player-anywhere"])
@pytest.mark.parametrize("locale, title", [("en-US", "Player not found"), ("ru-RU", "Игрок не найден")])
def test_a_profile_link_naming_no_player_shows_the_player_not_found_page_with_the_way_to_the_lobby(
        server, new_page, name, locale, title):
    page = new_page(locale)
    page.goto(server.url + f"/#/player/{name}")
    box = page.locator("[data-testid=not-found][data-kind=player]")
    expect(box).to_contain_text(title)
    page.click("[data-testid=not-found-lobby]")
    page.wait_for_selector("[data-testid=create-room], #player-name")
