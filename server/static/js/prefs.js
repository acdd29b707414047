// Small choices this browser remembers across visits (localStorage): the deck last chosen and the clock preset.

const DECK = "berserk.deck";

/** The deck name chosen last (or null). */
export function lastDeck() {
  return localStorage.getItem(DECK);
}

/** Remember the deck chosen now. */
export function rememberDeck(name) {
  if (name) localStorage.setItem(DECK, name);
}

/** Clock presets offered at creation: base + increment in seconds, or no clock. */
export const CLOCK_PRESETS = [
  { id: "15+10", clock: { base: 900, increment: 10 } },
  { id: "5+3", clock: { base: 300, increment: 3 } },
  { id: "30+20", clock: { base: 1800, increment: 20 } },
  { id: "none", clock: null },
];
