"""Scripted Greed games, where the test decides every roll."""

from __future__ import annotations

from collections.abc import Sequence

import highstakes as hs


def greed_scripted(
    seats: int = 2,
    rolloff: Sequence[Sequence[str]] | None = None,
    options: dict | None = None,
) -> hs.Game:
    """A Greed game with chance under the test's control, past the roll-off.

    By default seat 0 wins the roll-off with $$$GGG against plain rolls.
    """
    game = hs.new_game("greed", seats=seats, seed=7, options=options, auto_chance=False)
    if rolloff is None:
        rolloff = [["$", "$", "$", "G", "G", "G"]] + [["$", "R", "R", "Eb", "Em", "G"]] * (seats - 1)
    for roll in rolloff:
        game.apply_chance(list(roll))
    return game


def play_turn(game: hs.Game, *steps: Sequence[str] | dict) -> None:
    """Apply a turn: a list of faces is a roll, a dict is the current seat's action."""
    for step in steps:
        if isinstance(step, dict):
            game.act(game.to_act[0], step)
        else:
            game.apply_chance(list(step))
