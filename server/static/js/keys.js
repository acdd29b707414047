// Keyboard play on the board: arrows move the focus between cells (one focusable cell, a roving
// tabindex), Enter or Space clicks the focused cell (its card, or the cell as a target); Esc steps back (game.js).

const STEP = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** keydown on the board element: page is the GamePage. */
export function boardKeys(e, page) {
  const cellEl = e.target.closest?.("[data-cell]");
  if (!cellEl) return;
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    cellEl.click();
    return;
  }
  const d = STEP[e.key];
  if (!d) return;
  e.preventDefault();
  const cells = [...e.currentTarget.querySelectorAll("[data-cell]")];
  const i = cells.indexOf(cellEl);
  const col = i % 5;
  const row = Math.floor(i / 5);
  const nc = Math.min(4, Math.max(0, col + d[0]));
  const nr = Math.min(5, Math.max(0, row + d[1]));
  const next = cells[nr * 5 + nc];
  if (!next || next === cellEl) return;
  cellEl.tabIndex = -1;
  next.tabIndex = 0;
  page.focusCell = next.dataset.cell;
  next.focus();
}
