"""The Deal or No Deal log: every event of a match told once, in order, as a line of text."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import (
    FREE_GUESS_PRIZE,
    HOLDER_WINS_KITTY,
    HOST_WINS_KITTY,
    dollars,
)
from highstakes.engine.action import JSON
from highstakes.tui.deal_text import MONEY_STYLE, own_case, percent, role_of


class DealNarrator:
    """Tells one match from the public views after each move, remembering how far it has got.

    When a move ends a game the next one starts at once and the view's log is the new game's,
    so the end of the old game is told from its result and the move that ended it.
    """

    def __init__(self, short_name: Callable[[int], str]) -> None:
        self._name = short_name
        self._logged_game = 0
        self._logged_entries = 0
        # A guess that ends its game is missing from the next game's log, so it is kept here.
        self._last_guess: dict[str, JSON] | None = None

    def catch_up(
        self,
        after: dict[str, JSON],
        before: dict[str, JSON] | None = None,
        seat: int | None = None,
        action: JSON = None,
    ) -> tuple[list[Text], dict[str, JSON] | None]:
        """The lines since the last call, and the result of a game the move (if any) ended.

        ``before`` is the view before ``seat`` played ``action``; all three are None when no
        move was played (a match just begun).
        """
        lines: list[Text] = []
        finished = None
        if before is not None:
            self._note_guess(before, seat, action)
            if after["game_number"] != self._logged_game and self._logged_game:
                finished = after["results"][-1]
                lines.extend(self._game_ending(before, seat, action, finished))
                self._logged_entries = 0
        self._logged_game = after["game_number"]
        for entry in after["log"][self._logged_entries:]:
            line = self._event_line(entry, after)
            if line is not None:
                lines.append(line)
        self._logged_entries = len(after["log"])
        return lines, finished

    def _note_guess(self, before: dict[str, JSON], seat: int | None, action: JSON) -> None:
        if isinstance(action, dict) and ("guess" in action or "paid_guess" in action):
            case = own_case(before) if before["phase"] == "host_guess" else before["called"]
            self._last_guess = {"seat": seat, "case": case, "value": next(iter(action.values())),
                                "paid": "paid_guess" in action, "price": before["price"]}

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

    def _game_ending(self, before: dict[str, JSON], seat: int | None, action: JSON,
                     result: dict[str, JSON]) -> list[Text]:
        """Tell the end of a game whose own log the next game has replaced."""
        lines: list[Text] = []
        kind = next(iter(action)) if isinstance(action, dict) else None
        values = result["cases"]
        special = result["special_case"]
        if kind in ("deal", "accept") and seat is not None:
            amount = before["offer"] if kind == "deal" else before["counter"]
            lines.append(self._deal_line(seat, kind, amount))
        if before["phase"] == "host_guess" and kind == "paid_guess" and seat is not None:
            right = action["paid_guess"] == result["special_value"]
            lines.append(self._guess_line(seat, action["paid_guess"], True, before["price"], right,
                                          result["special_value"] if right else 0))
        if not result["deal"]:
            if kind in ("keep", "swap") and seat is not None:
                lines.append(self._keep_or_swap_line(seat, kind))
            other = before["called"]
            if other is not None:
                holder = before["cases"][other - 1]["holder"]
                lines.append(self._open_line(other, values[other - 1], holder))
                guess = self._last_guess
                if guess is not None and guess["case"] == other:
                    right = guess["value"] == values[other - 1]
                    prize = (values[other - 1] if guess["paid"] else FREE_GUESS_PRIZE) if right else 0
                    lines.append(self._guess_line(guess["seat"], guess["value"], guess["paid"],
                                                  guess["price"], right, prize))
                if holder is not None and values[other - 1] == HOLDER_WINS_KITTY:
                    # D-7: a held $750 opened in round 10 still pays the kitty to its holder; a
                    # paid guess that ended the game went into the kitty just before.
                    paid_now = before["price"] if kind == "paid_guess" else 0
                    lines.append(self._kitty_line(holder, "holder", (before["kitty"] or 0) + paid_now))
        lines.append(self._open_line(special, result["special_value"], None).append(
            " (the contestant's)", style="dim"))
        line = Text(f"Game {result['game']} over: ", style="bold")
        line.append(f"{self._name(result['contestant'])} wins ")
        line.append(dollars(result["won"]), style=MONEY_STYLE)
        lines.append(line.append(" by a deal" if result["deal"] else " with the case"))
        self._last_guess = None
        return lines
