"""Card-specific behaviour (``custom`` abilities, docs/card-vocabulary.md): one module per behaviour, each
registering one :class:`engine.cards.keywords.Custom` (its handler name, rule, execution, declaration options
and the named effects its static form has for the rules). :mod:`engine.effects` imports them all. A custom that
needs a new rule hook adds the hook once, generically, in its layer, and the rule asks for the named effect
(:func:`engine.rules.grants.custom_flag`), never for a card."""
