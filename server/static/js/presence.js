// The lobby socket (server/presence.py, "/ws/lobby"): while a page of the site is open, the player is online for
// friends and hears of challenges. Frames are JSON: {"t": "friends"} (the friends list changed), {"t":
// "challenge", challenge} (a friend challenges us: also a browser notification when the player allowed them),
// {"t": "accepted", room} (our challenge was accepted: take seat 1 there). Close 4011 = this session ended
// (signed out or the password changed elsewhere): the browser forgets the player and its seat tokens.

import { currentPlayer, forgetPlayer } from "./player.js";
import { joinRoom } from "./api.js";
import { saveSeat } from "./seats.js";
import { t } from "./i18n.js";

const RETRY_MS = [1000, 2000, 5000, 10000];
const listeners = new Set();
let ws = null;
let retries = 0;
let wanted = false;

/** Call fn(frame) for every frame of the lobby socket; returns a function that stops it. */
export function onPresence(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function notify(challenge) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted" || !document.hidden) return;
  try {
    new Notification(t("challenge_notify", { name: challenge.from.name }));
  } catch (e) {
    // some browsers allow notifications only from a service worker: the lobby shows the challenge anyway
  }
}

async function accepted(frame) {
  const seat = await joinRoom(frame.room, {});
  saveSeat(seat.room, seat);
  location.hash = `#/room/${encodeURIComponent(seat.room)}`;
}

function onFrame(frame) {
  if (frame.t === "challenge") notify(frame.challenge);
  if (frame.t === "accepted") accepted(frame).catch((e) => console.error("accepted challenge:", e));
  for (const fn of listeners) fn(frame);
}

/** Open the lobby socket for this browser's player (once; it reconnects by itself). */
export function startPresence() {
  const me = currentPlayer();
  if (!me || ws) return;
  wanted = true;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
  ws.onopen = () => ws.send(JSON.stringify({ t: "hello", auth: `${me.id}:${me.secret}` }));
  ws.onmessage = (ev) => {
    retries = 0;
    try {
      onFrame(JSON.parse(ev.data));
    } catch (e) {
      console.error("lobby socket frame:", e);
    }
  };
  ws.onclose = (ev) => {
    ws = null;
    if (ev.code === 4011 || ev.code === 4005) {
      wanted = false;
      forgetPlayer();
      for (const key of Object.keys(localStorage)) if (key.startsWith("berserk.seat.")) localStorage.removeItem(key);
      location.hash = "#/";
      location.reload();
      return;
    }
    if (wanted) setTimeout(startPresence, RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)]);
  };
}

/** Close the lobby socket (the player signs out here). */
export function stopPresence() {
  wanted = false;
  ws?.close(1000);
  ws = null;
}
