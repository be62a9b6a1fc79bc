"""Greed bots: always legal, sensible in scripted positions, and the optimal one is stronger.

Strength is measured in real games through the engine. The full game's
solution takes about half a minute to compute, so the fast tests play Greed
to 1,000 instead of 5,000 (the engine's winning score patched for the test)
with the matching small solution; the same tests on the full game run only
when its solution is cached.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

import pytest

import highstakes as hs
from highstakes.bots import Bot, RandomBot, available_bots, make_bot, play_out
from highstakes.catalog.greed import bots, solver
from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.scoring import (
    NUM_DICE,
    ScoringTable,
    all_rolls,
    counts_of,
    faces_of,
    scoring_keeps,
)
from highstakes.catalog.greed.solver import GreedSolution, SolverRules
from highstakes.catalog.greed.tests.helpers import greed_scripted, play_turn
from highstakes.engine.action import JSON, Action

SMALL_GOAL = 1000
SMALL = {"goal": SMALL_GOAL}


@pytest.fixture(scope="module")
def small() -> GreedSolution:
    return solver.solve(SolverRules(goal=SMALL_GOAL, cap=2 * SMALL_GOAL))


@pytest.fixture
def small_game(monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[None]:
    """Solutions the bots solve themselves (games to 1,000, options SMALL) go to a temporary cache."""
    monkeypatch.setenv(solver.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(solver, "_LOADED", {})  # nothing solved earlier in this process
    yield


class LegalityChecked:
    """Wraps a bot and fails the test the moment it returns an action it was not offered."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        assert action in legal, (self.name, action, legal, view)
        self.decisions += 1
        return action


def play_match(
    make_candidate: Callable[[], Bot], make_opponent: Callable[[], Bot], games: int, seed: int,
    options: dict[str, JSON] | None = None,
) -> int:
    """Two-player games, the candidate in seat 0 and 1 alternately; returns its wins.

    Who starts is the engine's roll-off, so neither bot is favoured by seating.
    """
    wins = 0
    candidate, opponent = make_candidate(), make_opponent()
    for index in range(games):
        game = hs.new_game("greed", seats=2, seed=seed + index, options=options)
        seat = index % 2
        players = [opponent, opponent]
        players[seat] = candidate
        play_out(game, players, random.Random(seed + index))
        wins += seat in game.result()["winners"]
    return wins


def z_score(wins: int, games: int) -> float:
    """Standard deviations above a fair coin."""
    return (wins - games / 2) / math.sqrt(games / 4)


# --------------------------------------------------------------------------------------
# The registry and legality
# --------------------------------------------------------------------------------------
def test_registry_names_every_bot() -> None:
    assert [bot.name for bot in bots.BOTS] == ["heuristic", "maxexp", "optimal"]
    assert available_bots("greed") == ["random", "heuristic", "maxexp", "optimal"]
    assert isinstance(make_bot("greed", "random"), RandomBot)
    for info in bots.BOTS:
        assert info.make().name == info.name


@pytest.mark.parametrize("name", ["random", "heuristic", "maxexp"])
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_bots_only_play_legal_actions(name: str, seats: int) -> None:
    for seed in range(4):
        players = [LegalityChecked(make_bot("greed", name)) for _ in range(seats)]
        game = hs.new_game("greed", seats=seats, seed=seed, options={"min_every_turn": seed % 2 == 1})
        play_out(game, players, random.Random(seed))
        assert game.is_over and sum(player.decisions for player in players) > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_optimal_bot_only_plays_legal_actions(small_game: None, small: GreedSolution, seats: int) -> None:
    for seed in range(10):
        players = [LegalityChecked(bots.OptimalBot(small)) for _ in range(seats)]
        play_out(hs.new_game("greed", seats=seats, seed=seed, options=SMALL), players, random.Random(seed))


# --------------------------------------------------------------------------------------
# Scripted positions
# --------------------------------------------------------------------------------------
def test_heuristic_keeps_dice_then_banks_at_its_threshold() -> None:
    game = greed_scripted()
    heuristic = bots.ThresholdBot()
    rng = random.Random(0)
    # Seat 0 opens with $$$ and seat 1 greeds out.
    play_turn(game, ["$", "$", "$", "R", "Eb", "Em"], {"bank": True}, ["R", "R", "$", "$", "Eb", "Em"])
    play_turn(game, ["D", "G", "R", "R", "$", "Eb"])
    # One D keeps five dice to roll: worth more to it than D and G with four.
    assert heuristic.choose(game.view(0), game.legal_actions(0), rng) == Keep(("D",))
    play_turn(game, {"keep": ["D"]}, ["D", "D", "R", "$", "Eb"])
    # 100 set aside and D D showing: banking makes 300.
    assert heuristic.choose(game.view(0), game.legal_actions(0), rng) == Bank()


def test_heuristic_takes_hot_dice_whole() -> None:
    game = greed_scripted()
    play_turn(game, ["$", "$", "$", "G", "G", "G"])
    choice = bots.ThresholdBot().choose(game.view(0), game.legal_actions(0), random.Random(0))
    assert choice == Keep(("$", "$", "$", "G", "G", "G"))


def test_max_expected_banks_a_big_total_with_few_dice() -> None:
    game = greed_scripted()
    play_turn(game, ["$", "$", "$", "G", "G", "G"], {"keep": ["$", "$", "$", "G", "G", "G"]})
    play_turn(game, ["D", "D", "D", "D", "R", "$"])
    # 2,100 banked now, against rolling two dice that greed out 4 times in 9.
    assert bots.MaxExpectedScoreBot().choose(game.view(0), game.legal_actions(0), random.Random(0)) == Bank()


def test_expected_points_table_matches_brute_force() -> None:
    table = ScoringTable()
    minimum, top = 10, 30  # in units of 50: a 500 minimum, turn totals up to 1,500

    cache: dict[tuple[int, int], float] = {}

    def expected(turn_total: int, dice: int) -> float:
        if (turn_total, dice) not in cache:
            value = 0.0
            for roll, probability in all_rolls(dice):
                keeps = scoring_keeps(roll, table)
                if not keeps:
                    continue
                best = 0.0
                hot = any(sum(keep) == dice for keep, _ in keeps)
                if not hot and turn_total + keeps[0][1] // 50 >= minimum:
                    best = turn_total + keeps[0][1] // 50
                for keep, points in keeps:
                    after = turn_total + points // 50
                    next_dice = dice - sum(keep) or NUM_DICE
                    best = max(best, after if after > top else expected(after, next_dice))
                value += probability * best
            cache[turn_total, dice] = value
        return cache[turn_total, dice]

    arrays = solver.roll_classes(table).arrays
    fast = bots._expected_table(minimum, top, *arrays)
    for turn_total in range(top, -1, -1):
        for dice in range(1, NUM_DICE + 1):
            assert fast[turn_total, dice] == pytest.approx(expected(turn_total, dice), abs=1e-9)


def test_catch_up_player_maximises_the_chance_to_overtake(small_game: None, small: GreedSolution) -> None:
    game = greed_scripted(options=SMALL)
    play_turn(game, ["D", "D", "D", "D", "R", "$"], {"bank": True})  # seat 0 reaches 1,000
    view = game.view(1)
    assert view["final_round"] and view["target"] == SMALL_GOAL
    roll = ["D", "G", "R", "R", "$", "Eb"]
    play_turn(game, roll)
    action, chance = bots.advise(game.view(1), game.legal_actions(1), small)
    # Seat 1 must make 1,050 this turn: the best set-aside maximises the chance R of that.
    best_reach = max(
        small.reach_probability(1050 - points, 6 - sum(keep))
        for keep, points in scoring_keeps(counts_of(roll), ScoringTable())
    )
    assert isinstance(action, Keep) and chance == pytest.approx(best_reach)


def test_catch_up_player_banks_as_soon_as_that_takes_the_lead(small_game: None, small: GreedSolution) -> None:
    game = greed_scripted(options=SMALL)
    play_turn(game, ["D", "D", "D", "D", "R", "$"], {"bank": True}, ["D", "D", "D", "D", "D", "R"])
    assert bots.OptimalBot(small).choose(game.view(1), game.legal_actions(1), random.Random(0)) == Bank()


def test_optimal_bot_with_three_players_plays_against_the_leader(small: GreedSolution) -> None:
    view: dict[str, JSON] = {
        "you": 0, "seats": 3, "phase": "play", "current": 0, "scores": [500, 300, 850],
        "opened": [True, True, True], "turn_total": 150, "roll": ["D", "G", "R", "Eb", "Em"],
        "dice_left": 5, "final_round": False, "target": None,
        "options": {"dddd": 1000, "six_of_a_kind": 5000, "min_every_turn": False},
    }
    roll = counts_of(view["roll"])
    legal: list[Action] = [Bank()] + [Keep(faces_of(keep)) for keep, _ in scoring_keeps(roll, ScoringTable())]
    action, chance = bots.advise(view, legal, small)
    decision, value = small.best_action(500, 850, 150, roll)
    assert chance == pytest.approx(value)
    assert action == (Bank() if decision == solver.BANK else Keep(faces_of(decision)))


def test_hint_names_a_legal_action_and_a_win_chance(small_game: None) -> None:
    game = greed_scripted(options=SMALL)
    play_turn(game, ["D", "G", "R", "R", "$", "Eb"])
    legal = game.legal_actions(0)
    advice = bots.hint(game.view(0), legal)
    assert advice["action"] in [action.to_json() for action in legal]
    assert advice["label"] == str(hs.definition("greed").parse_action(advice["action"]))
    assert 0.0 <= advice["win_probability"] <= 1.0 and advice["approximate"] is False
    # The hint solves the 1,000-point game once and caches it.
    assert solver.load_cached(SolverRules(goal=SMALL_GOAL, cap=2 * SMALL_GOAL)) is not None


def test_hint_without_a_decision() -> None:
    assert bots.hint(greed_scripted().view(1), [])["action"] is None


# --------------------------------------------------------------------------------------
# Strength
# --------------------------------------------------------------------------------------
def test_optimal_beats_the_heuristic_significantly(small_game: None, small: GreedSolution) -> None:
    games = 2000
    wins = play_match(lambda: bots.OptimalBot(small), bots.ThresholdBot, games, seed=1000, options=SMALL)
    assert z_score(wins, games) > 3, f"optimal won {wins} of {games}"


def test_self_play_matches_the_solved_first_player_chance(small_game: None, small: GreedSolution) -> None:
    # The engine plays the rules; the solver models them. If they disagreed (final
    # round, opening, hot dice) the first player's real win rate would drift away.
    games = 2000
    optimal = bots.OptimalBot(small)
    first_wins = 0
    for index in range(games):
        game = hs.new_game("greed", seats=2, seed=50_000 + index, options=SMALL)
        play_out(game, [optimal, optimal], random.Random(index))
        result = game.result()
        first_wins += result["starter"] in result["winners"]
    expected = small.first_player_win_probability
    spread = math.sqrt(expected * (1 - expected) / games)
    assert abs(first_wins / games - expected) < 4 * spread


@pytest.mark.slow
def test_optimal_beats_the_heuristic_in_the_full_game(full_greed_solution: GreedSolution) -> None:
    full = full_greed_solution
    games = 2000
    wins = play_match(lambda: bots.OptimalBot(full), bots.ThresholdBot, games, seed=7000)
    assert z_score(wins, games) > 3, f"optimal won {wins} of {games}"
