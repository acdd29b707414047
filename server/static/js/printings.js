// Cards of one name in several printings (editions) count together against the deck's copy limit (01 §7.1
// [100.2.b]: 3 copies of a name, 5 for a Horde card [g-34]; engine/cards/decks.py, the server's validator, applies
// it). The builder groups the printings of a name and shows how many copies of the name the deck holds.

import { h } from "./dom.js";
import { t, addStrings } from "./i18n.js";
import { editionName } from "./words.js";

addStrings({
  en: { db_printings: "{n} printings of one name: they count together", db_name_copies: "{n} of {max} allowed",
    db_name_copies_title: "Copies of this name in the deck (all printings together) and the limit" },
  ru: { db_printings: "{n} издания одного имени: считаются вместе", db_name_copies: "{n} из {max}",
    db_name_copies_title: "Карт с этим именем в колоде (все издания вместе) и предел" },
});

const MAX_COPIES = 3;
const MAX_COPIES_HORDE = 5;

/** The copy limit of the name of card c (cards: every printing of it). */
export function copyLimit(printings) {
  return printings.some((c) => (c.abilities || []).some((a) => a.kw === "horde")) ? MAX_COPIES_HORDE : MAX_COPIES;
}

/** Cards grouped by name_ru, in the order of their first appearance in cards: [[card, ...], ...]. */
export function byName(cards) {
  const groups = new Map();
  for (const c of cards) {
    if (!groups.has(c.name_ru)) groups.set(c.name_ru, []);
    groups.get(c.name_ru).push(c);
  }
  return [...groups.values()];
}

/** Copies of the name of card c in deck (Map id -> count), with all (every catalogue card) for the printings. */
export function nameCopies(c, deck, all) {
  let n = 0;
  for (const other of all) if (other.name_ru === c.name_ru) n += deck.get(other.id) || 0;
  return n;
}

/** "2 of 3": the copies of a name and its limit, marked over the limit. */
export function copiesBadge(n, max) {
  return h("span.db-name-copies" + (n > max ? ".over" : ""), { title: t("db_name_copies_title"),
    dataset: { testid: "name-copies", n: String(n), max: String(max) } }, t("db_name_copies", { n, max }));
}

/** A group of printings of one name: a heading and its rows (row(card) draws one printing). */
export function printingsGroup(cards, deck, all, row) {
  const n = nameCopies(cards[0], deck, all);
  return h("li.db-group", { dataset: { testid: "printings", name: cards[0].name_ru } },
    h("div.db-group-head", {}, t("db_printings", { n: cards.length }), " · ",
      copiesBadge(n, copyLimit(all.filter((o) => o.name_ru === cards[0].name_ru)))),
    h("ul.db-group-rows", {}, cards.map((c) => row(c, editionName(c.edition)))));
}
