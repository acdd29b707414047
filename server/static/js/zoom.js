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
      const board = anchor.closest?.(".board")?.getBoundingClientRect();
      const at = placeBeside(r, board, el.offsetWidth, el.offsetHeight, keep, board ? null : rowNeighbourhood(anchor, r));
      el.style.left = `${at.left}px`;
      el.style.top = `${at.top}px`;
      if (at.maxHeight) el.style.maxHeight = `${at.maxHeight}px`;
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

/** The rect {left, top, right, bottom} of a card off the board (rect r) with its neighbours in its row (the deal, the
 * squad, an aux zone): the cards of the same row within one card of it on every side, so that a wrapped row's card
 * above or below counts too. */
function rowNeighbourhood(anchor, r) {
  const n = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  for (const c of anchor.parentElement?.querySelectorAll(":scope > .card") || []) {
    const o = c.getBoundingClientRect();
    if (Math.abs(o.left - r.left) > r.width * 1.6 || Math.abs(o.top - r.top) > r.height * 1.6) continue;
    n.left = Math.min(n.left, o.left);
    n.top = Math.min(n.top, o.top);
    n.right = Math.max(n.right, o.right);
    n.bottom = Math.max(n.bottom, o.bottom);
  }
  return n;
}

/** The area (px²) a box {left, top} of w x hgt shares with rect k. */
function overlap(at, w, hgt, k) {
  const x = Math.min(at.left + w, k.right) - Math.max(at.left, k.left);
  const y = Math.min(at.top + hgt, k.bottom) - Math.max(at.top, k.top);
  return x > 0 && y > 0 ? x * y : 0;
}

/**
 * Where the zoom (w x hgt px) goes for a card at rect r (viewport px): never over the card or its neighbours, and
 * over none of the rects of keep (the controls holding the prompt, the lit targets) when any place allows it. A card
 * on the board (board: the board's rect) gets the zoom beside the board, right or left, when it fits (slid above or
 * below a kept rect when needed); otherwise, and for cards off the board, beside or above / below the card's
 * neighbourhood (near: the card with its row's neighbours, rowNeighbourhood; by default the card grown by one card on
 * every side), then the window's corners clear of that neighbourhood. The first place clear of the neighbourhood
 * covering no kept rect wins, else the one clear of it covering least. When no place of the whole zoom is clear of the
 * neighbourhood (a phone's full deal), the zoom goes above or below it, where there is more room, and is cut to that
 * height (it scrolls). Returns {left, top} in px, with maxHeight (px) when the zoom must be cut.
 */
export function placeBeside(r, board, w, hgt, keep = [], near = null) {
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
  const n = near || { left: r.left - r.width - 4, right: r.right + r.width + 4, top: r.top - r.height - 4,
    bottom: r.bottom + r.height + 4 };
  if (n.right + 8 + w <= W - 4) places.push({ left: n.right + 8, top: top(r.top) });
  if (n.left - 8 - w >= 4) places.push({ left: n.left - 8 - w, top: top(r.top) });
  const below = { left: left(r.left), top: Math.min(n.bottom + 8, H - hgt - 4) };
  const above = { left: left(r.left), top: Math.max(4, n.top - 8 - hgt) };
  places.push(...(H - n.bottom >= n.top ? [below, above] : [above, below]));
  // last resorts when those cover a kept rect: the window's corners clear of the card's neighbourhood
  for (const at of [{ left: 4, top: 4 }, { left: W - w - 4, top: 4 }, { left: 4, top: H - hgt - 4 },
    { left: W - w - 4, top: H - hgt - 4 }]) places.push(at);
  const clear = places.filter((at) => !overlap(at, w, hgt, n));
  if (!clear.length) {
    const room = Math.max(H - n.bottom - 12, n.top - 12);
    return H - n.bottom >= n.top ? { left: left(r.left), top: n.bottom + 8, maxHeight: room }
      : { left: left(r.left), top: Math.max(4, n.top - 8 - Math.min(hgt, room)), maxHeight: room };
  }
  const covered = (at) => keep.reduce((s, k) => s + overlap(at, w, hgt, k), 0);
  return clear.reduce((best, at) => (covered(at) < covered(best) ? at : best));
}
