// Soft hyphens (U+00AD) at the syllable breaks of long words, so that a card name on a narrow card face wraps
// inside a word only at a break, with a hyphen shown ("Косте-дробитель"), never between any two letters. Browsers
// hyphenate by themselves (`hyphens: auto`) only where they have the language's dictionary, which many have not.
// The breaks follow the simple rules for Russian by P. Khristov (a vowel, a consonant, "й/ь/ъ"), applied to English
// as well with its vowels (but not between two vowels: "ti-on"); each part keeps at least two letters.

const VOWELS = "аеёиоуыэюяaeiouy";
const SIGNS = "йьъ";
const SHY = "\u00AD";
/** Words shorter than this are left whole. */
const MIN_WORD = 7;

function kind(ch) {
  const c = ch.toLowerCase();
  if (VOWELS.includes(c)) return "g";
  if (SIGNS.includes(c)) return "x";
  return /\p{L}/u.test(c) ? "s" : null;
}

// (what ends before the break, what starts after it): g vowel, s consonant, x й/ь/ъ, a any letter
const RULES = [["x", "aa"], ["g", "ga"], ["sg", "sg"], ["gs", "sg"], ["sg", "gg"], ["gss", "sg"], ["gsss", "sg"],
  ["gss", "ssg"]];
const LATIN_RULES = RULES.filter(([left, right]) => !(left === "g" && right === "ga"));

function fits(pattern, kinds) {
  return pattern.length === kinds.length && [...pattern].every((p, i) => kinds[i] && (p === "a" || p === kinds[i]));
}

/** The word with soft hyphens at its syllable breaks (a word under MIN_WORD letters, or with other signs, whole). */
export function hyphenateWord(word) {
  if (word.length < MIN_WORD) return word;
  const kinds = [...word].map(kind);
  if (kinds.includes(null)) return word;
  const rules = /[a-z]/i.test(word) ? LATIN_RULES : RULES;
  let out = "";
  for (let i = 0; i < word.length; i++) {
    if (i >= 2 && word.length - i >= 2) {
      const at = rules.some(([left, right]) => i >= left.length && i + right.length <= word.length
        && fits(left, kinds.slice(i - left.length, i)) && fits(right, kinds.slice(i, i + right.length)));
      if (at) out += SHY;
    }
    out += word[i];
  }
  return out;
}

/** A name with soft hyphens in its long words (spaces and hyphens kept as they are). */
export function hyphenate(name) {
  return String(name).split(/([\s\-]+)/).map((part, i) => (i % 2 ? part : hyphenateWord(part))).join("");
}
