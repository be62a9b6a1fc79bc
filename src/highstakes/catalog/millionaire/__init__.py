"""Who Wants to Be a Millionaire (RULES.md §4): so far its question bank (``bank``); the game's
rules, bots and tables come next, and the game is registered only then."""
