"""The ``highstakes`` command: output, JSON modes and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import highstakes as hs
from highstakes.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_console_script_is_installed():
    done = subprocess.run(
        [sys.executable, "-m", "highstakes", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    for command in ("play", "simulate", "solve", "replay", "rules", "games"):
        assert command in done.stdout


def test_games_json(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    games = json.loads(out)
    greed = next(g for g in games if g["id"] == "greed")
    assert greed["min_seats"] == 2 and greed["max_seats"] == 8
    assert {o["name"] for o in greed["options"]} == {"dddd", "six_of_a_kind", "min_every_turn"}


def test_rules_prints_the_rules(capsys):
    code, out, _ = run(capsys, "rules", "greed")
    assert code == 0 and "Hot dice" in out


def test_unknown_game_is_a_usage_error(capsys):
    code, _, err = run(capsys, "rules", "poker")
    assert code == 2 and "available games: deal_or_no_deal, greed" in err


def test_simulate_json_is_deterministic_and_complete(capsys):
    args = ("simulate", "greed", "--games", "40", "--bots", "random,heuristic", "--seed", "5", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 40 and data["seed"] == 5
    assert [row["bot"] for row in data["bots"]] == ["random", "heuristic"]
    assert sum(row["wins"] for row in data["bots"]) == pytest.approx(40)
    for row in data["bots"]:
        low, high = row["ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        assert [seat["games"] for seat in row["by_seat"]] == [20, 20]  # bots swap seats
    assert data["mean_turns"] > 2
    _, again, _ = run(capsys, *args)
    assert json.loads(again) == data


def test_simulate_workers_give_the_same_summary(capsys):
    base = ("simulate", "greed", "--games", "24", "--bots", "random,random,random", "--json")
    _, one, _ = run(capsys, *base)
    _, two, _ = run(capsys, *base, "--workers", "2")
    assert json.loads(one) == json.loads(two)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("simulate", "greed", "--bots", "random,wizard"), "unknown bot 'wizard'"),
        (("simulate", "greed", "-o", "dddd=900"), "must be one of 1000, 800"),
        (("simulate", "greed", "-o", "colour"), "NAME=VALUE"),
        (("simulate", "greed", "--games", "0"), "at least 1"),
        (("simulate", "greed", "--seats", "3", "--bots", "random,random"), "one bot per seat"),
        (("play", "greed", "--seats", "9"), "2 to 8 seats"),
        (("play", "greed", "--bots", "wizard"), "unknown bot 'wizard'"),
        (("solve", "greed", "-o", "nope=1"), "unknown option 'nope'"),
        (("play", "deal_or_no_deal", "--seats", "3", "-o", "version=duo"), "duo version is for 2 players"),
        (("simulate", "deal_or_no_deal", "--seats", "3", "--bots", "random", "-o", "version=duo"),
         "duo version is for 2 players"),
    ],
)
def test_bad_input_exits_2_with_a_reason(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_replay_prints_the_final_view(capsys, tmp_path):
    game = hs.new_game("greed", seats=2, seed=8)
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    data = json.loads(out)
    assert data["result"] == game.result() and data["view"] == game.view(None) and data["over"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("not json", "is not JSON"), ("[1, 2]", "does not hold a game record"),
     ('{"game": "greed", "seats": 2}', "needs the key 'actions'"),
     ('{"game": "greed", "seats": 2, "seed": 1, "actions": [{"seat": 0, "action": {"bank": true}}]}',
      "entry 0")],
)
def test_replay_of_bad_files(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and message in err


def test_replay_of_a_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read" in err


def test_simulate_deal_or_no_deal_adds_its_analysis(capsys):
    code, out, _ = run(capsys, "simulate", "deal_or_no_deal", "--games", "20", "--bots", "tv-crra,guide-ev",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 20 and set(data["analysis"]) >= {"winnings", "deal_rounds", "offer_shares"}


def test_plot_is_refused_for_games_without_one(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", "greed", "--games", "2", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "--plot is not available for greed" in err
