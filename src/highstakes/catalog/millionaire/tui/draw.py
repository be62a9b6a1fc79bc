"""Millionaire's table drawn with Rich from a seat's view (RULES.md §4): the question and its
four options, the money tree with its safe havens and each player's step, the players, the
last reveal with its explanation, and the rounds played.

Pure functions of the view, so that the live table and the replay viewer draw alike. They
read only the view: what the seat may see, and nothing of other seats' secrets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highstakes.catalog.millionaire.money import dollars
from highstakes.catalog.millionaire.words import _
from highstakes.engine.action import JSON
from highstakes.tui.words import styled

SeatName = Callable[[int], str]
LETTERS = ("A", "B", "C", "D")
SAFE_MARK = "◆"
STEP_MARK = "▶"


def lifeline_name(kind: str) -> str:
    """A lifeline as people call it."""
    if kind == "fifty":
        return _("50:50")
    if kind == "audience":
        return _("Ask the Audience")
    return _("Phone a Friend")


def short_lifeline_name(kind: str) -> str:
    """A lifeline in a word or two, for a narrow column: 50:50, audience, phone."""
    if kind == "fifty":
        return _("50:50")
    return _("audience") if kind == "audience" else _("phone")


def category_name(category: object) -> str:
    """A question's category in the reader's words (the view holds its id)."""
    from highstakes.catalog.millionaire.words import WORDS

    return WORDS.gettext(str(category)) if category else ""


def round_line(view: dict[str, JSON]) -> str:
    """Round 1 of 3 · Question 4 for $500."""
    if view["winners"]:
        return _("Game over after {count} of {total} rounds").format(
            count=len(view["rounds_played"]), total=view["rounds"])
    return _("Round {round} of {rounds} · question {level} of 15 for {amount}").format(
        round=view["round"], rounds=view["rounds"], level=view["level"], amount=dollars(view["playing_for"]))


def cards_words(cards: Sequence[str]) -> str:
    """Cards as one line: "A, B, B"."""
    return ", ".join(cards)


def question_panel(view: dict[str, JSON]) -> RenderableType:
    """The question on the table, its four options, and what this seat alone knows of it."""
    question = view["question"]
    if question is None:
        return Text(_("No question on the table."), style="dim")
    lines: list[RenderableType] = []
    if practice_table(view):
        lines.append(Text(practice_words(), style="italic magenta"))
    category = category_name(question.get("category"))
    if category:
        lines.append(Text(category.capitalize(), style="italic dim"))
    lines.append(Text(str(question["text"]), style="bold"))
    lines.append(Text(""))
    kept = view["your_options"] or list(LETTERS)
    chosen = view["your_answer"]
    correct = view["correct"]
    options = Table.grid(padding=(0, 1))
    options.add_column(no_wrap=True)
    options.add_column()
    for option in question["options"]:
        letter = str(option["letter"])
        label = Text(f" {letter} ", style="bold reverse")
        text = Text(str(option["text"]))
        if letter not in kept:
            # The 50:50 took it away: still there to read, clearly out.
            label.stylize("dim")
            text = Text(str(option["text"]), style="dim strike")
            text.append("  " + _("(removed by 50:50)"), style="dim")
        elif chosen == letter:
            label = Text(f" {letter} ", style="bold black on yellow")
            text.stylize("bold yellow")
            text.append("  " + _("← your final answer"), style="yellow")
        if correct == letter:
            text.append("  " + _("✓ correct"), style="bold green")
        options.add_row(label, text)
    lines.append(options)
    lines.extend(secret_lines(view))
    return Group(*lines)


def practice_table(view: dict[str, JSON]) -> bool:
    """Whether the table deals people hunches too (``hunches: everyone``, WM-5), which it says."""
    options = view.get("options")
    return isinstance(options, dict) and options.get("hunches") == "everyone"


def practice_words() -> str:
    return _("Practice table: people are dealt a hunch for each question too, as bots are.")


def secret_lines(view: dict[str, JSON]) -> list[Text]:
    """What only this seat sees: its hunch, its lifeline cards, its locked-in choice."""
    lines: list[Text] = []
    hunch = view["your_hunch"]
    cards_audience = view["your_audience_cards"]
    cards_phone = view["your_phone_cards"]
    if hunch or cards_audience or cards_phone or view["your_answer"]:
        lines.append(Text(""))
    if hunch:
        lines.append(styled(_("Your hunch, four clues that lean towards the right answer: {clues}"), "",
                            clues=Text(" ".join(str(hunch)), style="bold cyan")))
    if cards_audience:
        lines.append(styled(_("The audience's cards: {cards}"), "",
                            cards=Text(cards_words(cards_audience), style="bold magenta")))
    if cards_phone:
        lines.append(styled(_("Your friend's cards: {cards}"), "",
                            cards=Text(cards_words(cards_phone), style="bold magenta")))
    if view["your_answer"] == "walk":
        lines.append(Text(_("You have locked in: walk away. It shows at the reveal."), style="yellow"))
    elif view["your_answer"]:
        lines.append(Text(_("You have locked in {letter}. It shows at the reveal.").format(
            letter=view["your_answer"]), style="yellow"))
    return lines


def ladder_panel(view: dict[str, JSON]) -> Table:
    """The 15 steps, the top first: safe havens marked, the question being played, where each
    player stands (by seat number)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    on_step: dict[int, list[str]] = {}
    for player in view["players"]:
        if player["seat"] == view["host"]:
            continue
        on_step.setdefault(int(player["step"]), []).append(str(int(player["seat"]) + 1))
    playing = not view["winners"] and any(p["in_round"] for p in view["players"])
    for step in reversed(view["ladder"]):
        number = int(step["step"])
        here = playing and number == view["level"]
        style = "bold yellow" if step["safe"] else ""
        if here:
            style = "bold black on cyan"
        grid.add_row(
            Text(str(number), style="dim"),
            Text(STEP_MARK if here else " ", style="bold cyan"),
            Text(dollars(step["amount"]), style=style),
            Text(SAFE_MARK if step["safe"] else " ", style="bold yellow"),
            Text(" ".join(on_step.get(number, [])), style="bold green"),
        )
    start = on_step.get(0, [])
    grid.add_row(Text(""), Text(""), Text(_("start"), style="dim"), Text(""),
                 Text(" ".join(start), style="bold green"))
    return grid


def ladder_legend() -> str:
    return _("{safe} safe haven").format(safe=SAFE_MARK)


def player_state(view: dict[str, JSON], player: dict[str, JSON]) -> Text:
    """Where a player is in the round, in words, with nothing of their secrets."""
    seat = player["seat"]
    if view["winners"]:
        return Text("")  # the game is over: the standings say the rest
    if seat == view["host"]:
        return Text(_("hosts this round"), style="magenta")
    if not player["in_round"]:
        return Text(_("out of the round"), style="dim")
    if seat in view["waiting_for"] and view["helping"] is not None:
        return Text(_("asked for a card"), style="bold cyan")
    if player["locked_in"]:
        return Text(_("locked in"), style="bold")
    return Text(_("thinking"), style="italic")


def players_panel(view: dict[str, JSON], seat_name: SeatName, acting: int | None = None) -> Table:
    """Who is still in, on which step, which lifelines are left, and the money won so far: two
    lines a player, which wrap on a narrow screen."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, width=1)
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    for player in view["players"]:
        seat = int(player["seat"])
        name = seat_name(seat)
        if seat == view["you"]:
            name = _("{name} (you)").format(name=name)
        about = Text(name, style="bold" if seat in (view["you"], *view["winners"]) else "")
        state = player_state(view, player)
        if state.plain:
            about.append(" · ")
            about.append_text(state)
        if seat != view["host"]:
            left = [short_lifeline_name(kind) for kind in ("fifty", "audience", "phone")
                    if kind not in player["lifelines_used"]]
            details = _("reached {amount} · lifelines: {names}").format(
                amount=dollars(player["reached"]), names=" · ".join(left) if left else _("none"))
            about.append("\n" + details, style="dim not bold")
        grid.add_row(Text(STEP_MARK if seat == acting else " ", style="bold cyan"), about,
                     Text(dollars(player["money"]), style="bold"))
    return grid


#: How each outcome of a reveal shows.
OUTCOME_STYLES = {"right": "bold green", "millionaire": "bold yellow", "walked": "cyan", "wrong": "bold red"}


def reveal_sentence(entry: dict[str, JSON], name: str | None) -> str:
    """One player's answer at a reveal and what came of it, as one sentence: about ``name``, or
    about the reader when ``name`` is None. Whole sentences, one for "you" and one for another
    player, since a language may conjugate each verb for its subject."""
    letter, amount = entry["answer"], dollars(entry["paid"])
    outcome = entry["outcome"]
    if name is None:
        if outcome == "walked":
            return _("You walked away with {amount}.").format(amount=amount)
        if outcome == "millionaire":
            return _("You answered {letter}: right, and you win {amount}!").format(
                letter=letter, amount=amount)
        if outcome == "wrong":
            return _("You answered {letter}: wrong, and you leave with {amount}.").format(
                letter=letter, amount=amount)
        if entry["paid"]:  # right as the game ended (WM-1): paid what was reached
            return _("You answered {letter}: right, and you leave with {amount} as the game ends.").format(
                letter=letter, amount=amount)
        return _("You answered {letter}: right, on to the next question.").format(letter=letter)
    if outcome == "walked":
        return _("{name} walked away with {amount}.").format(name=name, amount=amount)
    if outcome == "millionaire":
        return _("{name} answered {letter}: right, and wins {amount}!").format(
            name=name, letter=letter, amount=amount)
    if outcome == "wrong":
        return _("{name} answered {letter}: wrong, and leaves with {amount}.").format(
            name=name, letter=letter, amount=amount)
    if entry["paid"]:
        return _("{name} answered {letter}: right, and leaves with {amount} as the game ends.").format(
            name=name, letter=letter, amount=amount)
    return _("{name} answered {letter}: right, on to the next question.").format(name=name, letter=letter)


def reveal_line(entry: dict[str, JSON], name: str | None) -> Text:
    """:func:`reveal_sentence` in the colour of its outcome."""
    return Text(reveal_sentence(entry, name), style=OUTCOME_STYLES[str(entry["outcome"])])


def reveal_panel(view: dict[str, JSON], seat_name: SeatName) -> RenderableType:
    """The last reveal, for everyone: the correct answer, its explanation, every player's choice."""
    reveal = view["last_reveal"]
    if reveal is None:
        return Text(_("Answers are revealed together once every player in the round has locked in."),
                    style="dim")
    lines: list[RenderableType] = [
        Text(_("Round {round} · question {level}: {question}").format(
            round=reveal["round"], level=reveal["level"], question=reveal["question"]), style="dim"),
        styled(_("The answer is {letter}: {text}"), "bold",
               letter=Text(str(reveal["correct"]), style="bold green"),
               text=Text(str(reveal["answer_text"]), style="bold green")),
        Text(str(reveal["explanation"]), style="italic"),
    ]
    for entry in reveal["answers"]:
        seat = int(entry["seat"])
        lines.append(reveal_line(entry, None if seat == view["you"] else seat_name(seat)))
    return Group(*lines)


def rounds_table(view: dict[str, JSON], seat_name: SeatName) -> Table:
    """What each finished round paid each player."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column(_("Round"), justify="right")
    seats = range(len(view["players"]))
    for seat in seats:
        table.add_column(seat_name(seat), justify="right")
    for played in view["rounds_played"]:
        cells = [_("hosts") if played["host"] == seat else dollars(played["paid"][seat]) for seat in seats]
        table.add_row(str(played["round"]), *cells)
    return table


def table_view(view: dict[str, JSON], seat_name: SeatName, to_act: Sequence[int] = ()) -> RenderableType:
    """The whole table as one picture (for the replay viewer)."""
    from rich.panel import Panel

    acting = to_act[0] if to_act else None
    left = Table.grid()
    left.add_row(Panel(question_panel(view), title=round_line(view), title_align="left"))
    left.add_row(Panel(reveal_panel(view, seat_name), title=_("Last reveal"), title_align="left"))
    left.add_row(Panel(players_panel(view, seat_name, acting), title=_("Players"), title_align="left"))
    layout = Table.grid(padding=(0, 1))
    layout.add_column(ratio=1)
    layout.add_column()
    layout.add_row(left, Panel(ladder_panel(view), title=_("Money tree"), subtitle=ladder_legend(),
                               title_align="left"))
    return layout
