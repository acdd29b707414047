// Deck summaries for the deck builder: cost curve, element mix, elite count, flyer cost (pure functions of
// {id: count} and the card catalogue; rendering in builder.js).

/** cards: [{id, count}], def(id) -> card definition. Returns {total, curve: {cost: copies}, elements: {element:
 * copies}, elite, flyers, flyerCost} (flyerCost: crystals to recruit one of each flyer copy; a squad may spend at
 * most 15 on flyers, 01-game-and-cards.md §7.3). */
export function deckStats(cards, def) {
  const out = { total: 0, curve: {}, elements: {}, elite: 0, flyers: 0, flyerCost: 0 };
  for (const { id, count } of cards) {
    const c = def(id);
    if (!c) continue;
    out.total += count;
    const cost = Math.min(Number(c.cost) || 0, 10);
    out.curve[cost] = (out.curve[cost] || 0) + count;
    out.elements[c.element] = (out.elements[c.element] || 0) + count;
    if (c.elite) out.elite += count;
    if (c.flyer) {
      out.flyers += count;
      out.flyerCost += count * (Number(c.cost) || 0);
    }
  }
  return out;
}

/** The kind a filter sees: "flyer", "symbiote" or the card's kind ("creature", "artifact", "terrain",
 * "equipment"). */
export function cardKind(c) {
  if (c.kind === "creature" && c.flyer) return "flyer";
  if (c.kind === "creature" && c.symbiote) return "symbiote";
  return c.kind || "creature";
}

/** Does card c pass the filters f = {element, costMin, costMax, kind, elite ("elite"|"regular"|""), unique
 * ("yes"|"no"|""), cls, text}? text matches names and rules text in both languages, any letter case (ё = е). */
export function passes(c, f) {
  if (f.element && c.element !== f.element) return false;
  if (f.costMin !== "" && f.costMin != null && Number(c.cost) < Number(f.costMin)) return false;
  if (f.costMax !== "" && f.costMax != null && Number(c.cost) > Number(f.costMax)) return false;
  if (f.kind && cardKind(c) !== f.kind) return false;
  if (f.elite === "elite" && !c.elite) return false;
  if (f.elite === "regular" && c.elite) return false;
  if (f.unique === "yes" && !c.unique) return false;
  if (f.unique === "no" && c.unique) return false;
  if (f.cls && !(c.classes || []).includes(f.cls)) return false;
  if (f.text) {
    const hay = fold([c.name_ru, c.name_en, c.text_ru, c.text_en, ...(c.abilities_text?.ru || []),
      ...(c.abilities_text?.en || [])].join("\n"));
    if (!fold(f.text).split(/\s+/).filter(Boolean).every((w) => hay.includes(w))) return false;
  }
  return true;
}

/** Lower case, ё folded to е. */
export function fold(s) {
  return String(s || "").toLowerCase().replaceAll("ё", "е");
}
