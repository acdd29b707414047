""""Whenever it makes a simple strike" («когда она наносит простой удар») fires whether the strike hits or misses,
for every card with that wording (../shared/cards/README.md §6.7, Рубаки Холверта: any simple strike), as the
attacker and, where the card says so, as the responder. Played through apply and legal_actions."""
from __future__ import annotations

from tests.helpers import act, card, creature, game, pass_both

KELE = "vs2023-102-kele"
ELF = "vs2003-elfiyskiy-voin"
MISS = [1, 6]  # the attacker's 1 against the answer's 6: the attacker's blow misses


def _pending_names(g, p):
    return [t["source"] for t in g.pending[p]]


def test_kele_may_heal_after_a_simple_strike_that_misses():
    g, L = game([card("k", "c3", 1, override={}, name=KELE, wounds=2), card("t", "c4", 2, override=creature(life=9, strike=(3, 3, 3)))],
                dice=MISS)
    act(g, L, 1, act="attack", source="k", target="t")
    pass_both(g)
    assert g.cards[L["t"]].wounds == 0  # it missed
    decl = [a for a in g.legal_actions(1) if a["act"] == "declare" and a["source"] == L["k"]]
    assert decl, "the optional heal is offered after a miss"
    before = g.cards[L["k"]].wounds
    g.apply(1, decl[0])
    pass_both(g)
    assert before >= 2 and g.cards[L["k"]].wounds == before - 2  # healed by 2


def test_a_responder_whose_blow_misses_still_made_a_simple_strike():
    g, L = game([card("a", "c3", 1, override=creature(life=9, strike=(1, 1, 1))),
                 card("e", "c4", 2, override={}, name=ELF), card("x", "a6", 1, override=creature(life=9))],
                dice=[6, 1])
    act(g, L, 1, act="attack", source="a", target="e")
    pass_both(g)
    assert L["e"] in _pending_names(g, 2) or any(q["source"] == L["e"] for q in g.queue)
