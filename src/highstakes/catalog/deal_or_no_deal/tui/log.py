"""The Deal or No Deal log: every event of a match told once, in order, as a line of text."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import HOLDER_WINS_KITTY, HOST_WINS_KITTY, dollars
from highstakes.catalog.deal_or_no_deal.tui.text import MONEY_STYLE, percent, role_words
from highstakes.catalog.deal_or_no_deal.words import _
from highstakes.engine.action import JSON
from highstakes.tui.words import styled


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
        return [line.append(" " + _("(the contestant's)"), style="dim")]

    def _event_line(self, entry: dict[str, JSON], view: dict[str, JSON]) -> Text | None:
        event = entry["event"]
        name = self._name
        if event == "game":
            host, contestant = entry["host"], entry["contestant"]
            line = Text(_("Game {number}:").format(number=entry["number"]) + " ", style="bold")
            line.append(_("{host} is the {role}, {contestant} the contestant").format(
                host=name(host), role=role_words(view, host), contestant=name(contestant)))
            return line
        if event == "pick":
            return Text(_("{name} takes case {case}").format(name=name(entry["seat"]), case=entry["case"]))
        if event == "open":
            return self._open_line(entry["case"], entry["value"], entry["holder"])
        if event == "guess":
            return self._guess_line(entry["seat"], entry["guess"], entry["paid"], entry["price"],
                                    entry["right"], entry["won"])
        if event == "kitty":
            return self._kitty_line(entry["seat"], entry["card"], entry["amount"])
        if event == "offer":
            line = styled(_("Round {round} offer {amount}"), round=entry["round"],
                          amount=Text(dollars(entry["amount"]), style=MONEY_STYLE))
            share = percent(entry["amount"], view["mean_in_play"])
            return line.append(" " + _("({share} of mean)").format(share=share), style="dim")
        if event == "counter":
            return styled(_("{name} counters {amount}"), name=name(entry["seat"]),
                          amount=Text(dollars(entry["amount"]), style="bold cyan"))
        if event == "stand":
            stands = _("{name} stands firm at {amount}").format(name=name(entry["seat"]),
                                                                 amount=dollars(entry["amount"]))
            return Text(stands, style="yellow")
        if event in ("deal", "accept"):
            return self._deal_line(entry["seat"], event, entry["amount"])
        if event == "no_deal":
            return Text(_("{name}: NO DEAL").format(name=name(entry["seat"])), style="bold red")
        if event in ("keep", "swap"):
            return self._keep_or_swap_line(entry["seat"], event)
        if event == "end":
            line = Text(_("Game {number} over:").format(number=view["game_number"]) + " ", style="bold")
            return line.append_text(styled(_("{name} wins {amount}"), name=name(view["contestant"]),
                                           amount=Text(dollars(entry["won"]), style=MONEY_STYLE)))
        return None

    def _deal_line(self, seat: int, kind: str, amount: int) -> Text:
        if kind == "accept":
            template = _("{name} accepts the counter: {amount}")
        else:
            template = _("{name} says DEAL: {amount}")
        return styled(template, "bold green", name=self._name(seat),
                      amount=Text(dollars(amount), style=MONEY_STYLE))

    def _keep_or_swap_line(self, seat: int, kind: str) -> Text:
        if kind == "keep":
            return Text(_("{name} keeps the case").format(name=self._name(seat)), style="bold")
        return Text(_("{name} swaps the case").format(name=self._name(seat)), style="bold")

    def _open_line(self, case: int, value: int, holder: int | None) -> Text:
        amount = Text(dollars(value), style="bold")
        if holder is not None:
            return styled(_("Case {case} {holder}: {amount}"), case=case, amount=amount,
                          holder=Text(f"({self._name(holder)})", style="dim"))
        return styled(_("Case {case}: {amount}"), case=case, amount=amount)

    def _kitty_line(self, seat: int, card: str, amount: int) -> Text:
        shown = dollars(HOLDER_WINS_KITTY if card == "holder" else HOST_WINS_KITTY)
        if not amount:
            return Text(_("{card} card: the kitty is empty").format(card=shown), style="dim")
        who = self._name(seat)
        return Text(_("{card} card: {name} wins the kitty, {amount}").format(
            card=shown, name=who, amount=dollars(amount)),
                    style="bold magenta")

    def _guess_line(self, seat: int, value: int, paid: bool, price: int, right: bool, won: int) -> Text:
        line = Text(_("{name} guessed {amount}").format(name=self._name(seat), amount=dollars(value)))
        if paid:
            line.append(" " + _("(paid {price})").format(price=dollars(price)), style="dim")
        if right:
            return line.append(": " + _("RIGHT, wins {amount}").format(
                amount=dollars(won)), style="bold green")
        return line.append(": " + _("wrong"), style="red")
