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
from typing import Callable, Final

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

    ``on_attacked``: ``f(g, card, index, ability, attacker, kind) -> bool``, asked for each ability of this keyword
    a card has when an attack of ``kind`` by ``attacker`` reaches it as final target (02-battle.md §9 step 5,
    where a net blocks too); True blocks the attack (Дочь перламутра, Дети топи).

    ``graveyard_turn_start``: ``f(g, card, ability) -> [effect] | None``, asked at the start of its owner's turn
    for each ability of this keyword a card in that player's graveyard has (it works from the graveyard, as the
    card text says [103.1]); the effects become a mandatory pending trigger of the card (Инкарнация [g-19]).

    ``on_heal``: ``f(g, card, index, ability, amount) -> bool``, asked for each ability of this keyword a card in
    play has when it is about to be healed by ``amount`` (an int or ``"full"``); True replaces the heal (no wound is
    removed; 03 §1.10 replacement [419]).

    ``expand``: ``f(g, card, ability) -> [abilities]``: a static ability of this keyword (or a formation grant of
    it) stands for other abilities the card has now (:func:`engine.rules.grants.effective` adds them; Анубисар
    copies its partners' formation abilities).

    ``at_battle_start``: ``f(g, card, ability)``, called at the start of the battle (02-battle.md §1.6 [307], with
    the starting tokens) for each ability of this keyword a card in play has ("starts the battle with ...").
    ``recruitment``: a :class:`RecruitHooks` whose methods the deal and recruitment steps ask
    (:mod:`engine.procedure.prelim`) for each ability of this keyword a card in the deal or the recruits has.

    ``parts``: ``f(card, ability) -> [abilities]``: a named ability written as abilities of the vocabulary (its
    trigger, its activated part); they are appended to the card's abilities when its definition is built
    (:func:`engine.cards.abilities.with_implicit`), after the printed ones, so printed indices stay stable.
    ``rewrite``: ``f(ability, other) -> dict``: each other ability of the card as this named ability changes it
    when the definition is built (Range X gives the card's unranged ranged attacks range X [g-11]).
    ``roll_mod``: ``f(g, card, role, other, kind, abilities) -> int``, added to every die roll of ``card`` (roles of
    :func:`engine.rules.keywords.roll_mod`; ``abilities``: its copies against ``other``, maybe []: a marker or a
    bonus held by ``other`` counts too; experience, clumsiness, Blessing, Curse [g-28..g-30, g-04, g-39]).
    ``marker``: the marker that stands for this keyword (a card carrying it has the keyword: Blessing, Curse,
    Plague; with ``parts``, a scenario card set up with the marker acquires the keyword, :mod:`engine.scenario_setup`).
    ``wound_mod``: ``f(g, target, amount, kind, level, source, abilities) -> int``, the wounds after this keyword's modifier from the target
    (:func:`engine.rules.keywords.reduce`, before preventions [420.5]). ``prevent``: ``f(g, target, amount, kind,
    source, abilities) -> int``, a prevention of the target, in the order of :func:`engine.ops.damage.prevent`
    ([420]; Camouflage [g-24]).
    ``graveyard_cell_freed``: ``f(g, card, ability) -> [effect] | None``, asked when a battlefield cell frees (a
    card died or left its cell) for each ability of this keyword a card in a graveyard has; the effects become a
    mandatory pending trigger of the card (Incarnation waiting for a free cell [g-19]).
    ``blocks_effect``: ``f(g, entry, effect) -> bool``, asked before each effect of an executing entry; True: the
    effect produces nothing (a protection from some triggered abilities, Thick Skin [g-49]).
    ``turn_preparation``: a :class:`PrepHooks` asked in the turn preparation step [310.2] for each ability of this
    keyword a card of the player being asked has (Thirst [g-16]).
    ``token_sources``: ``f(g, card) -> [cards]``: other cards whose tokens may pay the card's activated abilities
    (Meditation [g-25]; :func:`engine.rules.declarable.token_pool`, :func:`engine.ops.costs.pay_cost`).
    ``on_initiate``: ``f(g, card, ability, kind)``, called once (with its first copy) when the source of an attack
    with this keyword it becomes the initiating card (02-battle.md §9 step 5 [216.4]; :func:`engine.effects.attack.initiate`).
    ``grants_now``: ``f(g, card, ability) -> [abilities]``, what the ability grants its own card now (Formation's
    grants while in formation [g-46]); ``grants_to``: ``f(g, source, ability, card) -> [abilities]``, what the
    ability of ``source`` (a card in play) grants ``card`` (an aura [406, 407]; the kws its ``grants`` hold count
    as granted by an aura, :func:`engine.rules.grants.aura_kws`); both asked by
    :func:`engine.rules.grants.effective`, and a card with either never counts as ``plain``.
    ``forces_strikes``: ``f(g, card, ability, candidates) -> [ids]``, the ids among ``candidates`` (its simple-strike
    targets now) the ability obliges the card to attack in its controller's turn (:func:`engine.rules.combat.
    forced_targets`); ``grants_against``: ``f(g, card, ability, target) -> [abilities]``, what the ability grants the
    card's strike at ``target`` (:func:`engine.rules.grants.effective`; a card with such an ability never counts as
    ``plain``); ``after_entry``: ``f(g, card, ability, baseline)``, called for each ability of this keyword a card on
    the battlefield has after every executed entry and strike, and with ``baseline`` True at turn start (who stands
    adjacent; :func:`engine.ops.acquire.refresh_forced`; Must attack [g-82]).
    ``futile``: ``f(g, effect, card, closed) -> bool``, the effect can change nothing on ``card`` now (``closed``: it
    meets the card closed), so a single-effect ability may not be declared at it (:mod:`engine.rules.futile`
    [219.2]). ``refuses``: ``f(g, card, ability) -> bool``, its activated form may not be declared now although
    its cost can be paid (:func:`engine.rules.declarable.can_pay`; accumulating at the token maximum).
    ``declared_targets``: ``f(g, card, ability) -> [dict]``, the target fields the ability (or a trigger's effect)
    may be declared with now, in place of the usual choices (:func:`engine.rules.options.target_options`; no
    face-down card is offered by position for it; finishing blow, redistribution).
    ``ask_choice``: ``f(g, entry, source, effect) -> prompt | None``, the choice an effect of this keyword asks
    inside the executing entry (the ``ask`` prompt: ``kind``, ``player``, ``options``...; None: nothing to choose,
    the effect does nothing), and ``chosen``: ``f(effect, pick) -> [effects]``, the effects of the answer ``pick``
    (:func:`engine.procedure.execute.run_effects`, RULES.md Q4; choose one).
    ``reads_history``: the per-turn histories (:mod:`engine.model.history`: ``wounds``, ``acts`` ...) the keyword
    reads; they are recorded while a card naming it is in the game (Concentration, Rage).
    ``at_death``: ``f(g, card)``, called for every card that dies, before it leaves play (its markers still on it;
    :mod:`engine.ops.damage`; a card dying incarnated loses Incarnation [g-19]).
    ``reads_event``: ``{event type: (field, ...)}``, trigger-point fields the keyword's effects read; a pending
    trigger keeps them only when its effects name a reader (:func:`engine.ops.trigger_points._add`; Plague's die).
    ``turn_counter``: a key of ``card.used`` the keyword counts in for the current turn; every card in play loses it
    at each turn start (:func:`engine.procedure.phases.start_turn`; armour's wounds stopped this turn [g-05]).
    ``move_cost``: ``f(g, card, ability)``, paid when the card declares movement, as part of that declaration's
    cost [SEED S4] ("moving makes it lose all its tokens", Камнедрев).

    Asked by :mod:`engine.rules.keywords` for each such keyword a card has now (``abilities``: its copies):
    ``strike_mod``: ``f(g, card, target, kind, level, abilities) -> int``, added to the strength of its attack
    (Strike bonus [422]); ``range_mod``: ``f(g, card, kind, abilities) -> int``, added to its range (Range bonus
    [g-11]); ``directs``: ``f(g, card, target, abilities) -> bool``, no defender may be assigned (Directed strike
    [g-27]); ``unanswers``: ``f(g, card, target, abilities) -> bool``, no fight and no defender (Unanswered strike
    [g-02]); ``dodge``: ``f(g, card, kind, abilities) -> [die values] | None``, the rolls on which an attack of
    ``kind`` does nothing (Dodge); ``protects``: ``f(g, target, kind, level, source, amount, abilities) -> bool``,
    the target receives nothing from that attack or effect (``amount``: its value, or None; Protection [411]);
    ``strikes_first``: ``f(g, card, abilities) -> bool``, its blow lands first in a fight (First strike);
    ``best_roll``: ``f(g, card, role, abilities) -> bool``, it rolls twice and keeps the better die in ``role``;
    ``level_cap``: ``f(g, target, kind, level, abilities) -> level``, the strength an attack at it counts as
    [g-91]; ``attack_cap``: ``f(g, target, amount, kind, source, abilities) -> amount``, the value an attack at it
    deals at most [g-90]; ``no_wounds``: ``f(g, card, kind, retaliation, abilities) -> bool``, it takes no wounds
    from that attack [g-79]; ``move_mod``: ``f(g, card, abilities) -> int``, added to its movement allowance
    (Movement bonus [203.1]); ``life_limit``: ``f(g, card, abilities) -> int | None``, the life it can never
    exceed (None: no limit; Life maximum [204.3.a]); ``unforced``: ``f(g, card, kind, abilities) -> bool``, its
    attacks of ``kind`` ignore effects that force their target (Accuracy [g-50]); ``target_limits``: ``f(g, card,
    kind, abilities) -> [filters]``, filter lists every target of its attacks of ``kind`` must match (Attack
    restriction [205]); ``draws_attacks``: ``f(g, card, kind, abilities) -> bool | None``, the other side's attacks
    of ``kind`` may target only such cards: None when it does not draw them, else whether they reach it whatever
    their range (Drawing ranged attacks [g-82]); ``strike_reach``: ``f(g, card, abilities) -> int``, how far its
    simple strike reaches (1: adjacent; Simple strike at range [g-11]); ``strikes_per_turn``: ``f(g, card,
    abilities) -> int``, the simple strikes it may make per turn, and ``distinct_targets``: ``f(g, card,
    abilities) -> bool``, each at a card not yet struck this turn (More attacks per turn [g-70, 219.4.a]);
    ``varies_strike``: ``f(g, card, abilities) -> bool``, its strike strength is counted per rolled strength, so
    equal printed values do not make a fixed strike (02 §6, Метаморф). ``flags``: named effects of the keyword
    that a rule asks about with :func:`engine.rules.keywords.flagged` (``strikes_without_closing``,
    ``unreachable_by_flyers`` ...), so that the rule names an effect, never a keyword (as a custom's ``flags``).
    Asked by :mod:`engine.ops.passives`:
    ``on_strike_wounds``: ``f(g, card, target, dealt, abilities)``, the card dealt wounds with a simple strike
    (Vampirism [g-06]); ``on_destroys``: ``f(g, killer, dead, kind, abilities)``, the card destroyed another
    (Corpse-Eating [g-51]); ``at_turn_start``: ``f(g, card, abilities)``, the card is an open creature of the
    player whose turn starts (Regeneration [g-42]). ``deck_copies``: a constructed deck may hold this many copies
    of a card with this keyword (Horde: 5 [g-34]; :mod:`engine.cards.decks`).

    A window ability (02-battle.md §9 fixed windows; :mod:`engine.procedure.windows`) names its ``window``
    (``target``, ``roll``, ``protection``); ``window_options``: ``f(g, w, card, ability, base) -> [answer]``, the
    answers it offers now (``w``: the window's ``data``, ``src``, ``tgt`` and the player ``p``; ``base``: the
    answer's ``act``/``source``/``ability``); ``window_apply``: ``f(g, ex, card, ability, act)``, applies a chosen
    answer once its cost is paid; ``window_any_attack``: offered in the target window of any attack, not only of
    a simple strike (redirection); ``opponent_window_options``: ``f(g, w, kind) -> [answer]``, answers the
    attacker's abilities give its opponent in the target window (Волот's redirect).

    ``short_form``: ``f(ability, place)``, in place: the keyword's short forms of the card pool and FORMAT.md and
    the defaults that depend on ``place`` (``top``, ``effect``, ``grant``), applied first by
    :func:`engine.cards.vocab.normalize_ability` (an attack's ``n``, experience without a number, a heal's target).
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
    on_attacked: Callable | None = None
    graveyard_turn_start: Callable | None = None
    on_heal: Callable | None = None
    expand: Callable | None = None
    at_battle_start: Callable | None = None
    recruitment: "RecruitHooks | None" = None
    parts: Callable | None = None
    rewrite: Callable | None = None
    roll_mod: Callable | None = None
    marker: str | None = None
    wound_mod: Callable | None = None
    prevent: Callable | None = None
    move_cost: Callable | None = None
    graveyard_cell_freed: Callable | None = None
    blocks_effect: Callable | None = None
    turn_preparation: "PrepHooks | None" = None
    token_sources: Callable | None = None
    strike_mod: Callable | None = None
    range_mod: Callable | None = None
    directs: Callable | None = None
    unanswers: Callable | None = None
    dodge: Callable | None = None
    protects: Callable | None = None
    on_strike_wounds: Callable | None = None
    on_destroys: Callable | None = None
    at_turn_start: Callable | None = None
    deck_copies: int | None = None
    window: str | None = None
    window_any_attack: bool = False
    window_options: Callable | None = None
    window_apply: Callable | None = None
    opponent_window_options: Callable | None = None
    short_form: Callable | None = None
    strikes_first: Callable | None = None
    best_roll: Callable | None = None
    level_cap: Callable | None = None
    attack_cap: Callable | None = None
    no_wounds: Callable | None = None
    flags: frozenset = frozenset()
    on_initiate: Callable | None = None
    move_mod: Callable | None = None
    life_limit: Callable | None = None
    unforced: Callable | None = None
    target_limits: Callable | None = None
    draws_attacks: Callable | None = None
    strike_reach: Callable | None = None
    strikes_per_turn: Callable | None = None
    distinct_targets: Callable | None = None
    varies_strike: Callable | None = None
    grants_now: Callable | None = None
    grants_to: Callable | None = None
    forces_strikes: Callable | None = None
    grants_against: Callable | None = None
    after_entry: Callable | None = None
    futile: Callable | None = None
    refuses: Callable | None = None
    declared_targets: Callable | None = None
    ask_choice: Callable | None = None
    chosen: Callable | None = None
    turn_counter: str | None = None
    at_death: Callable | None = None
    reads_history: tuple | None = None
    reads_event: dict | None = None


class RecruitHooks:
    """What a keyword does in the deal and recruitment (02-battle.md §1.2-§1.3 [303-304]); every method has a
    neutral default. ``card`` is the card with the ability ``a``; ``p`` its player; ``extra`` the recruit option's
    fields beyond ``recruit``/``pay`` (e.g. ``{"x": 2}``)."""

    def cost(self, g, p, holder, a, card, cost: int, colour, extra: dict):
        """(cost, colour) to recruit ``card``, as ``holder``'s ability ``a`` (in ``p``'s deal or recruits) changes
        them: colour None (the usual rule), ``"silver"`` or ``"free"``."""
        return cost, colour

    def options(self, g, p, card, a) -> list[dict]:
        """Extra fields of further recruit options for ``card`` (each makes ``{"recruit": id, **extra}``)."""
        return []

    def on_recruit(self, g, p, card, a, extra: dict) -> None:
        """``card`` has just been recruited (paid) with ``extra``."""

    def allows(self, g, p, holder, a, new) -> bool:
        """May ``p`` recruit ``new`` while ``holder`` (already recruited, or ``new`` itself) is in the squad?"""
        return True

    def must_recruit(self, g, p, holder, a, card) -> bool:
        """Must ``p`` recruit ``card`` (still in the deal) before finishing, as ``holder``'s ability ``a`` says?"""
        return False

    def prep_options(self, g, p, card, idx, a) -> list[dict]:
        """Actions declarable in the recruitment preparation step (``{"act": "ability", "source", "ability"...}``)."""
        return []

    def prep_execute(self, g, p, card, a, act: dict) -> None:
        """Execute one of :meth:`prep_options` at once [303.1, 301.2]."""


class PrepHooks:
    """What a keyword does in the turn preparation step ("before the start of your turn", 02-battle.md §2 [310.2]);
    neutral defaults. ``card`` has the ability ``a``; ``p`` is the player being asked."""

    def options(self, g, p, card, a) -> list[dict]:
        """``choose`` options (dicts) ``p`` may take for this card now."""
        return []

    def apply(self, g, p, card, a, option: dict) -> bool:
        """Apply ``option`` if it is this keyword's (True), else False."""
        return False

    def done(self, g, p, card, a) -> None:
        """``p``'s decisions of this step are over (before the turn start step opens cards)."""


#: kw -> its :class:`Keyword`, for the keywords defined in modules of their own.
KEYWORDS: Final[dict[str, Keyword]] = {}
#: state kw (an acquired ability such as ``_web``) -> the :class:`Keyword` that puts it on cards.
STATES: Final[dict[str, Keyword]] = {}


def hooked(name: str) -> list[Keyword]:
    """The registered keywords that carry the hook ``name`` (a field of :class:`Keyword`: ``roll_mod``,
    ``protects`` ...), in registration order; the list is kept until the next :func:`register` (do not change it)."""
    ks = _HOOKED.get(name)
    if ks is None:
        ks = _HOOKED[name] = [k for k in KEYWORDS.values() if getattr(k, name) is not None]
    return ks


def hooked_kws(name: str) -> frozenset:
    """The kws of :func:`hooked` ``name`` (kept as :func:`hooked`): a card that may have none of them has no
    keyword answering that hook."""
    ks = _HOOKED_KWS.get(name)
    if ks is None:
        ks = _HOOKED_KWS[name] = frozenset(k.kw for k in hooked(name))
    return ks


def flag_holders(flag: str) -> list[Keyword]:
    """The registered keywords whose ``flags`` hold ``flag``, in registration order (kept as :func:`hooked`)."""
    key = "flag " + flag
    ks = _HOOKED.get(key)
    if ks is None:
        ks = _HOOKED[key] = [k for k in KEYWORDS.values() if flag in k.flags]
    return ks


def flag_kws(flag: str) -> frozenset:
    """The kws of the registered keywords whose ``flags`` hold ``flag`` (kept as :func:`hooked`)."""
    ks = _FLAG_KWS.get(flag)
    if ks is None:
        ks = _FLAG_KWS[flag] = frozenset(k.kw for k in flag_holders(flag))
    return ks


class HookSet:
    """A fixed collection of hook names (and ``"flag <flag>"`` names) and the kws of the registered keywords that
    carry any of those hooks or flags: the union of their :func:`hooked_kws` / :func:`flag_kws`, kept until the next
    :func:`register`. A card that may have none of them answers every one of those hooks and flags with its
    default. Made once, at import (each is kept in a list for :func:`register` to reset)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.known: frozenset | None = None
        _HOOK_SETS.append(self)

    def kws(self) -> frozenset:
        """The kws answering any of the names (see the class)."""
        ks = self.known
        if ks is None:
            out: set = set()
            for n in self.names:
                out.update(flag_kws(n[5:]) if n.startswith("flag ") else hooked_kws(n))
            ks = self.known = frozenset(out)
        return ks


def carries(abilities, flag: str) -> bool:
    """True when one of ``abilities`` (ability dicts, e.g. a card's printed or acquired ones, an attack's
    ``rider``) is of a registered keyword whose ``flags`` hold ``flag``; no condition or grant is looked at (for
    the abilities a card has now, :func:`engine.rules.keywords.flagged`)."""
    names = flag_kws(flag)
    return bool(names) and any(a.get("kw") in names for a in abilities)


#: hook name (or "flag <name>") -> :func:`hooked`'s (:func:`flag_holders`') answer, emptied by :func:`register`.
_HOOKED: Final[dict[str, list[Keyword]]] = {}
#: flag -> :func:`flag_kws`'s answer, emptied by :func:`register`.
_FLAG_KWS: Final[dict[str, frozenset]] = {}
#: hook name -> :func:`hooked_kws`'s answer, emptied by :func:`register`.
_HOOKED_KWS: Final[dict[str, frozenset]] = {}
#: Every :class:`HookSet` made, reset by :func:`register`.
_HOOK_SETS: Final[list[HookSet]] = []


def register(k: Keyword) -> Keyword:
    """Record ``k`` and write its schema into :data:`engine.cards.vocab.KW`. Raises ValueError when the kw is
    already known (each keyword is defined once)."""
    if k.kw in KEYWORDS or k.kw in vocab.KW:
        raise ValueError(f"keyword {k.kw!r} is defined twice")
    KEYWORDS[k.kw] = k
    _HOOKED.clear()
    _FLAG_KWS.clear()
    _HOOKED_KWS.clear()
    for hs in _HOOK_SETS:
        hs.known = None
    if k.state is not None:
        STATES[k.state] = k
    if k.short_form is not None:
        vocab.SHORT_FORMS[k.kw] = k.short_form
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
    :mod:`engine.procedure.prelim_abilities` asks every such record. ``window``, ``window_options``,
    ``window_apply``: a custom used only inside a fixed window of an executing simple strike (02-battle.md §9:
    ``target``, ``roll``, ``protection``): ``window_options(g, ex, card, index, ability, player) -> [answer]`` lists
    its ``ability`` answers (source, ability, target...), ``window_apply(g, ex, card, ability, act)`` applies one
    once its cost is paid (:mod:`engine.procedure.windows`); such an ability is never declared with priority.
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
    window: str | None = None
    window_options: Callable | None = None
    window_apply: Callable | None = None


#: handler -> its :class:`Custom`.
CUSTOMS: Final[dict[str, Custom]] = {}


def register_custom(c: Custom) -> Custom:
    """Record ``c``. Raises ValueError when the handler is already known (each custom is defined once)."""
    if c.handler in CUSTOMS:
        raise ValueError(f"custom handler {c.handler!r} is defined twice")
    CUSTOMS[c.handler] = c
    return c
