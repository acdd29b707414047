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

/** Clock presets offered at creation: minutes in each bank + seconds added at the end of each of the player's turns
 * (server/clock.py), or no clock; `default` is selected first. */
export const CLOCK_PRESETS = [
  { id: "5+3", clock: { base: 300, increment: 3 } },
  { id: "10+5", clock: { base: 600, increment: 5 } },
  { id: "15+10", clock: { base: 900, increment: 10 }, default: true },
  { id: "none", clock: null },
];
