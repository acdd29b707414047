"""The room passes for a player only when pass is their one legal action (RULES.md Q10; server/room/status.py)."""
from __future__ import annotations

import pytest

from server.room import only_pass


@pytest.mark.parametrize("legal", [[{"act": "pass"}], [{"act": "concede"}, {"act": "pass"}]])
def test_pass_alone_beside_a_concession_is_only_pass(legal):
    assert only_pass(legal)


@pytest.mark.parametrize("legal", [[], [{"act": "concede"}], [{"act": "pass"}, {"act": "attack", "source": "k1"}],
                                   [{"act": "attack", "source": "k1"}, {"act": "pass"}],
                                   [{"act": "pass"}, {"act": "pass"}]])
def test_any_other_list_is_not_only_pass(legal):
    assert not only_pass(legal)
