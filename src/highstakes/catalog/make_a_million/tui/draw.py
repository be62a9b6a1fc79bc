"""How the Make-A-Million table is drawn (RULES.md §1): the seats around the trick, the hand, the
auction, trump, the scores and what the deal has shown so far.

Every function here turns a seat's view into Rich text; the app decides when. The same
drawing serves a replay (``table_view``). ``SeatName`` gives a seat's name as the table writes
it. Nothing here knows a rule beyond the view: which cards may be played is the engine's
answer (the legal moves), passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from highstakes.catalog.make_a_million.cards import (
    ANIMALS,
    BEAR,
    BULL,
    COLOUR_WORDS,
    COLOURS,
    MONEY_RANKS,
    TIGER,
    card_name,
    colour_of,
    dollars,
    rank_of,
)
from highstakes.catalog.make_a_million.words import N_, _, ngettext
from highstakes.engine.action import JSON
from highstakes.i18n.numbers import format_number
from highstakes.tui.words import styled

SeatName = Callable[[int], str]

#: Each colour's ink on a dark screen (black cards are drawn light, on a dark chip).
COLOUR_STYLES = {
    "red": "bold #ff6b6b",
    "yellow": "bold #ffd75f",
    "black": "bold #e4e4e4 on #3a3a3a",
    "green": "bold #5fd75f",
}
ANIMAL_STYLE = "bold #d787ff"
DIM = "#6c6c6c"
#: Where the other seats sit, clockwise from the viewer's left (the viewer sits at the bottom).
PLACES = {
    1: ("top",),
    2: ("left", "right"),
    3: ("left", "top", "right"),
    4: ("left", "top_left", "top_right", "right"),
    5: ("left", "top_left", "top", "top_right", "right"),
    6: ("lower_left", "upper_left", "top_left", "top_right", "upper_right", "lower_right"),
    7: ("lower_left", "upper_left", "top_left", "top", "top_right", "upper_right", "lower_right"),
}
#: The cells of the table's grid, row by row; "centre" holds what the trick is about.
GRID = (
    ("top_left", "top", "top_right"),
    ("upper_left", "centre", "upper_right"),
    ("left", "centre2", "right"),
    ("lower_left", "centre3", "lower_right"),
    ("", "bottom", ""),
)
#: More than this many seats (the Variation, up to 12: A-20) sit closer: the corners beside the
#: viewer are taken too, and each seat is drawn in two lines.
CROWDED = 8
CROWDED_GRID = (
    ("top_left", "top", "top_right"),
    ("side_left_1", "centre", "side_right_1"),
    ("side_left_2", "centre2", "side_right_2"),
    ("side_left_3", "centre3", "side_right_3"),
    ("bottom_left", "bottom", "bottom_right"),
)


def compact(seats: int) -> bool:
    """Whether each seat is drawn in two lines: at a crowded table, and at two seats, where the
    25-card hand of the first deal (A-17) leaves the table few lines at 80x24."""
    return seats > CROWDED or seats == 2


def crowded_places(others: int) -> tuple[str, ...]:
    """Nine to twelve seats, clockwise from the viewer's left: the corner beside it, up the left
    side, along the top (two or three seats, to keep the sides even), down the right side, and
    the corner on its right."""
    top = ("top_left", "top", "top_right") if (others - 2) % 2 else ("top_left", "top_right")
    rows = (others - 2 - len(top)) // 2
    left = tuple(f"side_left_{row}" for row in range(rows, 0, -1))
    right = tuple(f"side_right_{row}" for row in range(1, rows + 1))
    return ("bottom_left", *left, *top, *right, "bottom_right")


# --- cards -----------------------------------------------------------------------------------------

def card_style(card: str) -> str:
    colour = colour_of(card)
    return COLOUR_STYLES[colour] if colour else ANIMAL_STYLE


def rank_text(card: str) -> str:
    """A card's face as printed: "$40,000", "11", or the animal's name."""
    if card in ANIMALS:
        return {TIGER: _("Tiger"), BULL: _("Bull"), BEAR: _("Bear")}[card]
    rank = rank_of(card)
    return dollars(MONEY_RANKS[rank]) if rank in MONEY_RANKS else str(rank)


def card_text(card: str) -> Text:
    """A card named in words and in its colour's ink: "red $40,000"."""
    return Text(card_name(card), style=card_style(card))


def cards_text(cards: Sequence[str]) -> Text:
    return Text(" · ").join(card_text(card) for card in cards) if cards else Text("—", style=DIM)


def colour_words(colour: str) -> str:
    return _(COLOUR_WORDS[colour])


def trump_words(view: Mapping[str, JSON]) -> Text:
    """Trump as people say it: a colour in its ink, or no trump with the Tiger high or low."""
    trump = view.get("trump")
    if isinstance(trump, str):
        return Text(colour_words(trump), style=COLOUR_STYLES[trump])
    if view.get("no_trump") == "high":
        return Text(_("no trump, the Tiger high"), style="bold")
    if view.get("no_trump") == "low":
        return Text(_("no trump, the Tiger low"), style="bold")
    return Text(_("not named yet"), style=DIM)


# --- the hand --------------------------------------------------------------------------------------

def hand_lines(
    hand: Sequence[str], keys: Sequence[str], playable: set[str] | None, cursor: int | None,
    called: Sequence[str] = (), click: Callable[[int], str] | None = None, width: int | None = None,
) -> Text:
    """The hand by colour, one line each, every card with its key.

    ``playable``: the cards that may be chosen now, drawn bright, the others dimmed (None: no
    card is being chosen, all drawn alike). ``cursor``: the card the arrows rest on.
    ``click(index)``: the action a click on a card runs. ``width``: the room there is; a hand
    short enough to fit in it goes on one line (the Variation's late deals, a crowded table's
    first), which leaves the seats more room.
    """
    groups: list[tuple[str, list[int]]] = []
    for colour in COLOURS:
        indexes = [i for i, card in enumerate(hand) if colour_of(card) == colour]
        if indexes:
            groups.append((colour_words(colour), indexes))
    animals = [i for i, card in enumerate(hand) if card in ANIMALS]
    if animals:
        groups.append((_("animals"), animals))
    if not groups:
        return Text(_("No cards in hand."), style=DIM)
    rows = [(label, Text("  ").join(_card_key_and_face(hand, index, keys, playable, cursor, called, click)
                                    for index in indexes)) for label, indexes in groups]
    one_line = Text("   ").join(Text(label + " ", style="dim") + cards for label, cards in rows)
    if width is not None and one_line.cell_len <= width:
        return one_line
    labels = max(len(label) for label, _cards in rows)
    return Text("\n").join(Text(label.ljust(labels) + "  ", style="dim") + cards for label, cards in rows)


def _card_key_and_face(
    hand: Sequence[str], index: int, keys: Sequence[str], playable: set[str] | None, cursor: int | None,
    called: Sequence[str], click: Callable[[int], str] | None,
) -> Text:
    """One card of the hand: its key while a card is chosen, and its face, bright or dimmed."""
    card = hand[index]
    usable = playable is None or card in playable
    clicked = Style.from_meta({"@click": click(index)}) if click is not None else Style()
    style = Style.parse(card_style(card) if usable else DIM) + clicked
    if index == cursor:
        style += Style(reverse=True)
    drawn = Text()
    if keys:  # only while a card is chosen: then the keys pick cards
        key = keys[index] if index < len(keys) else " "
        drawn.append(f"{key}:", style=Style.parse("bold" if usable else DIM) + clicked)
    drawn.append(rank_text(card) + ("*" if card in called else ""), style=style)
    return drawn


# --- the seats around the trick -----------------------------------------------------------------

def places(seats: int, you: int | None) -> dict[str, int]:
    """Where each seat sits on the picture: the viewer at the bottom, the others clockwise."""
    bottom = you if you is not None else 0
    placed = {"bottom": bottom}
    around = crowded_places(seats - 1) if seats > CROWDED else PLACES[seats - 1]
    for step, place in enumerate(around, 1):
        placed[place] = (bottom + step) % seats
    return placed


def side_numbers(view: Mapping[str, JSON], side: int) -> str:
    """A partnership's seats, counted from 1: "1, 3" (partners sit alternately)."""
    return ", ".join(str(seat + 1) for seat in range(int(view["seats"])) if seat % 2 == side)


def side_label(view: Mapping[str, JSON], side: int) -> str:
    """A partnership by its seats, heading a row: "Seats 1, 3"."""
    return _("Seats {numbers}").format(numbers=side_numbers(view, side))


def seat_cell(view: Mapping[str, JSON], seat: int, seat_name: SeatName, to_act: Sequence[int]) -> Text:
    """One seat at the table: its name, what it has said or holds, and its card in the trick.

    At a crowded table (and at two seats) a seat takes two lines: its name, then its card in the
    trick or, before it plays, its bid and tricks (who deals and how many cards each holds are
    beside the table).
    """
    crowded = compact(int(view["seats"]))
    name = Text()
    if seat in to_act:
        name.append("▶ ", style="bold green")
    name.append(seat_name(seat), style="bold" if seat == view.get("you") else "")
    facts: list[str] = []
    if seat == view.get("dealer") and not crowded:
        facts.append(_("dealer"))
    variant = view.get("variant")
    if variant == "variation":
        bids = view.get("trick_bids") or []
        taken = (view.get("tricks_taken") or [])[seat]
        bid = bids[seat] if seat < len(bids) else None
        if bid is not None:
            facts.append(_("bid {bid} · took {taken}").format(bid=bid, taken=taken))
        elif (view.get("have_bid") or [False] * (seat + 1))[seat]:
            facts.append(_("has bid"))
        elif view.get("phase") != "tricks":
            facts.append(_("took {taken}").format(taken=taken))
    else:
        if view.get("phase") == "bid":
            calls = [entry for entry in view.get("auction") or [] if entry["seat"] == seat]
            if calls:
                last = calls[-1]["bid"]
                facts.append(dollars(int(last)) if last is not None else _("has passed"))
        elif seat == view.get("bidder"):
            # Translators: under the highest bidder's name at the table: the bid it plays for.
            facts.append(_("bidder · {amount}").format(amount=dollars(int(view["bid"] or 0))))
        if variant == "silent_partner":
            if seat in (view.get("partners_revealed") or []):
                facts.append(_("partner"))
            if view.get("phase") == "play":  # each player's tricks, as a count
                taken = (view.get("tricks_won") or [0] * (seat + 1))[seat]
                facts.append(_("took {taken}").format(taken=taken))
    sizes = view.get("hand_sizes") or []
    if seat < len(sizes) and not crowded:
        facts.append(ngettext("{n} card", "{n} cards", int(sizes[seat])).format(n=sizes[seat]))
    played = [entry["card"] for entry in view.get("trick") or [] if entry["seat"] == seat]
    card = Text()
    if played:
        card.append_text(card_text(played[0]))
        if view.get("trick_complete") and view.get("trick_winner") == seat:
            card.append(" ✓", style="bold green")
    elif view.get("phase") == "play" and not crowded:
        card.append("·", style=DIM)
    said = Text(" · ".join(facts), style="dim")
    if crowded:
        return Text("\n").join([name, card if card.plain else said])
    lines = [name] + ([card] if card.plain else []) + [said]
    return Text("\n").join(lines)


def caption_lines(view: Mapping[str, JSON], seat_name: SeatName, you: int | None = None) -> list[Text]:
    """What the middle of the table says, line by line (a crowded table spreads it down the
    middle): the trick's number, the colour led or who took it, trump. ``you``: the seat the
    table speaks to (its trick is "You take the trick"), or None."""
    lines = []
    number = int(view.get("trick_number") or 0)
    if view.get("phase") == "play" and number:
        lines.append(Text(_("Trick {number}").format(number=number), style="bold"))
        colour = view.get("trick_colour")
        if isinstance(colour, str) and not view.get("trick_complete"):
            led = Text(colour_words(colour), style=COLOUR_STYLES[colour])
            lines.append(styled(_("{colour} led"), colour=led))
        winner = view.get("trick_winner")
        if view.get("trick_complete") and isinstance(winner, int):
            taken = _("You take the trick") if winner == you else _("{name} takes the trick").format(
                name=seat_name(winner))
            lines.append(Text(taken, style="green"))
    if view.get("trump") is not None or view.get("no_trump") is not None:
        lines.append(styled(_("Trump: {trump}"), trump=trump_words(view)))
    return lines


def table_picture(view: Mapping[str, JSON], seat_name: SeatName, to_act: Sequence[int] = (),
                  label: SeatName | None = None, you: int | None = None) -> Table:
    """The seats around the table, the viewer at the bottom, each with its card in the trick.

    ``seat_name`` names seats in the caption's sentences, ``label`` (by default the same) at
    their places; ``you``: the seat the caption speaks to, if any.
    """
    seats = int(view["seats"])
    crowded = seats > CROWDED
    viewer = view.get("you")
    placed = places(seats, viewer if isinstance(viewer, int) else None)
    grid = Table.grid(expand=True, padding=(0, 0 if crowded else 1))
    for column in range(3):  # two seats, one above the other, have the width for a wider middle
        grid.add_column(ratio=2 if seats == 2 and column == 1 else 1, justify="center")
    rows = [row for row in (CROWDED_GRID if crowded else GRID) if any(place in placed for place in row)]
    # The caption goes in the middle of the first row that has a middle to spare (a crowded
    # table, whose rows are two lines high, spreads it a line a row down the middle); at two
    # seats, none has: beside the seat opposite.
    middles = [index for index, row in enumerate(rows) if row[1].startswith("centre")]
    caption = caption_lines(view, seat_name, you)
    if crowded:
        chunks = {index: caption[at:at + 1] for at, index in enumerate(middles)}
        chunks[middles[-1]] = caption[len(middles) - 1:]
    else:
        chunks = {middles[0] if middles else 0: caption}
    for index, row in enumerate(rows):
        cells: list[RenderableType] = []
        for column, place in enumerate(row):
            if place in placed:
                cells.append(seat_cell(view, placed[place], label or seat_name, to_act))
            elif index in chunks and column == (1 if middles else 0):
                cells.append(Text("\n").join(chunks[index]))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


# --- the facts beside the table -------------------------------------------------------------------

def score_rows(view: Mapping[str, JSON], seat_name: SeatName, with_tricks: bool = True) -> Table:
    """Scores by side (the partnership game), else by player, with the target."""
    table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    table.add_column()
    table.add_column(justify="right")
    scores = view.get("scores") or []
    you = view.get("you")
    variant = view.get("variant")
    if variant == "partnership":
        tricks = view.get("tricks_won") or [0, 0]
        for side, score in enumerate(scores):
            label = side_label(view, side)
            if isinstance(you, int) and you % 2 == side:
                label = _("{side} (you)").format(side=label)
            table.add_row(label, money_text(int(score)))
            if with_tricks and view.get("phase") == "play":
                count = ngettext("{n} trick this deal", "{n} tricks this deal", int(tricks[side]))
                table.add_row(Text(count.format(n=tricks[side]), style="dim"), "")
    else:
        for seat, score in enumerate(scores):
            shown = money_text(int(score)) if variant == "silent_partner" else Text(
                ngettext("{n} point", "{n} points", int(score)).format(n=format_number(int(score))))
            table.add_row(seat_name(seat), shown)
    return table


def money_text(amount: int) -> Text:
    return Text(dollars(amount), style="bold red" if amount < 0 else "bold")


def auction_text(view: Mapping[str, JSON], seat_name: SeatName) -> Text:
    """The auction: the high bid and who holds it, then the calls in order."""
    lines: list[Text] = []
    high, holder = view.get("high_bid"), view.get("high_bidder")
    if view.get("phase") == "bid":
        if isinstance(high, int) and isinstance(holder, int):
            amount = Text(dollars(high), style="bold yellow")
            lines.append(styled(_("High bid {amount} by {name}"), amount=amount, name=seat_name(holder)))
        else:
            lines.append(Text(_("No bid yet.")))
        if isinstance(view.get("min_bid"), int):
            lines.append(Text(_("Next bid at least {amount}, in steps of {step}").format(
                amount=dollars(int(view["min_bid"])), step=dollars(5_000)), style="dim"))
    calls = []
    for entry in view.get("auction") or []:
        said = dollars(int(entry["bid"])) if entry["bid"] is not None else _("pass")
        calls.append(_("{name}: {call}").format(name=seat_name(int(entry["seat"])), call=said))
    if calls:
        lines.append(Text(" · ".join(calls[-8:]), style="dim"))
    return Text("\n").join(lines)


def contract_text(view: Mapping[str, JSON], seat_name: SeatName) -> Text:
    """What this deal is played for, once the auction is won."""
    bidder = view.get("bidder")
    if not isinstance(bidder, int):
        return Text("")
    line = styled(_("{name} bid {amount}"), name=seat_name(bidder),
                  amount=Text(dollars(int(view["bid"] or 0)), style="bold yellow"))
    phase = view.get("phase")
    if phase == "discard":
        left = 3 - len(view.get("discards") or []) if view.get("discards") is not None else None
        line.append("\n")
        line.append(_("{name} takes the widow and discards three cards").format(name=seat_name(bidder)))
        if left is not None and left > 0:
            line.append(" · " + ngettext("{n} to go", "{n} to go", left).format(n=left), style="dim")
    elif phase == "trump":
        line.append("\n")
        line.append(_("{name} names trump").format(name=seat_name(bidder)))
    elif view.get("trump") is not None or view.get("no_trump") is not None:
        line.append("\n")
        line.append_text(styled(_("Trump: {trump}"), trump=trump_words(view)))
    return line


def deal_facts(view: Mapping[str, JSON], seat_name: SeatName) -> list[RenderableType]:
    """The other public facts of the deal: the widow when shown, the Money discarded, the called
    cards (Silent Partner), the turn-up (the Variation), the last trick (when the option shows it)."""
    parts: list[RenderableType] = []
    widow = view.get("widow")
    if isinstance(widow, list) and widow:
        parts.append(styled(_("Widow: {cards}"), cards=cards_text(widow)))
    discards = view.get("discards")
    if isinstance(discards, list) and discards:
        parts.append(styled(_("Your discards: {cards}"), cards=cards_text(discards)))
    money = view.get("money_discarded")
    if isinstance(money, list) and money:
        parts.append(styled(_("Money discarded: {cards}"), cards=cards_text(money)))
    called = view.get("called")
    if isinstance(called, list) and called:
        parts.append(styled(_("Called: {cards}"), cards=cards_text(called)))
        if view.get("partner"):
            partner = _("You hold a called card: you are the bidder's silent partner.")
            parts.append(Text(partner, style="bold cyan"))
    turned = view.get("turned")
    if isinstance(turned, list) and turned:
        parts.append(styled(_("Turned up: {cards}"), cards=cards_text(turned)))
    last = view.get("last_trick")
    if isinstance(last, Mapping):
        played = Text(" · ").join(styled(_("{name}: {card}"), name=seat_name(int(entry["seat"])),
                                         card=card_text(str(entry["card"]))) for entry in last["cards"])
        winner = seat_name(int(last["winner"]))
        parts.append(styled(_("Last trick: {cards}, to {name}"), cards=played, name=winner))
    return parts


#: A deal bid and played, in a sentence, by (Silent Partner, bid made): whole sentences, since the
#: side (plural) and the team (singular) take different verbs in some languages.
DEAL_SENTENCES = {
    (False, True): N_("Deal {number}: {name} bid {bid}; seats {seats} took {took} and made it."),
    (False, False): N_("Deal {number}: {name} bid {bid}; seats {seats} took only {took} and are set back "
                       "{bid}."),
    (True, True): N_("Deal {number}: {name} bid {bid}; the bidding team took {took} and made it."),
    (True, False): N_("Deal {number}: {name} bid {bid}; the bidding team took only {took} and is set back "
                      "{bid}."),
}


def deal_summary(entry: Mapping[str, JSON], view: Mapping[str, JSON], seat_name: SeatName) -> Text:
    """One finished deal in a sentence (from the view's history)."""
    number = entry.get("deal")
    if entry.get("all_passed"):
        return Text(_("Deal {number}: everyone passed; the cards were thrown in.").format(number=number))
    if "misdeal" in entry and isinstance(entry.get("misdeal"), int):
        return Text(_("Deal {number}: {name} called a misdeal.").format(
            number=number, name=seat_name(int(entry["misdeal"]))))
    if "bids" in entry:  # the Variation
        scored = entry.get("scored") or []
        parts = [_("{name} bid {bid}, took {taken}: {points}").format(
            name=seat_name(seat), bid=bid, taken=(entry.get("taken") or [])[seat],
            points=ngettext("{n} point", "{n} points", int(scored[seat])).format(n=scored[seat]))
            for seat, bid in enumerate(entry.get("bids") or [])]
        return Text(_("Deal {number}: {results}").format(number=number, results="; ".join(parts)))
    bidder = int(entry["bidder"])
    captured = entry.get("captured") or [0, 0]
    made = bool(entry.get("made"))
    said = {"number": number, "name": seat_name(bidder), "bid": dollars(int(entry["bid"]))}
    silent = view.get("variant") == "silent_partner"
    message = _(DEAL_SENTENCES[silent, made])
    if silent:
        names = ", ".join(seat_name(seat) for seat in entry.get("team") or [])
        sentence = message.format(took=dollars(int(captured[0])), **said) + " " + _("Team: {names}.").format(
            names=names)
    else:
        side = bidder % 2
        sentence = message.format(seats=side_numbers(view, side), took=dollars(int(captured[side])), **said)
    return Text(sentence, style="green" if made else "red")


def widow_and_discards(entry: Mapping[str, JSON]) -> Text | None:
    """A finished deal's widow and discards where the view shows them (to its bidder, and to
    everyone once the game is over: A-19), else said to be hidden; None for a deal not bid."""
    if "widow" not in entry:
        return None
    widow, discards, money = entry.get("widow"), entry.get("discards"), entry.get("money_discarded")
    parts: list[Text] = []
    if isinstance(widow, list):
        parts.append(styled(_("Widow: {cards}"), cards=cards_text(widow)))
    if isinstance(discards, list):
        parts.append(styled(_("Discards: {cards}"), cards=cards_text(discards)))
    elif isinstance(widow, list):
        parts.append(Text(_("The discards stay hidden until the game ends.")))
    else:
        parts.append(Text(_("The widow and the discards stay hidden until the game ends.")))
    if not isinstance(discards, list) and isinstance(money, list) and money:
        parts.append(styled(_("Money discarded: {cards}"), cards=cards_text(money)))
    return Text(" · ").join(parts)


def deal_limit(view: Mapping[str, JSON]) -> str | None:
    """The deal limit a table set (an option for simulations: the rules have none, §1.10), in words."""
    limit = (view.get("options") or {}).get("hand_limit")  # type: ignore[union-attr]
    if not isinstance(limit, int) or view.get("variant") == "variation":
        return None
    return ngettext("Deal limit, not in the rules: the game ends after {n} deal, and the higher score wins.",
                    "Deal limit, not in the rules: the game ends after {n} deals, and the higher score wins.",
                    limit).format(n=limit)


def info_panel(view: Mapping[str, JSON], seat_name: SeatName) -> Group:
    """Everything beside the table: deal, scores, auction or contract, the deal's public facts."""
    parts: list[RenderableType] = []
    head = _("Deal {number} · dealer {name}").format(number=view.get("deal_number"),
                                                       name=seat_name(int(view["dealer"])))
    if view.get("variant") == "variation":
        cards = int(view.get("cards_this_deal") or 0)
        head += " · " + ngettext("{n} card each", "{n} cards each", cards).format(n=cards)
    parts.append(Text(head, style="bold"))
    if view.get("variant") != "variation":
        parts.append(Text(_("First to {target} wins").format(target=dollars(int(view.get("target") or 0))),
                          style="dim"))
        limit = deal_limit(view)
        if limit is not None:
            parts.append(Text(limit, style="bold yellow"))
    parts.append(score_rows(view, seat_name))
    if view.get("variant") != "variation":
        auction = auction_text(view, seat_name)
        if auction.plain:
            parts.append(auction)
        contract = contract_text(view, seat_name)
        if contract.plain:
            parts.append(contract)
    elif view.get("trump") is not None:
        parts.append(styled(_("Trump: {trump}"), trump=trump_words(view)))
    parts.extend(deal_facts(view, seat_name))
    history = view.get("history") or []
    if history:
        parts.append(deal_summary(history[-1], view, seat_name))
    return Group(*parts)


def tricks_table(
    tricks: Sequence[Mapping[str, JSON]], view: Mapping[str, JSON], seat_name: SeatName
) -> Table:
    """The tricks of a deal once it is over (they may be looked at then, A-18): cards, winner, value."""
    table = Table(box=None, pad_edge=False, padding=(0, 1), show_edge=False)
    table.add_column("#", justify="right", style="dim")
    table.add_column(_("Cards played"))
    table.add_column(_("Taken by"))
    money = view.get("variant") != "variation"
    if money:
        table.add_column(_("Worth"), justify="right")
    for number, trick in enumerate(tricks, 1):
        played = trick["cards"]
        cards = Text(" · ").join(card_text(str(entry["card"])) for entry in played)  # type: ignore[union-attr]
        row: list[str | Text] = [str(number), cards, seat_name(int(trick["winner"]))]  # type: ignore[arg-type]
        if money:
            row.append(dollars(int(trick.get("value") or 0)))  # type: ignore[arg-type]
        table.add_row(*row)
    return table


def history_table(view: Mapping[str, JSON], seat_name: SeatName) -> Group:
    """Every finished deal, for the end of the game (its widow and discards shown then, A-19)."""
    lines: list[RenderableType] = []
    for entry in view.get("history") or []:
        lines.append(deal_summary(entry, view, seat_name))
        secrets = widow_and_discards(entry)
        if secrets is not None:
            lines.append(Text("  ") + secrets)
    return Group(*lines)


def table_view(view: Mapping[str, JSON], seat_name: SeatName, to_act: Sequence[int] = ()) -> RenderableType:
    """The whole table as one picture (for a replay): the seats and trick, the facts, the hand."""
    hand = view.get("hand") or []
    parts: list[RenderableType] = [Panel(table_picture(view, seat_name, to_act), title=_("Table"),
                                         title_align="left"),
                                   Panel(info_panel(view, seat_name), title=_("Deal"), title_align="left")]
    if hand:
        parts.append(Panel(hand_lines(hand, "", None, None, view.get("called") or []),
                           title=_("Hand"), title_align="left"))
    return Group(*parts)
