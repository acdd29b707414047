// Side panels of the game page: the queue with who holds priority and what a pass does now,
// the combat box (both dice with their modifiers, the Strike Table row and its result), the exchange choice
// explained with numbers, and the card detail as it is in play. Rules: RULES.md Q (queue and priority, the pass
// handshake Q4), 02-battle.md §5 (the Strike Table, exchange rows [216.7]), 03-abilities.md §1.5 (acquired).

import { h } from "./dom.js";
import { t, getLang, hasKey } from "./i18n.js";
import { cardDef, instanceName, elementName, nameParts } from "./cards.js";
import { abilityName, kwName } from "./actions.js";
import { cardElement, lifeOf, markerText, untilText } from "./cardface.js";
import { seatName } from "./names.js";
import { cardNamer } from "./owners.js";
import { capital, moveText } from "./words.js";
import { term } from "./terms.js";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** "Ann (you)" / "Computer (strong, opponent)" / "Ann": the seat's name (names.js seatName) from room
 * ({players, bots}: a view's "room"), with "you" / "opponent" for a player's own page (inside the computer's
 * one pair of brackets). */
export function playerName(p, you, room) {
  const base = seatName(room, p);
  if (!you || p == null) return base;
  const role = p === you ? t("you") : t("opponent");
  const bot = room?.bots?.[String(p)];
  if (bot) return t("bot_name_role", { level: t(`bot_${bot}`), role });
  return `${base} (${role})`;
}

/** The ability an entry names, in words: a simple strike, a move, or the card's ability by name. */
export function entryAbility(e, view) {
  if (e.kind === "attack" || e.kind === "simple_strike") return t("move_attack");
  if (e.kind === "move") return t("move_move");
  return abilityName(e.ability ?? e.kind, e.source, view);
}

/** What a pass does right now (RULES.md Q4): hands priority over, executes the first entry, or ends the phase. */
export function passMeaning(view) {
  const pr = view.priority;
  if (!pr || view.prompt?.kind !== "priority") return null;
  if ((pr.passes || 0) >= 1) return t((view.queue || []).length ? "pass_executes" : "pass_ends_phase");
  return t("pass_hands_over", { who: seatName(view.room, pr.holder === 1 ? 2 : 1) });
}

/** The queue panel. */
export function queuePanel(view, you) {
  const entry = (e, extra = {}, name = cardNamer(view, [e.source, ...(e.targets || [])])) => h("li.q-entry", extra,
    h("b.q-source", {}, name.lead(e.source)), " — ", h("span.q-ability", {}, entryAbility(e, view)),
    (e.targets || []).length ? h("span.q-targets", {}, " → " + e.targets.map(name).join(", ")) : null,
    e.to ? h("span.q-to", {}, " → " + e.to) : null,
    e.x != null ? ` (X = ${e.x})` : null,
    e.controller ? h("span.ctl", {}, " · " + t("declared_by", { who: playerName(e.controller, you, view.room) })) : null);
  const q = view.queue || [];
  const pr = view.priority;
  const pending = view.prompt?.kind === "triggers" || view.prompt?.kind === "order" ? view.prompt.pending || [] : [];
  const meaning = passMeaning(view);
  return h("section.queue", { "aria-label": t("queue"), dataset: { testid: "queue" } }, h("h2", {}, term("queue", t("queue"))),
    view.executing ? h("div.executing", {}, t("executing") + ": ", h("ol.queue-list", {}, entry(view.executing))) : null,
    q.length ? h("ol.queue-list", {}, q.map((e, i) => entry(e, { dataset: { q: String(i) }, class: i === 0 ? "first" : "" })))
      : h("div.hint", {}, t("queue_empty")),
    pending.length ? h("div.q-pending", {}, h("b", {}, t("triggers_waiting", { who: playerName(view.prompt.player, you, view.room) })),
      h("ul", {}, pending.map((p) => h("li", {}, instanceName(view, p.source), " — ", abilityName(p.ability, p.source, view),
        p.optional ? ` (${t("optional")})` : "")))) : null,
    pr && !view.result ? h("div.q-priority", { dataset: { holder: String(pr.holder) } }, term("priority", t("priority_holder", { who: playerName(pr.holder, you, view.room) }))) : null,
    meaning ? h("div.q-pass", {}, meaning) : null);
}

function levelName(level) {
  return level == null ? t("blow_none") : t(["blow_weak", "blow_medium", "blow_strong"][level]);
}

/** The last fight's dice: {roll: the strike_roll, dice: {card: raw value}, seats: {card: the seat that rolled it},
 * at: its index}. Each card's die is its latest "die" event before the strike_roll, over the roll window's answers in
 * between (a reroll counts, not the die it replaced); two dice of a card in a row are the best of two rolls, the
 * better kept. */
function lastFight(log) {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.type !== "strike_roll") continue;
    const cards = new Set([e.attacker, e.responder]);
    const dice = {};
    const seats = {};
    let prev = null;               // the card of the die just read (walking back), null after any other event
    for (let j = i - 1; j >= 0 && i - j <= 40 && log[j].type !== "strike_roll"; j--) {
      const d = log[j];
      const ours = d.type === "die" && cards.has(d.card);
      if (!ours && Object.keys(dice).length === cards.size) break;
      if (ours && !(d.card in dice)) {
        dice[d.card] = d.value;
        seats[d.card] = d.player;
      } else if (ours && prev === d.card) {
        dice[d.card] = Math.max(dice[d.card], d.value);
      }
      prev = ours ? d.card : null;
    }
    return { roll: e, dice, seats, at: i };
  }
  return null;
}

/** The dice of the last roll: the run of "die" events ending at the last one (index at), one die per seat and card
 * ({player, card, value} in the order rolled): the better of two for a card that rolls twice (best of two rolls), the
 * later one for the first player's roll, which a tie rolls again (02-battle.md [302.2]). */
function lastRoll(log, at) {
  const out = new Map();
  for (let j = at; j >= 0 && log[j].type === "die"; j--) {
    const d = log[j];
    const key = `${d.player}/${d.card ?? ""}`;
    const seen = out.get(key);
    if (!seen) out.set(key, { player: d.player, card: d.card, value: d.value });
    else if (d.why !== "first_player") seen.value = Math.max(seen.value, d.value);
  }
  return [...out.values()].reverse();
}

/** Whose a die is for the page's reader: "Your die" / "Opponent's die" for a player (you: the viewer's seat), the
 * seat's name for a spectator or a replay. */
function whoseDie(p, you, room) {
  if (!you || p == null) return seatName(room, p);
  return t(p === you ? "die_yours" : "die_opponents");
}

/** "⚃ 4 +1 = 5": a die with its modifier and result. */
function dieLine(value, result) {
  const mod = value == null ? 0 : result - value;
  return [h("span.die-face", { "aria-hidden": "true" }, FACES[value] || "?"), " ",
    h("b", {}, String(value ?? "?")), mod ? ` ${mod > 0 ? "+" : "−"}${Math.abs(mod)}` : "", ` = ${result}`];
}

/** The dice of a roll both sides made (the first player's roll, a fight's dice before its result), one line each,
 * labelled with whose it is (data-player: the seat, data-whose: "yours" / "opponents" on a player's page). */
function rollLines(dice, view, you) {
  return dice.map((d) => h("div.die-side", { dataset: { player: String(d.player),
    ...(you ? { whose: d.player === you ? "yours" : "opponents" } : {}) } },
  h("span.die-face", { "aria-hidden": "true" }, FACES[d.value] || "?"), " ",
  h("span.who", {}, capital(whoseDie(d.player, you, view.room))), ": ", h("b", {}, String(d.value)),
  d.card ? ` — ${instanceName(view, d.card)}` : ""));
}

/** The combat box: the last fight (both dice with whose each is, modifiers, the row and its result), else the last
 * roll: every side's die when more than one side rolled (you: the viewer's seat, null for a spectator), or the lone
 * die. */
export function combatPanel(view, you = null) {
  const log = view.log || [];
  const fight = lastFight(log);
  const lastDie = [...log].reverse().find((e) => e.type === "die");
  if (!fight && !lastDie) return null;
  const box = h("section.die-box", { "aria-label": t("die_roll"), dataset: { testid: "combat" } }, h("h2", {}, t("die_roll")));
  const lastDieAt = log.lastIndexOf(lastDie);
  if (fight && lastDieAt < fight.at) {
    const r = fight.roll;
    const d = r.d ?? r.attacker_result - r.responder_result;
    const row = r.row || [];
    const whose = (card) => (fight.seats[card] == null ? null
      : h("span.whose", {}, ` (${whoseDie(fight.seats[card], you, view.room)})`));
    box.dataset.die = String(fight.dice[r.attacker] ?? "");
    box.append(
      h("div.fight-side", { dataset: { side: "attacker" } }, h("span.who", {}, t("attacker") + ": " + instanceName(view, r.attacker)),
        whose(r.attacker), " ", dieLine(fight.dice[r.attacker], r.attacker_result)),
      h("div.fight-side", { dataset: { side: "responder" } }, h("span.who", {}, t("responder") + ": " + instanceName(view, r.responder)),
        whose(r.responder), " ", dieLine(fight.dice[r.responder], r.responder_result)),
      h("div.table-row", { dataset: { d: String(d) } }, t("table_row", { d: (d > 0 ? "+" : "") + d }), ": ",
        t("row_result", { a: levelName(row[0]), r: levelName(row[1]) }),
        row[2] ? ` · ${t(row[2] === "attacker" ? "row_exchange_attacker" : "row_exchange_responder")}` : ""));
    return box;
  }
  const dice = lastRoll(log, lastDieAt);
  box.dataset.die = String(lastDie.value);
  if (new Set(dice.map((x) => x.player)).size > 1) {
    box.append(...rollLines(dice, view, you));
  } else {
    box.append(h("div", {}, h("span.die-face", { "aria-hidden": "true" }, FACES[lastDie.value] || String(lastDie.value)), " ",
      t("last_roll", { who: seatName(view.room, lastDie.player), value: lastDie.value }) + (lastDie.card ? ` — ${instanceName(view, lastDie.card)}` : "")));
  }
  return box;
}

/** The exchange prompt explained with numbers (what keep and weaken each deal), or null. */
export function exchangeExplained(view, you) {
  const pr = view.prompt;
  if (pr?.kind !== "exchange" || !pr.keep) return null;
  const a = instanceName(view, pr.attacker);
  const r = instanceName(view, pr.responder);
  const side = (x) => t("exchange_line", { a, an: x.attacker.n, al: levelName(x.attacker.level),
    r, rn: x.responder.n, rl: levelName(x.responder.level) });
  const chooser = pr.player === you ? t("exchange_chooser_you")
    : t("exchange_chooser", { who: playerName(pr.player, you, view.room) });
  return h("div.exchange", { dataset: { testid: "exchange" } },
    h("div", {}, t("exchange_intro", { d: (pr.d > 0 ? "+" : "") + pr.d, chooser })),
    h("div", { dataset: { option: "keep" } }, h("b", {}, term("exchange", t("opt_exchange_keep")), ": "), side(pr.keep)),
    h("div", { dataset: { option: "weaken" } }, h("b", {}, term("weaken", t("opt_exchange_weaken")), ": "), side(pr.weaken)));
}

/** The full card as it is: printed properties, abilities in plain words, the state in play. */
export function cardDetail(view, id) {
  const cv = view.cards?.[id];
  const def = cardDef(cv?.card);
  if (!cv || !def) return h("div.detail-body", {}, h("h3", {}, t("hidden_card")));
  const lang = getLang();
  const strike = Array.isArray(def.strike) ? def.strike.join("-") : def.strike;
  const life = lifeOf(cv, def);
  const printedProt = (def.abilities || []).filter((a) => a.kw === "protection").map((a) => protection(a.from));
  const acquired = cv.acquired || [];
  const markers = Object.entries(cv.markers || {}).filter(([, n]) => n);
  const texts = def.abilities_text?.[lang] || [];
  const printed = (lang === "ru" ? def.text_ru || def.text_en : def.text_en || def.text_ru) || "";
  return h("div.detail-body", {},
    h("div.detail-head", {}, cardElement(cv, def, ["zoomed"]),
      h("div", {},
        ((n) => h("h3", {}, n.lead, n.other ? h("span.en", { lang: n.otherLang }, " / " + n.other) : null))(nameParts(def)),
        h("div", {}, elementName(def.element), " · ", t("cost"), ": ", String(def.cost), def.elite ? ` (${t("elite")})` : "",
          def.flyer ? ` · ${t("flyer")}` : ""),
        def.kind === "creature" ? h("div", {}, `${t("life")}: ${life ? `${life.left}/${life.max}` : def.life} · ${t("move")}: ${moveText(def)} · ${t("strike")}: ${strike}`)
          : h("div", {}, t(`kind_${def.kind}`)),
        h("div.state", {}, `${t("wounds")}: ${cv.wounds || 0} · ${t("tokens")}: ${cv.tokens || 0}${cv.token_max ? "/" + cv.token_max : ""} · `,
          t(cv.closed ? "closed_card" : "open_card")))),
    markers.length ? h("div.d-markers", {}, h("b", {}, t("markers") + ": "),
      markers.map(([k, n]) => h("span.c-marker", { dataset: { marker: k } }, markerText(k, n),
        untilText(cv.marker_until?.[k]) ? ` (${untilText(cv.marker_until[k])})` : ""))) : null,
    printedProt.length ? h("div.d-prot", {}, h("b", {}, t("protections") + ": "), printedProt.join(", ")) : null,
    acquired.length ? h("div.d-acquired", {}, h("b", {}, t("acquired") + ": "),
      acquired.map((a, i) => [i ? ", " : "", term(String(a.kw).replace(/^_/, ""), kwName(a.kw)),
        untilText(a.until) ? ` (${untilText(a.until)})` : ""])) : null,
    // Each ability once: the card's printed text, or the game's sentence per ability when the card has none.
    printed ? h("p.card-text", {}, printed)
      : texts.length ? h("ul.card-abilities", {}, texts.map((s, i) => h("li", { dataset: { ability: String(i) } }, s))) : null);
}

function protection(from) {
  return hasKey(`prot_${from}`) ? t(`prot_${from}`) : t("kw_protection");
}
