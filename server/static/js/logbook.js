// The whole game's log in the page: a view carries only its last 40-60 events (engine/view.py LOG_WINDOW), so the
// page keeps every event it has seen, by its seq (a newer copy of an event replaces the older: a masked name may
// change), in this tab's sessionStorage per room and seat, so a reload keeps it too. Events are listed in the order
// they resolve: "ends the turn" is said when the player chooses it, but the turn ends only after the queue has
// run (the strike it was declared behind resolves first), so that line is shown where the next turn begins.

const MAX_EVENTS = 20000; // far more than a game has; a bound on the stored size

export class LogBook {
  /** key: the sessionStorage key (room and seat), or null to keep nothing across reloads. */
  constructor(key = null) {
    this.key = key;
    this.bySeq = new Map();
    this.changed = true;
    this._sorted = [];
    if (key) {
      try {
        for (const e of JSON.parse(sessionStorage.getItem(key) || "[]")) this.bySeq.set(e.seq, e);
      } catch (err) { /* a damaged copy: start again */ }
    }
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
