// The deck builder page ("#/decks"): every implemented card with filters and search, the deck
// with counts, summaries (cost curve, element mix, elite count, flyer cost), live validation by the server's one
// validator, saved decks (save, rename, duplicate, delete), export / import as a short code or "3 × Name" lines.

import { h, setChildren } from "./dom.js";
import { t, getLang, onLangChange } from "./i18n.js";
import { allCards, cardDef, elementClass as elClass } from "./cards.js";
import { validateDeck, exportDeck, importDeck, deckName } from "./deckapi.js";
import { listDecks } from "./api.js";
import { listSaved, createSaved, updateSaved, duplicateSaved, deleteSaved } from "./deckstore.js";
import { deckStats, cardKind, passes } from "./deckstats.js";
import { editionName, moveText } from "./words.js";
import { byName, printingsGroup, nameCopies, copiesBadge, copyLimit } from "./printings.js";

const ELEMENTS = ["Степи", "Леса", "Горы", "Болота", "Тьма", "Нейтральные"];
const KINDS = ["creature", "flyer", "symbiote", "artifact", "terrain", "equipment"];

/** A class (Russian, lower case, as in the data) in the interface language. */
function className(k) {
  const name = t(`cls_${k}`);
  return name === `cls_${k}` ? k : name;
}

/** The name of card c in the interface language. */
function nameOf(c) {
  return getLang() === "en" ? c.name_en || c.name_ru : c.name_ru;
}

export class BuilderPage {
  /** root: element to render into; savedId: a saved deck to open, or null for a new deck. */
  constructor(root, savedId = null) {
    this.root = root;
    this.cards = new Map();          // id -> count, in the order added
    this.deckId = savedId;           // the saved deck being edited, or null
    this.name = "";
    this.filters = { element: "", costMin: "", costMax: "", kind: "", elite: "", unique: "", cls: "", text: "" };
    this.focus = null;               // card id shown in the details pane
    this.result = null;              // the last validation answer
    this.saved = [];
    this.presets = [];
    this.notice = null;
    // the validator's messages come in the language asked: the old ones go until the new answer
    this.unsubscribe = onLangChange(() => { this.result = null; this.render(); this.validate(); });
  }

  async start() {
    try {
      [this.saved, this.presets] = await Promise.all([listSaved(), listDecks()]);
    } catch (e) {
      this.notice = e.message;
    }
    const deck = this.saved.find((d) => d.id === this.deckId);
    if (deck) this.load(deck);
    else this.deckId = null;
    this.render();
    this.validate();
  }

  destroy() {
    this.unsubscribe();
    clearTimeout(this.timer);
    this.gone = true;
  }

  load(deck) {
    this.cards = new Map(deck.cards.map((c) => [c.id, c.count]));
    this.name = deck.name || "";
    this.deckId = deck.id || null;
  }

  entries() {
    return [...this.cards].map(([id, count]) => ({ id, count }));
  }

  change(id, delta) {
    const n = Math.max(0, (this.cards.get(id) || 0) + delta);
    if (n) this.cards.set(id, Math.min(n, 50));
    else this.cards.delete(id);
    this.renderDeck();
    this.renderList();
    this.validate();
  }

  /** Ask the server's validator about the deck (debounced); show its messages. */
  validate() {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const asked = JSON.stringify(this.entries());
      try {
        const res = await validateDeck(this.entries());
        if (asked === JSON.stringify(this.entries()) && !this.gone) this.result = res;
      } catch (e) {
        this.result = { valid: false, errors: [{ code: "network", msg: e.message }] };
      }
      if (!this.gone) this.renderErrors();
    }, 150);
  }

  // ---- actions on saved decks ---------------------------------------------------------------------------------

  /** Save the deck (a new one, or the open saved deck's changes). One click saves once: while a save is under way
   * the button is disabled and another save asked for is none. */
  async save() {
    if (this.saving) return;
    this.saving = true;
    const button = this.barBox?.querySelector("#db-save");
    if (button) button.disabled = true;
    try {
      const name = this.nameInput.value.trim() || t("db_untitled");
      this.name = name;
      let valid;
      try {
        valid = !!(await validateDeck(this.entries())).valid;
      } catch (e) {
        valid = undefined;
      }
      const deck = this.deckId ? await updateSaved(this.deckId, { name, cards: this.entries(), valid })
        : await createSaved(name, this.entries(), valid);   // one idempotency key per call (deckstore.js)
      this.deckId = deck.id;
      await this.afterSaved("db_saved");
    } finally {
      this.saving = false;
      if (button) button.disabled = false;
    }
  }

  async rename() {
    if (!this.deckId) return this.save();
    this.name = this.nameInput.value.trim() || this.name;
    await updateSaved(this.deckId, { name: this.name });
    await this.afterSaved("db_renamed");
  }

  async duplicate() {
    if (!this.deckId) await this.save();
    const copy = await duplicateSaved(this.deckId);
    this.load(copy);
    await this.afterSaved("db_duplicated");
  }

  async remove() {
    if (!this.deckId) return;
    if (!this.confirmDelete) {
      this.confirmDelete = true;
      return this.renderBar();
    }
    this.confirmDelete = false;
    await deleteSaved(this.deckId);
    this.deckId = null;
    await this.afterSaved("db_deleted");
  }

  async afterSaved(key) {
    this.saved = await listSaved();
    this.notice = key ? t(key) : null;
    history.replaceState(null, "", this.deckId ? `#/decks/${encodeURIComponent(this.deckId)}` : "#/decks");
    this.render();
  }

  openDeck(value) {
    const [kind, id] = value.split(":");
    if (kind === "new") {
      this.cards = new Map();
      this.name = "";
      this.deckId = null;
    } else if (kind === "saved") {
      this.load(this.saved.find((d) => d.id === id));
    } else if (kind === "preset") {
      const p = this.presets.find((d) => d.id === id);
      this.load({ cards: p.cards, name: deckName(p) });
      this.deckId = null;
    }
    this.confirmDelete = false;
    this.afterSaved(null).then(() => this.validate());
  }

  async doExport() {
    try {
      const out = await exportDeck(this.entries());
      this.exported = `${out.code}\n\n${out.lines[getLang()] || out.lines.ru}`;
    } catch (e) {
      this.exported = e.message;
    }
    this.renderTransfer();
  }

  async doImport() {
    if (!this.importBox.value.trim()) {   // nothing to read: say what to paste
      this.importErrors = [{ code: "import_empty", msg: t("db_import_empty") }];
      this.renderTransfer();
      return;
    }
    const res = await importDeck(this.importBox.value);
    this.importErrors = res.errors || [];
    if ((res.cards || []).length) {
      this.cards = new Map(res.cards.map((c) => [c.id, c.count]));
      this.deckId = null;
      this.renderDeck();
      this.renderList();
      this.validate();
    }
    this.renderTransfer();
  }

  // ---- rendering ----------------------------------------------------------------------------------------------

  render() {
    const keepText = this.searchBox === document.activeElement;
    this.barBox = h("div.db-bar");
    this.filterBox = h("div.db-filters");
    this.listBox = h("ul.db-cards", { "aria-label": t("db_cards") });
    this.detailBox = h("aside.db-detail", { "aria-live": "polite" });
    this.deckBox = h("div.db-deck");
    this.statsBox = h("div.db-stats");
    this.errorsBox = h("ul.db-errors", { dataset: { testid: "deck-errors" }, "aria-live": "polite" });
    this.transferBox = h("div.db-transfer");
    setChildren(this.root, h("div.builder", { dataset: { testid: "deck-builder" } },
      h("h2", {}, t("db_title")),
      this.notice ? h("div.db-notice", { role: "status" }, this.notice) : null,
      this.barBox,
      h("div.db-main", {},
        h("section.db-pool", {}, this.filterBox, this.listBox),
        h("section.db-side", {}, this.deckBox, this.errorsBox, this.statsBox, this.detailBox, this.transferBox))));
    this.renderBar();
    this.renderFilters();
    this.renderList();
    this.renderDeck();
    this.renderErrors();
    this.renderDetail();
    this.renderTransfer();
    if (keepText) this.searchBox.focus();
  }

  renderBar() {
    this.nameInput = h("input#db-name", { value: this.name, maxLength: 60, placeholder: t("db_untitled"),
      "aria-label": t("db_name") });
    const current = this.deckId ? `saved:${this.deckId}` : "";
    setChildren(this.barBox,
      h("label", {}, t("db_open"), " ", h("select#db-open", { onchange: (e) => this.openDeck(e.target.value) },
        h("option", { value: "", selected: !current }, "—"),
        h("option", { value: "new:" }, t("db_new")),
        this.saved.length ? h("optgroup", { label: t("db_my_decks") },
          this.saved.map((d) => h("option", { value: `saved:${d.id}`, selected: current === `saved:${d.id}` }, d.name)))
          : null,
        h("optgroup", { label: t("db_presets") },
          this.presets.map((d) => h("option", { value: `preset:${d.id}` }, deckName(d)))))),
      h("label", {}, t("db_name"), " ", this.nameInput),
      h("button#db-save", { onclick: () => this.save() }, t("db_save")),
      h("button#db-rename", { onclick: () => this.rename(), disabled: !this.deckId }, t("db_rename")),
      h("button#db-duplicate", { onclick: () => this.duplicate() }, t("db_duplicate")),
      h("button#db-delete.danger", { onclick: () => this.remove(), disabled: !this.deckId },
        this.confirmDelete ? t("db_confirm_delete") : t("db_delete")));
  }

  renderFilters() {
    const f = this.filters;
    const all = allCards();
    const sel = (key, label, options) => h("label", {}, label, " ", h(`select#db-f-${key}`, {
      onchange: (e) => { f[key] = e.target.value; this.renderList(); } },
    h("option", { value: "" }, t("db_any")),
    options.map(([v, text]) => h("option", { value: v, selected: f[key] === v }, text))));
    const present = new Set(all.map((c) => c.element));
    const classes = [...new Set(all.flatMap((c) => c.classes || []))].sort();
    const num = (key, label) => h("label", {}, label, " ", h(`input#db-f-${key}`, { type: "number", min: 0, max: 20,
      value: f[key], inputMode: "numeric", oninput: (e) => { f[key] = e.target.value; this.renderList(); } }));
    this.searchBox = h("input#db-search", { type: "search", value: f.text, placeholder: t("db_search"),
      "aria-label": t("db_search"), oninput: (e) => { f.text = e.target.value; this.renderList(); } });
    setChildren(this.filterBox,
      this.searchBox,
      sel("element", t("db_element"), ELEMENTS.filter((e) => present.has(e)).map((e) => [e, t(`el_${e}`)])),
      num("costMin", t("db_cost_from")), num("costMax", t("db_cost_to")),
      sel("kind", t("db_kind"), KINDS.map((k) => [k, t(`kind_${k}`)])),
      sel("elite", t("db_rank"), [["elite", t("db_elite")], ["regular", t("db_regular")]]),
      sel("unique", t("db_unique"), [["yes", t("db_yes")], ["no", t("db_no")]]),
      sel("cls", t("db_class"), classes.map((c) => [c, className(c)])));
  }

  renderList() {
    const shown = allCards().filter((c) => passes(c, this.filters)).sort((a, b) =>
      ELEMENTS.indexOf(a.element) - ELEMENTS.indexOf(b.element) || a.cost - b.cost || nameOf(a).localeCompare(nameOf(b)));
    // printings of one name are listed together under one heading with the copies of the name (printings.js)
    const all = allCards();
    setChildren(this.listBox, shown.length ? byName(shown).map((group) => (group.length > 1
      ? printingsGroup(group, this.cards, all, (c, edition) => this.cardRow(c, edition)) : this.cardRow(group[0])))
      : h("li.hint", {}, t("db_nothing_found")));
  }

  /** Names (in the interface language) that several cards share: those rows show their edition's year. */
  shared() {
    const lang = getLang();
    if (this.sharedLang !== lang) {
      const seen = new Map();
      for (const c of allCards()) seen.set(nameOf(c), (seen.get(nameOf(c)) || 0) + 1);
      this.sharedNames = new Set([...seen].filter(([, n]) => n > 1).map(([k]) => k));
      this.sharedLang = lang;
    }
    return this.sharedNames;
  }

  /** One card's row; edition: its printing's name in words, for a row of a group of printings. */
  cardRow(c, edition = null) {
    const n = this.cards.get(c.id) || 0;
    const all = allCards();
    const named = nameCopies(c, this.cards, all);
    const show = () => { this.focus = c.id; this.renderDetail(); };
    return h(`li.db-card.el-${elClass(c.element)}`, {
      // a mouse shows the card on hover; a tap only by its click, so the sheet a phone opens never lands under the
      // finger before the tap's own click (which would then miss the "+" it was aimed at)
      dataset: { card: c.id, count: String(n) }, tabIndex: 0, onclick: show,
      onpointerenter: (e) => { if (e.pointerType === "mouse") show(); },
      onfocus: (e) => { if (!e.target.matches(":focus-visible")) return; show(); },
      onkeydown: (e) => {
        if (e.key === "+" || e.key === "=") this.change(c.id, 1);
        else if (e.key === "-") this.change(c.id, -1);
      } },
    h("span.db-cost", { class: c.elite ? "elite" : "", title: c.elite ? t("db_elite") : t("db_regular") },
      String(c.cost)),
    h("span.db-cname", {}, nameOf(c), edition ? h("small.db-ed", {}, ` · ${edition}`)
      : this.shared().has(nameOf(c)) && c.edition ? h("small.db-ed", {}, ` · ${editionName(c.edition)}`) : null,
    c.unique ? " ◆" : "", c.flyer ? " ✈" : ""),
    h("span.db-count", {}, n ? `×${n}` : ""),
    named ? copiesBadge(named, copyLimit(all.filter((o) => o.name_ru === c.name_ru))) : null,
    h("button.db-minus", { onclick: (e) => { e.stopPropagation(); this.change(c.id, -1); }, disabled: !n,
      "aria-label": t("db_remove_one", { name: nameOf(c) }) }, "−"),
    h("button.db-plus", { onclick: (e) => { e.stopPropagation(); this.change(c.id, 1); },
      "aria-label": t("db_add_one", { name: nameOf(c) }) }, "+"));
  }

  renderDeck() {
    const entries = this.entries().map(({ id }) => cardDef(id)).filter(Boolean)
      .sort((a, b) => a.cost - b.cost || nameOf(a).localeCompare(nameOf(b)));
    const stats = deckStats(this.entries(), cardDef);
    setChildren(this.deckBox,
      h("h3", {}, t("db_deck"), " ", h("span#db-total", {}, t("db_total", { n: stats.total }))),
      entries.length ? h("ul.db-cards.db-in-deck", {}, entries.map((c) => this.cardRow(c)))
        : h("p.hint", {}, t("db_empty")));
    this.renderStats(stats);
  }

  renderStats(stats) {
    const max = Math.max(1, ...Object.values(stats.curve));
    const costs = [...Array(11).keys()];
    const total = Math.max(1, stats.total);
    setChildren(this.statsBox,
      h("h3", {}, t("db_curve")),
      h("div.db-curve", { role: "img", "aria-label": t("db_curve_label", {
        list: costs.filter((c) => stats.curve[c]).map((c) => `${c}: ${stats.curve[c]}`).join(", ") || "—" }) },
      costs.slice(1).map((c) => h("div.db-bar-col", {},
        h("span.db-bar-n", {}, stats.curve[c] ? String(stats.curve[c]) : ""),
        h("div.db-bar-fill", { style: `height:${Math.round(((stats.curve[c] || 0) / max) * 60)}px` }),
        h("span.db-bar-x", {}, c === 10 ? "10+" : String(c))))),
      h("h3", {}, t("db_elements")),
      h("ul.db-mix", {}, Object.entries(stats.elements).sort((a, b) => b[1] - a[1]).map(([el, n]) =>
        h(`li.el-${elClass(el)}`, {}, h("span", {}, `${t(`el_${el}`)}: ${n} (${Math.round((n / total) * 100)}%)`),
          h("div.db-mix-bar", { style: `width:${Math.round((n / total) * 100)}%` })))),
      h("p", {}, h("span#db-elite", {}, t("db_elite_count", { n: stats.elite })), " · ",
        h("span#db-flyers", {}, t("db_flyer_cost", { n: stats.flyers, cost: stats.flyerCost }))));
  }

  renderErrors() {
    const res = this.result;
    if (!res) return setChildren(this.errorsBox);
    setChildren(this.errorsBox, res.valid ? h("li.db-ok", { dataset: { valid: "true" } }, t("db_valid"))
      : (res.errors || []).map((e) => h("li.db-err", { dataset: { code: e.code } }, e.msg)));
    this.errorsBox.dataset.valid = String(!!res.valid);
  }

  renderDetail() {
    const c = cardDef(this.focus);
    this.detailBox.classList.toggle("shown", !!c);
    // on a phone the shown detail is a sheet over the page's foot: the page gets room to scroll out from under it
    this.detailBox.closest(".builder")?.classList.toggle("detail-open", !!c);
    if (!c) return setChildren(this.detailBox, h("p.hint", {}, t("db_hover_hint")));
    const lang = getLang();
    const strike = Array.isArray(c.strike) ? c.strike.join("-") : c.strike;
    const other = lang === "en" ? c.name_ru : c.name_en;
    setChildren(this.detailBox,
      h("button.db-detail-close", { onclick: () => { this.focus = null; this.renderDetail(); },
        "aria-label": t("db_close") }, "×"),
      h("h3", {}, nameOf(c), other && other !== nameOf(c) ? h("span.en", {}, ` / ${other}`) : null),
      h("div", {}, t(`el_${c.element}`), " · ", t("cost"), ": ", String(c.cost), " ",
        c.elite ? t("db_elite") : t("db_regular"), " · ", t(`kind_${cardKind(c)}`), c.unique ? ` · ${t("db_unique")}` : ""),
      c.kind === "creature" ? h("div", {}, `${t("life")}: ${c.life} · ${t("move")}: ${moveText(c)} · ${t("strike")}: ${strike}`)
        : null,
      (c.classes || []).length ? h("div", {}, t("db_class"), ": ",
        c.classes.map(className).join(", ")) : null,
      h("p.card-text", {}, (lang === "ru" ? c.text_ru || c.text_en : c.text_en || c.text_ru) || ""),
      c.edition ? h("div.hint", {}, editionName(c.edition)) : null);
  }

  renderTransfer() {
    this.importBox = h("textarea#db-import-text", { rows: 4, placeholder: t("db_import_hint"),
      "aria-label": t("db_import") });
    setChildren(this.transferBox,
      h("h3", {}, t("db_transfer")),
      h("button#db-export", { onclick: () => this.doExport() }, t("db_export")),
      this.exported ? h("textarea#db-export-text", { rows: 6, readOnly: true,
        "aria-label": t("db_export"), onfocus: (e) => e.target.select() }, this.exported) : null,
      this.importBox,
      h("button#db-import", { onclick: () => this.doImport() }, t("db_import")),
      (this.importErrors || []).length ? h("ul.db-import-errors", {},
        this.importErrors.map((e) => h("li.db-err", { dataset: { code: e.code } }, e.msg))) : null);
  }
}

