// The leaderboard page ("#/leaderboard"): rated players by Glicko-2 rating (GET /api/leaderboard), each linked to
// their profile, with a filter for players with at least N games; and, for this browser's player, their recorded
// games with links to the step-by-step replay (GET /api/games?player=<id>).

import { h, setChildren } from "./dom.js";
import { t, getLang, onLangChange } from "./i18n.js";
import { playerCredentials } from "./replay.js";
import { seatName, summaryRoom } from "./names.js";

/** GET path as JSON; a refusal throws the server's sentence, in the interface language (Accept-Language). */
async function getJSON(path) {
  const res = await fetch(path, { headers: { "accept-language": getLang() } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.message || `HTTP ${res.status}`);
  return body;
}

/** The largest "at least N games" the server accepts (server/games_api.py ``leaderboard``). */
const MAX_MIN_GAMES = 1000000;

/** A finished game's result for player id ``me``: won / lost / draw / aborted, or its winner's name. */
export function resultText(game, me) {
  const w = game.result?.winner;
  if (w === "draw") return t("lb_draw");
  if (w === null || w === undefined) return t("room_aborted");   // aborted, not rated: the lobby's and the room's words
  const mine = ["1", "2"].find((s) => game.players?.[s] === me);
  if (!mine) return t("lb_winner", { who: seatName(summaryRoom(game), w) });
  return String(w) === mine ? t("lb_won") : t("lb_lost");
}

export class LeaderboardPage {
  constructor(root) {
    this.root = root;
    this.rows = null;
    this.games = null;
    this.error = null;
    this.minGames = 1;
    this.unsubscribe = onLangChange(() => this.render());
  }

  destroy() {
    this.gone = true;   // a fetch answered after the page was left must not draw over the next page
    this.unsubscribe();
  }

  async start() {
    const me = playerCredentials();
    const shown = this.rows;
    try {
      this.rows = (await getJSON(`/api/leaderboard?limit=100&min_games=${this.minGames}`)).players;
      if (me) this.games = (await getJSON(`/api/games?player=${encodeURIComponent(me.id)}&limit=50`)).games;
    } catch (e) {
      this.error = e.message;
      if (this.rows == null) this.rows = shown;   // the page stays usable: the list shown before, or none
    }
    this.render();
  }

  render() {
    if (this.gone) return;
    const me = playerCredentials();
    const board = this.rows == null ? (this.error ? null : h("p.hint", {}, t("connecting")))
      : !this.rows.length ? h("p.hint", {}, t("lb_empty"))
        : h("table.leaderboard", { dataset: { testid: "leaderboard" } },
          h("thead", {}, h("tr", {}, ["lb_rank", "lb_name", "lb_rating", "lb_rd", "lb_games"]
            .map((k) => h("th", { scope: "col" }, t(k))))),
          h("tbody", {}, this.rows.map((r) => h("tr" + (me && r.player === me.id ? ".me" : ""),
            { dataset: { player: r.player } },
            h("td", {}, String(r.rank)),
            h("td", {}, h("a.profile-link", { href: `#/player/${encodeURIComponent(r.name)}` }, r.name)),
            h("td", {}, String(r.rating)),
            h("td", {}, `±${r.rd}`), h("td", {}, String(r.games))))));
    const mine = !me || this.games == null ? null : h("section.my-games", {},
      h("h2", {}, t("lb_my_games")),
      !this.games.length ? h("p.hint", {}, t("no_replays"))
        : h("ul.room-list", { dataset: { testid: "my-games" } }, this.games.map((g) => h("li", {},
          h("span", {}, `${new Date(g.started * 1000).toLocaleString()} · ${seatName(summaryRoom(g), 1)} – ${seatName(summaryRoom(g), 2)} · ${resultText(g, me.id)}`),
          " ", h("a.replay", { href: `#/replay/${encodeURIComponent(g.id)}` }, t("watch_replay"))))));
    setChildren(this.root, h("div.leaderboard-page", {},
      this.error ? h("div.error-toast", { role: "alert" }, this.error) : null,
      h("h2", {}, t("leaderboard")), this._filter(), board, mine));
  }

  /** The "at least N games" filter: a whole number from 1 to MAX_MIN_GAMES (the server's bound, games_api.py); any
   * other entry is refused here in words, and the list shown stays. */
  _filter() {
    const input = h("input#lb-min-games", { type: "number", min: 1, max: MAX_MIN_GAMES, step: 1,
      value: this.minGames, dataset: { testid: "lb-min-games" } });
    return h("form.lb-filter", { novalidate: true, onsubmit: (ev) => {
      ev.preventDefault();
      const n = input.value.trim() === "" ? NaN : Number(input.value);
      if (!Number.isInteger(n) || n < 1 || n > MAX_MIN_GAMES) {
        this.error = t("lb_min_games_bad", { max: MAX_MIN_GAMES });
        this.render();
        return;
      }
      this.minGames = n;
      this.error = null;
      this.start();
    } }, h("label", {}, t("lb_min_games_label"), " ", input), " ", h("button", { type: "submit" }, t("players_apply")));
  }
}
