"""A table's words for one reader, in Python: what the terminal and the replay dump draw.

The browser does the same in ``/static/table/words.js``, with the same catalogs and the same
rules, so that both faces say the same words (a test compares them): a sentence is translated
from its domain (the game's, else the platform's), its plural chosen by ``n``, and each
``{name}`` filled with its argument as the reader's language writes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_percent

from highstakes.i18n import DEFAULT, PLATFORM, PLATFORM_DOMAIN, Domain, _, get_language, ngettext
from highstakes.i18n.numbers import BABEL_LOCALES, format_money, format_number
from highstakes.table.values import (
    Arg,
    Bill,
    Card,
    Case,
    Coin,
    Die,
    Listing,
    Money,
    Number,
    Percent,
    Piece,
    PieceRef,
    Plain,
    Say,
    SeatRef,
    Strong,
)

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
#: Said for a value that is not there (a fact without a value).
NOTHING = "—"

#: A stretch of text and whether it is drawn bold.
Part = tuple[str, bool]


def _default_seat_name(seat: int) -> str:
    return _("Seat {number}").format(number=seat + 1)


class Reader:
    """Says a table's words for the reader: ``domain`` is the table's catalog (the game's),
    ``seat_name`` names a seat as this face does (the person's name, "Bot 2 (steady)")."""

    def __init__(self, domain: Domain | None = None,
                 seat_name: Callable[[int], str] = _default_seat_name) -> None:
        self.domain = domain or PLATFORM
        self.seat_name = seat_name

    # --- sentences -------------------------------------------------------------------------------
    def template(self, say: Say) -> str:
        """The sentence's words in the reader's language, its ``{name}``s still to fill."""
        domain = self._domain(say.domain)
        plural, n = say.plural, say.n
        if plural is not None and n is not None:
            found = domain.ngettext(say.msgid, plural, n)
            if domain is not PLATFORM and found in (say.msgid, plural) and get_language() != DEFAULT:
                found = ngettext(say.msgid, plural, n)
            return found
        found = domain.gettext(say.msgid)
        if domain is not PLATFORM and found == say.msgid and get_language() != DEFAULT:
            found = _(say.msgid)  # a word every table shares comes from the platform's catalog
        return found

    def _domain(self, name: str | None) -> Domain:
        if name is None or name == self.domain.domain:
            return self.domain
        if name == PLATFORM_DOMAIN:
            return PLATFORM
        from highstakes.engine.registry import definition

        return definition(name).words()  # another game's words (never needed by a game's own table)

    def parts(self, value: Arg | None, strong: bool = False) -> list[Part]:
        """``value`` as stretches of text, each marked bold or not (:class:`Strong`)."""
        if isinstance(value, Say):
            return self._sentence(value, strong)
        if isinstance(value, Strong):
            return self.parts(value.value, True)
        if isinstance(value, Listing):
            return self._listing(value, strong)
        return [(self.plain(value), strong)]

    def text(self, value: Arg | None) -> str:
        """``value`` as one string, for a label or a line."""
        return "".join(text for text, _strong in self.parts(value))

    def _sentence(self, say: Say, strong: bool) -> list[Part]:
        template = self.template(say)
        parts: list[Part] = []
        position = 0
        for match in _PLACEHOLDER.finditer(template):
            name = match.group(1)
            if name not in say.args:
                continue
            if match.start() > position:
                parts.append((template[position:match.start()], strong))
            parts.extend(self.parts(say.args[name], strong))
            position = match.end()
        if position < len(template):
            parts.append((template[position:], strong))
        return parts

    def _listing(self, listing: Listing, strong: bool) -> list[Part]:
        items = [self.parts(item, strong) for item in listing.items]
        if not items:
            return [(NOTHING, strong)]
        if listing.join == "dots":
            return _joined(items, " · ", strong)
        if len(items) == 1:
            return items[0]
        template = _("{first} and {last}")
        first = _joined(items[:-1], ", ", strong)
        before, _sep, after = template.partition("{first}")
        middle, _sep, end = after.partition("{last}")
        return [(before, strong), *first, (middle, strong), *items[-1], (end, strong)]

    # --- values ----------------------------------------------------------------------------------
    def plain(self, value: Arg | None) -> str:
        """A value without emphasis, written as the reader's language writes it."""
        if value is None:
            return NOTHING
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, int | float):
            return format_number(value)
        if isinstance(value, str):
            return value
        if isinstance(value, Plain):
            return value.text
        if isinstance(value, Money):
            return format_money(value.amount, value.currency)
        if isinstance(value, Number):
            return format_number(value.value)
        if isinstance(value, Percent):
            return percent(value.share, value.digits)
        if isinstance(value, SeatRef):
            return self.seat_name(value.seat)
        if isinstance(value, PieceRef):
            return self.piece_name(value.piece)
        return self.text(value)

    def piece_name(self, piece: Piece) -> str:
        """A piece in words: its label, else what every table calls such a piece."""
        if piece.label is not None:
            return self.text(piece.label)
        if isinstance(piece, Die):
            return _("a die showing {face}").format(face=piece.shown or self.plain(piece.face))
        if isinstance(piece, Coin | Bill):
            return self._money_piece(piece)
        if isinstance(piece, Card):
            if piece.face_down:
                return _("a face-down card")
            return _("a card: {value}").format(value=self.plain(piece.value))
        if isinstance(piece, Case):
            if piece.value is None:
                return _("case {number}").format(number=piece.number)
            return _("case {number}: {value}").format(number=piece.number, value=self.plain(piece.value))
        return ""

    def _money_piece(self, piece: Coin | Bill) -> str:
        amount = self.plain(piece.value)
        if isinstance(piece, Coin):
            return ngettext("a {amount} coin", "{n} coins of {amount}", piece.count).format(
                n=format_number(piece.count), amount=amount)
        return ngettext("a {amount} bill", "{n} bills of {amount}", piece.count).format(
            n=format_number(piece.count), amount=amount)


def _joined(items: Sequence[list[Part]], separator: str, strong: bool) -> list[Part]:
    joined: list[Part] = []
    for index, item in enumerate(items):
        if index:
            joined.append((separator, strong))
        joined.extend(item)
    return joined


def percent(share: float, digits: int = 0, language: str | None = None) -> str:
    """A share as the language writes a percentage, with exactly ``digits`` decimals: "45%",
    "45,7 %" (as the browser's ``percent``)."""
    locale = BABEL_LOCALES.get(language or get_language(), "en")
    if digits == 0:
        return babel_percent(share, locale=locale)
    number = format_decimal(Decimal(str(share)) * 100, format="#,##0." + "0" * digits, locale=locale)
    return babel_percent(1, locale=locale).replace(format_decimal(100, locale=locale), number)
