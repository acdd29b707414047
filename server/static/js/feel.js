// The page's feel: a your-turn alert in the title and an optional sound, and light animations
// for a move, a strike and a death (CSS classes; style.css turns them off under prefers-reduced-motion).

import { t } from "./i18n.js";

const SOUND_KEY = "berserk.sound";

/** True when the player switched the turn sound on (off by default). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

/** Switch the turn sound on or off (remembered). */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
}

let audio = null;
/** A short two-note chime (WebAudio, no file). Silently does nothing where audio is unavailable. */
export function chime() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    for (const [i, f] of [[0, 660], [1, 880]]) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, now + i * 0.12);
      g.gain.exponentialRampToValueAtTime(0.12, now + i * 0.12 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      o.connect(g).connect(audio.destination);
      o.start(now + i * 0.12);
      o.stop(now + i * 0.12 + 0.3);
    }
  } catch (e) {
    /* no audio */
  }
}

/** Tracks whose turn it is: the title carries the alert while the page waits for this player; the chime sounds
 * when the wait starts (and the sound is on). */
export class TurnAlert {
  constructor() {
    this.mine = false;
  }

  /** mine: the game waits for this page's player now; label: the words the title says so with («Ваш ход» /
   * «Ваш ответ», game.js). */
  update(mine, label = t("to_act_you")) {
    const title = t("title");
    document.title = mine ? `● ${label} — ${title}` : title;
    if (mine && !this.mine && soundOn()) chime();
    this.mine = mine;
  }

  clear() {
    document.title = t("title");
    this.mine = false;
  }
}

/**
 * Animations for the events new since the last call: {cardId: "anim-move" | "anim-hit"} plus the players whose
 * graveyard just received a card ({grave: Set(p)}). log: the view's log; lastSeq: the seq already animated.
 */
export function animationsFor(log, lastSeq) {
  const cards = {};
  const grave = new Set();
  for (const e of log || []) {
    if (lastSeq == null || e.seq <= lastSeq) continue;
    if (e.type === "moved" && e.card) cards[e.card] = "anim-move";
    else if (e.type === "wounds" && e.card) cards[e.card] = "anim-hit";
    else if (e.type === "died") grave.add(e.owner ?? e.controller);
  }
  return { cards, grave };
}
