// Signing in with name + password (another browser of a player who set a password): the form shown instead of
// "choose a name" in the first-visit dialog (player.js). POST /api/sessions gives this browser a session of its own;
// the language chosen on the profile follows the player.

import { h } from "./dom.js";
import { t, errorText, getLang, setLang } from "./i18n.js";
import { account, signIn } from "./account.js";

/** The sign-in form. done(player {id, secret, name}) after a successful sign-in; back() returns to the name form. */
export function signInForm(done, back) {
  const error = h("p.name-error", { role: "alert" });
  const name = h("input#signin-name", { type: "text", maxLength: 24, autocomplete: "username", required: true,
    dataset: { testid: "signin-name" } });
  const password = h("input#signin-password", { type: "password", autocomplete: "current-password", required: true,
    dataset: { testid: "signin-password" } });
  return h("form.name-form.signin-form", { onsubmit: async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    try {
      done(await signIn(name.value, password.value));
    } catch (e) {
      error.textContent = errorText(e);
      return;
    }
    const lang = (await account().catch(() => ({}))).lang; // the language the player chose on their profile
    if (lang && lang !== getLang()) setLang(lang);
  } },
  h("h2#name-dialog-title", {}, t("signin_title")),
  h("label", {}, t("signin_name"), " ", name),
  h("label", {}, t("signin_password"), " ", password),
  h("button#signin-ok", { type: "submit", dataset: { testid: "signin-ok" } }, t("signin_ok")),
  h("button.link", { type: "button", onclick: back }, t("signin_back")),
  error);
}
