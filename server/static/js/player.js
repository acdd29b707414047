// The player of this browser: a display name chosen on the first visit, and the id + secret the
// server issued for it, kept in localStorage so that closing the tab or the browser keeps every seat.
// Requests authenticate with "Authorization: Bearer <id>:<secret>" (api.js adds it).

import { h } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { signInForm } from "./signin.js";

const KEY = "berserk.player";
export const NAME_MAX = 24; // server/names.py NAME_MAX

/** {id, secret, name} of this browser's player, or null before a name was chosen. */
export function currentPlayer() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "null");
    return p && p.id && p.secret ? p : null;
  } catch (e) {
    return null;
  }
}

/** Remember the player the server issued ({id, secret, name}). */
export function savePlayer(p) {
  const before = currentPlayer();
  localStorage.setItem(KEY, JSON.stringify({ id: p.id, secret: p.secret, name: p.name }));
  if (before && before.name !== p.name) window.dispatchEvent(new Event("player-renamed")); // the header follows
}

/** Forget the player (the server no longer knows it: a new name is asked for). */
export function forgetPlayer() {
  localStorage.removeItem(KEY);
}

/** The Authorization header value, or null without a player. */
export function authHeader() {
  const p = currentPlayer();
  return p ? `Bearer ${p.id}:${p.secret}` : null;
}

/**
 * The player, asking for a name first when this browser has none: shows a small dialog over the page and resolves
 * once the server accepted the name. create(name) -> Promise<{id, secret, name}> is the API call (api.js).
 */
let asking = null; // {overlay, promise} while the name dialog is open

export function ensurePlayer(create) {
  const known = currentPlayer();
  if (known) return Promise.resolve(known);
  if (asking) return asking.promise;
  const promise = new Promise((resolve) => {
    const done = (p) => { // a name chosen or a sign-in: this browser holds the player from now on
      savePlayer(p);
      overlay.remove();
      asking = null;
      resolve(p);
    };
    const error = h("p.name-error", { role: "alert" });
    const input = h("input#player-name", { type: "text", maxLength: NAME_MAX, autocomplete: "nickname",
      required: true, "data-testid": "player-name", "aria-label": t("name_label") });
    const form = h("form.name-form", {
      onsubmit: async (ev) => {
        ev.preventDefault();
        error.textContent = "";
        try {
          done(await create(input.value));
        } catch (e) {
          error.textContent = errorText(e);
        }
      },
    },
    h("h2#name-dialog-title", {}, t("name_title")),
    h("label", {}, t("name_label"), " ", input),
    h("button#player-name-ok", { type: "submit" }, t("name_ok")),
    h("button.link#open-signin", { type: "button", dataset: { testid: "open-signin" },
      onclick: () => form.replaceWith(signInForm(done, function back() { this.closest("form").replaceWith(form); })) },
    t("signin_link")),
    error);
    const overlay = h("div.name-dialog", { role: "dialog", "aria-modal": "true", "aria-labelledby": "name-dialog-title" }, form);
    document.body.append(overlay);
    input.focus();
    asking = { overlay };
  });
  asking.promise = promise;
  return promise;
}

/** Close an open name dialog (leaving the page that asked); its callers are gone with that page. */
export function closeNameDialog() {
  if (!asking) return;
  asking.overlay.remove();
  asking = null;
}
