// The chat panel of a room. Players write to and read the room chat; spectators write to and read
// their own chat, which the server never sends to a seat while the game runs (server/chat.py). Lines arrive as
// "chat" frames (docs/protocol.md); text and names are inserted as text nodes, never as HTML. Hooks:
// data-testid "chat-input" (the text box) and "chat-log" (the list of lines).

import { h, setChildren } from "./dom.js";
import { t, onLangChange } from "./i18n.js";
import { seatName } from "./names.js";

export const CHAT_MAX = 120; // server/chat.py CHAT_MAX (characters)
const MAX_BYTES = 256; // protocol/codec.py MAX_STR

export class ChatPanel {
  /** root: element to render into; conn: the GameConnection (conn.chat = lines, conn.say(text)). */
  constructor(root, conn) {
    this.root = root;
    this.conn = conn;
    this.hint = null;
    this.unsubscribe = onLangChange(() => { this.log = null; this.render(); });
  }

  destroy() {
    this.unsubscribe();
  }

  update(what) {
    if (what === "chat" || what === "state" || what === "error" || !this.log) this.render();
  }

  _send(ev) {
    ev.preventDefault();
    const input = this.input;
    const text = input.value.trim();
    if (!text) return;
    if (new TextEncoder().encode(text).length > MAX_BYTES) {
      this.hint = t("chat_too_long");
      this._renderHint();
      return;
    }
    if (this.conn.say(text)) {
      input.value = "";
      this.hint = null;
      this._renderHint();
    }
  }

  _line(line) {
    const room = this.conn.view?.room;
    const who = line.seat ? (line.name || seatName(room, line.seat)) : t("chat_spectator");
    return h(`li.chat-line.${line.channel}`, { dataset: { channel: line.channel, n: String(line.n) } },
      h("b.chat-name", {}, who + ": "), h("span.chat-text", {}, line.text));
  }

  _renderHint() {
    if (this.hintEl) this.hintEl.textContent = this.hint || "";
  }

  render() {
    const c = this.conn;
    if (!c.view) {
      setChildren(this.root);
      this.log = null;
      return;
    }
    const err = c.lastError;
    if (err && (err.code === "chat_limited" || err.code === "bad_message") && err.at !== this.errAt) {
      this.errAt = err.at;
      this.hint = t(`chat_${err.code}`);
    }
    if (!this.log) {
      this.log = h("ul.chat-log", { "data-testid": "chat-log", "aria-live": "polite" });
      this.input = h("input.chat-input", { type: "text", maxLength: CHAT_MAX, "data-testid": "chat-input",
        "aria-label": t("chat_placeholder"), placeholder: t("chat_placeholder"), autocomplete: "off" });
      this.hintEl = h("p.chat-hint", { role: "status" });
      this.title = h("h3.chat-title");
      setChildren(this.root, h("section.chat", {}, this.title, this.log,
        h("form.chat-form", { onsubmit: (e) => this._send(e) }, this.input,
          h("button.chat-send", { type: "submit" }, t("chat_send"))), this.hintEl));
    }
    this.title.textContent = c.you ? t("chat_players") : t("chat_spectators");
    setChildren(this.log, (c.chat || []).map((l) => this._line(l)));
    this.log.scrollTop = this.log.scrollHeight;
    this._renderHint();
  }
}
