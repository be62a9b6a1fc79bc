"""Duplicate simulation: each deal played twice with the partnerships' seats swapped.

The hand-built game (``partnership_game.py``, Tally) has a result known by hand: ``high``
puts 3 points a seat and ``low`` 1, and the head start that the die gives the first side goes
once to each bot, so every deal's difference is exactly 4.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
from collections.abc import Iterator

import pytest

import highstakes as hs
from highstakes.analysis.simulate import play_deal, simulate_duplicate
from highstakes.analysis.stats import Z_95, mean_interval
from highstakes.cli.main import main
from highstakes.engine.registry import register, unregister
from highstakes.testing import ConformanceError, check_game
from partnership_game import SIDES, TallyDefinition


@contextlib.contextmanager
def registered(breakage: str = "none") -> Iterator[str]:
    definition = register(TallyDefinition(breakage))
    try:
        yield definition.id
    finally:
        unregister(definition.id)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def head_start(game_id: str, seed: int, index: int) -> int:
    """The die of deal ``index`` of a run seeded ``seed``: the same seed as the run draws."""
    game_seed = random.Random(f"{seed}:{index}").getrandbits(63)
    return int(hs.new_game(game_id, 4, seed=game_seed).view(0)["head_start"])


def test_the_mean_and_its_interval_by_hand() -> None:
    mean, interval = mean_interval([1, 2, 3, 4])
    # s² = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; half-width = z · √(5/3 / 4).
    half = Z_95 * math.sqrt(5 / 12)
    assert mean == 2.5 and interval == pytest.approx((2.5 - half, 2.5 + half))
    assert mean_interval([7.0]) == (7.0, None)  # one deal: no spread to measure
    assert mean_interval([3, 3, 3]) == (3.0, (3.0, 3.0))


def test_each_deal_of_the_hand_built_game_gives_the_known_difference() -> None:
    with registered() as game_id:
        for index in range(12):
            rolled = head_start(game_id, 5, index)
            outcome = play_deal(game_id, ["high", "low"], 4, {}, SIDES, 5, index)
            # high's side first holds the head start, then low's: (6 + r) - 2, then 6 - (2 + r).
            assert outcome.differences == (4 + rolled, 4 - rolled)
            high_wins = 1 + (1.0 if rolled < 4 else 0.5 if rolled == 4 else 0.0)
            assert outcome.wins == (high_wins, 2 - high_wins)
            assert outcome.decisions == 8


def test_a_duplicate_run_of_the_hand_built_game_reports_the_known_result() -> None:
    with registered() as game_id:
        summary = simulate_duplicate(game_id, ["high", "low"], 60, seed=2)
        rolls = [head_start(game_id, 2, index) for index in range(60)]
    assert min(rolls) < 4 < max(rolls)  # the luck of the die goes both ways in this run
    data = summary.to_json()
    assert summary.differences == [4.0] * 60
    assert data["difference"]["mean"] == 4.0 and data["difference"]["ci95"] == [4.0, 4.0]
    high_wins = sum(1 + (1.0 if r < 4 else 0.5 if r == 4 else 0.0) for r in rolls)
    assert [row["wins"] for row in data["bots"]] == [high_wins, 120 - high_wins]
    assert data["deals"] == 60 and data["games"] == 120


@pytest.mark.parametrize("bot", ["random", "rules"])
def test_a_bot_against_itself_scores_exactly_zero_on_every_deal(bot: str) -> None:
    # The same cards, the same seed for the bots' random choices and the same bot in every
    # seat: the two plays of a deal are one game, its sides' scores exchanged.
    summary = simulate_duplicate("make_a_million", [bot, bot], 30, seed=11)
    assert summary.differences == [0.0] * 30
    data = summary.to_json()
    assert data["difference"]["mean"] == 0 and data["difference"]["ci95"] == [0.0, 0.0]
    assert [row["bot"] for row in data["bots"]] == [f"{bot}#1", f"{bot}#2"]
    assert data["bots"][0]["wins"] == data["bots"][1]["wins"] == 30.0
    # Not a trivial zero: the single plays were won and lost by real margins.
    sides = [(0, 2), (1, 3)]
    options = hs.definition("make_a_million").duplicate_options(4, hs.definition("make_a_million")
                                                                .options_type()).to_json()
    margins = [play_deal("make_a_million", [bot, bot], 4, options, sides, 11, index).differences
               for index in range(5)]
    assert all(first == -second for first, second in margins)
    assert any(first != 0 for first, _ in margins)


def test_the_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "make_a_million", "--duplicate", "--bots", "rules", "random", "--games", "40",
            "--seed", "3", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"game", "mode", "seed", "seats", "partnerships", "options", "deals", "games", "bots",
                         "difference", "mean_decisions"}
    assert (data["game"], data["mode"], data["seed"], data["seats"]) == ("make_a_million", "duplicate", 3, 4)
    assert data["partnerships"] == [[0, 2], [1, 3]]
    assert data["options"]["hand_limit"] == 1  # one deal a game
    assert data["deals"] == 40 and data["games"] == 80
    assert [row["bot"] for row in data["bots"]] == ["rules", "random"]
    assert sum(row["wins"] for row in data["bots"]) == 80
    for row in data["bots"]:
        assert set(row) == {"bot", "games", "wins", "win_rate"} and row["games"] == 80
        assert row["win_rate"] == row["wins"] / 80
    difference = data["difference"]
    assert difference["of"] == ["rules", "random"]
    low, high = difference["ci95"]
    assert low < difference["mean"] < high
    assert difference["interval"] == "normal approximation over deals"
    assert data["mean_decisions"] > 20
    # The same summary again, and with a pool of two processes.
    assert json.loads(run(capsys, *args)[1]) == data
    assert json.loads(run(capsys, *args, "--workers", "2")[1]) == data


def test_the_table_says_the_difference_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    with registered() as game_id:
        code, out, _ = run(capsys, "simulate", game_id, "--duplicate", "--bots", "high,low", "--games", "20")
    assert code == 0
    assert "20 deals each played twice" in out
    assert "mean score difference per deal, high minus low: 4 (95% CI 4 to 4)" in out


def test_bots_may_be_named_apart_or_with_commas(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("simulate", "greed", "--games", "6", "--json")
    apart = json.loads(run(capsys, *base, "--bots", "random", "heuristic")[1])
    together = json.loads(run(capsys, *base, "--bots", "random,heuristic")[1])
    assert apart == together and [row["bot"] for row in apart["bots"]] == ["random", "heuristic"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("greed",), "--duplicate needs two partnerships, and greed with 2 seats is not played by two"),
        (("make_a_million", "--seats", "5"), "make_a_million with 5 seats is not played by two"),
        (("make_a_million", "--seats", "6", "-o", "variant=silent_partner"),
         "make_a_million with 6 seats is not played by two"),
        (("make_a_million", "--bots", "rules"), "--duplicate compares two bots, one for each partnership"),
        (("make_a_million", "--bots", "rules,random,rules"), "e.g. --bots rules,random; got 3"),
        (("make_a_million", "--bots", "rules,wizard"), "unknown bot 'wizard'"),
        (("make_a_million", "--plot", "chart.png"), "not of --duplicate"),
        (("make_a_million", "--games", "0"), "at least 1"),
    ],
)
def test_mistakes_are_one_line_and_exit_code_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                               message: str) -> None:
    # A later --games replaces this one.
    code, out, err = run(capsys, "simulate", argv[0], "--duplicate", "--games", "2", *argv[1:])
    assert code == 2 and out == ""
    assert err.startswith("highstakes: error: ") and err.count("\n") == 1 and message in err, err


def test_the_kit_passes_sound_partnerships() -> None:
    with registered() as game_id:
        assert check_game(game_id, games=20).games == 20


@pytest.mark.parametrize(("breakage", "message"), [
    ("overlapping_sides", "partnerships() must split the seats 0 to 3"),
    ("split_score", "must share one score"),
])
def test_the_kit_catches_broken_partnerships(breakage: str, message: str) -> None:
    with registered(breakage) as game_id, pytest.raises(ConformanceError) as failure:
        check_game(game_id, games=20)
    assert game_id in str(failure.value) and message in str(failure.value), failure.value
