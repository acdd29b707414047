// A card drawn by the project: no licensed images, an inline SVG face with the element's
// colour, the cost crystal, the stats and keyword icons, and the card as it is in play (life with additional
// life, wounds, tokens and their maximum, markers with their duration, closed). Rules: 01-game-and-cards.md §3
// (properties), §6 (tokens, markers), 204.6 (additional life).

import { h } from "./dom.js";
import { t, hasKey } from "./i18n.js";
import { cardDef, cardName, elementClass, elementName, nameParts } from "./cards.js";
import { hyphenate } from "./hyphen.js";
import { termText } from "./terms.js";

const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

/** Element colours: [band, light]. */
const COLOURS = {
  mountains: ["#8a6d52", "#efe6da"], forests: ["#3f7d3a", "#e8f1e2"], steppes: ["#b8902c", "#f6efd6"],
  swamps: ["#2f7770", "#e0eeeb"], darkness: ["#5b4a7d", "#ebe6f2"], neutral: ["#767676", "#efefef"],
};

/** The icons: 24x24 paths drawn for this project. */
const ICONS = {
  flyer: "M2 14c4-8 10-10 20-10-3 3-5 5-9 6 3 0 5 0 7-1-2 3-5 5-9 5 2 1 4 1 6 0-3 3-8 4-15 0z",
  shot: "M3 21L17 7M17 7h-6M17 7v6M14 3l7 0 0 7",
  throw: "M4 20l9-9M13 11l3-8 5 5-8 3zM4 20l3-1-2-2z",
  discharge: "M13 2L4 14h7l-2 8 9-12h-7z",
  magic: "M12 2l2.6 6.6L21 9l-5 4.4L17.5 21 12 17l-5.5 4 1.5-7.6L3 9l6.4-.4z",
  shield: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  heal: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  web: "M12 2v20M2 12h20M5 5l14 14M19 5L5 19M12 7a5 5 0 1 0 .01 0",
  drop: "M12 2c4 6 7 9 7 13a7 7 0 0 1-14 0c0-4 3-7 7-13z",
};
const KW_ICON = { shot: "shot", throw: "throw", discharge: "discharge", magic_strike: "magic", armour: "shield",
  protection: "shield", block_strike: "shield", regeneration: "heal", heal: "heal", web: "web", vampirism: "drop" };

/** An icon as an inline SVG element (aria-hidden; its meaning is in the card's label). */
export function icon(name, title) {
  const stroke = ["shot", "throw", "web"].includes(name);
  const el = s("svg", { viewBox: "0 0 24 24", class: `icon icon-${name}`, "aria-hidden": "true", focusable: "false" },
    s("path", stroke ? { d: ICONS[name], fill: "none", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }
      : { d: ICONS[name], fill: "currentColor" }));
  if (title) el.append(s("title", {}, document.createTextNode(title)));
  return el;
}

/** The keyword icons of a card definition: [[icon, keyword name]], at most 4. */
export function keywordIcons(def) {
  const out = [];
  const seen = new Set();
  if (def?.flyer) { out.push(["flyer", t("flyer")]); seen.add("flyer"); }
  for (const a of def?.abilities || []) {
    const ic = KW_ICON[a.kw];
    if (!ic || seen.has(ic)) continue;
    seen.add(ic);
    out.push([ic, hasKey(`kw_${a.kw}`) ? t(`kw_${a.kw}`) : ""]);
  }
  return out.slice(0, 4);
}

/** The cost crystal: a hexagonal gem (gold for elite cards, silver for ordinary ones) with the cost in it. */
function crystal(def) {
  const fill = def.elite ? "#f3c948" : "#cfd6df";
  return h("span.c-cost" + (def.elite ? ".elite" : ""), { title: `${t("cost")}: ${def.cost}` },
    s("svg", { viewBox: "0 0 20 22", "aria-hidden": "true", focusable: "false" },
      s("polygon", { points: "10,1 19,6 19,16 10,21 1,16 1,6", fill, stroke: "#333", "stroke-width": 1.2 }),
      s("polygon", { points: "10,1 19,6 10,11 1,6", fill: "#fff", opacity: 0.35 })),
    h("b", {}, String(def.cost ?? "")));
}

/** The face's background: element band on top, light body, a thin frame. */
function background(def) {
  const [band, light] = COLOURS[elementClass(def.element)] || COLOURS.neutral;
  return s("svg", { class: "face", viewBox: "0 0 100 100", preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 0, y: 0, width: 100, height: 100, fill: light }),
    s("rect", { x: 0, y: 0, width: 100, height: 26, fill: band, opacity: 0.55 }),
    s("path", { d: "M0 26 Q50 34 100 26 L100 30 Q50 38 0 30z", fill: band, opacity: 0.35 }));
}

/** A marker's name with its count ("яд ×2"). */
export function markerText(name, n) {
  const key = `marker_${name}`;
  const label = hasKey(key) ? t(key) : t("marker_other");
  return n > 1 ? `${label} ×${n}` : label;
}

/** When a timed marker ends, in words ("до конца хода"), or "". */
export function untilText(u) {
  if (!u) return "";
  const kind = typeof u === "string" ? u : u.until;
  const key = `until_${kind}`;
  return hasKey(key) ? t(key) : "";
}

/** Displayed life [204.6]: {left, max} with additional life counted (view's ``life``), or null for a non-creature. */
export function lifeOf(cv, def) {
  if (!def || (def.kind !== "creature" && !def.life)) return null;
  const max = cv?.life ?? def.life ?? 0;
  return { left: Math.max(0, max - (cv?.wounds || 0)), max };
}

/** One sentence a screen reader reads for a card: name, life, wounds, tokens, closed, markers. */
export function cardLabel(cv, def) {
  if (!cv) return "";
  if (!def) return [t("hidden_card"), cv.closed ? t("closed_card") : ""].filter(Boolean).join(", ");
  const parts = [cardName(def)];
  if (cv.hidden) parts.push(t("face_down_own"));
  const life = lifeOf(cv, def);
  if (life) parts.push(t("aria_life", { left: life.left, max: life.max }));
  if (cv.wounds) parts.push(t("aria_wounds", { n: cv.wounds }));
  if (cv.tokens) parts.push(t("aria_tokens", { n: cv.tokens }));
  parts.push(t(cv.closed ? "closed_card" : "open_card"));
  for (const [k, n] of Object.entries(cv.markers || {})) if (n) parts.push(markerText(k, n));
  return parts.join(", ");
}

/**
 * The card element: data-card = instance id. cv: the view's card (null for a catalogue card); cls: extra classes;
 * attrs: extra attributes/handlers for h().
 */
export function cardElement(cv, def, cls = [], attrs = {}) {
  const classes = ["card", ...cls];
  if (cv?.closed) classes.push("closed");
  // a card face down on the field whose face the viewer knows (its owner's, before the reveal [305]) shows its face
  // marked face down; one the viewer does not know is its back
  if (cv?.hidden && def) classes.push("face-down");
  if (!def) {
    classes.push("hidden");
    return h("div." + classes.join("."), attrs, h("div.back", { "aria-hidden": "true" }, "?"),
      cv?.closed ? h("div.c-closed", { title: termText("closed") || t("closed_card") }, h("span.cl-icon", { "aria-hidden": "true" }, "⤵"), h("span.cl-text", {}, t("closed_card"))) : null);
  }
  classes.push("el-" + elementClass(def.element));
  const life = lifeOf(cv, def);
  const markers = Object.entries(cv?.markers || {}).filter(([, n]) => n);
  const until = cv?.marker_until || {};
  const tokenMax = cv?.token_max;
  const name = nameParts(def);   // .c-name: the name in the interface language; .c-en: the other language's
  return h("div." + classes.join("."), attrs,
    background(def),
    h("div.c-head", {}, crystal(def),
      h("span.c-name" + (longName(name.lead) ? ".long" : ""), { lang: name.leadLang }, hyphenate(name.lead))),
    h("div.c-en", { lang: name.otherLang }, name.other),
    h("div.c-icons", { title: elementName(def.element) }, keywordIcons(def).map(([ic, name]) => icon(ic, name))),
    h("div.c-stats", {},
      life ? h("span.c-life" + (life.max > (def.life ?? 0) ? ".boosted" : ""), { title: t("life") }, `♥${life.left}/${life.max}`) : null,
      cv?.wounds ? h("span.c-wounds", { title: t("wounds") }, `✖${cv.wounds}`) : null,
      cv?.tokens || tokenMax ? h("span.c-tokens", { title: t("tokens") }, `●${cv.tokens || 0}${tokenMax ? "/" + tokenMax : ""}`) : null,
      markers.map(([k, n]) => h("span.c-marker", { dataset: { marker: k }, title: untilText(until[k]) || t("markers") }, markerText(k, n)))),
    cv?.closed ? h("div.c-closed", { title: termText("closed") || t("closed_card") }, h("span.cl-icon", { "aria-hidden": "true" }, "⤵"), h("span.cl-text", {}, t("closed_card"))) : null,
    cv?.hidden ? h("div.c-face-down", { title: t("face_down_own") }, t("face_down_short")) : null);
}

/** Is a card name set smaller (.long) to fit two lines of a narrow card: a word over 8 letters, or over 14
 * characters in all ("Хранитель гор", "Mountain Keeper")? */
function longName(name) {
  return name.length > 14 || Math.max(...name.split(/\s+/).map((w) => w.length)) > 8;
}

/** A pool card's definition for an instance of the view (null when hidden). */
export function defOf(view, id) {
  return cardDef(view?.cards?.[id]?.card);
}
