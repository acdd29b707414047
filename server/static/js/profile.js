// A player's profile ("#/player/<name>", data-testid="profile"; GET /api/profiles/<name>): rating and its history
// (an inline SVG plot), games played / won / lost, the last games with links to their replays, the most played
// preconstructed decks and the date the player joined. On one's own profile also the account: rename (once per 30
// days), password (set or change; the other browsers are signed out) and language, and "sign out everywhere".

import { h, setChildren } from "./dom.js";
import { t, getLang, setLang, onLangChange, errorText } from "./i18n.js";
import { notFoundBox } from "./notfound.js";
import * as acc from "./account.js";
import { listDecks } from "./api.js";
import { deckName } from "./deckapi.js";
import { resultText } from "./leaderboard.js";
import { currentPlayer, savePlayer, forgetPlayer } from "./player.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320, H = 120, PAD = 6;

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The rating after each rated game as a line (an inline SVG, data-testid="rating-plot"). */
function plot(history) {
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
    "aria-label": t("profile_history"), "data-testid": "rating-plot", class: "rating-plot" });
  if (!history.length) return root;
  const values = history.map((p) => p.rating);
  const lo = Math.min(...values) - 10, hi = Math.max(...values) + 10;
  const x = (i) => PAD + (history.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (history.length - 1));
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / (hi - lo);
  root.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none",
    stroke: "currentColor", "stroke-width": 2 }));
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 2.5, fill: "currentColor" });
    const title = svg("title", {});
    title.textContent = String(v);
    dot.append(title);
    root.append(dot);
  });
  return root;
}

export class ProfilePage {
  constructor(root, name) {
    this.root = root;
    this.name = name;
    this.data = null;
    this.account = null;
    this.presets = [];
    this.note = null;
    this.error = null;
    this.unsubscribe = onLangChange(() => this.render());
  }

  destroy() {
    this.gone = true;   // a fetch answered after the page was left must not draw over the next page
    this.unsubscribe();
  }

  async start() {
    try {
      [this.data, this.presets] = await Promise.all([acc.profile(this.name), listDecks().catch(() => [])]);
      const me = currentPlayer();
      if (me && me.id === this.data.id) this.account = await acc.account();
    } catch (e) {
      // a name no player has, or one no player can have (a refused name: "%00%01"): the player-not-found page
      this.error = e.status === 404 || e.status === 400 ? "not_found" : errorText(e);
    }
    this.render();
  }

  _deckLabel(label) {
    const d = this.presets.find((p) => p.id === label || p.name?.ru === label || p.name?.en === label);
    return d ? deckName(d) : label;
  }

  /** Run fn (an account change), then show the sentence doneKey (in the language chosen meanwhile) or the error. */
  /** Run fn, then note doneKey's sentence (or the key fn returned, when it returned one), or the refusal. */
  async _do(fn, doneKey) {
    try {
      const key = await fn();
      this.note = t(typeof key === "string" ? key : doneKey);
    } catch (e) {
      this.note = errorText(e);
    }
    await this.start();
  }

  _accountBox() {
    const a = this.account;
    const name = h("input#rename", { type: "text", maxLength: 24, value: a.name, dataset: { testid: "rename" } });
    const pw = h("input#new-password", { type: "password", autocomplete: "new-password", minLength: 8,
      dataset: { testid: "new-password" } });
    const cur = h("input#current-password", { type: "password", autocomplete: "current-password" });
    const lang = h("select#account-lang", {}, ["ru", "en"].map((l) => h("option", { value: l,
      selected: (a.lang || getLang()) === l }, l === "ru" ? "Русский" : "English")));
    return h("section.account", { dataset: { testid: "account" } },
      h("h3", {}, t("profile_mine")),
      this.note ? h("p.account-note", { role: "status" }, this.note) : null,
      h("form", { onsubmit: (ev) => {
        ev.preventDefault();
        this._do(async () => {
          if (name.value.trim() === a.name) return "profile_name_same";   // nothing to change
          const out = await acc.updateAccount({ name: name.value });
          if (out.name === a.name) return "profile_name_same";
          const me = currentPlayer();
          savePlayer({ ...me, name: out.name });
          this.name = out.name;   // the page stays, reads the profile by its new name and shows the note
          history.replaceState(null, "", `#/player/${encodeURIComponent(out.name)}`);
        }, "profile_renamed");
      } }, h("label", {}, t("profile_rename"), " ", name), " ",
      h("button", { type: "submit" }, t("profile_rename_ok")), " ", h("small", {}, t("profile_rename_note"))),
      h("form", { onsubmit: (ev) => {
        ev.preventDefault();
        this._do(() => acc.setPassword(pw.value, cur.value || undefined), "profile_password_saved");
      } }, h("p.hint", {}, t("profile_password_hint")),
      a.has_password ? h("label", {}, t("profile_password_current"), " ", cur) : null, " ",
      h("label", {}, t("profile_password_new"), " ", pw), " ",
      h("button", { type: "submit", dataset: { testid: "save-password" } }, t("profile_password_ok"))),
      h("form", { onsubmit: (ev) => {
        ev.preventDefault();
        this._do(async () => {
          await acc.updateAccount({ lang: lang.value });
          setLang(lang.value);
        }, "profile_language_saved");
      } }, h("label", {}, t("profile_language"), " ", lang), " ", h("button", { type: "submit" }, t("players_apply"))),
      a.has_password ? h("button.signout-all", { type: "button", onclick: async () => {
        try {
          await acc.signOut(true);
          forgetPlayer();
          location.hash = "#/";
        } catch (e) {
          this.note = errorText(e);
          this.render();
        }
      } }, t("profile_signout_all")) : null);
  }

  render() {
    if (this.gone) return;
    if (this.error) {
      setChildren(this.root, h("div.profile-page", { dataset: { testid: "profile" } },
        this.error === "not_found" ? notFoundBox("player") : h("p.hint", {}, this.error)));
      return;
    }
    const p = this.data;
    if (!p) {
      setChildren(this.root, h("div.profile-page", { dataset: { testid: "profile" } }, h("p.hint", {}, t("connecting"))));
      return;
    }
    const g = p.games;
    /** "vs Ann" / "против компьютера (новичок)": the other seat of a recorded game, in words. */
    const versus = (game) => {
      const mine = ["1", "2"].find((s) => game.players?.[s] === p.id);
      const other = mine === "1" ? "2" : "1";
      if (game.names?.[other]) return t("profile_vs", { name: game.names[other] });
      const bot = game.bots?.[other];
      return bot ? t("profile_vs_bot", { level: t(`bot_${bot}`) }) : t("profile_vs_unknown");
    };
    setChildren(this.root, h("div.profile-page", { dataset: { testid: "profile", player: p.id } },
      h("h2", {}, t("profile_title", { name: p.name })),
      h("p.hint", {}, t("profile_member_since", { date: new Date(p.created * 1000).toLocaleDateString(getLang()) })),
      h("section.profile-rating", {},
        h("h3", {}, t("profile_rating")),
        p.rating ? h("p", { dataset: { testid: "profile-rating" } }, `${p.rating.rating} ±${p.rating.rd}`)
          : h("p.hint", {}, t("profile_unrated")),
        p.history.length ? plot(p.history) : null),
      h("table.profile-games", { dataset: { testid: "profile-games" } }, h("tbody", {},
        [["profile_played", g.played], ["profile_won", g.won], ["profile_lost", g.lost], ["profile_drawn", g.drawn]]
          .map(([k, v]) => h("tr", {}, h("th", { scope: "row" }, t(k)), h("td", {}, String(v)))))),
      h("section", {}, h("h3", {}, t("profile_recent")),
        p.recent.length ? h("ul.room-list", {}, p.recent.map((game) => h("li", {},
          `${new Date(game.started * 1000).toLocaleString(getLang())} · ${versus(game)} · ${resultText(game, p.id)} `,
          h("a.replay", { href: `#/replay/${encodeURIComponent(game.id)}` }, t("watch_replay")))))
          : h("p.hint", {}, t("no_replays"))),
      h("section", {}, h("h3", {}, t("profile_decks")),
        p.decks.length ? h("ul", {}, p.decks.map((d) => h("li", {}, `${this._deckLabel(d.name)} — `,
          t("profile_games_count", { n: d.games })))) : h("p.hint", {}, t("profile_no_decks"))),
      this.account ? this._accountBox() : null));
  }
}
