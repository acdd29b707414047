// Tiny DOM helper: h("div.card.closed", {dataset: {card: "c1"}, onclick}, child, "text", [children]).

/** Create an element. sel: "tag.class1.class2#id"; attrs: properties / on* handlers / dataset / attributes. */
export function h(sel, attrs = {}, ...children) {
  const m = sel.match(/^([a-z0-9]+)?((?:[.#][\w-]+)*)$/i);
  const el = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") el.classList.add(part.slice(1));
      else el.id = part.slice(1);
    }
  }
  for (const [k, val] of Object.entries(attrs || {})) {
    if (val === undefined || val === null || val === false) continue;
    if (k === "dataset") Object.assign(el.dataset, val);
    else if (k === "class") el.className += " " + val;
    else if (k.startsWith("on") && typeof val === "function") el.addEventListener(k.slice(2), val);
    else if (k in el && typeof val !== "string") el[k] = val;
    else el.setAttribute(k, val === true ? "" : String(val));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replace all children of el. */
export function setChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** Make el's children exactly ``nodes`` (elements, in this order; null skipped), moving only the nodes out of
 * place and removing the rest: a child that stays where it is is never detached, so a control under the pointer
 * keeps its click and a field its text. */
export function syncChildren(el, nodes) {
  let at = el.firstChild;
  for (const node of nodes) {
    if (node === null || node === undefined) continue;
    if (node === at) at = at.nextSibling;
    else el.insertBefore(node, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

/** The digits of a numbered list's last number (n items: "1".."5"), for its `data-digits` (the CSS widens the
 * list's number column by it, so "100." is not clipped). */
export function digitsOf(n) {
  return String(Math.min(5, String(Math.max(1, n)).length));
}
