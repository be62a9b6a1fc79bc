"""Pig's table, declared once for every face: the die, the turn at stake, the seats, roll or hold.

``pig_table`` is the game's ``GameDefinition.table``: it reads the seat's typed view
(:class:`PigView`) and legal actions and returns widgets; the terminal and the browser draw
them. Its sentences are Pig's own messages (``say``), translated by the faces.
"""

from __future__ import annotations

import msgspec

from highstakes.table import (
    Dice,
    Die,
    Fact,
    Facts,
    Legal,
    Menu,
    MenuItem,
    Note,
    Number,
    Panel,
    SeatRef,
    SeatRow,
    Seats,
    Strong,
    Table,
    TableContext,
    Text,
    say,
)


class PigView(msgspec.Struct, frozen=True):
    """What every seat sees of Pig (everything: the die is rolled in the open)."""

    game: str
    you: int | None
    scores: list[int]
    target: int
    current: int
    turn_total: int
    last_roll: int | None
    winners: list[int]


def pig_table(view: PigView, legal: Legal, context: TableContext) -> Table:
    """Pig's table for one seat: the turn line, the die and the turn total, the seats, the menu."""
    return Table(
        turn=turn_line(view, context),
        main=[Panel(title=say("The die"), children=die_widgets(view))],
        side=[Seats(rows=[SeatRow(seat=seat, to_act=seat == view.current and not context.over,
                                  score=Number(value=score), winner=seat in view.winners)
                          for seat, score in enumerate(view.scores)],
                    score_label=say("Points"))],
        controls=[Menu(title=say("Roll or hold"), items=moves(view, legal))] if legal.actions else [],
    )


def turn_line(view: PigView, context: TableContext) -> Text:
    """Whose turn it is and what is asked, in one line (the reader's own turn in its own words)."""
    if view.winners:
        winner = view.winners[0]
        return say("You win!") if winner == context.seat else say("{name} wins!", name=SeatRef(seat=winner))
    if context.my_turn:
        return say("Your turn: {points} at stake. Roll again or hold?",
                   points=Strong(value=Number(value=view.turn_total)))
    return say("{name} is playing.", name=SeatRef(seat=view.current))


def die_widgets(view: PigView) -> list:
    """The last roll, the turn total and the target."""
    widgets: list = []
    if view.last_roll is not None:
        widgets.append(Dice(dice=[Die(face=view.last_roll)]))
    if view.last_roll == 1:
        widgets.append(Note(text=say("A 1: the turn's points are lost."), tone="warn"))
    widgets.append(Facts(rows=[
        Fact(label=say("Turn total"), value=Number(value=view.turn_total)),
        Fact(label=say("Points to win"), value=Number(value=view.target)),
    ]))
    return widgets


def moves(view: PigView, legal: Legal) -> list[MenuItem]:
    """Roll again, or hold and bank the turn's points: the legal actions in Pig's words."""
    items = []
    for action in legal.actions:
        if action.kind == "roll":
            items.append(MenuItem(act=action.act, label=say("Roll again")))
        else:
            items.append(MenuItem(act=action.act, label=say("Hold and bank {points}",
                                                            points=Number(value=view.turn_total))))
    return items
