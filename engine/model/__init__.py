"""The model: the game state (:class:`engine.model.state.GameState`, card instances), board geometry and the seeded
RNG. Plain data plus the reads every rule uses; it sits on :mod:`engine.cards` (a state resolves card
definitions) and under every rule."""
