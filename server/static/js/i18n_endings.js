// Interface text of how a game is answered and how it ends (cards reachable from any zone, mandatory triggers,
// clocks, away players, claims and aborts), in English and Russian. i18n.js merges it into its tables.

export const ENDINGS = {
  en: {
    offpage_title: "Cards elsewhere that can be chosen now:",
    zone_exile: "out of the game",
    zone_battlefield: "battlefield",
    zone_elsewhere: "elsewhere",
    prompt_trigger_mandatory: "Declare your triggered ability: it is mandatory and cannot be declined.",
    prompt_triggers_mandatory: "Declare your triggered abilities: they are mandatory and cannot be declined.",
    prompt_triggers_some_mandatory: "Declare your triggered abilities; only the optional ones may be declined.",
  },
  ru: {
    offpage_title: "Карты вне поля, которые можно выбрать сейчас:",
    zone_exile: "вне игры",
    zone_battlefield: "поле боя",
    zone_elsewhere: "в другой зоне",
    prompt_trigger_mandatory: "Заявите срабатывающую способность: она обязательна, отказаться нельзя.",
    prompt_triggers_mandatory: "Заявите срабатывающие способности: они обязательны, отказаться нельзя.",
    prompt_triggers_some_mandatory: "Заявите срабатывающие способности; отказаться можно только от необязательных.",
  },
};
