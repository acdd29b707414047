// Entry point: hash routes. "#/" lobby; "#/room/<id>" play (with this browser's seat token) or watch (no token, or
// "?watch=1"); "#/replay/<id>" replay of a finished game; "#/rules[/<section>]" the rules; "#/player/<name>" a
// profile; "#/leaderboard" ratings and this player's games; any other address, a "page not found" with a link to
// the lobby (notfound.js). On the first visit the lobby asks for a display name (player.js). Opening a room
// link without a seat takes the free seat 2 if nobody has (the invite link; a name is asked for
// first); a signed-in player seated in the room gets that seat on this device; later openers watch (no name needed).

import { h, setChildren } from "./dom.js";
import { t, getLang, setLang, onLangChange } from "./i18n.js";
import { loadCatalogue } from "./cards.js";
import { LobbyPage } from "./lobby.js";
import { BuilderPage } from "./builder.js";
import { GamePage } from "./game.js";
import { GameConnection, staleSeatToken } from "./conn.js";
import { ReplayConnection } from "./replay.js";
import { NotFoundPage } from "./notfound.js";
import { LeaderboardPage } from "./leaderboard.js";
import { RulesPage, rulesHref } from "./rules.js";
import { tutorialFor } from "./tutorial.js";
import { ProfilePage } from "./profile.js";
import { startPresence } from "./presence.js";
import { RoomBar } from "./roombar.js";
import { ChatPanel } from "./chat.js";
import { loadSeat, saveSeat, dropSeat } from "./seats.js";
import { currentPlayer, ensurePlayer, forgetPlayer, closeNameDialog, savePlayer } from "./player.js";
import * as api from "./api.js";

const header = document.getElementById("top");
const main = document.getElementById("app");
let current = null; // {page, conn, parts}
let checked = false; // the stored player was confirmed by the server in this page load
let routes = 0; // the latest route() call; an older one that wakes up after an await gives way

function renderHeader() {
  const me = currentPlayer();
  setChildren(header,
    h("a.brand", { href: "#/" }, t("title")),
    h("nav", {}, h("a", { href: "#/" }, t("lobby")), " ", h("a", { href: "#/leaderboard" }, t("leaderboard")), " ",
      h("a#open-deck-builder", { href: "#/decks", dataset: { testid: "open-deck-builder" } }, t("db_open_builder")), " ",
      h("a#open-rules", { href: rulesHref(), dataset: { testid: "open-rules" } }, t("rules"))),
    me ? h("a.whoami-top", { href: `#/player/${encodeURIComponent(me.name)}`, title: t("my_profile"),
      dataset: { testid: "my-profile" } }, me.name) : null,
    h("button#lang", { onclick: () => setLang(getLang() === "ru" ? "en" : "ru") }, t("lang_switch")));
  document.title = t("title");
}

/** The route of the address's hash: {parts, query}; parts is null when a part is no valid percent-encoding (such an
 * address has no page: the not-found page says so). */
function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query] = raw.split("?");
  try {
    return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query || "") };
  } catch {
    return { parts: null, query: new URLSearchParams() };   // URIError: "%", "%E0", "%zz"
  }
}

function leave() {
  closeNameDialog();
  if (!current) return;
  current.conn?.stop();
  current.page?.destroy();
  for (const p of current.parts || []) p.destroy();
  current = null;
}

/** The player of this browser, asking for a name on the first visit (or when the server forgot the player). */
async function player() {
  if (currentPlayer() && !checked) {
    try {
      const who = await api.me(); // the name may have changed on another browser (profile.js)
      if (who.name !== currentPlayer().name) savePlayer({ ...currentPlayer(), name: who.name });
    } catch (e) {
      if (e.status === 401) forgetPlayer();
    }
    checked = true;
  }
  const p = await ensurePlayer(api.createPlayer);
  renderHeader();
  startPresence();
  return p;
}

/** Seconds to wait before asking again when the server answers 503 "unavailable" (the room is being restored after
 * a restart, or is moving to another process: docs/reliability.md); after the last, the opener watches. */
const SEAT_RETRIES = [0.5, 1, 2, 4];

/** This browser's seat in room ({seat, kept}): the stored one; else, for a signed-in player seated in the room (its
 * `yours`, by the player's session) whatever the room's status, that seat with a fresh token from the server (the
 * seat's older connection elsewhere is displaced); else the free seat 2 when the room still waits for a player; none
 * (seat null) when watching, with kept the seat the waiting room keeps for this player (a rematch or a challenge
 * opened from its link, nobody in it yet: the room bar offers to take it, roombar.js) or null, and lost true when
 * the free seat was taken by another opener while this one asked for it (the room bar says so). */
/** Rooms whose stored seat token the room refused and whose seat was asked for anew in this page's life
 * (route(): once each, so a refusal of the fresh token is shown instead of asked again). */
const reasked = new Set();

async function seatFor(room) {
  const known = loadSeat(room);
  if (known) return { seat: known, kept: null };
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await api.roomInfo(room);
      if (info.status === "waiting" && info.yours && !info.seats?.[String(info.yours)]?.taken) {
        return { seat: null, kept: info.yours };
      }
      if (!info.yours && !(info.status === "waiting" && info.open)) return { seat: null, kept: null };
      await player(); // the friend sits down under a name
      const seat = await api.joinRoom(room, {});
      saveSeat(room, seat);
      return { seat, kept: null };
    } catch (e) {
      // taken meanwhile (said), or no such room: watch (the connection shows why); unavailable for now: ask again
      if (e.status === 409 && e.code === "seat_taken") return { seat: null, kept: null, lost: true };
      if (e.status !== 503 || attempt >= SEAT_RETRIES.length) return { seat: null, kept: null };
      await new Promise((resolve) => setTimeout(resolve, SEAT_RETRIES[attempt] * 1000));
    }
  }
}

async function route() {
  leave();
  const mine = ++routes;
  const { parts, query } = parseHash();
  if (parts === null) {
    const page = new NotFoundPage(main);
    current = { page };
    page.render();
  } else if (parts[0] === "room" && parts[1]) {
    const room = parts[1];
    const { seat, kept, lost } = query.get("watch") ? { seat: null, kept: null } : await seatFor(room);
    if (mine !== routes) return;
    const barRoot = h("div#room-bar-root");
    const guideRoot = h("div#tutorial-root");
    const gameRoot = h("div#game-root");
    const chatRoot = h("div#chat-root");
    setChildren(main, h("div.room-page", {}, barRoot, guideRoot, gameRoot, chatRoot));
    let page, bar, chat, guide;
    // this browser's seat asked anew: its stored token forgotten, the seat's player gets a fresh one from the
    // server (seatFor; another device's connection of the seat is displaced), anyone else watches
    const claimAgain = () => { dropSeat(room); route(); };
    const conn = new GameConnection({ room, token: seat?.token ?? null, onChange: (c, what) => {
      if (what === "error" && staleSeatToken(c) && !reasked.has(room)) {
        reasked.add(room);        // once per room and page load: a refused fresh token is shown, not asked again
        claimAgain();
        return;
      }
      if (what !== "chat") page.update(what);
      bar.update(what);
      chat.update(what);
      guide?.update(what);
    } });
    page = new GamePage(gameRoot, conn, { claimAgain });
    bar = new RoomBar(barRoot, conn, { kept, lost, onSeated: () => route() });
    chat = new ChatPanel(chatRoot, conn);
    guide = tutorialFor(room, guideRoot, conn);   // the tutorial's guide in the tutorial's room (tutorial.js)
    current = { page, conn, parts: [bar, chat, guide].filter(Boolean) };
    window.berserkConn = conn; // read-only handle for end-to-end tests and debugging
    page.render();
    await conn.start();
  } else if (parts[0] === "replay" && parts[1]) {
    // Step-by-step replay when the server offers it; otherwise watch the finished room (final board, full log).
    const room = parts[1];
    let page;
    // a replay link names a game: with neither a record nor a room, the page says so in those words
    const onChange = (c, what) => {
      if (what === "error" && c.lastError?.code === "room_not_found") c.lastError = { ...c.lastError, code: "game_not_found" };
      page.update(what);
    };
    const conn = (await ReplayConnection.available(room))
      ? new ReplayConnection({ room, onChange })
      : new GameConnection({ room, token: null, onChange });
    page = new GamePage(main, conn, { replay: true });
    current = { page, conn };
    window.berserkConn = conn;
    page.render();
    await conn.start();
  } else if (parts[0] === "decks") {
    const page = new BuilderPage(main, parts[1] || null);
    current = { page };
    page.render();
    await page.start();
  } else if (parts[0] === "rules") {
    const page = new RulesPage(main, parts[1] || null);
    current = { page };
    page.render();
    await page.start();
  } else if (parts[0] === "player" && parts[1]) {
    const page = new ProfilePage(main, parts[1]);
    current = { page };
    page.render();
    await page.start();
  } else if (parts[0] === "leaderboard") {
    const page = new LeaderboardPage(main);
    current = { page };
    page.render();
    await page.start();
  } else if (parts.length) {   // an address with no page: said so, with a link to the lobby
    const page = new NotFoundPage(main);
    current = { page };
    page.render();
  } else {
    const page = new LobbyPage(main, player);
    current = { page };
    page.render();
    // the first visit asks for a name over the lobby (its buttons wait for it); the lobby shows it once chosen
    player().then(() => page.named());
    await page.start();
  }
}

onLangChange(renderHeader);
document.documentElement.lang = getLang();
renderHeader();
if (currentPlayer()) startPresence();
window.addEventListener("hashchange", route);
window.addEventListener("player-renamed", renderHeader);
loadCatalogue()
  .catch((e) => console.error("card catalogue:", e))
  .then(route);
