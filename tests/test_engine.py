"""The engine contract, tested through Greed (the first game) and directly."""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import highstakes as hs
from highstakes.catalog.greed.tests.helpers import greed_scripted, play_turn
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.ledger import Ledger, LedgerError
from highstakes.engine.options import GameOptions, OptionSpec, parse_option_value, resolve_options
from highstakes.i18n import use_language


def test_games_lists_greed():
    assert "greed" in hs.games()
    assert hs.games() == sorted(hs.games())


def test_unknown_game_names_the_available_ones():
    with pytest.raises(ValueError, match=r"available games: .*greed"):
        hs.new_game("gred", seats=2)


@pytest.mark.parametrize("seats", [0, 1, 13, "2", True, None])
def test_bad_seat_count_names_the_range(seats):
    with pytest.raises(ValueError, match="2 to 12 players"):
        hs.new_game("greed", seats=seats)


def test_unknown_option_names_the_allowed_options():
    with pytest.raises(ValueError, match=r"unknown option 'sixes'.*dddd, six_of_a_kind, min_every_turn"):
        hs.new_game("greed", seats=2, options={"sixes": 1})


def test_an_option_given_to_a_game_without_options_says_so():
    with pytest.raises(ValueError, match=r"^unknown option 'sixes': this game has no options$"):
        resolve_options("a game", [], {"sixes": 1})


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("dddd", 900, "1000, 800"),
        ("six_of_a_kind", "5000", "5000, 1000"),
        ("min_every_turn", 1, "false, true"),
    ],
)
def test_bad_option_value_names_the_allowed_values(name, value, allowed):
    with pytest.raises(ValueError, match=f"option '{name}' must be one of {allowed}"):
        hs.new_game("greed", seats=2, options={name: value})


def test_options_default_and_override():
    game = hs.new_game("greed", seats=2, seed=1, options={"dddd": 800})
    assert game.options == {"dddd": 800, "six_of_a_kind": 5000, "min_every_turn": False, "goal": 5000,
                            "turn_limit": 0}


def test_option_spec_rejects_bool_for_int():
    spec = OptionSpec("n", 1, (1, 2), "a number")
    with pytest.raises(ValueError):
        spec.validate("g", True)
    assert resolve_options("g", [spec], None) == {"n": 1}


@pytest.mark.parametrize(("text", "value"), [("true", True), ("Off", False), ("800", 800), ("us", "us"),
                                            ("null", None)])
def test_parse_option_value(text, value):
    assert parse_option_value(text) == value


def test_same_seed_same_game():
    a = hs.new_game("greed", seats=3, seed=99)
    b = hs.new_game("greed", seats=3, seed=99)
    assert a.view(None) == b.view(None)


def test_seed_is_chosen_and_recorded_when_missing():
    game = hs.new_game("greed", seats=2)
    assert isinstance(game.seed, int)
    assert game.record()["seed"] == game.seed


def test_act_out_of_turn_and_bad_seat_change_nothing():
    game = hs.new_game("greed", seats=2, seed=5)
    (seat,) = game.to_act
    other = 1 - seat
    before = game.record(), game.view(None)
    with pytest.raises(hs.IllegalAction) as error:
        game.act(other, {"bank": True})
    assert error.value.code == "not_your_turn"
    for bad_seat in (2, -1, "0", None):
        with pytest.raises(hs.IllegalAction) as error:
            game.act(bad_seat, {"bank": True})
        assert error.value.code == "bad_seat"
    assert (game.record(), game.view(None)) == before


@pytest.mark.parametrize(
    "bad", [{"keep": "D"}, {"keep": ["X"]}, {"bank": False}, {"bank": True, "keep": []}, [], "bank", None, 3]
)
def test_malformed_action_is_refused_with_the_rule(bad):
    game = hs.new_game("greed", seats=2, seed=5)
    before = game.record()
    with pytest.raises(hs.IllegalAction) as error:
        game.act(game.to_act[0], bad)
    assert error.value.code == "bad_action"
    assert error.value.rule and error.value.rule.startswith("§2")
    assert game.record() == before


def test_illegal_action_error_serialises():
    error = hs.IllegalAction("x", "a sentence", "§1")
    assert error.to_json() == {"code": "x", "message": "a sentence", "rule": "§1"}
    assert "§1" in str(error)


def test_clone_is_independent():
    game = hs.new_game("greed", seats=2, seed=11)
    copy = game.clone()
    seat = game.to_act[0]
    copy.act(seat, copy.legal_actions(seat)[-1])
    assert copy.record() != game.record()
    assert game.view(None)["turn_log"] != copy.view(None)["turn_log"] or copy.view(None) != game.view(None)
    # The clone continues the same dice sequence as the original would.
    again = game.clone()
    action = game.legal_actions(seat)[-1]
    game.act(seat, action)
    again.act(seat, action)
    assert game.view(None) == again.view(None)


def test_record_replays_exactly_with_auto_chance():
    game = hs.new_game("greed", seats=3, seed=2024, options={"dddd": 800})
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0])  # bank when allowed, else the best keep
    record = json.loads(json.dumps(game.record()))
    again = hs.replay(record)
    assert again.is_over
    assert again.result() == game.result()
    assert again.view(1) == game.view(1)
    assert again.record() == game.record()


def test_scripted_record_lists_chance_and_replays():
    game = greed_scripted()
    play_turn(game, ["D", "D", "G", "R", "R", "Eb"], {"keep": ["D"]}, ["G", "G", "G", "R", "Eb"])
    record = game.record()
    assert record["actions"][0] == {"chance": ["$", "$", "$", "G", "G", "G"]}
    assert {"seat": 0, "action": {"keep": ["D"]}} in record["actions"]
    again = hs.replay(record)
    assert again.view(None) == game.view(None)


def test_replay_of_a_broken_record_says_which_entry():
    game = greed_scripted()
    record = game.record()
    record["actions"].append({"seat": 0, "action": {"bank": True}})
    with pytest.raises(ValueError, match="entry 2"):
        hs.replay(record)
    with pytest.raises(ValueError, match="needs the key 'seats'"):
        hs.replay({"game": "greed", "actions": []})


def test_scripted_chance_validation():
    game = hs.new_game("greed", seats=2, seed=1, auto_chance=False)
    assert game.is_chance and game.to_act == ()
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 462
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for bad in (["D"] * 5, ["D"] * 7, ["X"] * 6, "DDDDDD", None):
        with pytest.raises(hs.IllegalAction) as error:
            game.apply_chance(bad)
        assert error.value.code == "bad_chance"
    assert game.record()["actions"] == []


def test_apply_chance_when_none_is_pending():
    game = greed_scripted()
    game.apply_chance(["D", "G", "R", "R", "Eb", "Em"])
    with pytest.raises(hs.IllegalAction) as error:
        game.apply_chance(["D"] * 6)
    assert error.value.code == "no_chance"


def test_result_before_the_end_is_refused():
    with pytest.raises(hs.IllegalAction):
        hs.new_game("greed", seats=2, seed=1).result()


def test_legal_actions_of_a_waiting_seat_is_empty():
    game = hs.new_game("greed", seats=2, seed=1)
    waiting = 1 - game.to_act[0]
    assert game.legal_actions(waiting) == []
    with pytest.raises(ValueError):
        game.legal_actions(5)


class TestLedger:
    def test_transfers_keep_the_total(self):
        ledger = Ledger({"alice": 500, "bank": 1000})
        ledger.transfer("bank", "alice", 250)
        assert ledger.balances() == {"alice": 750, "bank": 750}
        assert ledger.total == 1500

    def test_overdraft_and_bad_amounts_are_refused_and_change_nothing(self):
        ledger = Ledger({"alice": 10, "bank": 0})
        for source, target, amount in [
            ("alice", "bank", 11), ("alice", "bank", -1), ("alice", "bank", 1.5),
            ("alice", "nobody", 1), ("nobody", "bank", 1), ("alice", "bank", True),
        ]:
            with pytest.raises(LedgerError):
                ledger.transfer(source, target, amount)
        assert ledger.balances() == {"alice": 10, "bank": 0}

    def test_overdraft_accounts(self):
        ledger = Ledger({"reserve": 0, "p": 0}, overdraft=frozenset({"reserve"}))
        ledger.transfer("reserve", "p", 100)
        assert ledger.balance("reserve") == -100 and ledger.total == 0

    def test_clone_is_independent(self):
        ledger = Ledger({"a": 5, "b": 5})
        copy = ledger.clone()
        copy.transfer("a", "b", 5)
        assert ledger.balances() == {"a": 5, "b": 5}

    def test_no_float_balances(self):
        with pytest.raises(LedgerError):
            Ledger({"a": 1.0})


def test_option_with_free_form_values():
    def positive_list(value):
        if not isinstance(value, list) or not value or not all(isinstance(v, int) and v > 0 for v in value):
            raise ValueError(f"got {value!r}")
        return tuple(value)

    spec = OptionSpec("values", "us", ("us",), "case values", "a list of positive integers", positive_list)
    assert spec.validate("g", "us") == "us"
    assert spec.validate("g", [1, 2]) == (1, 2)
    with pytest.raises(ValueError, match=r"one of 'us', or a list of positive integers: got \[0\]"):
        spec.validate("g", [0])
    assert spec.to_json()["also_accepts"] == "a list of positive integers"
    assert parse_option_value("[1, 5]") == [1, 5]


def test_history_length_counts_the_record_entries():
    game = greed_scripted()
    assert game.history_length == len(game.record()["actions"]) == 2
    play_turn(game, ["D", "G", "R", "R", "Eb", "$"], {"keep": ["D"]})
    assert game.history_length == len(game.record()["actions"]) == 4


def test_a_game_declares_its_parts_in_its_definition():
    greed, deal = hs.definition("greed"), hs.definition("deal_or_no_deal")
    assert [bot.name for bot in greed.bots()] == ["heuristic", "maxexp", "optimal"]
    assert all(bot.label and bot.about for bot in [*greed.bots(), *deal.bots()])
    assert greed.advisor() is not None and greed.solver() is not None and greed.analysis() is None
    assert deal.solver() is None and deal.analysis().plot is not None
    assert greed.strongest_bot(2, {}) == "optimal"
    assert deal.strongest_bot(2, {"version": "auto"}) == "tv-crra"
    assert deal.strongest_bot(4, {"version": "auto"}) == "guide-crra"
    assert greed.web_renderer().name == "renderer.js" and greed.docs_page() is not None
    assert not greed.hidden_information and deal.hidden_information


def test_games_are_found_through_entry_points():
    from importlib.metadata import entry_points

    declared = {entry.name for entry in entry_points(group="highstakes.games")}
    assert {"greed", "deal_or_no_deal"} <= declared <= set(hs.games())


def test_a_broken_plugin_is_reported_and_the_others_still_load(monkeypatch):
    from importlib.metadata import EntryPoint

    from highstakes.engine import registry

    broken = EntryPoint("nope", "highstakes_no_such_module:GAME", "highstakes.games")
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "entry_points", lambda group: [broken])
    with pytest.warns(registry.GamePluginWarning, match="'nope'.*could not be loaded"):
        assert "greed" in registry.games()


class TestRecords:
    """Records of format 2 list every chance outcome and replay without the seed's help."""

    def test_a_seeded_record_lists_every_chance_outcome_and_keeps_the_seed(self):
        game = hs.new_game("greed", seats=2, seed=5)
        record = game.record()
        assert record["format"] == 2 and record["seed"] == 5 and record["auto_chance"] is True
        rolls = [entry["chance"] for entry in record["actions"] if "chance" in entry]
        assert len(rolls) >= 2 and all(len(roll) == 6 for roll in rolls[:2])  # the roll-off

    def test_a_record_taken_before_any_chance_event_replays_to_the_same_state(self):
        game = hs.new_game("greed", seats=3, seed=9, auto_chance=False)
        again = hs.replay(json.loads(json.dumps(game.record())))
        assert again.is_chance and again.record() == game.record()
        assert again.view(None) == game.view(None)

    def test_replay_survives_a_change_in_how_the_dice_are_drawn(self, monkeypatch):
        from highstakes.catalog.greed.rules import GreedState

        game = hs.new_game("greed", seats=2, seed=11)
        for _ in range(12):
            if game.is_over:
                break
            seat = game.to_act[0]
            game.act(seat, game.legal_actions(seat)[-1])
        record = json.loads(json.dumps(game.record()))

        def other_dice(state, rng):  # a new way to roll: every die shows D
            roll = ["D"] * state._dice_to_roll()
            return roll, state.check_chance(roll)

        monkeypatch.setattr(GreedState, "draw_chance", other_dice)
        again = hs.replay(record)
        assert again.view(None) == game.view(None) and again.record() == record

    def test_a_replayed_game_goes_on_as_the_original_would(self):
        game = hs.new_game("greed", seats=2, seed=21)
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[-1])
        again = hs.replay(game.record())
        for copy in (game, again):
            seat = copy.to_act[0]
            copy.act(seat, copy.legal_actions(seat)[-1])
        assert again.record() == game.record()

    def test_a_format_1_record_still_replays(self):
        # Written before format 2: no format key, chance drawn again from the seed.
        old = {"game": "greed", "seats": 2, "options": {}, "seed": 3, "actions": []}
        assert hs.replay(old).view(None) == hs.new_game("greed", seats=2, seed=3).view(None)

    def test_an_unknown_format_or_a_bad_entry_is_explained(self):
        game = hs.new_game("greed", seats=2, seed=3)
        with pytest.raises(ValueError, match="format 7"):
            hs.replay({**game.record(), "format": 7})
        with pytest.raises(ValueError, match="entry 0 cannot be replayed: it has no 'seat'"):
            hs.replay({**game.record(), "actions": [{"action": {"bank": True}}]})
        with pytest.raises(ValueError, match="a JSON object"):
            hs.replay([1, 2])

    def test_a_sampled_world_has_no_record(self):
        import random

        world = hs.new_game("deal_or_no_deal", seats=2, seed=1).sample_world(0, random.Random(1))
        with pytest.raises(ValueError, match="no record"):
            world.record()


def test_an_action_object_with_bad_fields_is_refused_like_bad_json():
    from highstakes.catalog.deal_or_no_deal.actions import Move
    from highstakes.catalog.greed.actions import Keep

    game = hs.new_game("greed", seats=2, seed=1)
    seat = game.to_act[0]
    before = game.record()
    with pytest.raises(hs.IllegalAction) as error:
        game.act(seat, Keep(faces=["D"]))  # a list where the JSON form reads a tuple
    assert error.value.code in ("bad_action", "dice_not_in_roll", "illegal_action")
    assert game.record() == before
    deal = hs.new_game("deal_or_no_deal", seats=2, seed=1)
    with pytest.raises(hs.IllegalAction) as error:
        deal.act(deal.to_act[0], Move("pick", 1.5))
    assert error.value.code == "bad_action"



# --- one refusal hook -------------------------------------------------------------------------------------
def observed(game: hs.Game) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was: the record, every view, the decision count."""
    return game.record(), [game.view(seat) for seat in [None, *range(game.seats)]], game.decision_count


class TestRefusals:
    def test_a_refused_bank_says_the_opening_rule_in_words_and_changes_nothing(self):
        # §2.5 (G-6): a player with nothing banked may bank only a turn worth 500 or more.
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "D", "D", "Eb"])  # the best set-aside, G D D, is worth 250
        before = observed(game)
        refusal = game.refusal(0, {"bank": True})
        assert refusal == hs.Refusal(
            "below_opening_minimum",
            "you need at least 500 points in one turn to open your score; banking now would score 250",
            "§2.5 (G-6)")
        with pytest.raises(hs.IllegalAction) as error:
            game.act(0, {"bank": True})
        assert error.value.refusal == refusal and error.value.to_json() == refusal.to_json()
        assert game.refusal(0, {"keep": ["G", "D", "D"]}) is None  # allowed; asking is not acting
        assert observed(game) == before

    def test_the_refusal_is_said_in_the_readers_language(self):
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "D", "D", "Eb"])
        with use_language("es"):
            refusal = game.refusal(0, {"bank": True})
        assert refusal is not None and refusal.rule == "§2.5 (G-6)"
        assert "500" in refusal.message and "250" in refusal.message and "you need" not in refusal.message

    def test_a_wrong_seat_turn_or_form_is_answered_by_the_same_question(self):
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "D", "D", "Eb"])
        before = observed(game)
        assert game.refusal(1, {"keep": ["G"]}) == hs.Refusal(
            "not_your_turn", "it is not seat 2's turn; the game waits for seat 1", None)
        assert game.refusal(2, {"keep": ["G"]}).code == "bad_seat"
        assert game.refusal(0, {"bank": False}).code == "bad_action"
        assert observed(game) == before

    def test_a_finished_game_refuses_every_move(self):
        game = hs.new_game("greed", seats=2, seed=4, options={"goal": 1000})
        while not game.is_over:
            seat = game.to_act[0]
            game.act(seat, game.legal_actions(seat)[0])  # bank when allowed, else the best set-aside
        assert game.refusal(0, {"bank": True}) == hs.Refusal("game_over", "the game is over", None)


@dataclass(frozen=True, slots=True)
class Say(Action):
    """Say a number: the move of the counting games below."""

    number: int

    def to_json(self) -> JSON:
        return {"say": self.number}


@dataclass(frozen=True)
class NoOptions(GameOptions):
    GAME_ID = "counting"


class CountingState(GameState):
    """Count to 5, two seats in turn, each saying 1 (the menu) or, where a game allows it, up to 3."""

    def __init__(self) -> None:
        self.said: list[int] = []

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (len(self.said) % 2,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Say(1)]

    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Say)
        self.said.append(action.number)

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"said": list(self.said)}

    def is_over(self) -> bool:
        return sum(self.said) >= 5

    def result(self) -> dict[str, JSON]:
        return {"scores": [0, 0], "winners": [(len(self.said) - 1) % 2]}

    def clone(self) -> CountingState:
        copy = type(self)()
        copy.said = list(self.said)
        return copy


class CountingDefinition(GameDefinition):
    id = "counting"
    title = "Counting"
    summary = "Count to 5 in turn."
    min_seats = max_seats = 2
    options_type = NoOptions
    hidden_information = False

    def __init__(self, state_class: type[CountingState]) -> None:
        self.state_class = state_class

    def new_state(self, seats: int, options: Any) -> CountingState:
        return self.state_class()

    def parse_action(self, data: JSON) -> Action:
        if not isinstance(data, dict) or set(data) != {"say"} or type(data["say"]) is not int:
            raise hs.IllegalAction("bad_action", 'a move is {"say": a number}')
        return Say(data["say"])


def written_with_the_old_pair() -> type[CountingState]:
    """A state class as plugins wrote them before ``refusal``: ``is_legal`` and ``explain_illegal``."""

    class OldStyleState(CountingState):
        def is_legal(self, seat: int, action: Action) -> bool:
            return isinstance(action, Say) and 1 <= action.number <= 3

        def explain_illegal(self, seat: int, action: Action) -> tuple[str, str, str]:
            return ("too_many", "say 1, 2 or 3", "counting")

    return OldStyleState


class TestTheOldLegalityPair:
    def test_a_game_written_with_the_old_pair_warns_once_where_it_is_written(self):
        expected = r"is_legal and explain_illegal.*refusal\(seat, action\)"
        with pytest.warns(DeprecationWarning, match=expected) as caught:
            old = written_with_the_old_pair()
        assert len(caught) == 1 and caught[0].filename == __file__
        with warnings.catch_warnings():
            warnings.simplefilter("error")

            class Inheriting(old):  # the pair is written once, so it warns once
                pass

        assert Inheriting.refusal is GameState.refusal

    def test_its_refusals_are_its_own_words_and_its_is_legal_is_heard(self):
        with pytest.warns(DeprecationWarning):
            old = written_with_the_old_pair()
        game = hs.Game(CountingDefinition(old), 2, seed=1)
        assert game.refusal(0, {"say": 3}) is None  # beyond the menu, but its is_legal allows it
        assert game.refusal(0, {"say": 4}) == hs.Refusal("too_many", "say 1, 2 or 3", "counting")
        game.act(0, {"say": 3})
        before = observed(game)
        with pytest.raises(hs.IllegalAction) as error:
            game.act(1, {"say": 4})
        assert error.value.code == "too_many" and error.value.message == "say 1, 2 or 3"
        assert observed(game) == before

    def test_a_game_written_with_refusal_still_answers_the_old_names(self):
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "D", "D", "Eb"])
        state, bank = game.full_state(), game.definition.parse_action({"bank": True})
        assert not state.is_legal(0, bank)
        assert state.explain_illegal(0, bank) == tuple(game.refusal(0, {"bank": True}))
        keep = game.definition.parse_action({"keep": ["G", "D", "D"]})
        assert state.is_legal(0, keep)
        with pytest.raises(ValueError, match="allowed"):
            state.explain_illegal(0, keep)

    def test_a_game_with_no_legality_hook_allows_its_menu_and_refuses_the_rest_in_general_words(self):
        game = hs.Game(CountingDefinition(CountingState), 2, seed=1)
        assert game.refusal(0, {"say": 1}) is None
        refused = hs.Refusal("illegal_action", "that move is not allowed now", None)
        assert game.refusal(0, {"say": 2}) == refused


# --- chance, by default none -----------------------------------------------------------------------------
class TestChanceDefaults:
    def test_a_game_without_chance_writes_none_of_the_chance_hooks(self):
        from highstakes.catalog.in_the_bag.rules import BagState
        from highstakes.catalog.stacking.rules import StackingState

        hooks = {"is_chance", "chance_outcomes", "check_chance", "apply_chance"}
        assert not hooks & set(vars(StackingState)) and not hooks & set(vars(BagState))
        game = hs.new_game("stacking", 2, seed=0, auto_chance=False)
        assert not game.is_chance and game.chance_outcomes() == [] and game.to_act == (0,)
        before = observed(game)
        with pytest.raises(hs.IllegalAction) as error:
            game.apply_chance(1)
        assert error.value.code == "no_chance"
        assert observed(game) == before

    def test_its_state_refuses_a_chance_outcome_in_words(self):
        state = hs.new_game("in_the_bag", 2, seed=0).full_state()
        for hook in (state.check_chance, state.apply_chance):
            with pytest.raises(hs.IllegalAction) as error:
                hook(1)
            refused = hs.Refusal("no_chance", "nothing is left to chance in this game", None)
            assert error.value.refusal == refused
            with use_language("it"), pytest.raises(hs.IllegalAction) as error:
                hook(1)
            assert error.value.message == "in questo gioco nulla è lasciato al caso"

    def test_a_game_with_chance_writes_all_four_hooks(self):
        missing = "writes is_chance but not chance_outcomes, check_chance, apply_chance"
        with pytest.raises(TypeError, match=missing):

            class HalfChance(CountingState):
                def is_chance(self) -> bool:
                    return not self.said


# --- positions, for tests and tools ---------------------------------------------------------------------
class TestPositions:
    def test_the_full_state_holds_every_secret_and_is_a_copy(self):
        from highstakes.catalog.deal_or_no_deal.money import US_VALUES
        from highstakes.catalog.deal_or_no_deal.tests.helpers import deal_scripted

        game = deal_scripted()  # the cases hold the values in ascending order, case 1 the least
        state = game.full_state()
        assert state.case_value == list(US_VALUES)
        assert [case["value"] for case in game.view(0)["cases"]] == [None] * 26  # unopened: unseen
        state.case_value.reverse()
        assert game.full_state().case_value == list(US_VALUES)

    def test_a_game_plays_on_from_a_position_set_by_hand(self):
        # The example of adding-a-game.md: §5.3, a raise is paid with your own pieces.
        game = hs.new_game("stacking", 2, seed=0)
        state = game.full_state()
        state.hands[0] = [2, 0, 0, 0]  # seat 1, the first to bid, holds two ¥100 coins
        position = game.with_state(state)
        state.hands[0] = [0, 0, 0, 0]  # the game took a copy
        assert position.view(None)["pieces_held"] == [2, 9]
        assert game.view(None)["pieces_held"] == [9, 9]  # the game it came from is as it was
        assert (position.seats, position.options, position.to_act) == (game.seats, game.options, (0,))
        refusal = position.refusal(0, {"bid": 3})
        assert refusal is not None and (refusal.code, refusal.rule) == ("too_few", "§5.3")
        assert refusal.message.startswith("you hold 2 pieces")
        position.act(0, {"bid": 2})
        assert position.decision_count == game.decision_count + 1 and position.view(None)["to_lay"] == 2
        with pytest.raises(ValueError, match="no record"):
            position.record()

    def test_a_position_at_chance_is_drawn_at_once_when_chance_is_automatic(self):
        pending = greed_scripted()
        play_turn(pending, ["$", "G", "R", "D", "D", "Eb"], {"keep": ["G", "D", "D"]})
        assert pending.is_chance  # three dice to roll, scripted
        game = hs.new_game("greed", seats=2, seed=9).with_state(pending.full_state())
        view = game.view(None)
        assert not game.is_chance and view["turn_total"] == 250 and len(view["roll"]) == 3

    def test_a_state_of_another_game_is_refused(self):
        with pytest.raises(ValueError, match="not a position of this greed table"):
            hs.new_game("greed", seats=2, seed=1).with_state(hs.new_game("stacking", 2, seed=0).full_state())


#: What no face or bot may call: the whole state, secrets included, is for tests and tools.
_FULL_STATE = re.compile(r"\.(full_state|with_state)\(|(?<!self)\._(state)\b")


def test_no_face_or_bot_reaches_the_full_state():
    source = Path(hs.__file__).parent
    reaching = [
        f"{path.relative_to(source)}:{number}"
        for path in sorted(source.rglob("*.py"))
        if not {"engine", "testing", "tests"} & set(path.relative_to(source).parts)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if _FULL_STATE.search(line)
    ]
    assert reaching == []
