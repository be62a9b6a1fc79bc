"""One package per game. Each registers its definition with the engine on import."""
