"""Keywords defined in one module each: every module of this package registers one :class:`Keyword` (schema,
defaults, rule, effect handler, declaration choices, RU/EN text). :mod:`engine.effects` imports them all, so a
new keyword is one new file here plus its test (docs/architecture.md "How to add a keyword now")."""
