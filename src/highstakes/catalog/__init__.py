"""The catalog of games: one package per game, each registering itself on import.

(It is not called ``games`` so that the subpackage never shadows ``highstakes.games()``.)
"""
