"""The card faces of the board keep every name in their box: at 1280 x 720 and at 390 x 844, in Russian and in
English, a name never runs out of its box and a word is broken across lines only at a hyphen. Measured with the
catalogue's longest words on every cell of the board."""
from __future__ import annotations

import copy
import json
import re
import urllib.request

import pytest

from tests.e2e.states import MOUNT

SIZES = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
CELLS = [f"{col}{row}" for row in range(1, 7) for col in "abcde"]

#: [[name, the text before a break inside a word without a hyphen] | [name, "overflows"]] of the board's card names
MISFITS = r"""() => {
  const out = [];
  for (const el of document.querySelectorAll('#game-under-test .board .card:not(.hidden):not(.attached) .c-name')) {
    const plain = el.textContent.replace(/\u00AD/g, '');
    if (el.scrollWidth > el.clientWidth + 1) { out.push([plain, 'overflows']); continue; }
    const box = el.getBoundingClientRect();
    const node = el.firstChild;
    const s = node.textContent;
    let top = null, between = '';
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (/\s/.test(ch)) { top = null; between = ''; continue; }
      if (ch === '\u00AD' || ch === '-' || ch === '\u2011') { between += ch; continue; }
      const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
      const rect = [...r.getClientRects()].filter((q) => q.width > 0).pop();   // not the hyphen drawn before it
      if (!rect || rect.bottom > box.bottom + 1) break;     // cut by the two-line clamp: the title and zoom name it
      if (top !== null && rect.top > top + 2 && !between) out.push([plain, s.slice(0, i).replace(/\u00AD/g, '')]);
      top = rect.top; between = '';
    }
  }
  return out;
}"""


def _longest_words(server, lang: str, n: int) -> list[str]:
    """The ids of the n cards whose name in ``lang`` has the longest words."""
    with urllib.request.urlopen(server.url + "/api/cards") as r:
        body = json.load(r)
    cards = body if isinstance(body, list) else body.get("cards") or list(body.values())
    def lead(c):
        return (c.get("name_en") or c["name_ru"]) if lang == "en" else c["name_ru"]
    def longest(c):
        return max(len(w) for w in re.split(r"\s+", lead(c)))
    seen, out = set(), []
    for c in sorted(cards, key=longest, reverse=True):
        if lead(c) not in seen:
            seen.add(lead(c))
            out.append(c["id"])
    return out[:n]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", list(SIZES))
def test_no_card_name_on_the_board_runs_out_of_its_box_or_breaks_a_word_without_a_hyphen(states, server, new_page,
                                                                                         artifacts, size, lang):
    st = copy.deepcopy(states["main_priority"])
    cards = st["view"]["cards"]
    template = next(c for c in cards.values() if c.get("zone") == "battlefield" and not c.get("hidden"))
    for k in [k for k, c in cards.items() if c.get("zone") == "battlefield"]:
        del cards[k]
    for i, (cell, card) in enumerate(zip(CELLS, _longest_words(server, lang, len(CELLS)))):
        cards[f"t{i}"] = dict(template, id=f"t{i}", card=card, cell=cell, owner=1 + i % 2, controller=1 + i % 2,
                              closed=False, wounds=0, tokens=0, markers={}, attached_to=None)
    page = new_page()
    page.set_viewport_size(SIZES[size])
    page.goto(server.url + "/#/nowhere")
    page.wait_for_selector("#app")
    page.evaluate(MOUNT, [st, lang])
    page.wait_for_selector("#game-under-test .board .card .c-name")
    page.screenshot(path=str(artifacts / f"card-names-{size}-{lang}.png"))
    assert page.locator("#game-under-test .board .card .c-name").count() == len(CELLS)
    assert page.evaluate(MISFITS) == []
