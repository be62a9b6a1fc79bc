"""It's in the Bag's table drawn from a view: coins and bills, the bag, the players, the reveal.

Pure functions from a seat's view (and the seats' names) to Rich renderables, shared by the
table and the replay viewer. Nothing here knows more than the view: a hand is drawn only
for the seat the view is for, other players only by how many pieces they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highstakes.catalog.in_the_bag.pieces import COINS, DENOMINATIONS, piece_name, value, yen
from highstakes.catalog.in_the_bag.rules import TIED
from highstakes.catalog.in_the_bag.words import _, ngettext
from highstakes.engine.action import JSON
from highstakes.tui.words import styled

SeatName = Callable[[int], str]

#: How each piece looks: coins are round and metal-coloured, bills are flat paper.
PIECE_STYLES = {
    100: "bold black on grey74",
    500: "bold black on gold3",
    1000: "bold white on dark_cyan",
    5000: "bold white on medium_purple4",
}
#: A hand shows up to this many pieces of a kind one by one, then "× n".
DRAWN_PER_KIND = 4


def piece(amount: int, *, chosen: bool = False) -> Text:
    """One piece: a coin as ``(¥500)``, a bill as ``▌¥1,000▐``; a piece in the fist is underlined."""
    label = yen(amount)
    shape = f"({label})" if amount in COINS else f"▌{label}▐"
    style = PIECE_STYLES[amount] + (" underline reverse" if chosen else "")
    return Text(shape, style=style)


def pieces_row(pieces: Sequence[int], *, limit: int = 12) -> Text:
    """Pieces side by side, largest first; past ``limit`` the rest are counted ("+7")."""
    row = Text()
    ordered = sorted(pieces, reverse=True)
    for index, amount in enumerate(ordered[:limit]):
        if index:
            row.append(" ")
        row.append_text(piece(amount))
    if len(ordered) > limit:
        row.append(" +" + str(len(ordered) - limit), style="bold")
    return row


def kinds_row(counts: Sequence[int]) -> Text:
    """A hand in short, largest piece first: one of each kind held and how many ("▌¥5,000▐×2 (¥100)×3")."""
    row = Text()
    for amount, held in reversed(list(zip(DENOMINATIONS, counts, strict=True))):
        if held:
            if row.plain:
                row.append(" ")
            row.append_text(piece(amount))
            row.append(f"×{held}", style="bold")
    return row


def kind_row(amount: int, held: int, chosen: int = 0) -> Text:
    """All the pieces of one kind a player holds, the ones in the fist marked, then the count."""
    row = Text()
    shown = min(held, DRAWN_PER_KIND)
    for index in range(shown):
        if index:
            row.append(" ")
        row.append_text(piece(amount, chosen=index < chosen))
    row.append(f"  × {held}", style="bold")
    return row


def counts_of(mapping: dict[str, int] | None) -> list[int]:
    """A view's ``{"100": 5, ...}`` as counts, smallest piece first."""
    mapping = mapping or {}
    return [int(mapping.get(str(amount), 0)) for amount in DENOMINATIONS]


def hand_total(view: dict[str, JSON]) -> Text:
    """How many pieces the seat holds and what they are worth: "9 pieces, ¥7,500"."""
    counts = counts_of(view.get("your_pieces"))  # type: ignore[arg-type]
    total = sum(counts)
    if not total:
        return Text(_("You hold no piece."), style="italic")
    return Text(ngettext("You hold {n} piece, {amount}", "You hold {n} pieces, {amount}", total)
                .format(n=total, amount=yen(value(counts))), style="bold")


def hand_view(view: dict[str, JSON]) -> RenderableType:
    """The seat's own pieces, kind by kind, and what they are worth."""
    counts = counts_of(view.get("your_pieces"))  # type: ignore[arg-type]
    lines: list[RenderableType] = [kind_row(amount, held)
                                   for amount, held in zip(DENOMINATIONS, counts, strict=True) if held]
    lines.append(hand_total(view))
    return Group(*lines)


BAG_ART = (
    "   _)(_   ",
    "  /    \\  ",
    " | {n:^4} | ",
    "  \\____/  ",
)


def bag_picture(pieces: int) -> Text:
    """The bag, drawn, with the number of pieces in it."""
    return Text("\n".join(BAG_ART).format(n=pieces), style="bold yellow", no_wrap=True)


def is_over(view: dict[str, JSON]) -> bool:
    return view.get("phase") == "over" or bool(view.get("final_yen"))


def feeds_shown(view: dict[str, JSON]) -> bool:
    """Whether this table shows every fed piece (option ``feeds``, RULES.md §5.2)."""
    return (view.get("options") or {}).get("feeds") == "shown"  # type: ignore[union-attr]


def bag_contents(view: dict[str, JSON]) -> RenderableType | None:
    """What is known of the bag's contents: at the end all of it, counted in the open; with
    every piece seen (feeds shown), all of it; else the revealed bids in it."""
    known = list(view.get("bag_known") or [])  # type: ignore[arg-type]
    amount = Text(yen(sum(known)), style="bold")
    if is_over(view):
        line = styled(_("Left in the bag: {amount}"), amount=amount)
    elif not known:
        return None
    elif view.get("fed_pieces") is not None:
        line = styled(_("Every piece inside was seen: {amount}"), amount=amount)
    else:
        return styled(_("Known inside: {amount} of revealed bids"), amount=amount)
    if known:
        line.append(" ")
        line.append_text(pieces_row(known, limit=10))
    return line


def fed_lines(view: dict[str, JSON], seat_name: SeatName) -> list[RenderableType]:
    """With feeds shown: each player's fed piece once all are in; before, that they will be."""
    if not feeds_shown(view) or is_over(view):
        return []
    shown = view.get("fed_pieces")
    if not isinstance(shown, list):
        return [Text(_("Every fed piece is shown when the last one is in."), style="dim")]
    grid = Table(box=None, show_header=False, padding=(0, 1))
    grid.add_column(overflow="fold", max_width=24)
    grid.add_column(no_wrap=True)
    for seat, fed in enumerate(shown):
        fed_piece = piece(fed) if isinstance(fed, int) else Text(_("no piece"), style="dim")
        grid.add_row(seat_name(seat), fed_piece)
    return [Text(_("Fed this round:"), style="bold"), grid]


def limit_line(view: dict[str, JSON]) -> Text | None:
    """A table with a round limit says so (option ``round_limit``: the rulebook has none)."""
    limit = view.get("round_limit")
    if not isinstance(limit, int):
        return None
    return Text(_("This table ends the game after round {limit} at the latest.").format(limit=limit),
                style="yellow")


def bag_panel(view: dict[str, JSON], seat_name: SeatName) -> RenderableType:
    """The bag: how many pieces it holds, what is known to be in it, and what this seat fed."""
    count = int(view["bag_pieces"])  # type: ignore[arg-type]
    lines: list[RenderableType] = [
        Text(ngettext("{n} piece in the bag", "{n} pieces in the bag", count).format(n=count), style="bold"),
    ]
    contents = bag_contents(view)
    if contents is not None:
        lines.append(contents)
    feed = view.get("your_feed")
    if isinstance(feed, int) and not is_over(view):
        lines.append(styled(_("You fed {piece}"), piece=piece(feed)))
    lines.extend(fed_lines(view, seat_name))
    limit = limit_line(view)
    if limit is not None:
        lines.append(limit)
    # The bag drawn on the left, what is known of it on the right.
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=10, vertical="middle")
    grid.add_column(ratio=1, vertical="middle")
    grid.add_row(bag_picture(count), Group(*lines))
    return grid


def round_title(view: dict[str, JSON]) -> str:
    """"Round 3", or "Round 3 of 20" at a table with a round limit."""
    limit = view.get("round_limit")
    if isinstance(limit, int):
        return _("Round {number} of {limit}").format(number=view["round"], limit=limit)
    return _("Round {number}").format(number=view["round"])


def rebidding(view: dict[str, JSON], seat: int | None) -> bool:
    """Whether ``seat`` is called back by a tie to bid again this round."""
    previous = view.get("previous_bids")
    return seat is not None and isinstance(previous, list) and previous[seat] is not None


def bid_stands(view: dict[str, JSON], seat: int | None) -> bool:
    """Whether ``seat``'s revealed bid stands while the tied players bid again (RULES.md §5.2)."""
    reveals = view.get("reveals") or []
    return (seat is not None and bool(view.get("rebid")) and not rebidding(view, seat)
            and bool(reveals) and bool(reveals[-1][seat]))  # type: ignore[index]


def seat_state(view: dict[str, JSON], seat: int) -> Text:
    """What a seat has done this round, in words, never what: fed, bid sealed, still to act."""
    if is_over(view):
        return Text("")
    if not view["pieces_held"][seat] and not view["fed"][seat]:  # type: ignore[index]
        return Text(_("no piece"), style="dim")
    if view["sealed"][seat]:  # type: ignore[index]
        return Text("✓ " + _("bid sealed"), style="green")
    if bid_stands(view, seat):
        return Text(_("bid stands"), style="green")
    if rebidding(view, seat):
        return Text(_("bids again"), style="yellow")
    if view["fed"][seat] and feeds_shown(view) and view.get("fed_pieces") is None:  # type: ignore[index]
        return Text(_("fed"), style="dim")
    if view["fed"][seat]:  # type: ignore[index]
        return Text(_("to bid"), style="cyan")
    return Text(_("to feed"), style="cyan")


def players_table(view: dict[str, JSON], seat_name: SeatName) -> Table:
    """Every player: how many pieces they hold (not which), and where they are in the round."""
    grid = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_column(justify="right")
    final = view.get("final_yen")
    if final:
        grid.add_column(justify="right")
    for seat in range(int(view["seats"])):  # type: ignore[arg-type]
        name = Text(seat_name(seat))
        if seat == view.get("you"):
            name.append(" · " + _("you"), style="bold cyan")
        if seat in (view.get("winners") or []):  # type: ignore[operator]
            name.append(" ★", style="bold yellow")
        state = seat_state(view, seat)
        if state.plain:
            name.append("  ")
            name.append_text(state)
        row: list[RenderableType] = [name, str(view["pieces_held"][seat])]  # type: ignore[index]
        if final:
            row.append(yen(final[seat]))  # type: ignore[index]
        grid.add_row(*row)
    return grid


def reveal_lines(reveal: list[list[int]], seat_name: SeatName, *, winner: int | None,
                 tied: bool) -> list[RenderableType]:
    """One reveal: every seat's bid drawn as pieces with its amount, the highest marked."""
    amounts = [sum(bid) for bid in reveal]
    top = max(amounts) if amounts else 0
    grid = Table(box=None, show_header=False, padding=(0, 1))
    grid.add_column(overflow="fold", max_width=24)  # a long name wraps: it is never cut
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(no_wrap=True, overflow="ellipsis")
    for seat, bid in enumerate(reveal):
        if not bid:
            grid.add_row(seat_name(seat), "—", Text(_("no bid"), style="dim"))
            continue
        mark = Text()
        if amounts[seat] == top and (seat == winner or tied):
            mark = Text(" ★", style="bold yellow")
        grid.add_row(seat_name(seat), Text(yen(amounts[seat]), style="bold"), pieces_row(bid) + mark)
    return [grid]


def settled_sentence(entry: dict[str, JSON], seat_name: SeatName, you: int | None) -> Text:
    """Who took the bag and how many pieces it held; or that it went on untouched, the ties
    having run out (RULES.md §5.2) or nobody having had a piece to bid."""
    winner = entry["winner"]
    count = int(entry["bag_pieces"])  # type: ignore[arg-type]
    if entry.get("outcome") == TIED:
        return Text(_("Still tied after five re-bids: everyone takes back their bid, and the bag goes on "
                      "untouched to the next round."), style="yellow")
    if winner is None:
        return Text(_("Nobody had a piece to bid: the bag goes on to the next round."), style="yellow")
    pieces = ngettext("{n} piece", "{n} pieces", count).format(n=count)
    if winner == you:
        took = list(entry.get("you_took") or [])  # type: ignore[arg-type]
        sentence = styled(_("You take the bag: {pieces}, {amount}"), "bold green", pieces=pieces,
                          amount=Text(yen(sum(took)), style="bold"))
        if took:
            sentence.append(" ")
            sentence.append_text(pieces_row(took, limit=10))
    else:
        sentence = styled(_("{name} takes the bag ({pieces})"), "bold", name=seat_name(int(winner)),  # type: ignore[arg-type]
                          pieces=pieces)
    return sentence


def consoled_sentence(entry: dict[str, JSON], seat_name: SeatName, you: int | None) -> Text | None:
    consoled = list(entry.get("consoled") or [])  # type: ignore[arg-type]
    if not consoled:
        return None
    parts = []
    for seat in consoled:
        if seat == you:
            parts.append(_("You had no piece left and get {amount} from the reserve.")
                         .format(amount=yen(200)))
        else:
            parts.append(_("{name} had no piece left and gets {amount} from the reserve.")
                         .format(name=seat_name(seat), amount=yen(200)))
    return Text(" ".join(parts), style="italic")


def tie_sentences(view: dict[str, JSON], reveal: list[list[int]]) -> list[str]:
    """What a tie under way asks of the reader: to bid again, or to wait while the tied do,
    their own bid standing (RULES.md §5.2; option ``tie_rebid``)."""
    amount = yen(max(sum(bid) for bid in reveal))
    you = view.get("you")
    if rebidding(view, you):  # type: ignore[arg-type]
        return [_("A tie for the highest bid at {amount}: bid again with a different amount.")
                .format(amount=amount)]
    if (view.get("options") or {}).get("tie_rebid") == "all":  # type: ignore[union-attr]
        sentences = [_("A tie for the highest bid at {amount}: everyone who bid bids again, each with a "
                       "different amount.").format(amount=amount)]
    else:
        sentences = [_("A tie for the highest bid at {amount}: the tied players bid again, each with a "
                       "different amount.").format(amount=amount)]
    if bid_stands(view, you):  # type: ignore[arg-type]
        sentences.append(_("Your bid stands."))
    return sentences


def reveal_panel(view: dict[str, JSON], seat_name: SeatName) -> tuple[str, RenderableType]:
    """The latest reveal, all bids together: a tie under way this round, else the last round's."""
    you = view.get("you")
    # This round's reveals are ties still being bid again; at the end they are the last round's.
    current = [] if view.get("final_yen") else list(view.get("reveals") or [])  # type: ignore[arg-type]
    if current:
        reveal = current[-1]
        title = _("Round {number} · the bids").format(number=view["round"])
        lines = reveal_lines(reveal, seat_name, winner=None, tied=True)
        lines.extend(Text(sentence, style="bold yellow") for sentence in tie_sentences(view, reveal))
        return title, Group(*lines)
    history = list(view.get("history") or [])  # type: ignore[arg-type]
    if not history:
        return _("The bids"), Text(_("Every bid is shown here when the last fist is sealed."), style="dim")
    entry = history[-1]
    title = _("Round {number} · the bids").format(number=entry["round"])
    reveals = entry["reveals"]
    lines: list[RenderableType] = []
    if len(reveals) > 1:
        ties = [yen(max(sum(bid) for bid in reveal)) for reveal in reveals[:-1]]
        tied = _("Tied at {amounts}, then bid again.").format(amounts=", ".join(ties))
        lines.append(Text(tied, style="yellow"))
    lines.extend(reveal_lines(reveals[-1], seat_name, winner=entry["winner"], tied=False))
    lines.append(settled_sentence(entry, seat_name, you))  # type: ignore[arg-type]
    consoled = consoled_sentence(entry, seat_name, you)  # type: ignore[arg-type]
    if consoled is not None:
        lines.append(consoled)
    return title, Group(*lines)


def final_pieces(view: dict[str, JSON], seat_name: SeatName) -> Table:
    """At the end every hand is counted in the open: each player's pieces and yen."""
    grid = Table(box=None, show_header=False, padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right")
    grid.add_column()
    for seat, counts in enumerate(view.get("final_pieces") or []):  # type: ignore[arg-type]
        held = counts_of(counts)
        grid.add_row(seat_name(seat), yen(value(held)), kinds_row(held))
    return grid


def piece_words(amount: int) -> str:
    """A piece in words, for the log and screen readers: "¥500 coin"."""
    return piece_name(amount)


def table_view(view: dict[str, JSON], seat_name: SeatName) -> RenderableType:
    """The whole table as one picture (the replay viewer's): hand, bag, players, the latest reveal."""
    parts: list[RenderableType] = [Text(round_title(view), style="bold")]
    if view.get("your_pieces") is not None:
        parts += [Text(_("Your pieces"), style="bold underline"), hand_view(view)]
        bid = view.get("your_bid")
        if bid:
            parts.append(styled(_("Your sealed bid: {amount}"), amount=Text(yen(sum(bid)), style="bold")))  # type: ignore[arg-type]
    parts += [Text(""), bag_panel(view, seat_name), Text(""), players_table(view, seat_name)]
    title, reveal = reveal_panel(view, seat_name)
    parts += [Text(""), Text(title, style="bold underline"), reveal]
    if view.get("final_pieces"):
        heading = Text(_("Everyone's pieces"), style="bold underline")
        parts += [Text(""), heading, final_pieces(view, seat_name)]
    return Group(*parts)
