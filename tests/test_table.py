"""The table vocabulary (``highstakes.table``): widgets as JSON, sentences in four languages, keys,
the generic declaration, pickers, and the catalogs finding a table's sentences.

The showcase game of ``showcase_game.py`` declares a table with every widget.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

import highstakes as hs
from highstakes.engine.registry import register, unregister
from highstakes.i18n import Domain, use_language
from highstakes.i18n.catalogs import Domain as CatalogDomain
from highstakes.i18n.catalogs import extract
from highstakes.table import (
    AmountBox,
    Card,
    Compose,
    ComposeChoice,
    Dice,
    Die,
    Hand,
    HandGroup,
    Legal,
    Listing,
    Menu,
    MenuItem,
    Money,
    Node,
    Number,
    Percent,
    PieceRef,
    Plain,
    Say,
    SeatRef,
    Strong,
    Table,
    TableContext,
    assign_keys,
    decode,
    encode,
    say,
    say_n,
    seat_table,
    table_for,
    to_json,
    view_keys,
)
from highstakes.table.compose import action as composed_action
from highstakes.table.generic import generic_table
from highstakes.table.keys import LETTERS, RESERVED, actionables, walk
from highstakes.table.reading import Reader
from showcase_game import SHOWCASE, showcase_table

NBSP = "\u00a0"


@pytest.fixture(autouse=True, scope="module")
def showcase() -> Iterator[None]:
    register(SHOWCASE)
    yield
    unregister(SHOWCASE.id)


def every_node_type() -> set[type]:
    """Every widget and value type the package defines (the subclasses of Node that are tagged)."""
    found: set[type] = set()
    pending = [Node]
    while pending:
        kind = pending.pop()
        for sub in kind.__subclasses__():
            pending.append(sub)
            if not sub.__subclasses__():  # a base such as Actionable is never drawn itself
                found.add(sub)
    return found


def showcase_at_start(seat: int = 0) -> Table:
    game = hs.new_game("showcase", 2, seed=0)
    return seat_table(game, seat)[0]


class TestWidgetsAsJson:
    def test_the_showcase_table_holds_every_widget_and_value(self) -> None:
        table = showcase_at_start()
        used = {type(node) for node in walk(table)}
        # Values inside sentences are not walked as widgets: collect them from the JSON too.
        text = encode(table).decode()
        tags = {kind.__struct_config__.tag for kind in every_node_type()}
        missing = {tag for tag in tags if f'"widget":"{tag}"' not in text}
        assert not missing, missing
        assert Table in used

    def test_every_table_round_trips_through_json(self) -> None:
        for table in (showcase_at_start(0), showcase_at_start(1)):
            assert decode(encode(table)) == table
            assert msgspec.json.decode(encode(table)) == to_json(table)

    def test_a_table_that_is_not_one_is_refused_saying_where(self) -> None:
        with pytest.raises(msgspec.ValidationError, match=r"\$\.main\[0\]"):
            decode(b'{"widget": "table", "main": [{"widget": "dice", "dice": [{"widget": "die"}]}]}')


class TestSentencesInFourLanguages:
    """Hand-computed: what each language writes (no-break spaces where CLDR puts them)."""

    cases = [
        (Money(amount=100_000_000), {"en": "$1,000,000", "es": f"1.000.000{NBSP}$", "it": f"1.000.000{NBSP}$",
                                     "uz": f"1{NBSP}000{NBSP}000{NBSP}$"}),
        (Money(amount=1_050), {"en": "$10.50", "es": f"10,50{NBSP}$", "it": f"10,50{NBSP}$",
                               "uz": f"10,50{NBSP}$"}),
        (Money(amount=7_500, currency="JPY"), {"en": "¥7,500", "es": f"7.500{NBSP}¥", "it": f"7.500{NBSP}¥",
                                               "uz": f"7{NBSP}500{NBSP}¥"}),
        (Number(value=12_345), {"en": "12,345", "es": "12.345", "it": "12.345", "uz": f"12{NBSP}345"}),
        (Percent(share=0.457, digits=1), {"en": "45.7%", "es": f"45,7{NBSP}%", "it": "45,7%", "uz": "45,7%"}),
        (True, {"en": "yes", "es": "sí", "it": "sì", "uz": "ha"}),
        (Listing(items=[SeatRef(seat=0), SeatRef(seat=1), SeatRef(seat=2)]),
         {"en": "Ann, Bob and Cy", "es": "Ann, Bob y Cy", "it": "Ann, Bob e Cy", "uz": "Ann, Bob va Cy"}),
        (Listing(items=[]), {"en": "—", "es": "—", "it": "—", "uz": "—"}),
        (Listing(items=[3, 5, 6], join="dots"), {"en": "3 · 5 · 6", "es": "3 · 5 · 6", "it": "3 · 5 · 6",
                                                  "uz": "3 · 5 · 6"}),
    ]

    @pytest.mark.parametrize("language", ["en", "es", "it", "uz"])
    def test_typed_values_are_written_as_the_language_writes_them(self, language: str) -> None:
        reader = Reader(seat_name=["Ann", "Bob", "Cy"].__getitem__)
        with use_language(language):
            for value, expected in self.cases:
                assert reader.text(value) == expected[language], value

    def test_a_sentence_is_translated_from_the_games_catalog_then_filled(self) -> None:
        # Greed's catalog translates its own sentences; the platform's fills the rest.
        reader = Reader(hs.definition("greed").words(), seat_name=["Ann", "Bob"].__getitem__)
        with use_language("es"):
            assert reader.text(Say("Score")) == "Puntuación"
            assert reader.text(Say("The table", domain="highstakes")) == "La mesa"
            assert reader.text(Say("Waiting for {names}.", {"names": SeatRef(seat=1)}, domain="highstakes")) \
                == "Esperando a Bob."

    def test_strong_parts_are_marked_and_the_rest_is_not(self) -> None:
        reader = Reader()
        parts = reader.parts(say("{who} banks {amount}.", who=Plain(text="Ann"),
                                 amount=Strong(value=Money(amount=150_000))))
        assert parts == [("Ann", False), (" banks ", False), ("$1,500", True), (".", False)]

    def test_a_plural_is_chosen_by_its_count_in_the_readers_language(self) -> None:
        reader = Reader()
        with use_language("es"):
            assert reader.text(say_n("{n} second", "{n} seconds", 1)) == "1 segundo"
            assert reader.text(say_n("{n} second", "{n} seconds", 1_000)) == "1.000 segundos"

    def test_pieces_are_named_in_words(self) -> None:
        reader = Reader()
        assert reader.text(PieceRef(piece=Die(face=5))) == "a die showing 5"
        assert reader.piece_name(Card(colour="red", value=7, label=Plain(text="red 7"))) == "red 7"

    def test_the_pseudo_language_marks_every_sentence(self) -> None:
        with use_language("qps"):
            assert Reader().text(say("Roll {n}", n=3)) == "⟦Roll 3⟧"


class TestKeys:
    def hand(self, cards: list[int]) -> Table:
        return Table(main=[Hand(groups=[HandGroup(colour="red", cards=[
            Card(colour="red", value=value, playable=True, act={"play": value}) for value in cards])])])

    def keys_of(self, table: Table) -> dict[int, str]:
        return {node.act["play"]: node.key for node in actionables(table)}  # type: ignore[union-attr]

    def test_digits_then_letters_in_drawing_order_controls_first(self) -> None:
        table = Table(main=[Dice(dice=[Die(face=n, act={"keep": n}) for n in range(1, 4)])],
                      controls=[Menu(items=[MenuItem(act={"roll": True}, label=Plain(text="roll"))])])
        keyed, _memory = assign_keys(table)
        assert [node.key for node in actionables(keyed)] == ["1", "2", "3", "4"]
        many, _memory = assign_keys(self.hand(list(range(12))))
        assert [node.key for node in actionables(many)] == [*"123456789", "a", "b", "c"]

    def test_a_card_keeps_its_key_while_the_hand_changes(self) -> None:
        first, memory = assign_keys(self.hand([3, 5, 7, 9]))
        assert self.keys_of(first) == {3: "1", 5: "2", 7: "3", 9: "4"}
        # The 5 is played and a 4 is drawn: the others keep theirs, the new card takes the free key.
        second, memory = assign_keys(self.hand([3, 4, 7, 9]), memory)
        assert self.keys_of(second) == {3: "1", 4: "2", 7: "3", 9: "4"}
        third, _memory = assign_keys(self.hand([9, 7]), memory)
        assert self.keys_of(third) == {9: "4", 7: "3"}

    def test_the_same_table_twice_gives_the_same_keys(self) -> None:
        table, memory = assign_keys(showcase_at_start())
        again, _memory = assign_keys(showcase_at_start(), memory)
        assert again == table

    def test_where_an_amount_is_asked_digits_open_the_box_so_entries_take_letters(self) -> None:
        entry = {"kind": "offer", "label": "offer", "low": 1, "high": 10, "step": 1, "scale": 1}
        table = Table(controls=[Menu(items=[MenuItem(act={"deal": True}, label=Plain(text="deal"))]),
                                AmountBox(entry=entry, label=Plain(text="offer"))])
        keyed, _memory = assign_keys(table)
        assert [node.key for node in actionables(keyed)] == ["a"]

    def test_a_suggested_key_is_kept_and_the_faces_own_keys_are_never_given(self) -> None:
        items = [MenuItem(act={"n": n}, label=Plain(text=str(n))) for n in range(40)]
        items.append(MenuItem(act={"bank": True}, label=Plain(text="bank"), key="b"))
        keyed, _memory = assign_keys(Table(controls=[Menu(items=items)]))
        keys = [node.key for node in actionables(keyed)]
        assert keys[-1] == "b" and keys.count("b") == 1
        assert not RESERVED & set(filter(None, keys))
        assert len(set(filter(None, keys))) == 9 + len(LETTERS)  # past the last letter, no key


class TestTheGenericDeclaration:
    def test_greeds_view_becomes_facts_seats_and_a_menu_of_its_legal_moves(self) -> None:
        game = hs.new_game("greed", 2, seed=3)
        seat = game.to_act[0]
        table, _memory = seat_table(game, seat)
        reader = Reader(hs.definition("greed").words(), seat_name=["Ann", "Bob"].__getitem__)
        text = reader.text
        facts = {text(fact.label): text(fact.value) for node in walk(table) if type(node).__name__ == "Facts"
                 for fact in node.rows}  # type: ignore[attr-defined]
        assert facts["turn total"] == "0" and facts["current"] == ["Ann", "Bob"][seat]
        menu = next(node for node in table.controls if isinstance(node, Menu))
        assert [text(item.label) for item in menu.items] == [str(a) for a in game.legal_actions(seat)]
        assert text(table.turn) == "Your move"

    def test_an_amount_entry_becomes_a_box_and_a_spectator_gets_no_controls(self) -> None:
        game = hs.new_game("deal_or_no_deal", 2, seed=5)
        while not game.amount_entries(game.to_act[0]) if game.to_act else True:
            seat = game.to_act[0]
            game.act(seat, game.legal_actions(seat)[0])
        seat = game.to_act[0]
        table, _memory = seat_table(game, seat)
        boxes = [node for node in table.controls if isinstance(node, AmountBox)]
        assert [box.entry for box in boxes] == game.amount_entries(seat)
        spectator, _memory = seat_table(game, None)
        assert spectator.controls == [] and not actionables(spectator)

    def test_a_replay_offers_nothing_to_act_on(self) -> None:
        game = hs.new_game("greed", 2, seed=3)
        table, _memory = seat_table(game, game.to_act[0], replay=True)
        assert not actionables(table)

    def test_records_keep_the_newest_and_say_how_many_there_are(self) -> None:
        from rich.console import Console

        from highstakes.tui.declared.draw import Drawing, draw_board

        view = {"history": [{"event": "open", "case": n} for n in range(30)], "you": 0}
        table = generic_table(view, Legal(), TableContext(seat=0, seats=2))
        records = next(node for node in walk(table) if type(node).__name__ == "Records")
        assert len(records.rows) == 12 and records.total == 30  # type: ignore[attr-defined]
        console = Console(width=100, record=True)
        console.print(draw_board(table, Drawing(reader=Reader())))
        text = " ".join(console.export_text().split())
        assert "the last 12 of 30" in text and "29" in text and " 17 " not in text

    def test_a_view_log_of_sentences_becomes_the_tables_log(self) -> None:
        view = {"log": ["open_case", "deal"], "round": 2}
        table = generic_table(view, Legal(), TableContext(seat=0, seats=2))
        assert table.log is not None and [entry.msgid for entry in table.log.entries] == ["open case", "deal"]


class TestPickers:
    compose = Compose(kind="bid", submit=Plain(text="bid"), legal=[[100, 500], [100, 100]], choices=[
        ComposeChoice(piece=Die(face=1), value=100, count=2), ComposeChoice(piece=Die(face=5), value=500)])

    def test_a_legal_composition_is_sent_whatever_its_order(self) -> None:
        assert composed_action(self.compose, [500, 100]) == {"bid": [100, 500]}

    def test_any_other_composition_is_not_sent(self) -> None:
        assert composed_action(self.compose, [500]) is None
        assert composed_action(self.compose, [100, 100, 500]) is None


class HandOfView(msgspec.Struct):
    colour: str
    cards: list[int]


class NestedView(msgspec.Struct):
    you: int | None
    hands: list[HandOfView]
    scores: dict[str, HandOfView]


class TestDeclarations:
    def test_the_declaration_reads_the_view_typed_and_a_view_that_does_not_fit_is_refused(self) -> None:
        game = hs.new_game("showcase", 2, seed=0)
        view = SHOWCASE.typed_view(game.view(0))
        assert type(view).__name__ == "ShowcaseView" and view.scores == [0, 0]
        with pytest.raises(msgspec.ValidationError, match="scores"):
            SHOWCASE.typed_view({**game.view(0), "scores": "none"})

    def test_only_legal_actions_are_bound_and_other_seats_see_no_controls(self) -> None:
        game = hs.new_game("showcase", 2, seed=0)
        legal = Legal.of(game.legal_actions(0), game.amount_entries(0))
        looking = TableContext(seat=0, seats=2, to_act=(0,))
        mine = showcase_table(SHOWCASE.typed_view(game.view(0)), legal, looking)
        for node in actionables(mine):
            act = getattr(node, "act", None)
            assert act is None or legal.allows(act)
        watching = TableContext(seat=1, seats=2, to_act=(0,))
        theirs, _memory = table_for(SHOWCASE, game.view(1), Legal(), watching)
        assert theirs.controls == []

    def test_a_typed_views_keys_are_listed_at_any_depth_for_its_reference_page(self) -> None:
        assert view_keys(NestedView) == ("you", "hands", "colour", "cards", "scores")
        assert view_keys(SHOWCASE.view_type) == ("you", "scores", "current", "moves", "over")

    def test_a_game_declares_a_table_when_it_overrides_the_part(self) -> None:
        assert SHOWCASE.declares_table and not hs.definition("greed").declares_table


class TestCatalogs:
    def test_extract_finds_the_sentences_of_a_games_table(self, tmp_path: Path) -> None:
        (tmp_path / "table.py").write_text(
            'say("Roll {n}", n=3)\nSay("Hold")\nsay_n("{n} die", "{n} dice", 2)\nplatform_say("Your move")\n'
            'Say(name)\n', encoding="utf-8")
        found = {message.id for message in extract(CatalogDomain("x", tmp_path)) if message.id}
        assert found == {"Roll {n}", "Hold", ("{n} die", "{n} dice"), "Your move"}

    def test_a_games_domain_names_the_tables_catalog(self) -> None:
        table, _memory = seat_table(hs.new_game("greed", 2, seed=1), 0)
        assert table.domain == "greed"
        assert Domain("greed", "highstakes.catalog.greed").domain == table.domain
