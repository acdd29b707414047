// "Not found" in the page's body: an address the client has no page for ("#/no-such-page"), a replay link that
// names no game (neither a recorded game nor a room), a profile link naming no player, and a room link naming no
// room being played (a mistyped link, or a game that ended and closed: then a link to its replay too, data-testid
// "not-found-replay"). Each says so in
// words, with a link to the lobby (data-testid "not-found", its link "not-found-lobby"). A room link of a game closed to
// spectators opened by someone without a seat there says the game is private (data-testid "private-room", its link
// "private-room-lobby").

import { h, setChildren } from "./dom.js";
import { t, addStrings, onLangChange } from "./i18n.js";

addStrings({
  en: { nf_page_title: "Page not found", nf_page_text: "There is no page at this address.",
    nf_game_title: "Game not found", nf_game_text: "No game, recorded or being played, has this id: the link may be mistyped.",
    nf_room_title: "Game not found", nf_room_text: "No game is being played with this id: it may have ended, or the link may be mistyped.",
    nf_room_ended: "This game has ended.", nf_to_replay: "Watch its replay",
    nf_player_title: "Player not found", nf_player_text: "There is no player with this name: the link may be mistyped.",
    nf_to_lobby: "To the lobby",
    private_title: "Private game", private_text: "This game is closed to spectators: only its two players can open it." },
  ru: { nf_page_title: "Страница не найдена", nf_page_text: "По этому адресу страницы нет.",
    nf_game_title: "Игра не найдена", nf_game_text: "Ни записанной, ни идущей игры с таким номером нет: возможно, в ссылке ошибка.",
    nf_room_title: "Игра не найдена", nf_room_text: "Идущей игры с таким номером нет: она могла закончиться, или в ссылке ошибка.",
    nf_room_ended: "Эта игра закончилась.", nf_to_replay: "Смотреть запись",
    nf_player_title: "Игрок не найден", nf_player_text: "Игрока с таким именем нет: возможно, в ссылке ошибка.",
    nf_to_lobby: "В лобби",
    private_title: "Закрытая игра", private_text: "Эта игра закрыта для зрителей: открыть её могут только двое её игроков." },
});

/** The "not found" box for kind "page" (an unknown address), "game" (a replay link naming no game), "room" (a
 * room link naming no room being played) or "player" (a profile link naming no player); replay: the id of the recorded game a closed room was, or null. */
export function notFoundBox(kind, replay = null) {
  return h("section.not-found", { dataset: { testid: "not-found", kind } },
    h("h1", {}, t(`nf_${kind}_title`)),
    h("p", {}, replay ? t("nf_room_ended") : t(`nf_${kind}_text`)),
    replay ? h("p", {}, h("a.not-found-replay", { href: `#/replay/${encodeURIComponent(replay)}`,
      dataset: { testid: "not-found-replay" } }, t("nf_to_replay"))) : null,
    h("a.not-found-lobby", { href: "#/", dataset: { testid: "not-found-lobby" } }, t("nf_to_lobby")));
}

/** The box of a room closed to spectators opened by someone without a seat there: the game is private, with the
 * way to the lobby. */
export function privateRoomBox() {
  return h("section.not-found.private-room", { dataset: { testid: "private-room" } },
    h("h1", {}, t("private_title")),
    h("p", {}, t("private_text")),
    h("a.not-found-lobby", { href: "#/", dataset: { testid: "private-room-lobby" } }, t("nf_to_lobby")));
}

/** The page of an address the client has no page for. */
export class NotFoundPage {
  constructor(root) {
    this.root = root;
    this.unsubscribe = onLangChange(() => this.render());
  }

  render() {
    setChildren(this.root, notFoundBox("page"));
  }

  async start() {}

  destroy() {
    this.unsubscribe();
  }
}
