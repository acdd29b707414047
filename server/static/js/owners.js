// Whose card is whose in a line that names two cards of one name on different sides («Бьёрн … → Бьёрн»): each such
// card's name says its side ("your Bjorn" / "the opponent's Bjorn", for a spectator "Ann's Bjorn"; in Russian
// «Бьёрн [у вас]» / «Бьёрн [у соперника]» / «Бьёрн [у игрока Анна]», the name stays in the nominative). The side
// is the card's controller in the view (its owner when no controller is given), which every viewer may see, also of
// a face-down card: a face-down card keeps its face-down name, only its side is said. A card the view does not hold
// has no side to say and keeps its plain name. docs/client.md "Log".

import { t } from "./i18n.js";
import { instanceName } from "./cards.js";
import { seatName } from "./names.js";
import { capital } from "./words.js";

/** The seat (1 | 2) card id sits on in view, or null when the view does not hold it. */
function sideOf(view, id) {
  const cv = view?.cards?.[id];
  return cv ? (cv.controller ?? cv.owner ?? null) : null;
}

/** A namer for one line naming the card ids `ids` (strings; others ignored): name(id) is the card's name, with its
 * side said when another of `ids` on the other side has the same name. name.leadsLower(s) is true when the line s
 * begins with a side said in lower case ("your ...", "the opponent's ..."); name.capital(s) is s with its first
 * letter in upper case; name.lead(id) is name(id) as the first words of a line (capitalised when so). */
export function cardNamer(view, ids) {
  const cards = [...new Set(ids.filter((id) => typeof id === "string"))];
  const plain = new Map(cards.map((id) => [id, instanceName(view, id)]));
  const said = new Map();
  for (const id of cards) {
    const side = sideOf(view, id);
    if (side == null) continue;
    const twin = cards.some((o) => o !== id && plain.get(o) === plain.get(id) && sideOf(view, o) != null && sideOf(view, o) !== side);
    if (twin) said.set(id, sideSaid(view, side, plain.get(id)));
  }
  const lower = [...said.values()].filter((s) => s.lower).map((s) => s.text);
  const unseen = t("card_unseen");          // a card the view does not hold ("an unknown card"): lower case too
  if (cards.some((id) => plain.get(id) === unseen)) lower.push(unseen);
  const name = (id) => (id == null ? "" : said.get(id)?.text ?? plain.get(id) ?? instanceName(view, id));
  name.leadsLower = (s) => lower.some((x) => s.startsWith(x));
  name.capital = capital;
  name.lead = (id) => { const s = name(id); return name.leadsLower(s) ? name.capital(s) : s; };
  return name;
}

/** {text, lower}: the card name `plain` with its side `side` said for the view's viewer (a player: "yours" or the
 * opponent's; anyone else: the seat's name); lower when it begins with a lower-case word ("your"), never with a
 * player's name. */
function sideSaid(view, side, plain) {
  const you = view?.viewer === 1 || view?.viewer === 2 ? view.viewer : null;
  if (you) {
    const text = t(side === you ? "card_of_yours" : "card_of_opponent", { name: plain });
    return { text, lower: text[0] !== text[0].toUpperCase() };
  }
  return { text: t("card_of_player", { name: plain, who: seatName(view?.room, side) }), lower: false };
}
