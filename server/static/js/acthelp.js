// The dock's action buttons explained: on hover (each button's title) and on tap or Enter through a separate "?"
// button beside the group, which opens the terms popover listing each button with its meaning. The explanation is
// not put inside the action buttons themselves: a popover in a button would change the button's accessible name.

import { h } from "./dom.js";
import { t, addStrings, hasKey } from "./i18n.js";
import { termText, showTip } from "./terms.js";
import { actionLabel } from "./actions.js";
import { PROMPT_RULE } from "./rules_text.js";

addStrings({
  en: { actions_help: "What these buttons do" },
  ru: { actions_help: "Что делают эти кнопки" },
});

/** The TERMS key explaining action a (pass, end turn, the exchange's keep / weaken), or null. */
function termKey(a, view) {
  if (a.act === "pass" || a.act === "end_turn") return a.act;
  if (view.prompt?.kind === "exchange" && (a.option === "keep" || a.option === "weaken")) {
    return a.option === "keep" ? "exchange" : "weaken";
  }
  return null;
}

/** What action a does, in the page's language: its term's explanation, else the question the prompt asks ("" when
 * neither is known). */
export function actionHelp(a, view) {
  const key = termKey(a, view);
  if (key && termText(key)) return termText(key);
  const kind = view.prompt?.kind;
  return kind && hasKey(`prompt_${kind}`) ? t(`prompt_${kind}`) : "";
}

/** The "?" button explaining the buttons of actions (a list of legal actions) on tap or Enter, or null when none
 * of them has an explanation. data-testid="actions-help". */
export function actionsHelpButton(actions, view) {
  const lines = actions.map((a) => [actionLabel(a, view), actionHelp(a, view)]).filter(([, text]) => text);
  if (!lines.length) return null;
  const rule = termKey(actions[0], view) ? "queue" : PROMPT_RULE[view.prompt?.kind] || "queue";
  return h("button.term-help", {
    type: "button", "aria-label": t("actions_help"), title: t("actions_help"), "aria-haspopup": "true",
    dataset: { testid: "actions-help" },
    onclick: (e) => {
      e.stopPropagation();
      showTip("actions", [lines.map(([label, text]) => h("div.help-line", {}, h("b", {}, label), ": ", text)), " "],
        rule, e.currentTarget);
    },
  }, "?");
}
