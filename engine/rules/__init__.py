"""Rules that only read the state: filters and targets, conditions, the abilities a card has now, static keywords,
adjacency, attack targeting, the defender choice, the Strike Table, face-down targeting, what may be declared.
Nothing here writes the game state (caches aside)."""
