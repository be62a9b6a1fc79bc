"""A small game whose table holds every widget of ``highstakes.table``: the faces' tests draw it.

Two seats take turns. A seat may ``pick`` 1 to 3 (the dice, the cards and a menu offer it),
``bid`` coins from its purse (a picker: one ¥100 and one ¥500, or two ¥100), ``pay`` any amount
from $1 to $1,000 (an amount box), or ``end`` the game. Each move adds to the mover's score;
``end`` finishes, the highest score wins. The table shows everything besides: seats, a case
grid with a case that refuses, a ladder, bars, a clock, records, a log, a custom widget with a
fallback. Its sentences are the platform's, so they read in English in every face.

As a plugin, ``install(directory)`` writes a distribution the server finds by its entry point.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from highstakes.engine import JSON, Action, GameDefinition, GameOptions, GameState, IllegalAction, Refusal
from highstakes.engine.parts import AmountEntry, TableExtension
from highstakes.table import (
    AmountBox,
    Bar,
    Bars,
    Bill,
    Card,
    Case,
    CaseGrid,
    Clock,
    Coin,
    Column,
    Compose,
    ComposeChoice,
    Custom,
    Dice,
    Die,
    Fact,
    Facts,
    Hand,
    HandGroup,
    Ladder,
    Legal,
    Listing,
    Log,
    Menu,
    MenuItem,
    Money,
    Note,
    Number,
    Panel,
    Percent,
    PieceRef,
    Pieces,
    Plain,
    Records,
    Row,
    Rung,
    SeatRef,
    SeatRow,
    Seats,
    Strong,
    Table,
    TableContext,
    say,
)

GAME_ID = "showcase"
PURSE = (100, 100, 500)  # the coins a bid is made of, in yen
BIDS = ([100, 500], [100, 100])


@dataclass(frozen=True)
class ShowcaseOptions(GameOptions):
    GAME_ID = GAME_ID


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: str
    value: Any = True

    def to_json(self) -> JSON:
        return {self.kind: self.value}

    def __str__(self) -> str:
        return f"{self.kind} {self.value}" if self.value is not True else self.kind


def parse_move(data: JSON) -> Move:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind == "pick" and value in (1, 2, 3):
            return Move("pick", value)
        if kind == "bid" and isinstance(value, list) and sorted(value) in ([100, 100], [100, 500]):
            return Move("bid", sorted(value))
        if kind == "pay" and type(value) is int:
            return Move("pay", value)
        if kind == "end" and value is True:
            return Move("end")
    raise IllegalAction("bad_action", f"not a move: {data!r}")


class ShowcaseView(msgspec.Struct, frozen=True):
    you: int | None
    scores: list[int]
    current: int
    moves: list[str]
    over: bool


class ShowcaseState(GameState):
    def __init__(self, seats: int) -> None:
        self.scores = [0] * seats
        self.current = 0
        self.moves: list[str] = []
        self.over = False

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        return []

    def check_chance(self, outcome: JSON) -> Any:
        raise IllegalAction("no_chance", "nothing is left to chance")

    def apply_chance(self, outcome: Any) -> None:
        raise AssertionError("no chance")

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [*(Move("pick", n) for n in (1, 2, 3)), *(Move("bid", bid) for bid in BIDS), Move("end")]

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        if isinstance(action, Move) and action.kind == "pay":
            allowed = seat in self.to_act() and 100 <= action.value <= 100_000 and action.value % 100 == 0
        else:
            allowed = action in self.legal_actions(seat)
        return None if allowed else Refusal("not_now", "that is not a move now", "showcase")

    def amount_entries(self, seat: int) -> list[AmountEntry]:
        if seat not in self.to_act():
            return []
        return [AmountEntry("pay", "pay", 100, 100_000, step=100, scale=100, currency="USD")]

    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        self.moves.append(str(action))
        if action.kind == "end":
            self.over = True
            return
        gain = {"pick": lambda v: v, "bid": lambda v: sum(v) // 100, "pay": lambda v: v // 100}[action.kind]
        self.scores[seat] += gain(action.value)
        self.current = (self.current + 1) % len(self.scores)

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"you": seat, "scores": list(self.scores), "current": self.current, "moves": list(self.moves),
                "over": self.over}

    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, JSON]:
        top = max(self.scores)
        return {"scores": list(self.scores), "winners": [s for s, v in enumerate(self.scores) if v == top]}

    def clone(self) -> ShowcaseState:
        copy = ShowcaseState(len(self.scores))
        copy.scores, copy.moves = list(self.scores), list(self.moves)
        copy.current, copy.over = self.current, self.over
        return copy


def showcase_table(view: ShowcaseView, legal: Legal, context: TableContext) -> Table:
    """Every widget once, bound to the legal actions when the reader may act."""
    mine = context.my_turn

    def act(data: JSON) -> JSON | None:
        return data if mine and legal.allows(data) else None

    yen = lambda amount: Money(amount=amount, currency="JPY")  # noqa: E731
    compose = Compose(kind="bid", label=say("Make a bid from your purse"), submit=say("Seal the bid"),
                      choices=[ComposeChoice(piece=Coin(value=yen(100)), value=100, count=2),
                               ComposeChoice(piece=Coin(value=yen(500)), value=500, count=1)],
                      legal=[list(bid) for bid in BIDS] if mine else [],
                      refusal=say("A bid is a ¥100 coin with a ¥500 coin, or two ¥100 coins."))
    controls: list[Any] = []
    if mine:
        controls = [Menu(title=say("Your moves"), items=[
            MenuItem(act={"pick": 1}, label=say("Pick {n}", n=1)),
            MenuItem(act={"end": True}, label=say("End the game"), key="e"),
            MenuItem(label=say("Double everything"), refusal=say("Doubling is not in these rules.")),
        ]), compose, AmountBox(entry=legal.amounts[0], label=say("Pay an amount"), confirm_above=50_000,
                               quick=[1_000, 10_000])]
    return Table(
        turn=say("Your move: pick, bid or pay.") if mine else say("{name} is playing.",
                                                                  name=SeatRef(seat=view.current)),
        main=[
            Panel(title=say("The dice"), children=[
                Dice(dice=[Die(face=n, act=act({"pick": n})) for n in (2, 3)]
                     + [Die(face="G", paint="#ff8c1a", held=True)]),
                Note(text=say("Pick by a die, a card or the menu."), tone="info"),
            ]),
            Row(children=[
                Column(children=[Pieces(label=say("Your purse"), pieces=[
                    Coin(value=yen(100), count=2), Coin(value=yen(500)), Bill(value=yen(1000))])]),
                Column(children=[Hand(label=say("Your hand"), groups=[
                    HandGroup(colour="red", label=say("Red"), paint="#d7263d", cards=[
                        Card(colour="red", value=3, label=say("red 3"), playable=True, act=act({"pick": 3})),
                        Card(colour="red", value=7, label=say("red 7"),
                             refusal=say("A red 7 cannot be picked.")),
                    ]),
                    HandGroup(colour="blue", label=say("Blue"), cards=[Card(colour="blue", face_down=True)]),
                ])]),
            ]),
            CaseGrid(label=say("Cases"), columns=4, cases=[
                Case(number=1, status="open", value=Money(amount=100)),
                Case(number=2, holder=0, status="held"),
                Case(number=3, refusal=say("Case 3 stays shut.")),
                Case(number=4, status="offered", value=Money(amount=100_000_000)),
            ]),
            Custom(kind="spiral", data={"turns": 3}, fallback=[Note(text=say("A spiral of three turns."))]),
        ],
        side=[
            Seats(score_label=say("Score"), rows=[
                SeatRow(seat=seat, to_act=seat == view.current and not view.over, score=Number(value=score),
                        status=say("leads") if score == max(view.scores) and score else None,
                        side=seat % 2, badges=[say("brave")] if seat == 0 else [])
                for seat, score in enumerate(view.scores)]),
            Ladder(label=say("The ladder"), current=1, marks={2: say("top")}, rungs=[
                Rung(amount=Money(amount=10_000)), Rung(amount=Money(amount=100_000), safe=True),
                Rung(amount=Money(amount=100_000_000))]),
            Bars(label=say("The audience"), items=[
                Bar(label=Plain(text="A"), value=0.45, shown=Percent(share=0.45), highlight=True),
                Bar(label=Plain(text="B"), value=0.55, shown=Percent(share=0.55))]),
            Clock(seconds_left=30, of=SeatRef(seat=view.current), label=say("Time")),
            Facts(rows=[Fact(label=say("Moves"), value=Number(value=len(view.moves))),
                        Fact(label=say("Seated"), value=Listing(items=[SeatRef(seat=seat)
                                                                       for seat in range(len(view.scores))])),
                        Fact(label=say("Best"), value=Strong(value=PieceRef(piece=Die(face=6))))]),
            Records(title=say("Moves so far"), columns=[say("Move")], limit=3,
                    rows=[[Plain(text=move)] for move in view.moves]),
        ],
        controls=controls,
        log=Log(title=say("What happened"), entries=[Plain(text=m) for m in view.moves]),
    )


class ShowcaseDefinition(GameDefinition):
    id = GAME_ID
    title = "Showcase"
    summary = "Every widget of a declared table."
    min_seats = 2
    max_seats = 4
    options_type = ShowcaseOptions
    hidden_information = False
    max_game_length = 1_000
    view_type = ShowcaseView

    def new_state(self, seats: int, options: Any) -> ShowcaseState:
        return ShowcaseState(seats)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def table(self, view: ShowcaseView, legal: Legal, context: TableContext) -> Table:
        return showcase_table(view, legal, context)

    def table_extensions(self) -> list[TableExtension]:
        """The spiral's own drawers: a Textual widget, and an ES module the server serves."""
        module = Path(__file__).with_name(SPIRAL_JS)
        return [TableExtension("spiral", textual=spiral_widget, web_module=module)]  # type: ignore[arg-type]


SPIRAL_JS = "showcase_spiral.js"


def spiral_widget(data: Any) -> Any:
    from textual.widgets import Static

    return Static("@" * data["turns"], classes="showcase-spiral")


SHOWCASE = ShowcaseDefinition()


def install(directory: Path) -> Path:
    """Write the showcase game where Python finds it as an installed plugin (module and entry point);
    returns the directory to put on ``PYTHONPATH``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in ("showcase_game.py", SPIRAL_JS):
        source = Path(__file__).with_name(name)
        (directory / name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    info = directory / "highstakes_showcase-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highstakes-showcase\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[highstakes.games]\nshowcase = showcase_game:SHOWCASE\n")
    return directory
