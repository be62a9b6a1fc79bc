"""The Deal or No Deal log: every event of a match told once, in order, as a line of text."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import HOLDER_WINS_KITTY, HOST_WINS_KITTY, dollars
from highstakes.catalog.deal_or_no_deal.tui.text import MONEY_STYLE, percent, role_of
from highstakes.engine.action import JSON


class DealNarrator:
    """Tells one match from the public views after each move, remembering how far it has got.

    When a move ends a game the next one starts at once and the view's log is the new game's;
    the end of the old game is told from the log kept with its result.
    """

    def __init__(self, short_name: Callable[[int], str]) -> None:
        self._name = short_name
        self._logged_game = 0
        self._logged_entries = 0

    def catch_up(
        self,
        after: dict[str, JSON],
        before: dict[str, JSON] | None = None,
        seat: int | None = None,
        action: JSON = None,
    ) -> tuple[list[Text], dict[str, JSON] | None]:
        """The lines since the last call, and the result of a game the move (if any) ended.

        ``before`` is the view before the move; None when no move was played (a match just
        begun). ``seat`` and ``action`` are accepted for callers that have them; the views
        alone tell the story.
        """
        lines: list[Text] = []
        finished = None
        if before is not None and after["game_number"] != self._logged_game and self._logged_game:
            finished = after["results"][-1]
            for entry in finished["log"][self._logged_entries:]:
                line = self._event_line(entry, before)  # the finished game's own context
                if line is not None:
                    lines.append(line)
            lines.extend(self._contestants_case(finished))
            self._logged_entries = 0
        self._logged_game = after["game_number"]
        for entry in after["log"][self._logged_entries:]:
            line = self._event_line(entry, after)
            if line is not None:
                lines.append(line)
        self._logged_entries = len(after["log"])
        if after["phase"] == "over" and before is not None and before["phase"] != "over":
            lines.extend(self._contestants_case(after["results"][-1]))  # the match's last game
        return lines, finished

    def _contestants_case(self, finished: dict[str, JSON]) -> list[Text]:
        """A deal leaves the contestant's case closed in the log; say what it held."""
        if not finished["deal"]:
            return []
        line = self._open_line(finished["special_case"], finished["special_value"], None)
        return [line.append(" (the contestant's)", style="dim")]

    def _event_line(self, entry: dict[str, JSON], view: dict[str, JSON]) -> Text | None:
        event = entry["event"]
        name = self._name
        if event == "game":
            host, contestant = entry["host"], entry["contestant"]
            line = Text(f"Game {entry['number']}: ", style="bold")
            line.append(f"{name(host)} is the {role_of(view, host)}, {name(contestant)} the contestant")
            return line
        if event == "pick":
            return Text(f"{name(entry['seat'])} takes case {entry['case']}")
        if event == "open":
            return self._open_line(entry["case"], entry["value"], entry["holder"])
        if event == "guess":
            return self._guess_line(entry["seat"], entry["guess"], entry["paid"], entry["price"],
                                    entry["right"], entry["won"])
        if event == "kitty":
            return self._kitty_line(entry["seat"], entry["card"], entry["amount"])
        if event == "offer":
            line = Text(f"Round {entry['round']} offer ")
            line.append(dollars(entry["amount"]), style=MONEY_STYLE)
            return line.append(f" ({percent(entry['amount'], view['mean_in_play'])} of mean)", style="dim")
        if event == "counter":
            line = Text(f"{name(entry['seat'])} counters ")
            return line.append(dollars(entry["amount"]), style="bold cyan")
        if event == "stand":
            return Text(f"{name(entry['seat'])} stands firm at {dollars(entry['amount'])}", style="yellow")
        if event in ("deal", "accept"):
            return self._deal_line(entry["seat"], event, entry["amount"])
        if event == "no_deal":
            return Text(f"{name(entry['seat'])}: NO DEAL", style="bold red")
        if event in ("keep", "swap"):
            return self._keep_or_swap_line(entry["seat"], event)
        if event == "end":
            line = Text(f"Game {view['game_number']} over: ", style="bold")
            line.append(f"{name(view['contestant'])} wins ")
            return line.append(dollars(entry["won"]), style=MONEY_STYLE)
        return None

    def _deal_line(self, seat: int, kind: str, amount: int) -> Text:
        who = "accepts the counter" if kind == "accept" else "says DEAL"
        line = Text(f"{self._name(seat)} {who}: ", style="bold green")
        return line.append(dollars(amount), style=MONEY_STYLE)

    def _keep_or_swap_line(self, seat: int, kind: str) -> Text:
        verb = "keeps" if kind == "keep" else "swaps"
        return Text(f"{self._name(seat)} {verb} the case", style="bold")

    def _open_line(self, case: int, value: int, holder: int | None) -> Text:
        line = Text(f"Case {case}")
        if holder is not None:
            line.append(f" ({self._name(holder)})", style="dim")
        line.append(": ")
        return line.append(dollars(value), style="bold")

    def _kitty_line(self, seat: int, card: str, amount: int) -> Text:
        shown = dollars(HOLDER_WINS_KITTY if card == "holder" else HOST_WINS_KITTY)
        if not amount:
            return Text(f"{shown} card: the kitty is empty", style="dim")
        who = self._name(seat)
        return Text(f"{shown} card: {who} wins the kitty, {dollars(amount)}", style="bold magenta")

    def _guess_line(self, seat: int, value: int, paid: bool, price: int, right: bool, won: int) -> Text:
        line = Text(f"{self._name(seat)} guessed {dollars(value)}")
        if paid:
            line.append(f" (paid {dollars(price)})", style="dim")
        if right:
            return line.append(f": RIGHT, wins {dollars(won)}", style="bold green")
        return line.append(": wrong", style="red")
