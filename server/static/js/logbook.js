// The whole game's log in the page: a view carries only its last 40-60 events (engine/view.py LOG_WINDOW), so the
// page keeps every event it has seen, by its seq (a newer copy of an event replaces the older: a masked name may
// change), in this tab's sessionStorage per room and seat, so a reload keeps it too. Events are listed in the order
// they resolve: "ends the turn" is said when the player chooses it, but the turn ends only after the queue has
// run (the strike it was declared behind resolves first), so that line is shown where the next turn begins.
// It also keeps every card it has seen face up (its card and sides), so that an older line still names a card that
// has since left every zone the view shows (shuffled back into the deck): the viewer saw that card; a card never
// seen face up is never named.

const MAX_EVENTS = 20000; // far more than a game has; a bound on the stored size

export class LogBook {
  /** key: the sessionStorage key (room and seat), or null to keep nothing across reloads. */
  constructor(key = null) {
    this.key = key;
    this.bySeq = new Map();
    this.seen = {};       // card id -> {card, owner, controller} of a card seen face up
    this.changed = true;
    this._sorted = [];
    if (key) {
      try {
        for (const e of JSON.parse(sessionStorage.getItem(key) || "[]")) this.bySeq.set(e.seq, e);
        const seen = JSON.parse(sessionStorage.getItem(key + ".cards") || "{}");
        if (seen && typeof seen === "object" && !Array.isArray(seen)) this.seen = seen;
      } catch (err) { /* a damaged copy: start again */ }
    }
  }

  /** Remember the face-up cards of a view's card map (id -> card view); returns true when one was new or changed. */
  see(cards) {
    let changed = false;
    for (const [id, cv] of Object.entries(cards || {})) {
      if (!cv || !cv.card || cv.hidden) continue;
      const old = this.seen[id];
      if (old && old.card === cv.card && old.owner === cv.owner && old.controller === cv.controller) continue;
      this.seen[id] = { card: cv.card, owner: cv.owner, controller: cv.controller };
      changed = true;
    }
    if (changed && this.key) {
      try { sessionStorage.setItem(this.key + ".cards", JSON.stringify(this.seen)); } catch (err) { /* full */ }
    }
    return changed;
  }

  /** The view with the cards it no longer shows but this book saw face up added to its card map (its own cards
   * first): what the log's lines are named from. */
  named(view) {
    const cards = view?.cards || {};
    if (Object.keys(this.seen).every((id) => id in cards)) return view;
    return { ...view, cards: { ...this.seen, ...cards } };
  }

  /** Merge the events of a view's log (each with its seq); returns true when something changed. */
  add(events) {
    let changed = false;
    for (const e of events || []) {
      if (!e || e.seq == null) continue;
      const old = this.bySeq.get(e.seq);
      if (old && JSON.stringify(old) === JSON.stringify(e)) continue;
      this.bySeq.set(e.seq, e);
      changed = true;
    }
    if (changed) {
      this.changed = true;
      if (this.bySeq.size > MAX_EVENTS) {
        for (const seq of [...this.bySeq.keys()].sort((a, b) => a - b).slice(0, this.bySeq.size - MAX_EVENTS)) this.bySeq.delete(seq);
      }
      if (this.key) {
        try { sessionStorage.setItem(this.key, JSON.stringify([...this.bySeq.values()])); } catch (err) { /* full */ }
      }
    }
    return changed;
  }

  /** Every event kept, in resolution order (see the module comment). */
  events() {
    if (!this.changed) return this._sorted;
    this._sorted = resolutionOrder([...this.bySeq.values()].sort((a, b) => a.seq - b.seq));
    this.changed = false;
    return this._sorted;
  }
}

/** Events (by seq) with each "end_turn" moved to just before the next "turn" event: where the turn really ends
 * (02-battle.md §8; the engine logs the choice when it is made). With no next turn yet, it goes last. */
export function resolutionOrder(events) {
  const out = [];
  let held = [];
  for (const e of events) {
    if (e.type === "end_turn") { held.push(e); continue; }
    if (e.type === "turn" && held.length) { out.push(...held); held = []; }
    out.push(e);
  }
  return out.concat(held);
}
