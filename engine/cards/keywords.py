"""The keyword registry: one record per ability keyword (``kw``) that is defined in one module of its own.

A :class:`Keyword` holds everything the engine knows about a keyword: where it may appear and its fields (the
schema, written into :data:`engine.cards.vocab.KW`), the defaults a card's data may leave out, the rule it
implements, its effect handler, the declaration choices of its activated form, and its text in Russian and
English (:mod:`engine.catalogue` reads it). The record lives here, in the lowest layer, so that every layer can
consult it; the keyword modules themselves (``engine/effects/keywords/``) register their records from above.
How to add one: docs/architecture.md "How to add a keyword now".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from engine.cards import vocab


@dataclass(frozen=True, slots=True)
class Keyword:
    """One keyword.

    ``kw``: its name in the card data; ``places``: where it may appear (space-separated ``static``, ``activated``,
    ``effect``, ``grant``); ``rule``: the rule reference; ``fields``: ``{field: type}`` in the notation of
    :data:`engine.cards.vocab.KW` (``int!``, ``range?``, ``enum!:a|b`` ...); ``defaults``: fields filled in when a
    card's top-level ability leaves them out (e.g. its cost); ``text``: ``text(ability, lang, words) -> str`` for
    ``lang`` ``"ru"``/``"en"`` (the body, after the cost; ``words`` are the catalogue's phrase helpers
    ``target(t, lang)``, ``until(u, lang)``, ``amount(n, lang)``); ``handler``: the effect handler
    ``f(g, entry, source, effect)`` run when an entry with it executes; ``options``: ``f(g, card, ability) ->
    [dict]``, the target/destination fields its activated form may be declared with now ([] = not declarable);
    ``needs_target``: an activated form with a named (not chosen) target needs one to be declared.

    A keyword that puts a *state* on a card (an acquired ability such as ``_web``) names it in ``state``, what it
    does in ``state_effects`` (``cannot_act``, ``cannot_move``, ``cannot_attack``, ``attacks_blocked``: an attack on the card is
    blocked and removes the state) and, for the event log, ``state_name``; the rules ask
    :func:`engine.rules.grants.under` instead of naming the state.
    """

    kw: str
    places: str
    rule: str
    text: Callable[..., str]
    fields: dict = field(default_factory=dict)
    defaults: dict = field(default_factory=dict)
    handler: Callable | None = None
    options: Callable | None = None
    needs_target: bool = False
    state: str | None = None
    state_effects: frozenset = frozenset()
    state_name: str | None = None


#: kw -> its :class:`Keyword`, for the keywords defined in modules of their own.
KEYWORDS: dict[str, Keyword] = {}
#: state kw (an acquired ability such as ``_web``) -> the :class:`Keyword` that puts it on cards.
STATES: dict[str, Keyword] = {}


def register(k: Keyword) -> Keyword:
    """Record ``k`` and write its schema into :data:`engine.cards.vocab.KW`. Raises ValueError when the kw is
    already known (each keyword is defined once)."""
    if k.kw in KEYWORDS or k.kw in vocab.KW:
        raise ValueError(f"keyword {k.kw!r} is defined twice")
    KEYWORDS[k.kw] = k
    if k.state is not None:
        STATES[k.state] = k
    vocab.KW[k.kw] = {"roles": tuple(k.places.split()), "fields": dict(k.fields), "rule": k.rule,
                      "defaults": dict(k.defaults)}
    return k


@dataclass(frozen=True, slots=True)
class Custom:
    """One card's one-off behaviour (a ``custom`` ability, docs/card-vocabulary.md): the ability object names it
    by ``handler``; its module in ``engine/effects/customs/`` registers this record once.

    ``handler``: the name the card data uses; ``rule``: the rule / card text it implements; ``execute``:
    ``f(g, entry, source, effect)`` when an entry with it executes (activated or effect form); ``options``:
    ``f(g, card, ability) -> [dict]``, the declaration fields of its activated form ([] = not declarable now;
    None = the usual target options); ``cells``: ``f(g, source, point) -> [cell]``, for the effect form inside a
    trigger: the destination cells (``to``) its controller names when declaring the trigger (``point`` is the
    triggering event); ``flags``: named effects of its static form that a rule asks about with
    :func:`engine.rules.grants.custom_flag` (e.g. ``answers_when_closed``), so that rules code names an effect,
    never a card. ``step``, ``step_options``, ``step_execute``: a custom that acts in a preliminary step (02-battle.md
    §1, e.g. ``before_reveal``): ``step_options(g, p) -> [action]`` lists what player ``p`` may declare there now,
    ``step_execute(g, p, act) -> bool`` executes one of them (False: not its action);
    :mod:`engine.procedure.prelim_abilities` asks every such record.
    """

    handler: str
    rule: str
    execute: Callable | None = None
    options: Callable | None = None
    cells: Callable | None = None
    flags: frozenset = frozenset()
    step: str | None = None
    step_options: Callable | None = None
    step_execute: Callable | None = None


#: handler -> its :class:`Custom`.
CUSTOMS: dict[str, Custom] = {}


def register_custom(c: Custom) -> Custom:
    """Record ``c``. Raises ValueError when the handler is already known (each custom is defined once)."""
    if c.handler in CUSTOMS:
        raise ValueError(f"custom handler {c.handler!r} is defined twice")
    CUSTOMS[c.handler] = c
    return c
