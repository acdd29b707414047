// "Not found" in the page's body: an address the client has no page for ("#/no-such-page"), and a replay link that
// names no game (neither a recorded game nor a room). Each says so in words, with a link to the lobby
// (data-testid "not-found", its link "not-found-lobby").

import { h, setChildren } from "./dom.js";
import { t, addStrings, onLangChange } from "./i18n.js";

addStrings({
  en: { nf_page_title: "Page not found", nf_page_text: "There is no page at this address.",
    nf_game_title: "Game not found", nf_game_text: "No game, recorded or being played, has this id: the link may be mistyped.",
    nf_to_lobby: "To the lobby" },
  ru: { nf_page_title: "Страница не найдена", nf_page_text: "По этому адресу страницы нет.",
    nf_game_title: "Игра не найдена", nf_game_text: "Ни записанной, ни идущей игры с таким номером нет: возможно, в ссылке ошибка.",
    nf_to_lobby: "В лобби" },
});

/** The "not found" box for kind "page" (an unknown address) or "game" (a replay link naming no game). */
export function notFoundBox(kind) {
  return h("section.not-found", { dataset: { testid: "not-found", kind } },
    h("h1", {}, t(`nf_${kind}_title`)),
    h("p", {}, t(`nf_${kind}_text`)),
    h("a.not-found-lobby", { href: "#/", dataset: { testid: "not-found-lobby" } }, t("nf_to_lobby")));
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
