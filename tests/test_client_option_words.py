"""The choose one's buttons name the attacked card in place of the catalogue's words for it
(server/static/js/actions.js ``ATTACKED_WORDS``): those words are the engine's (engine/cards/words.py REF), so the
client finds them in every option text that has them."""
from __future__ import annotations

import pathlib
import re

from engine.cards.words import REF

ACTIONS_JS = pathlib.Path(__file__).resolve().parents[1] / "server" / "static" / "js" / "actions.js"


def test_the_clients_words_for_the_attacked_card_are_the_catalogues():
    block = re.search(r"const ATTACKED_WORDS = \{(.*?)\n\};", ACTIONS_JS.read_text(encoding="utf-8"), re.S).group(1)
    en = re.search(r"en: \[(.*?)\],\n", block, re.S).group(1)
    ru = block[block.index("ru:"):]
    phrases = lambda part: re.findall(r'\["([^"]+)"', part)
    assert phrases(en) == [REF["attacked"][0]]
    assert phrases(ru) == [REF["attacked"][1], REF["attacked"][2]]
