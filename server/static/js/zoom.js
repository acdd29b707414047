// Card zoom: the full card, large, with its text, on hover (a fine pointer), on keyboard focus,
// or on a long press (touch). One floating element; Esc or a tap elsewhere hides it.

import { h } from "./dom.js";
import { cardDetail } from "./panels.js";

const LONG_PRESS_MS = 450;

export class Zoom {
  /** getView: () => the current view. */
  constructor(getView) {
    this.getView = getView;
    this.el = null;
    this.by = null;
    this.timer = null;
  }

  get visible() {
    return !!this.el;
  }

  /** Show card id next to anchor; by: "hover" | "focus" | "press" (a later hide(by) hides only its own). */
  showFor(id, anchor, by) {
    const view = this.getView();
    if (!view?.cards?.[id] || !view.cards[id].card) return;
    if (by === "hover" && !window.matchMedia("(hover: hover) and (pointer: fine)").matches) return;
    // Focus from the keyboard only (a click also focuses, and the zoom must not cover what was clicked).
    if (by === "focus" && !anchor?.matches?.(":focus-visible")) return;
    this.hide();
    this.by = by;
    const el = h("div.zoom", { role: "tooltip", dataset: { card: id, testid: "zoom" },
      onclick: () => this.hide() }, cardDetail(view, id));
    document.body.append(el);
    const r = anchor?.getBoundingClientRect?.();
    if (r && by !== "press") {
      // the question the player must answer (the controls with the prompt) and the cells and cards lit as the
      // targets to pick stay in view
      const keep = [...document.querySelectorAll("[data-testid=controls], .board .target")]
        .map((c) => c.getBoundingClientRect()).filter((k) => k.width && k.height);
      const at = placeBeside(r, anchor.closest?.(".board")?.getBoundingClientRect(), el.offsetWidth, el.offsetHeight, keep);
      el.style.left = `${at.left}px`;
      el.style.top = `${at.top}px`;
    } else {
      el.classList.add("centered");
    }
    this.el = el;
  }

  /** Hide (only when shown by `by`, if given). */
  hide(by) {
    if (!this.el || (by && this.by !== by)) return;
    this.el.remove();
    this.el = null;
    this.by = null;
  }

  pressStart(id, anchor) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.showFor(id, anchor, "press"), LONG_PRESS_MS);
  }

  pressEnd() {
    clearTimeout(this.timer);
  }
}

/** The area (px²) a box {left, top} of w x hgt shares with rect k. */
function overlap(at, w, hgt, k) {
  const x = Math.min(at.left + w, k.right) - Math.max(at.left, k.left);
  const y = Math.min(at.top + hgt, k.bottom) - Math.max(at.top, k.top);
  return x > 0 && y > 0 ? x * y : 0;
}

/**
 * Where the zoom (w x hgt px) goes for a card at rect r (viewport px): never over the card or the board cells next
 * to it, and over none of the rects of keep (the controls holding the prompt, the lit targets) when any place
 * allows it. A card on the board (board: the board's rect) gets the zoom beside the board, right or left, when it
 * fits (slid above or below a kept rect when needed); otherwise, and for cards off the board, beside or above / below
 * the card's neighbourhood (the card grown by one card on every side), then the window's corners clear of that
 * neighbourhood. The first place covering no kept rect wins,
 * else the one covering least. Returns {left, top} in px.
 */
export function placeBeside(r, board, w, hgt, keep = []) {
  const W = window.innerWidth;
  const H = window.innerHeight;
  const top = (y) => Math.max(4, Math.min(y, H - hgt - 4));
  const left = (x) => Math.max(4, Math.min(x, W - w - 4));
  const places = [];
  const column = (x) => {       // a column beside the board: at the board's top, else above or below a kept rect
    places.push({ left: x, top: top(board.top) });
    for (const k of keep) {
      if (k.bottom + 8 + hgt <= H - 4) places.push({ left: x, top: k.bottom + 8 });
      if (k.top - 8 - hgt >= 4) places.push({ left: x, top: k.top - 8 - hgt });
    }
  };
  if (board && board.right + 8 + w <= W - 4) column(board.right + 8);
  if (board && board.left - 8 - w >= 4) column(board.left - 8 - w);
  const dx = board ? r.width + 4 : 0;
  const dy = board ? r.height + 4 : 0;
  const n = { left: r.left - dx, right: r.right + dx, top: r.top - dy, bottom: r.bottom + dy };
  if (n.right + 8 + w <= W - 4) places.push({ left: n.right + 8, top: top(r.top) });
  if (n.left - 8 - w >= 4) places.push({ left: n.left - 8 - w, top: top(r.top) });
  const below = { left: left(r.left), top: Math.min(n.bottom + 8, H - hgt - 4) };
  const above = { left: left(r.left), top: Math.max(4, n.top - 8 - hgt) };
  places.push(...(H - n.bottom >= n.top ? [below, above] : [above, below]));
  // last resorts when those cover a kept rect: the window's corners clear of the card's neighbourhood
  const nRect = { left: n.left, top: n.top, right: n.right, bottom: n.bottom };
  for (const at of [{ left: 4, top: 4 }, { left: W - w - 4, top: 4 }, { left: 4, top: H - hgt - 4 },
    { left: W - w - 4, top: H - hgt - 4 }]) if (!overlap(at, w, hgt, nRect)) places.push(at);
  const covered = (at) => keep.reduce((s, k) => s + overlap(at, w, hgt, k), 0);
  return places.reduce((best, at) => (covered(at) < covered(best) ? at : best));
}
