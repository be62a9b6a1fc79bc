"""How the Greed table is drawn (RULES.md §2): dice, scores, the turn under way, the menu, the log.

Every function here turns part of the public view into Rich text; the app decides when.
``SeatName`` gives a seat's name as the table writes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.scoring import NUM_DICE
from highstakes.catalog.greed.words import _
from highstakes.engine.action import JSON, Action
from highstakes.i18n.numbers import format_number
from highstakes.tui.words import styled

SeatName = Callable[[int], str]

# RULES.md §2.1: G orange, R red, ebony E black, emerald E green, D blue, $ silver.
# Each face is (background, text colour) so that a die reads well on a dark screen.
FACE_COLOURS: dict[str, tuple[str, str]] = {
    "$": ("#c0c0c8", "#101010"),
    "G": ("#ff8c1a", "#101010"),
    "R": ("#d7263d", "#ffffff"),
    "Eb": ("#3a3a3a", "#ffffff"),
    "Em": ("#1e8f3e", "#ffffff"),
    "D": ("#1f5fd1", "#ffffff"),
}
# Lighter shades for faces written as text (in the log) rather than drawn as dice.
FACE_TEXT_COLOURS: dict[str, str] = {
    "$": "#d0d0d8", "G": "#ff9f40", "R": "#ff5c6c", "Eb": "#a0a0a0", "Em": "#3fcf6a", "D": "#6b9cff",
}
DIE_WIDTH = 5
CHIP_WIDTH = 3


# --- dice ------------------------------------------------------------------------------------

def _die_style(face: str) -> str:
    background, text = FACE_COLOURS[face]
    return f"bold {text} on {background}"


def draw_dice(faces: Sequence[str]) -> Text:
    """Dice as three-line coloured blocks with their face in the middle."""
    top, middle, bottom = Text(), Text(), Text()
    for index, face in enumerate(faces):
        if index:
            for line in (top, middle, bottom):
                line.append(" ")
        background, _ = FACE_COLOURS[face]
        top.append("▗" + "▄" * (DIE_WIDTH - 2) + "▖", style=background)
        middle.append(face.center(DIE_WIDTH), style=_die_style(face))
        bottom.append("▝" + "▀" * (DIE_WIDTH - 2) + "▘", style=background)
    return Text("\n").join([top, middle, bottom])


def dice_chips(faces: Sequence[str]) -> Text:
    """Dice as one-line coloured chips of equal width, so that lists of them line up."""
    chips = Text()
    for face in faces:
        chips.append(face.center(CHIP_WIDTH), style=_die_style(face))
    return chips


def coloured_faces(faces: Sequence[str]) -> Text:
    """Faces as coloured letters, compact enough for a narrow log."""
    return Text(" ").join(Text(face, style=f"bold {FACE_TEXT_COLOURS[face]}") for face in faces)


def points(value: int) -> str:
    """Points as the reader's language writes numbers: 5,000 / 5.000 / 5 000."""
    return format_number(value)


# --- the scores and the turn under way -----------------------------------------------------------

def scoreboard(view: dict[str, JSON], seat_name: SeatName) -> Table:
    board = Table(box=None, show_header=False, expand=True, padding=(0, 0))
    board.add_column(width=2)
    board.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    board.add_column(justify="right", width=6)
    board.add_column(min_width=9, no_wrap=True)  # as wide as the language's notes need
    for seat in range(view["seats"]):
        current = seat == view["current"]
        note = Text()
        if seat in view["winners"]:
            note = Text(" " + _("winner"), style="bold yellow")
        elif seat == view["triggered_by"]:
            note = Text(" " + _("reached"), style="yellow")
        elif not view["opened"][seat]:
            note = Text(" " + _("unopened"), style="dim")
        elif view["final_round"] and not current and seat not in view["final_turns_left"]:
            note = Text(" " + _("done"), style="dim")
        board.add_row(
            Text("▶", style="bold green") if current else "",
            Text(seat_name(seat), style="bold" if current else ""),
            Text(points(view["scores"][seat]), style="bold" if current else ""),
            note,
        )
    return board


def set_aside_line(view: dict[str, JSON]) -> Text:
    if view["phase"] == "over":
        return Text("")
    kept = [entry for entry in view["turn_log"] if "keep" in entry]
    if not kept:
        return styled(_("Set aside: {dice}"), "dim", dice=_("nothing yet"))
    dice = Text()
    for index, entry in enumerate(kept):
        if index:
            dice.append(" ")
        dice.append_text(dice_chips(entry["keep"]))
        dice.append(f" {points(entry['points'])}")
    return styled(_("Set aside: {dice}"), dice=dice)


def best_bank(view: dict[str, JSON]) -> int:
    """What banking now would score: the points set aside plus the best dice of this roll (G-5)."""
    best = max((choice["points"] for choice in view["keep_choices"]), default=0)
    return int(view["turn_total"]) + int(best)


def totals_line(view: dict[str, JSON]) -> Text:
    """One total with its meaning (set aside so far), and what banking now would score."""
    if view["phase"] == "over":
        return Text("")
    line = styled(_("Set aside this turn {points}"), points=Text(points(view["turn_total"]), style="bold"))
    if not view["roll"]:
        return line
    line.append("  ·  ")
    if view["can_bank"]:
        line.append_text(styled(
            _("banking now would score {points} → {score}"),
            points=Text(points(view["bank_value"]), style="bold green"),
            score=points(view["scores"][view["current"]] + view["bank_value"])))
    else:
        line.append_text(styled(_("banking now would score {points}: not allowed"),
                                points=Text(points(best_bank(view)), style="bold")))
    return line


def goal_line(view: dict[str, JSON], seat_name: SeatName) -> Text:
    if view["phase"] == "over":
        winners = _(" and ").join(seat_name(seat) for seat in view["winners"])
        return Text(_("{names} won").format(names=winners), style="bold yellow")
    if view["final_round"]:
        return Text(_("FINAL ROUND · must finish above {points}").format(points=points(view["target"])),
                    style="bold yellow")
    if view["min_turn_points"]:
        return Text(_("A bank needs {points}+ in this turn").format(points=points(view["min_turn_points"])),
                    style="yellow")
    return Text(_("Reaching {points} starts the final round").format(points=points(view["winning_score"])),
                style="dim")


def last_turn_line(view: dict[str, JSON], seat_name: SeatName) -> Text:
    last = view["last_turn"]
    if not last:
        starter = view["starter"]
        return Text(_("Roll-off won by {name}").format(name=seat_name(starter)), style="dim")
    name = seat_name(last["seat"])
    if last["greed_out"]:
        final_roll = last["log"][-1]["roll"] if last["log"] else []
        return styled(_("{name} greeded out on {dice}"), "bold red", name=name,
                      dice=coloured_faces(final_roll))
    return styled(_("{name} {banked} → {score}"), name=name,
                  banked=Text(_("banked {points}").format(points=points(last["banked"])), style="green"),
                  score=points(view["scores"][last["seat"]]))


# --- the menu of choices -----------------------------------------------------------------------

def key_column(key: str, action: Action, hinted: JSON) -> Text:
    """The key that picks a choice, and a star beside it when it is the hinted move."""
    column = Text(key, style="bold")
    if hinted is not None and action.to_json() == hinted:
        column.append("★ ", style="bold cyan")
    else:
        column.append("  ")
    return column


def bank_prompt(view: dict[str, JSON], seat: int, hinted: JSON) -> Text:
    after = view["scores"][seat] + view["bank_value"]
    prompt = key_column("b", Bank(), hinted)
    prompt.append_text(styled(_("{bank} {points} → {score}"), bank=Text(_("bank"), style="bold"),
                              points=Text(f"+{points(view['bank_value'])}", style="bold green"),
                              score=points(after)))
    return prompt


def keep_prompt(key: str, keep: Keep, choice: dict[str, JSON], dice_left: int, hinted: JSON) -> Text:
    """One keep of the menu: its key, its dice, its points and how many dice roll next."""
    prompt = key_column(key, keep, hinted)
    prompt.append_text(dice_chips(keep.faces))
    prompt.append(" " * (CHIP_WIDTH * (NUM_DICE - len(keep.faces))))
    prompt.append(f" {'+' + points(choice['points']):>6}", style="bold")
    dice_next = choice["dice_next"]
    roll = "  " + _("roll {count}").format(count=dice_next)
    if len(keep.faces) == dice_left:
        prompt.append(roll, style="bold yellow")  # hot dice: all six again
    else:
        prompt.append(roll, style="dim")
    return prompt


# --- the log -----------------------------------------------------------------------------------

def rolloff_lines(view: dict[str, JSON], seat_name: SeatName) -> list[Text]:
    """The roll-off for the first turn, round by round, and who starts."""
    lines = [Text(_("Roll-off for the first turn:"), style="bold")]
    for round_number, rolls in enumerate(view["rolloff"]["rounds"]):
        if round_number:
            lines.append(Text(_("Tie: the tied players roll again"), style="dim"))
        for entry in rolls:
            line = Text(f"  {seat_name(entry['seat'])}: ")
            line.append_text(coloured_faces(entry["roll"]))
            line.append(f"  {points(entry['points'])}", style="bold")
            lines.append(line)
    lines.append(Text(_("{name} starts.").format(name=seat_name(view["starter"])), style="bold green"))
    return lines


def entry_line(name: str, entry: dict[str, JSON], turn_total: int, score: int) -> Text:
    """One roll of a turn and what the player named ``name`` made of it."""
    who = Text(name, style="bold")
    roll = coloured_faces(entry["roll"])
    if entry.get("greed_out"):
        line = styled(_("{name} rolls {dice}: {greed_out}"), name=who, dice=roll,
                      greed_out=Text(_("GREED-OUT"), style="bold red"))
        if entry.get("lost"):
            line.append(", " + _("loses {points}").format(points=points(entry["lost"])), style="red")
        return line
    if "bank" in entry:
        return styled(_("{name} rolls {dice}, takes {kept} +{points} and {banks} → {score}"), name=who,
                      dice=roll, kept=coloured_faces(entry["keep"]), points=points(entry["points"]),
                      banks=Text(_("BANKS {points}").format(points=points(entry["bank"])),
                                 style="bold green"),
                      score=points(score))
    line = styled(_("{name} rolls {dice}, keeps {kept} +{points} (turn {total})"), name=who, dice=roll,
                  kept=coloured_faces(entry["keep"]), points=points(entry["points"]),
                  total=points(turn_total))
    if entry.get("hot_dice"):
        line.append(" " + _("HOT DICE: all six again"), style="bold yellow")
    return line


def scores_title(view: dict[str, JSON]) -> str:
    return _("Scores · goal {points}").format(points=points(view["winning_score"]))


# --- the whole table, for a replay ---------------------------------------------------------------

def table_view(view: dict[str, JSON], seat_name: SeatName) -> RenderableType:
    """The table as the app draws it, as one picture: the scores beside the turn under way."""
    board = Panel(scoreboard(view, seat_name), title=scores_title(view), title_align="left", width=34)
    seat = view["current"]
    title = _("Game over") if view["phase"] == "over" else _("{name}'s roll").format(name=seat_name(seat))
    turn = Panel(Group(draw_dice(view["roll"]), set_aside_line(view), totals_line(view),
                       goal_line(view, seat_name), last_turn_line(view, seat_name)),
                 title=title, title_align="left")
    layout = Table.grid(padding=(0, 1))
    layout.add_column()
    layout.add_column(ratio=1)
    layout.add_row(board, turn)
    return layout
