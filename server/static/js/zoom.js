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
    const w = el.offsetWidth;
    const hgt = el.offsetHeight;
    if (r && by !== "press") {
      let left = r.right + 8;
      if (left + w > window.innerWidth - 4) left = Math.max(4, r.left - w - 8);
      let top = Math.min(Math.max(4, r.top), window.innerHeight - hgt - 4);
      el.style.left = `${left}px`;
      el.style.top = `${Math.max(4, top)}px`;
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
