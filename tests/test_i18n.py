"""The translation layer: choosing the language, catalogs, numbers and money by language."""

from __future__ import annotations

import math
from decimal import localcontext

import pytest

from amounts_in_words import CENTS, SPELLED
from highstakes import i18n
from highstakes.i18n import (
    DEFAULT,
    PSEUDO,
    UnknownLanguage,
    check_language,
    from_environment,
    get_language,
    negotiate,
    use_language,
)
from highstakes.i18n.numbers import format_money, format_number
from highstakes.i18n.spelling import money_in_words, number_in_words
from highstakes.tui.amounts import amount_in_words, format_amount

#: How Deal or No Deal's offers are typed: whole dollars, counted in cents.
OFFER_ENTRY = {"kind": "offer", "label": "Offer", "low": 100, "high": 100_000_000, "step": 100, "scale": 100,
               "currency": "USD"}


class TestChoosingTheLanguage:
    @pytest.mark.parametrize(("header", "language"), [
        (None, "en"), ("", "en"), ("es-ES,es;q=0.9,en;q=0.8", "es"), ("fr-FR,fr;q=0.9", "en"),
        ("fr;q=0.9, it;q=0.8, en;q=0.5", "it"), ("en;q=0.2, uz;q=0.9", "uz"), ("uz-Latn-UZ", "uz"),
        ("de, es;q=0", "en"), ("*", "en"), ("qps", "en"), ("es;q=abc, it", "it"),
    ])
    def test_accept_language_picks_the_best_shipped_language(self, header, language):
        assert negotiate(header) == language

    @pytest.mark.parametrize(("environ", "language"), [
        ({}, "en"), ({"LANG": "es_ES.UTF-8"}, "es"), ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "es_ES.UTF-8"}, "it"),
        ({"LANGUAGE": "fr:uz", "LANG": "es_ES"}, "uz"),
        ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "uz_UZ.UTF-8@latin"}, "uz"),
    ])
    def test_the_command_line_reads_the_usual_locale_variables(self, environ, language):
        assert from_environment(None, environ) == language

    def test_an_explicit_language_wins_and_a_bad_one_names_the_choices(self):
        assert from_environment("it", {"LANG": "es_ES.UTF-8"}) == "it"
        with pytest.raises(UnknownLanguage, match="available: en, es, it, uz"):
            from_environment("klingon", {})
        assert check_language("ES-mx") == "es"

    def test_a_language_is_used_inside_a_block_only(self):
        assert get_language() == DEFAULT
        with use_language("es"):
            assert get_language() == "es"
            with use_language("uz"):
                assert get_language() == "uz"
            assert get_language() == "es"
        assert get_language() == DEFAULT


def test_the_pseudo_language_marks_every_translated_message():
    with use_language(PSEUDO):
        assert i18n._("Your move") == "⟦Your move⟧"
        assert i18n.ngettext("{n} case", "{n} cases", 3).format(n=3) == "⟦3 cases⟧"
    assert i18n._("Your move") == "Your move"  # English is the source


class TestMoneyAndNumbers:
    @pytest.mark.parametrize(("language", "text"), [
        ("en", "$1,000,000"), ("es", "1.000.000\u00a0$"), ("it", "1.000.000\u00a0$"),
        ("uz", "1\u00a0000\u00a0000\u00a0$"),
    ])
    def test_a_million_dollars_in_each_language(self, language, text):
        assert format_money(100_000_000, "USD", language) == text

    def test_cents_show_only_when_there_are_some(self):
        assert format_money(1, "USD", "en") == "$0.01"
        assert format_money(1_050, "USD", "es") == "10,50\u00a0$"
        assert format_money(125_000, "USD", "en") == "$1,250"

    def test_yen_have_no_smaller_unit(self):
        assert format_money(7_500, "JPY", "en") == "¥7,500"
        assert format_money(10_000, "JPY", "it") == "10.000\u00a0¥"

    def test_points_and_counts(self):
        assert [format_number(5000, language) for language in ("en", "es", "it", "uz")] == [
            "5,000", "5.000", "5.000", "5\u00a0000"]

    def test_the_current_language_is_the_default(self):
        with use_language("es"):
            assert format_number(12_345) == "12.345"

    @pytest.mark.parametrize("value", [10**15 + 1, 10**30, 10**400, 10**5000, math.inf],
                             ids=["just_past", "1e30", "1e400", "1e5000", "infinity"])
    def test_a_number_past_a_quadrillion_is_said_as_more_than_one(self, value):
        # 10**5000 is past what Python writes in digits at all (4,300): it is never written.
        assert format_number(value, "en") == "more than 1,000,000,000,000,000"
        assert format_number(-value, "en") == "less than -1,000,000,000,000,000"
        assert format_number(value, "es") == "más de 1.000.000.000.000.000"
        assert format_number(value, "it") == "più di 1.000.000.000.000.000"
        assert format_number(value, "uz") == "1\u00a0000\u00a0000\u00a0000\u00a0000\u00a0000 dan ortiq"

    def test_a_quadrillion_itself_is_written_in_figures_and_nan_in_words(self):
        assert format_number(10**15, "en") == "1,000,000,000,000,000"
        assert format_number(math.nan, "en") == "not a number"
        assert format_number(math.nan, "es") == "no es un número"

    def test_money_past_a_quadrillion_dollars_is_said_as_more_than_that(self):
        assert format_money(10**17, "USD", "en") == "$1,000,000,000,000,000"
        assert format_money(10**17 + 1, "USD", "en") == "more than $1,000,000,000,000,000"
        assert format_money(10**32, "USD", "en") == "more than $1,000,000,000,000,000"
        assert format_money(-(10**400), "USD", "en") == "less than −$1,000,000,000,000,000"
        assert format_money(10**32, "USD", "es") == "más de 1.000.000.000.000.000\u00a0$"
        assert format_money(10**30, "JPY", "it") == "più di 1.000.000.000.000.000\u00a0¥"

    def test_a_narrow_decimal_context_of_the_caller_does_not_matter(self):
        # 28 digits of precision, Python's default, were too few for 10**30 cents.
        with localcontext() as context:
            context.prec = 5
            assert format_number(123_456_789, "en") == "123,456,789"
            assert format_money(1_234_567_891, "USD", "en") == "$12,345,678.91"


@pytest.mark.parametrize("language", sorted(SPELLED))
def test_amounts_are_spelled_in_each_language_as_the_browser_spells_them(language):
    with use_language(language):
        assert [amount_in_words(cents, OFFER_ENTRY) for cents in CENTS] == SPELLED[language]


def test_numbers_in_words_keep_their_sign_and_the_pseudo_language_marks_them():
    assert number_in_words(-43_001, "es") == "menos cuarenta y tres mil uno"
    assert number_in_words(21_000, "es") == "veintiún mil"
    assert number_in_words(233_000, "it") == "duecentotrentatremila"
    assert money_in_words(-150, "USD", 100, "uz") == "minus bir dollar ellik sent"
    with use_language(PSEUDO):
        assert number_in_words(2) == "⟦two⟧"


def test_an_amount_in_a_unit_that_is_not_money_is_spelled_with_its_unit():
    with use_language("it"):
        assert amount_in_words(300, {"kind": "target", "unit": "punti"}) == "trecento punti"


@pytest.mark.parametrize(("amount", "entry", "shown"), [
    (175_000, {"kind": "bid", "scale": 1, "currency": "USD"}, "$175,000"),  # whole dollars
    (4_000_050, {"kind": "offer", "scale": 100, "currency": "USD"}, "$40,000.50"),  # cents
    (5_000, {"kind": "bid", "scale": 1, "currency": "JPY"}, "¥5,000"),
    (300, {"kind": "target", "unit": "points"}, "300 points"),
])
def test_an_entry_amount_is_written_in_its_own_units(amount, entry, shown):
    with use_language("en"):
        assert format_amount(amount, entry) == shown


@pytest.mark.parametrize("typed", ["9" * 17, "1" * 400, "7" * 5000, "1" * 5000 + ".50", "000" + "5" * 30],
                         ids=["17_digits", "400_digits", "5000_digits", "5000_and_cents", "leading_zeros"])
def test_an_absurdly_long_typed_amount_is_refused_in_words(typed):
    from highstakes.tui.amounts import AmountError, parse_amount

    with use_language("en"), pytest.raises(AmountError) as refusal:
        parse_amount(typed, OFFER_ENTRY)
    assert str(refusal.value) == "Offer: from $1 to $1,000,000; got more than $1,000,000,000,000,000"


def test_a_long_typed_text_is_repeated_only_in_part():
    from highstakes.tui.amounts import AmountError, parse_amount

    offset = {"kind": "place", "label": "Offset", "low": -10_000, "high": 10_000, "step": 1, "scale": 100,
              "unit": "mm"}
    with use_language("en"):
        with pytest.raises(AmountError) as refusal:
            parse_amount("-" + "9" * 400, offset)
        assert str(refusal.value) == "Offset: from -100 mm to 100 mm; got less than -1,000,000,000,000,000 mm"
        with pytest.raises(AmountError) as refusal:
            parse_amount("x" * 1000, OFFER_ENTRY)
        assert str(refusal.value).endswith("got '" + "x" * 39 + "…'")


def test_an_entry_that_goes_below_zero_takes_a_minus_sign_and_one_that_does_not_refuses_it():
    from highstakes.tui.amounts import AmountError, parse_amount

    offset = {"kind": "place", "low": -10_000, "high": 10_000, "step": 1, "scale": 100, "unit": "mm"}
    with use_language("en"):
        assert parse_amount("-1.25", offset) == -125
        assert parse_amount("\u22120.5", offset) == -50  # the typographic minus too
        assert parse_amount("2", offset) == 200
        assert format_amount(-125, offset) == "-1.25 mm"
        with pytest.raises(AmountError):
            parse_amount("--1", offset)
        with pytest.raises(AmountError):
            parse_amount("-5", {"kind": "bid", "low": 1, "high": 100, "step": 1, "scale": 1})
    with use_language("es"):
        assert parse_amount("-1,25", offset) == -125
