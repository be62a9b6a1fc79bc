"""The optimal Greed solver, checked against hand counts and independent brute force.

The full game takes about half a minute to solve, so tests solve small games
(goal 300 or 1,000) and check them state by state against the Bellman
equations computed here from raw rolls, without the solver's roll groups,
solving order or Newton steps. Tests of the full game run only when its
solution is already cached (``highstakes solve greed``).
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np
import pytest

from highstakes.catalog.greed import solver
from highstakes.catalog.greed.scoring import (
    FACES,
    NUM_DICE,
    ScoringTable,
    all_rolls,
    counts_of,
    scoring_keeps,
)
from highstakes.catalog.greed.solver import BANK, GreedSolution, SolverRules
from highstakes.i18n import use_language

DEFAULT = ScoringTable()


def _scores_nothing(faces: tuple[str, ...]) -> bool:
    """RULES.md §2.2 by hand: no G, no D and no three alike means nothing scores."""
    return "G" not in faces and "D" not in faces and all(faces.count(face) < 3 for face in FACES)


@pytest.mark.parametrize("dice", range(1, NUM_DICE + 1))
def test_greed_out_probability_matches_a_count_of_every_sequence(dice: int) -> None:
    hand_counts = {1: 4, 2: 16, 3: 60, 4: 204, 5: 600, 6: 1440}
    sequences = sum(_scores_nothing(faces) for faces in itertools.product(FACES, repeat=dice))
    assert sequences == hand_counts[dice]
    classes = solver.roll_classes(DEFAULT)
    assert classes.greed_out[dice] == pytest.approx(hand_counts[dice] / 6**dice, abs=1e-15)


@pytest.mark.parametrize("table", [DEFAULT, ScoringTable(four_d=800, six_of_a_kind=1000)])
def test_roll_groups_cover_every_roll_once(table: ScoringTable) -> None:
    classes = solver.roll_classes(table)
    for dice in range(1, NUM_DICE + 1):
        groups = range(classes.class_start[dice], classes.class_start[dice + 1])
        total = classes.greed_out[dice] + sum(classes.class_prob[c] for c in groups)
        assert total == pytest.approx(1.0, abs=1e-12)
        for c in groups:
            options = range(classes.option_start[c], classes.option_start[c + 1])
            # Setting every die aside is exactly what makes a roll hot.
            assert bool(classes.class_hot[c]) == any(classes.option_next[o] == NUM_DICE for o in options)
    assert classes.max_points == (5000 if table.six_of_a_kind == 5000 else 1200) // solver.UNIT


# --------------------------------------------------------------------------------------
# R(d, n): one turn to make d more points
# --------------------------------------------------------------------------------------
@cache
def _brute_reach(need: int, dice: int, rolls_left: int) -> float:
    """Best chance of making ``need`` more points within ``rolls_left`` rolls, from raw rolls."""
    if rolls_left == 0:
        return 0.0
    total = 0.0
    for roll, probability in all_rolls(dice):
        keeps = scoring_keeps(roll, DEFAULT)
        if not keeps:
            continue
        hot = any(sum(keep) == dice for keep, _ in keeps)
        if not hot and keeps[0][1] >= need:
            total += probability
            continue
        best = 0.0
        for keep, points in keeps:
            after = dice - sum(keep) or NUM_DICE
            best = max(best, _brute_reach(max(need - points, 0), after, rolls_left - 1))
        total += probability * best
    return total


@pytest.fixture(scope="module")
def small() -> GreedSolution:
    """Goal 1,000: small enough to solve in well under a second."""
    return solver.solve(SolverRules(goal=1000, cap=2000))


@pytest.mark.parametrize("dice", range(1, NUM_DICE + 1))
def test_reach_matches_brute_force_enumeration(small: GreedSolution, dice: int) -> None:
    for need in range(0, 401, 50):
        exact = small.reach_probability(need, dice)
        bounded = _brute_reach(need, dice, 16)
        # Limiting the number of rolls can only lose chances, and only long hot-dice chains.
        assert bounded <= exact + 1e-12
        assert bounded == pytest.approx(exact, abs=1e-12)


def test_reach_with_one_die_by_hand(small: GreedSolution) -> None:
    # One scoring die is always hot dice: both G and D force a roll of all six.
    after_hot = small.reach_probability(0, 6)
    assert small.reach_probability(50, 1) == pytest.approx(after_hot / 3, abs=1e-15)
    assert small.reach_probability(100, 1) == pytest.approx(
        (small.reach_probability(50, 6) + after_hot) / 6, abs=1e-15
    )
    # Made already, six dice to roll: a greed-out is the only way to lose, if hot dice are ignored.
    assert 1 - 1440 / 46656 - 0.01 < after_hot < 1 - 1440 / 46656


def test_reach_falls_as_the_need_grows(small: GreedSolution) -> None:
    # Provable: any play that makes d points also makes fewer, and may bank at least as often.
    reach = small.reach[:, 1:]
    assert np.all(np.diff(reach, axis=0) <= 1e-15)
    assert np.all((reach >= 0) & (reach <= 1))


# --------------------------------------------------------------------------------------
# The whole game: Bellman equations from raw rolls
# --------------------------------------------------------------------------------------
def _bank(solution: GreedSolution, me: int, opp: int, total: int) -> float:
    """The banker's win chance, from RULES.md §2.6 rather than from the solver's code."""
    rules = solution.rules
    if total >= rules.goal:
        need = total + 50 - opp  # the opponent must finish strictly above the banked total
        if rules.min_every_turn or opp == 0:
            need = max(need, rules.opening)
        return 1 - solution.reach_probability(need, 6)
    return 1 - solution.win_probability(opp, total, 0, 6)


@cache
def _raw_rolls(dice: int, table: ScoringTable) -> list[tuple[float, int, bool, list[tuple[int, int]]]]:
    """Every roll (not grouped): probability, best points, hot, and each set-aside's (points, next dice)."""
    rolls = []
    for roll, probability in all_rolls(dice):
        keeps = scoring_keeps(roll, table)
        hot = any(sum(keep) == dice for keep, _ in keeps)
        best = keeps[0][1] if keeps else 0
        choices = [(points, dice - sum(keep) or NUM_DICE) for keep, points in keeps]
        rolls.append((probability, best, hot, choices))
    return rolls


def _bellman(solution: GreedSolution, me: int, opp: int, turn_total: int, dice: int) -> float:
    """One step of the optimality equation at a pre-roll state, over every raw roll."""
    rules = solution.rules
    must_open = rules.min_every_turn or me == 0
    turn = solution.turn_values(me, opp)  # V(me, opp, t / 50, n) as the solver left it
    greed_out = 1 - solution.win_probability(opp, me, 0, 6)
    value = 0.0
    for probability, best, hot, keeps in _raw_rolls(dice, rules.table):
        if not keeps:
            value += probability * greed_out
            continue
        choice = -1.0
        if not hot and (not must_open or turn_total + best >= rules.opening):
            choice = _bank(solution, me, opp, me + turn_total + best)
        for points, next_dice in keeps:
            after = turn_total + points
            if me + after > rules.cap:
                choice = max(choice, _bank(solution, me, opp, me + after))
            else:
                choice = max(choice, turn[after // 50, next_dice])
        value += probability * choice
    return value


@pytest.mark.parametrize(
    "rules",
    [
        SolverRules(goal=300, cap=600, opening=100),
        SolverRules(goal=300, cap=600, opening=100, min_every_turn=True, dddd=800, six_of_a_kind=1000),
    ],
    ids=["default", "version-b-min-every-turn"],
)
def test_tiny_game_satisfies_the_bellman_equations_everywhere(rules: SolverRules) -> None:
    solution = solver.solve(rules)
    for me, opp in itertools.product(range(0, rules.goal, 50), repeat=2):
        for turn_total in range(0, rules.cap - me + 1, 50):
            for dice in range(1, NUM_DICE + 1):
                assert solution.win_probability(me, opp, turn_total, dice) == pytest.approx(
                    _bellman(solution, me, opp, turn_total, dice), abs=1e-9
                ), (me, opp, turn_total, dice)


def test_small_game_satisfies_the_bellman_equations_at_every_turn_start(small: GreedSolution) -> None:
    for me, opp in itertools.product(range(0, 1000, 50), repeat=2):
        assert small.win_probability(me, opp) == pytest.approx(_bellman(small, me, opp, 0, 6), abs=1e-9)


def test_post_roll_values_average_to_the_pre_roll_value(small: GreedSolution) -> None:
    me, opp, turn_total, dice = 500, 650, 200, 4
    value = 0.0
    for roll, probability in all_rolls(dice):
        if not scoring_keeps(roll, DEFAULT):
            value += probability * (1 - small.win_probability(opp, me))
        else:
            value += probability * small.best_action(me, opp, turn_total, roll)[1]
    assert value == pytest.approx(small.win_probability(me, opp, turn_total, dice), abs=1e-12)


# --------------------------------------------------------------------------------------
# Decisions and sanity
# --------------------------------------------------------------------------------------
def test_hot_dice_and_the_opening_minimum_forbid_banking(small: GreedSolution) -> None:
    greed = counts_of(["$", "G", "R", "Eb", "Em", "D"])
    values = small.action_values(800, 300, 0, greed)
    assert BANK not in values and set(values) == {keep for keep, _ in scoring_keeps(greed, DEFAULT)}
    # Unopened with 250 set aside and a D to take: 350 is below the 500 needed.
    assert BANK not in small.action_values(0, 300, 250, counts_of(["D", "R", "R"]))
    assert BANK in small.action_values(0, 300, 400, counts_of(["D", "R", "R"]))
    with pytest.raises(ValueError, match="greed-out"):
        small.action_values(0, 0, 0, counts_of(["R", "R", "$"]))


def test_banking_past_the_goal_leaves_the_opponent_one_turn(small: GreedSolution) -> None:
    # At 950 with 100 set aside and a D showing, banking makes 1,150; the opponent
    # at 600 must then make more than 550 in one turn.
    values = small.action_values(950, 600, 100, counts_of(["D", "R", "$"]))
    assert values[BANK] == pytest.approx(1 - small.reach_probability(600, 6), abs=1e-15)


def test_one_step_from_the_goal_is_worth_at_least_banking_at_once(small: GreedSolution) -> None:
    # Provable lower bound: the mover at 950 may bank the first roll that is not hot dice.
    for opp in range(0, 1000, 50):
        bank_first = sum(
            probability * _bank(small, 950, opp, 950 + keeps[0][1])
            for roll, probability in all_rolls(6)
            if (keeps := scoring_keeps(roll, DEFAULT)) and not any(sum(k) == 6 for k, _ in keeps)
        )
        assert small.win_probability(950, opp) >= bank_first - 1e-12


def test_values_are_probabilities_and_moving_first_helps(small: GreedSolution) -> None:
    assert np.all((small.start_values >= 0) & (small.start_values <= 1))
    assert 0.5 < small.first_player_win_probability < 0.65
    # The head start that balances the game is the one closest to 50/50 on the grid.
    chances = [small.win_probability(0, c) for c in range(0, 1000, 50)]
    best = min(range(len(chances)), key=lambda k: abs(chances[k] - 0.5))
    assert small.fair_compensation == 50 * best
    assert small.compensated_first_player_win_probability == pytest.approx(chances[best])


def test_summary_lists_what_the_cli_prints(small: GreedSolution) -> None:
    summary = small.summary()
    assert summary["state_count"] == small.state_count > 0
    assert summary["first_player_win_probability"] == small.first_player_win_probability
    assert summary["fair_compensation"] % 50 == 0
    assert {"solve_seconds", "cache_path", "peak_memory_mib", "rules"} <= set(summary)


def test_bad_arguments_are_refused(small: GreedSolution) -> None:
    with pytest.raises(ValueError, match="multiple of 50"):
        small.win_probability(125, 0)
    with pytest.raises(ValueError, match="final round"):
        small.win_probability(1000, 0)
    with pytest.raises(ValueError, match="cap"):
        SolverRules(goal=1000, cap=1200)
    with pytest.raises(ValueError, match="multiple of 50"):
        SolverRules(goal=1010)


# --------------------------------------------------------------------------------------
# The cache
# --------------------------------------------------------------------------------------
def test_cache_round_trip(tmp_path, monkeypatch: pytest.MonkeyPatch, small: GreedSolution) -> None:
    monkeypatch.setenv(solver.CACHE_ENV, str(tmp_path))
    rules = small.rules
    assert solver.load_cached(rules) is None
    path = solver.save(small)
    assert path.parent == tmp_path and path.name == rules.cache_name()
    loaded = solver.load_cached(rules)
    assert loaded is not None and loaded.cache_path == path
    np.testing.assert_array_equal(loaded.start_values, small.start_values)
    np.testing.assert_array_equal(loaded.reach, small.reach)
    assert loaded.state_count == small.state_count
    # Other options have their own file.
    assert solver.cache_path(SolverRules(goal=1000, cap=2000, dddd=800)) != path
    path.write_bytes(b"not a solution")
    assert solver.load_cached(rules) is None


def test_load_or_solve_reads_the_cache_without_solving(
    tmp_path, monkeypatch: pytest.MonkeyPatch, small: GreedSolution
) -> None:
    monkeypatch.setenv(solver.CACHE_ENV, str(tmp_path))
    rules = SolverRules(goal=1000, cap=2000)
    solver.save(small)
    monkeypatch.setattr(solver, "_LOADED", {})

    def refuse(*args: object, **kwargs: object) -> GreedSolution:
        raise AssertionError("solved although a cached solution exists")

    monkeypatch.setattr(solver, "solve", refuse)
    assert solver.load_or_solve(rules).first_player_win_probability == small.first_player_win_probability


# --------------------------------------------------------------------------------------
# The full game (solved once, then kept in the test cache)
# --------------------------------------------------------------------------------------
@pytest.mark.slow
def test_full_game_headline_numbers(full_greed_solution: GreedSolution) -> None:
    full = full_greed_solution
    assert 0.5 < full.first_player_win_probability < 0.6
    assert 0 <= full.fair_compensation < 5000 and full.fair_compensation % 50 == 0
    assert abs(full.compensated_first_player_win_probability - 0.5) <= abs(
        full.first_player_win_probability - 0.5
    )


@pytest.mark.slow
def test_full_game_satisfies_the_bellman_equations_at_sampled_states(
    full_greed_solution: GreedSolution,
) -> None:
    full = full_greed_solution
    rng = random.Random(2024)
    for _ in range(40):
        me, opp = rng.randrange(0, 5000, 50), rng.randrange(0, 5000, 50)
        turn_total = rng.choice([0, rng.randrange(0, 10000 - me + 1, 50)])
        dice = rng.randrange(1, 7)
        assert full.win_probability(me, opp, turn_total, dice) == pytest.approx(
            _bellman(full, me, opp, turn_total, dice), abs=1e-9
        ), (me, opp, turn_total, dice)



def test_the_solve_report_reads_in_the_readers_language(full_greed_solution: GreedSolution) -> None:
    summary = full_greed_solution.summary()
    with use_language("es"):
        lines = dict(solver.report(full_greed_solution).lines)
    chance = summary["first_player_win_probability"]
    assert 0.5 < chance < 0.6  # the first player's edge (both playing their best)
    assert lines["estados"] == f"{summary['state_count']:,}".replace(",", ".")
    # A share with two decimals at most, Spanish style: "54,46 %" (no trailing zero kept).
    wanted = f"{round(chance * 100, 2):g}".replace(".", ",") + "\u00a0%"
    assert lines["gana el primer jugador (si ambos juegan lo mejor posible)"] == wanted
    assert lines["compensación justa para el segundo jugador"].startswith(
        f"{summary['fair_compensation']} puntos (el primer jugador gana entonces ")
