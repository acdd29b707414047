"""Ability objects of card data: costs, timing marks and kinds, read from data.

An ability is a JSON-like dict with ``kw`` (the vocabulary of ../shared/cards/README.md §4 and FORMAT.md "Custom
cards"). This module turns the printed cost and marks into one shape the engine uses everywhere:

``cost(a) -> {"tap": bool, "tokens": int | "X" | "all", "wounds": int}`` and ``is_sudden(a)``, ``limit(a)``,
``is_activated(a)``. Rules: 03-abilities.md §2 (costs), RULES.md S1 (implicit accumulate), S4 (payment at
declaration), 02-battle.md §2 (sudden/slow actions).
"""
from __future__ import annotations

import re

#: Abilities a player declares with priority (activated: they have a cost, printed or the default [Close]).
ACTIVATED_KW = frozenset({
    "accumulate_token", "gain_token", "heal", "wound", "magic_strike", "shot", "discharge", "throw",
    "strike_through_row", "special_strike", "finishing_blow", "resurrect", "redistribute_wounds", "web",
    "close_target", "poison_target", "set_strike_strength",
})
#: Attack abilities (атака) and whether they are ranged; RULES.md Q2, 02-battle.md §6.
ATTACK_KW = {"magic_strike": "melee", "special_strike": "melee", "shot": "ranged", "throw": "ranged",
             "discharge": "ranged", "strike_through_row": "row"}
#: Magical attacks (protection from magic stops them) [g-22, g-41].
MAGIC_KW = frozenset({"magic_strike", "discharge"})
#: Scenario/action acts that name an attack ability directly (FORMAT.md steps).
ACT_KW = {"shoot": "shot", "discharge": "discharge", "throw": "throw", "magic_strike": "magic_strike"}

_TOKENS = re.compile(r"^(\d+|x|a)?\s*tokens?$")


def cost(a: dict) -> dict:
    """The whole cost of an activated ability: ``{"tap": bool, "tokens": int | "X" | "all", "wounds": int}``.

    Accepts the string forms of the card data and scenarios (``"tap"``, ``"instant+tap"``, ``"token+tap"``,
    ``"2 tokens"``, ``"X tokens+tap"``, ``"remove token+tap"``, ``"wounds 2"``) and a dict form with the same keys.
    No cost printed on an activated ability means closing the card (FORMAT.md). ``spend_tokens: "all"`` adds
    "all tokens" to the cost (01-game-and-cards.md §6.2).
    """
    raw = a.get("cost")
    out = {"tap": False, "tokens": 0, "wounds": 0}
    if raw is None:
        out["tap"] = True
    elif isinstance(raw, dict):
        out["tap"] = bool(raw.get("tap"))
        out["tokens"] = raw.get("tokens", 0) or 0
        out["wounds"] = int(raw.get("wounds", 0) or 0)
    else:
        for part in str(raw).lower().split("+"):
            part = part.strip()
            if part in ("tap", "close"):
                out["tap"] = True
            elif part in ("instant", "sudden", ""):
                continue
            elif part.startswith("wounds"):
                out["wounds"] = int(part.split()[1])
            elif part.startswith("remove token"):
                out["tokens"] = 1
            else:
                m = _TOKENS.match(part)
                if m:
                    n = m.group(1)
                    out["tokens"] = "X" if n == "x" else (1 if n in (None, "a") else int(n))
    if a.get("spend_tokens") == "all":
        out["tokens"] = "all"
    return out


def is_sudden(a: dict) -> bool:
    """True for a sudden action (внезапное действие) [104.6]: ``sudden: true`` or ``instant`` in the cost."""
    if a.get("sudden"):
        return True
    raw = a.get("cost")
    if isinstance(raw, dict):
        return bool(raw.get("sudden"))
    return isinstance(raw, str) and "instant" in raw.lower()


def limit(a: dict) -> str | None:
    """``"turn"`` for once per turn, ``"battle"`` for once per battle, else None [SEED S4, QX10]."""
    text = str(a.get("limit") or "").lower()
    if "turn" in text:
        return "turn"
    if "battle" in text or "game" in text:
        return "battle"
    return None


def is_activated(a: dict) -> bool:
    """True when the ability is declared by its controller (not static, not a trigger)."""
    kw = a.get("kw")
    if kw == "trigger":
        return False
    if kw == "custom":
        return a.get("cost") is not None
    return kw in ACTIVATED_KW


def has_token_cost(a: dict) -> bool:
    """True when paying the ability spends tokens (it gives the card an implicit accumulate, RULES.md S1)."""
    return is_activated(a) and cost(a)["tokens"] not in (0, None)


def with_implicit(abilities: list[dict]) -> list[dict]:
    """The card's abilities with RULES.md S1's implicit "[Close]: accumulate 1 token" appended when any ability
    has a token cost and the card has no accumulate ability yet [SEED S1]."""
    if any(a.get("kw") == "accumulate_token" for a in abilities):
        return abilities
    if any(has_token_cost(a) for a in abilities):
        return abilities + [{"kw": "accumulate_token", "cost": "tap", "implicit": True}]
    return abilities


def static(abilities: list[dict], kw: str) -> list[dict]:
    """The card's static abilities of one kw (e.g. ``armour``), formation grants excluded."""
    return [a for a in abilities if a.get("kw") == kw]
