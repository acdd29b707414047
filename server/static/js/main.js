// Entry point: hash routes. "#/" lobby; "#/room/<id>" play (with this tab's seat token) or watch (no token, or
// "?watch=1"); "#/replay/<id>" replay of a finished game; "#/leaderboard" ratings and this player's games.

import { h, setChildren } from "./dom.js";
import { t, getLang, setLang, onLangChange } from "./i18n.js";
import { loadCatalogue } from "./cards.js";
import { LobbyPage } from "./lobby.js";
import { GamePage } from "./game.js";
import { GameConnection } from "./conn.js";
import { ReplayConnection } from "./replay.js";
import { LeaderboardPage } from "./leaderboard.js";
import { loadSeat } from "./seats.js";

const header = document.getElementById("top");
const main = document.getElementById("app");
let current = null; // {page, conn}

function renderHeader() {
  setChildren(header,
    h("a.brand", { href: "#/" }, t("title")),
    h("nav", {}, h("a", { href: "#/" }, t("lobby")), " ", h("a", { href: "#/leaderboard" }, t("leaderboard"))),
    h("button#lang", { onclick: () => setLang(getLang() === "ru" ? "en" : "ru") }, t("lang_switch")));
  document.title = t("title");
}

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, query: new URLSearchParams(query || "") };
}

function leave() {
  if (!current) return;
  current.conn?.stop();
  current.page?.destroy();
  current = null;
}

async function route() {
  leave();
  const { parts, query } = parseHash();
  if (parts[0] === "room" && parts[1]) {
    const room = parts[1];
    const seat = query.get("watch") ? null : loadSeat(room);
    const conn = new GameConnection({ room, token: seat?.token ?? null, onChange: (c, what) => page.update(what) });
    const page = new GamePage(main, conn);
    current = { page, conn };
    window.berserkConn = conn; // read-only handle for end-to-end tests and debugging
    page.render();
    await conn.start();
  } else if (parts[0] === "replay" && parts[1]) {
    // Step-by-step replay when the server offers it; otherwise watch the finished room (final board, full log).
    const room = parts[1];
    let page;
    const onChange = (c, what) => page.update(what);
    const conn = (await ReplayConnection.available(room))
      ? new ReplayConnection({ room, onChange })
      : new GameConnection({ room, token: null, onChange });
    page = new GamePage(main, conn, { replay: true });
    current = { page, conn };
    window.berserkConn = conn;
    page.render();
    await conn.start();
  } else if (parts[0] === "leaderboard") {
    const page = new LeaderboardPage(main);
    current = { page };
    page.render();
    await page.start();
  } else {
    const page = new LobbyPage(main);
    current = { page };
    page.render();
    await page.start();
  }
}

onLangChange(renderHeader);
document.documentElement.lang = getLang();
renderHeader();
window.addEventListener("hashchange", route);
loadCatalogue()
  .catch((e) => console.error("card catalogue:", e))
  .then(route);
