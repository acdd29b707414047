"""The engine as the server sees it (docs/engine-api.md): one object with ``Game``, ``EngineError``,
``load_deck(name) -> [card ids]``, ``deck_names() -> [str]`` and ``catalogue() -> [card definition]``.

Tests pass their own object with the same attributes (e.g. a tiny fake engine) to ``create_app``.
"""
from __future__ import annotations

from types import SimpleNamespace


def real_engine() -> SimpleNamespace:
    """The project's rules engine. Raises ImportError while ``engine.Game`` does not exist yet."""
    import engine

    def deck_names() -> list[str]:
        import json
        from importlib import resources
        raw = json.loads(resources.files("engine").joinpath("data/decks.json").read_text(encoding="utf-8"))
        return [d["name_en"] for d in raw]

    def catalogue() -> list[dict]:
        """Every card definition (printed properties, abilities, text_en, text_ru) with ``abilities_text``: each
        ability in plain words, ``{"ru": [...], "en": [...]}``, and ``options_text``: the options of each ability's
        choose one in plain words, same shape, None for an ability without one (engine/catalogue/text.py)."""
        none = {"abilities_text": None, "options_text": None}
        words = {c["id"]: {k: c[k] for k in none} for c in engine.catalogue()}
        return [dict(c, **words.get(c["id"], none)) for c in engine.all_cards()]

    return SimpleNamespace(Game=engine.Game, EngineError=engine.EngineError, load_deck=engine.load_deck,
                           deck_names=deck_names, catalogue=catalogue)
