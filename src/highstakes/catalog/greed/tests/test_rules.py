"""Greed's rules, scenario by scenario, with the dice scripted (RULES.md §2)."""

from __future__ import annotations

import random
import re

import pytest

import highstakes as hs
from highstakes.bots import make_bot, play_out
from highstakes.catalog.greed.tests.helpers import greed_scripted, play_turn

BANK = {"bank": True}
SIX_G = ["G"] * 6
SIX_D = ["D"] * 6
NOTHING = ["$", "$", "R", "R", "Eb", "Em"]  # scores nothing: a greed-out


def keep(*faces: str) -> dict:
    return {"keep": list(faces)}


def refused(game: hs.Game, seat: int, action: dict) -> hs.IllegalAction:
    """Assert the action is refused and that nothing changed; return the error."""
    before = (game.record(), [game.view(s) for s in range(game.seats)], game.view(None))
    with pytest.raises(hs.IllegalAction) as error:
        game.act(seat, action)
    assert (game.record(), [game.view(s) for s in range(game.seats)], game.view(None)) == before
    return error.value


def labels(game: hs.Game) -> set[str]:
    return {str(action) for action in game.legal_actions(game.to_act[0])}


def open_seat_zero(game: hs.Game) -> None:
    """Seat 0 opens with 1,200: $$$GGG (hot dice, 1,100) then a D."""
    play_turn(game, ["$", "$", "$", "G", "G", "G"], keep("$", "$", "$", "G", "G", "G"),
              ["D", "R", "R", "Eb", "Em", "$"], BANK)


class TestRollOff:
    def test_best_roll_starts_and_scores_nothing(self):
        game = greed_scripted(3, [["D", "R", "R", "Eb", "Em", "$"], ["G", "G", "G", "R", "$", "$"],
                                  ["G", "R", "R", "Eb", "Em", "$"]])
        view = game.view(None)
        assert view["phase"] == "play" and view["starter"] == 1 and view["current"] == 1
        assert view["scores"] == [0, 0, 0]
        assert view["rolloff"]["rounds"][0][1] == {"seat": 1, "roll": ["$", "$", "G", "G", "G", "R"],
                                                    "points": 500}
        assert game.is_chance and game.to_act == ()

    def test_ties_reroll_among_the_tied_only(self):
        game = hs.new_game("greed", seats=3, seed=1, auto_chance=False)
        for roll in (["D", "R", "R", "Eb", "Em", "$"], ["D", "$", "$", "R", "Eb", "Em"], NOTHING):
            game.apply_chance(roll)
        view = game.view(None)
        assert view["phase"] == "rolloff" and view["rolloff"]["contenders"] == [0, 1]
        game.apply_chance(NOTHING)  # seat 0: nothing at all
        game.apply_chance(["G", "R", "R", "Eb", "Em", "$"])  # seat 1: 50
        view = game.view(None)
        assert view["phase"] == "play" and view["starter"] == 1
        assert len(view["rolloff"]["rounds"]) == 2 and len(view["rolloff"]["rounds"][1]) == 2

    def test_everyone_scoring_nothing_is_a_tie_too(self):
        game = hs.new_game("greed", seats=2, seed=1, auto_chance=False)
        game.apply_chance(NOTHING)
        game.apply_chance(NOTHING)
        assert game.view(None)["phase"] == "rolloff" and game.view(None)["rolloff"]["contenders"] == [0, 1]


class TestTurn:
    def test_rulebook_example_choices(self):
        game = greed_scripted()
        open_seat_zero(game)
        play_turn(game, NOTHING)  # seat 1 greeds out
        play_turn(game, ["$", "G", "R", "D", "D", "Eb"])
        assert game.to_act == (0,)
        assert labels(game) == {"bank", "keep D", "keep D D", "keep G D", "keep G D D", "keep G"}
        assert game.view(0)["bank_value"] == 250
        game.act(0, keep("D", "D"))
        view = game.view(0)
        assert view["turn_total"] == 200 and view["dice_left"] == 4 and game.is_chance

    def test_bank_takes_the_best_scoring_of_the_roll(self):
        game = greed_scripted()
        open_seat_zero(game)
        assert game.view(None)["scores"] == [1200, 0]
        assert game.view(None)["current"] == 1
        last = game.view(None)["last_turn"]
        assert last["seat"] == 0 and last["banked"] == 1200 and not last["greed_out"]

    def test_set_aside_dice_from_different_rolls_do_not_combine(self):
        game = greed_scripted()
        play_turn(game, ["D", "D", "R", "R", "Eb", "$"], keep("D", "D"), ["D", "D", "R", "$"])
        assert refused(game, 0, keep("D", "D", "D", "D")).code == "dice_not_in_roll"
        game.act(0, keep("D", "D"))
        assert game.view(0)["turn_total"] == 400  # 200 + 200, not DDDD's 1,000

    def test_at_least_one_scoring_die_and_only_scoring_dice(self):
        game = greed_scripted()
        play_turn(game, ["D", "G", "R", "R", "Eb", "$"])
        assert refused(game, 0, keep()).code == "empty_keep"
        error = refused(game, 0, keep("D", "R"))
        assert error.code == "non_scoring_dice" and "G-2" in error.rule
        assert refused(game, 0, keep("G", "G")).code == "dice_not_in_roll"

    def test_greed_out_loses_the_turn_total(self):
        game = greed_scripted()
        play_turn(game, ["D", "D", "G", "R", "R", "$"], keep("D", "D", "G"), ["D", "R", "$"], keep("D"))
        assert game.view(0)["turn_total"] == 350
        play_turn(game, ["R", "$"])  # two dice, nothing scores
        view = game.view(None)
        assert view["scores"] == [0, 0] and view["current"] == 1 and view["turn_total"] == 0
        assert view["last_turn"]["greed_out"] and view["last_turn"]["log"][-1]["lost"] == 350
        assert view["dice_left"] == 6

    def test_hot_dice_must_be_rolled_again(self):
        game = greed_scripted()
        play_turn(game, ["D", "D", "R", "R", "R", "$"], keep("R", "R", "R", "D", "D"), ["D"])
        # The single die scored: every die is set aside, so banking is refused.
        error = refused(game, 0, BANK)
        assert error.code == "hot_dice_must_roll" and "G-7" in error.rule
        assert labels(game) == {"keep D"}
        game.act(0, keep("D"))
        view = game.view(0)
        assert view["turn_total"] == 700 and view["dice_left"] == 6
        assert view["turn_log"][-1]["hot_dice"] is True
        play_turn(game, NOTHING)  # a later non-scoring roll still loses everything
        assert game.view(None)["scores"] == [0, 0]

    def test_hot_dice_after_six_dice(self):
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "Eb", "Em", "D"])
        assert "bank" not in labels(game)
        game.act(0, keep("$", "G", "R", "Eb", "Em", "D"))
        assert game.view(0)["turn_total"] == 1000 and game.view(0)["dice_left"] == 6


class TestOpening:
    def test_unopened_player_needs_500_in_one_turn(self):
        game = greed_scripted()
        play_turn(game, ["D", "D", "G", "R", "R", "$"])
        error = refused(game, 0, BANK)
        assert error.code == "below_opening_minimum" and error.rule.startswith("§2.5")
        game.act(0, keep("D", "D", "G"))
        play_turn(game, ["D", "G", "R"])
        assert "bank" not in labels(game)  # 250 + 150 = 400 < 500
        game.act(0, keep("D"))
        play_turn(game, ["D", "R"])
        assert "bank" not in labels(game)  # 350 + 100 = 450 < 500
        play_turn(game, keep("D"), ["D"], keep("D"), ["G", "R", "R", "Eb", "Em", "$"])
        assert "bank" in labels(game)  # 550 + 50 = 600
        game.act(0, BANK)
        assert game.view(None)["scores"] == [600, 0] and game.view(None)["opened"] == [True, False]

    def test_after_opening_any_amount(self):
        game = greed_scripted()
        open_seat_zero(game)
        play_turn(game, NOTHING)
        play_turn(game, ["G", "R", "R", "Eb", "Em", "$"], BANK)
        assert game.view(None)["scores"] == [1250, 0]

    def test_min_every_turn_option(self):
        game = greed_scripted(options={"min_every_turn": True})
        open_seat_zero(game)
        play_turn(game, NOTHING)
        play_turn(game, ["G", "R", "R", "Eb", "Em", "$"])
        assert refused(game, 0, BANK).code == "below_opening_minimum"
        assert game.view(0)["min_turn_points"] == 500


class TestEnd:
    def reach_5100(self, game: hs.Game) -> None:
        """Seat 0 banks 5,100: six D's (5,000, hot dice), then one more D."""
        play_turn(game, SIX_D, keep(*SIX_D), ["D", "R", "R", "Eb", "Em", "$"], BANK)

    def test_reaching_5000_starts_the_final_round(self):
        game = greed_scripted()
        self.reach_5100(game)
        view = game.view(None)
        assert view["final_round"] and view["triggered_by"] == 0 and view["target"] == 5100
        assert view["current"] == 1 and not game.is_over

    def test_catch_up_player_may_not_stop_on_a_tie(self):
        game = greed_scripted()
        self.reach_5100(game)
        play_turn(game, SIX_G, keep(*SIX_G), ["D", "R", "R", "Eb", "Em", "$"])
        error = refused(game, 1, BANK)
        assert error.code == "must_beat_leader" and "G-9" in error.rule
        play_turn(game, keep("D"), ["G", "R", "R", "Eb", "Em"])
        game.act(1, BANK)
        assert game.is_over
        assert game.result()["scores"] == [5100, 5150] and game.result()["winners"] == [1]

    def test_trigger_player_takes_no_further_turn(self):
        game = greed_scripted()
        self.reach_5100(game)
        play_turn(game, NOTHING)  # seat 1's last chance fails
        assert game.is_over and game.to_act == () and not game.is_chance
        assert game.result() == {"scores": [5100, 0], "winners": [0], "starter": 0,
                                 "triggered_by": 0, "turns": 2}
        assert refused(game, 0, BANK).code == "game_over"

    def test_moving_target_with_three_players(self):
        game = greed_scripted(3)
        self.reach_5100(game)
        play_turn(game, SIX_G, keep(*SIX_G), ["$", "$", "$", "D", "R", "R"], BANK)  # seat 1: 5,700
        view = game.view(None)
        assert view["scores"] == [5100, 5700, 0] and view["target"] == 5700 and view["current"] == 2
        play_turn(game, SIX_G, keep(*SIX_G), ["$", "$", "$", "R", "R", "Eb"])
        assert refused(game, 2, BANK).code == "must_beat_leader"  # 5,600 would beat 5,100 only
        play_turn(game, keep("$", "$", "$"), ["D", "R", "Eb"])
        assert refused(game, 2, BANK).code == "must_beat_leader"  # 5,700 only ties the leader
        play_turn(game, keep("D"), ["D", "R"], BANK)
        assert game.is_over and game.result()["scores"] == [5100, 5700, 5800]
        assert game.result()["winners"] == [2]

    def test_final_round_order_wraps_around(self):
        game = greed_scripted(3, [["R", "R", "$", "$", "Eb", "Em"], ["$", "$", "$", "G", "G", "G"],
                                  ["R", "R", "$", "$", "Eb", "Em"]])
        assert game.view(None)["starter"] == 1
        self.reach_5100(game)  # seat 1 triggers
        assert game.view(None)["final_turns_left"] == [0] and game.view(None)["current"] == 2
        play_turn(game, NOTHING)
        assert game.view(None)["current"] == 0
        play_turn(game, NOTHING)
        assert game.is_over and game.result()["winners"] == [1]



class TestAnyNumberOfPlayers:
    """RULES.md §2.1: "any number of players" (the seed: "cualquier número"), from two; the table
    seats up to twelve, the most whose scores the terminal shows beside the dice at 80×24."""

    LOSES = ["R", "R", "$", "$", "Eb", "Em"]  # scores nothing in the roll-off

    def test_a_table_takes_two_to_twelve_players(self):
        assert (hs.definition("greed").min_seats, hs.definition("greed").max_seats) == (2, 12)
        for seats in range(2, 13):
            assert hs.new_game("greed", seats, seed=seats).view(None)["seats"] == seats
        for seats in (1, 13):
            with pytest.raises(ValueError, match="2 to 12 players"):
                hs.new_game("greed", seats)

    def test_twelve_players_play_greed_to_the_end(self):
        # Seat 6 (index 5) wins the roll-off, opens with six D's and one more D (5,100): the final
        # round. Everyone else has one more turn, in order round the table from seat 7, each
        # needing to finish strictly above the best score so far (G-9, the moving target).
        rolloff = [self.LOSES] * 5 + [["$", "$", "$", "G", "G", "G"]] + [self.LOSES] * 6
        game = greed_scripted(12, rolloff)
        assert game.view(None)["starter"] == 5
        play_turn(game, SIX_D, keep(*SIX_D), ["D", "R", "R", "Eb", "Em", "$"], BANK)
        view = game.view(None)
        assert view["final_round"] and view["triggered_by"] == 5 and view["target"] == 5100
        assert view["current"] == 6 and view["final_turns_left"] == [7, 8, 9, 10, 11, 0, 1, 2, 3, 4]
        play_turn(game, NOTHING)  # seat 7 greeds out
        # Seat 8: 5,000 (hot dice), then $$$ 600 and a D: 5,700, above 5,100.
        play_turn(game, SIX_G, keep(*SIX_G), ["$", "$", "$", "D", "R", "R"], BANK)
        assert game.view(None)["target"] == 5700
        play_turn(game, NOTHING)  # seat 9
        # Seat 10: 5,700 only ties the new best: the bank is refused until a D more (5,800).
        play_turn(game, SIX_G, keep(*SIX_G), ["$", "$", "$", "G", "R", "R"], keep("$", "$", "$"),
                  ["R", "D", "Eb"])
        assert game.to_act == (9,) and refused(game, 9, BANK).code == "must_beat_leader"
        play_turn(game, keep("D"), ["D", "R"], BANK)
        for seat in (10, 11, 0, 1, 2, 3, 4):
            assert game.view(None)["current"] == seat and game.view(None)["target"] == 5800
            play_turn(game, NOTHING)
        assert game.is_over
        result = game.result()
        assert result["scores"] == [0] * 5 + [5100, 0, 5700, 0, 5800, 0, 0]
        assert result["winners"] == [9] and result["triggered_by"] == 5 and result["turns"] == 12
        assert refused(game, 5, BANK).code == "game_over"  # the trigger takes no further turn

    def test_twelve_bots_play_greed_to_the_end(self):
        for seed in range(3):
            game = hs.new_game("greed", 12, seed=seed)
            play_out(game, [make_bot("greed", "heuristic") for _ in range(12)], random.Random(seed))
            result = game.result()
            (winner,) = result["winners"]
            assert max(result["scores"]) == result["scores"][winner] >= 5000
            # Each seat but the one that reached the goal played once more after it did.
            final_round = [turn["seat"] for turn in game.view(None)["recent_turns"]][-11:]
            trigger = result["triggered_by"]
            assert final_round == [(trigger + k) % 12 for k in range(1, 12)]


class TestRecentTurns:
    """One decision can end several turns; the view lists them all, numbered."""

    def test_a_bank_then_a_greed_out_on_the_first_roll(self):
        game = greed_scripted()
        open_seat_zero(game)  # seat 0 banks 1,200
        play_turn(game, NOTHING)  # seat 1's first roll scores nothing: no decision at all
        view = game.view(None)
        bank, greed_out = view["recent_turns"]
        assert (bank["number"], bank["seat"], bank["banked"], bank["greed_out"]) == (0, 0, 1200, False)
        assert [entry["roll"] for entry in bank["log"]] == [["$", "$", "$", "G", "G", "G"],
                                                            ["$", "R", "R", "Eb", "Em", "D"]]
        assert bank["log"][-1]["bank"] == 1200
        assert (greed_out["number"], greed_out["seat"], greed_out["banked"]) == (1, 1, 0)
        assert greed_out["log"] == [{"roll": ["$", "$", "R", "R", "Eb", "Em"], "greed_out": True, "lost": 0}]
        assert view["last_turn"] == {k: v for k, v in greed_out.items() if k != "number"}
        assert view["turns_played"] == 2

    def test_only_the_last_seats_turns_are_kept(self):
        game = greed_scripted()
        for _ in range(3):
            play_turn(game, ["D", "R", "R", "Eb", "Em", "$"], keep("D"), ["R", "R", "Eb", "Em", "$"])
        assert [turn["number"] for turn in game.view(None)["recent_turns"]] == [1, 2]

    def test_more_turns_ended_by_one_decision_than_seats_are_all_kept(self):
        game = greed_scripted()
        open_seat_zero(game)
        play_turn(game, NOTHING, NOTHING, NOTHING)  # seat 1, seat 0 and seat 1 again
        turns = game.view(None)["recent_turns"]
        assert [(turn["number"], turn["seat"]) for turn in turns] == [(0, 0), (1, 1), (2, 0), (3, 1)]
        # The next turn with a decision starts a new chain: back to the last two.
        play_turn(game, ["D", "R", "R", "Eb", "Em", "$"], keep("D"), ["R", "R", "Eb", "Em", "$"])
        assert [turn["number"] for turn in game.view(None)["recent_turns"]] == [3, 4]

    def test_every_seat_sees_the_same_turns(self):
        game = greed_scripted(3)
        open_seat_zero(game)
        play_turn(game, NOTHING)
        turns = game.view(None)["recent_turns"]
        assert len(turns) == 2 and all(game.view(seat)["recent_turns"] == turns for seat in range(3))

def test_views_are_public_and_identical_but_for_you():
    game = hs.new_game("greed", seats=3, seed=3)
    views = [game.view(seat) for seat in range(3)] + [game.view(None)]
    for seat, view in enumerate(views):
        assert view["you"] == (seat if seat < 3 else None)
        assert {k: v for k, v in view.items() if k != "you"} == {
            k: v for k, v in views[0].items() if k != "you"
        }


def test_rules_text_is_packaged():
    text = hs.definition("greed").rules_text()
    assert "greed-out" in text and "5,000" in text


class TestDecisions:
    """The remaining decisions of RULES.md §2.7, one by one."""

    def test_g4_greed_and_six_of_a_kind_need_one_roll_of_six_dice(self):
        game = greed_scripted()
        play_turn(game, ["$", "G", "R", "Eb", "D", "D"], keep("G", "D", "D"), ["Em", "R", "$"])
        # $ G R Eb D were set aside or rolled across two rolls: no $GREED, and this roll scores
        # nothing, so the turn is lost.
        view = game.view(None)
        assert view["last_turn"]["greed_out"] and view["current"] == 1

    def test_g8_points_past_5000_count_only_when_banked(self):
        game = greed_scripted()
        play_turn(game, SIX_D, keep(*SIX_D), ["D", "G", "R", "R", "Eb", "$"], keep("D", "G"))
        view = game.view(0)
        assert view["turn_total"] == 5150 and not view["final_round"]
        play_turn(game, ["R", "R", "$", "Eb"])  # greed-out: the 5,150 never counted
        view = game.view(None)
        assert view["scores"] == [0, 0] and not view["final_round"] and view["target"] is None

    def test_g11_exactly_5000_ends_the_game(self):
        game = greed_scripted()
        dollars_and_gs = ["$", "$", "$", "G", "G", "G"]
        for _ in range(4):  # four hot-dice rolls of 1,100 each
            play_turn(game, dollars_and_gs, keep(*dollars_and_gs))
        play_turn(game, ["$", "$", "$", "R", "R", "Eb"], BANK)  # + 600
        view = game.view(None)
        assert view["scores"] == [5000, 0] and view["final_round"] and view["target"] == 5000


def test_view_lists_keep_choices_and_why_bank_is_refused():
    game = greed_scripted()
    play_turn(game, ["$", "G", "R", "D", "D", "Eb"])
    view = game.view(0)
    assert view["keep_choices"][0] == {"keep": ["G", "D", "D"], "points": 250, "dice_next": 3}
    assert [c["keep"] for c in view["keep_choices"]] == [
        a.to_json()["keep"] for a in game.legal_actions(0) if str(a) != "bank"
    ]
    assert view["bank_refusal"]["code"] == "below_opening_minimum"
    assert view["bank_refusal"] == refused(game, 0, BANK).to_json()
    play_turn(game, keep("G", "D", "D"), ["D", "D", "G"])  # hot dice
    view = game.view(0)
    assert view["keep_choices"][0] == {"keep": ["G", "D", "D"], "points": 250, "dice_next": 6}
    assert view["bank_refusal"]["code"] == "hot_dice_must_roll"
    game.act(0, keep("G", "D", "D"))
    assert game.view(0)["keep_choices"] == [] and game.view(0)["bank_refusal"] is None


class TestGoalAndTurnLimit:
    """The ``goal`` option (a shorter game) and the ``turn_limit`` option (a finite one, for study)."""

    def test_a_bank_reaching_a_lower_goal_starts_the_final_round(self):
        game = greed_scripted(options={"goal": 1000})
        play_turn(game, ["$", "$", "$", "D", "D", "R"], BANK)  # 600 + 200 = 800: below the goal
        view = game.view(None)
        assert view["scores"] == [800, 0] and not view["final_round"] and view["winning_score"] == 1000
        play_turn(game, NOTHING)
        play_turn(game, ["D", "D", "R", "R", "Eb", "Em"], BANK)  # 800 + 200 = 1,000: the goal
        view = game.view(None)
        assert view["final_round"] and view["target"] == 1000 and view["current"] == 1

    def test_a_set_aside_past_the_turn_limit_banks_the_turn_at_once(self):
        game = greed_scripted(options={"goal": 500, "turn_limit": 1000})
        play_turn(game, ["$", "$", "$", "D", "R", "Eb"], keep("$", "$", "$"))  # 600, three dice left
        assert game.view(None)["turn_total"] == 600 and game.is_chance
        play_turn(game, ["D", "D", "R"], keep("D", "D"))  # 800 is not past 1,000: roll on
        assert game.view(None)["turn_total"] == 800 and game.view(None)["dice_left"] == 1
        play_turn(game, ["D"], keep("D"))  # 900, hot dice: six to roll
        play_turn(game, ["G", "G", "G", "R", "R", "Eb"], keep("G", "G", "G"))  # 1,400 > 1,000
        view = game.view(None)
        assert view["scores"] == [1400, 0] and view["final_round"] and view["current"] == 1
        assert view["last_turn"]["log"][-1]["turn_limit"] is True

    def test_hot_dice_past_the_limit_bank_too(self):
        game = greed_scripted(options={"goal": 500, "turn_limit": 1000})
        play_turn(game, SIX_D, keep(*SIX_D))  # 5,000 and hot dice, but past the limit
        assert game.view(None)["scores"] == [5000, 0] and game.view(None)["current"] == 1

    def test_the_catch_up_turn_has_no_limit(self):
        game = greed_scripted(options={"goal": 500, "turn_limit": 1000})
        play_turn(game, ["$", "$", "$", "D", "R", "Eb"], BANK)  # 700: the final round
        play_turn(game, SIX_D, keep(*SIX_D))  # 5,000 for the catch-up player: rolls on
        view = game.view(None)
        assert view["turn_total"] == 5000 and view["current"] == 1 and not game.is_over

    def test_bad_goals_and_limits_are_refused_with_what_is_allowed(self):
        for options, words in [
            ({"goal": 75}, "any multiple of 50 from 50 to 10,000: 75 is not a positive multiple of 50"),
            ({"goal": 20_000}, "20000 is more than 10,000"),
            ({"goal": 1000, "turn_limit": 1200}, "at least the goal plus 500 (1,500); got 1,200"),
            # The limit sizes the solve: it has a bound, like the goal.
            ({"turn_limit": 20_050}, "from the goal plus 500 to 20,000: 20050 is more than 20,000"),
        ]:
            with pytest.raises(ValueError, match=re.escape(words)):
                hs.new_game("greed", seats=2, options=options)
