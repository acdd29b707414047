// Step-by-step choice of one legal action. The server's legal list is the only source: a card's
// actions are grouped into moves (one per ability, plus "move", "attack", ...), and a move's actions are narrowed
// one pick at a time (a target card, a cell, X) until exactly one action is left. Nothing here invents an action.
// Pure functions, no DOM.

/**
 * The choices action a asks for, in the order a player makes them: [{kind: "card" | "cell" | "x", value}].
 * target, then each of targets (in the engine's order), then the destination cell, then X.
 */
export function actionSteps(a) {
  const steps = [];
  if (a.target) steps.push({ kind: "card", value: a.target });
  for (const id of a.targets || []) steps.push({ kind: "card", value: id });
  if (a.to) steps.push({ kind: "cell", value: a.to });
  if (a.act === "choose" && a.option && typeof a.option === "object" && a.option.cell) {
    steps.push({ kind: "cell", value: a.option.cell });
  }
  if (a.x !== undefined && a.x !== null) steps.push({ kind: "x", value: a.x });
  return steps;
}

/** The move an action belongs to: "move", "attack", "defend", "ability:<index or name>", "declare:<...>",
 * "place", "recruit" ("recruit_gold" when paid with gold by choice), or the act itself. */
export function moveKey(a) {
  if (a.act === "ability" || a.act === "declare") return `${a.act}:${a.ability}`;
  if (a.act === "choose" && a.option && typeof a.option === "object") {
    if ("place" in a.option) return "place";
    if ("recruit" in a.option) return a.option.pay === "gold" ? "recruit_gold" : "recruit";
  }
  return a.act;
}

/** A card's actions grouped by move, in the order of the legal list: [{key, act, ability, actions}]. */
export function groupMoves(actions) {
  const groups = new Map();
  for (const a of actions || []) {
    const key = moveKey(a);
    if (!groups.has(key)) groups.set(key, { key, act: a.act, ability: a.ability ?? null, actions: [] });
    groups.get(key).actions.push(a);
  }
  return [...groups.values()];
}

function same(step, pick) {
  return step && step.kind === pick.kind && step.value === pick.value;
}

/**
 * Where a pick stands. actions: one move's actions; picks: the choices made so far ([{kind, value}]).
 * Returns {candidates, complete, cards: Set, cells: Set, xs: [number]}: the actions still possible, those the picks
 * already fully describe, and what the next pick may be (the board highlights exactly these).
 */
export function pickState(actions, picks) {
  const candidates = (actions || []).filter((a) => {
    const st = actionSteps(a);
    return picks.every((p, i) => same(st[i], p));
  });
  const complete = [];
  const cards = new Set();
  const cells = new Set();
  const xs = new Set();
  for (const a of candidates) {
    const next = actionSteps(a)[picks.length];
    if (!next) complete.push(a);
    else if (next.kind === "card") cards.add(next.value);
    else if (next.kind === "cell") cells.add(next.value);
    else xs.add(next.value);
  }
  return { candidates, complete, cards, cells, xs: [...xs].sort((x, y) => x - y) };
}

/** Moves (of groups) whose first pick can be value of kind: the moves a direct click on a target may mean. */
export function movesWithFirst(groups, kind, value) {
  return groups.filter((g) => g.actions.some((a) => same(actionSteps(a)[0], { kind, value })));
}
