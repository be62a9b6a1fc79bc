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
    assert greed["min_seats"] == 2 and greed["max_seats"] == 12
    assert {o["name"] for o in greed["options"]} == {
        "dddd", "six_of_a_kind", "min_every_turn", "goal", "turn_limit"}


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
        (("play", "greed", "--seats", "13"), "2 to 12 seats"),
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


def finished_greed_game() -> hs.Game:
    game = hs.new_game("greed", seats=2, seed=8)
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0])
    return game


@pytest.mark.parametrize("flag", [["--json"], []])  # piped (as here), the viewer is not opened
def test_replay_json_prints_the_final_view(capsys, tmp_path, flag):
    game = finished_greed_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    code, out, _ = run(capsys, "replay", str(path), *flag)
    assert code == 0
    data = json.loads(out)
    assert data["result"] == game.result() and data["view"] == game.view(None) and data["over"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("not json", "is not a game record: it is not JSON (Expecting value at line 1)"),
     ("[1, 2]", "is not a game record: a record is a JSON object with the keys game, seats and actions"),
     ('{"game": "greed", "seats": 2}', "is not a game record: it has no actions"),
     ('{"seats": 2, "actions": []}', "is not a game record: it has no game"),
     ('{"game": "chess", "seats": 2, "actions": []}', "is a record of 'chess', which is not installed"),
     ('{"game": "greed", "seats": 2, "actions": {}}', "its actions are not a list"),
     ('{"game": "greed", "seats": 2, "actions": [{"action": {"bank": true}}]}', "entry 0 has no seat"),
     ('{"game": "greed", "seats": 2, "actions": [{"chance": [1]}, {"seat": 1}]}', "entry 1 has no action"),
     ('{"game": "greed", "seats": 2, "actions": [7]}', "entry 0 is not an object"),
     ('{"game": "greed", "seats": 2, "actions": [{"seat": 2, "action": {"bank": true}}]}',
      "entry 0 names seat 2; a record counts this game's 2 seats from 0 to 1"),
     ('{"game": "greed", "seats": 2, "seed": 1, "actions": [{"seat": 0, "action": {"bank": true}}]}',
      "entry 0")],
)
def test_replay_of_bad_files_says_what_is_wrong_in_one_line(capsys, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_replay_of_a_binary_file_is_not_a_record(capsys, tmp_path):
    path = tmp_path / "photo.png"
    path.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert err == f"highstakes: error: {path} is not a game record: it is not a text file\n"


def test_replay_of_a_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read" in err and "No such file or directory" in err


def test_simulate_with_one_bot_says_how_to_name_two(capsys):
    code, _, err = run(capsys, "simulate", "greed", "--bots", "random", "--games", "3")
    assert code == 2
    assert "name a bot for each seat (--bots random,random) or fill every seat with it " \
        "(--bots random --seats 2)" in err


def test_a_game_with_a_usual_table_is_offered_it(capsys):
    # Make-A-Million's partnerships take four seats; three would be the Variation.
    code, _, err = run(capsys, "simulate", "make_a_million", "--bots", "rules", "--games", "1")
    assert code == 2 and "(--bots rules --seats 4)" in err


def test_an_unknown_flag_after_a_subcommand_shows_that_subcommands_usage(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["play", "greed", "--colour", "red"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: highstakes play ")
    assert "highstakes play: error: unrecognized arguments: --colour red" in err


def test_serve_on_a_database_that_cannot_be_opened_says_why(capsys, tmp_path):
    missing = tmp_path / "no" / "such" / "dir"
    code, out, err = run(capsys, "serve", "--db", f"sqlite:///{missing / 'x.db'}", "--port", "8")
    assert code == 2 and out == ""
    assert err == f"highstakes: error: cannot open the database sqlite:///{missing / 'x.db'}: " \
        f"the folder {missing} does not exist\n"
    code, _, err = run(capsys, "serve", "--db", "nonsense")
    assert code == 2 and err.startswith("highstakes: error: --db takes sqlite:///FILE or postgresql://")


def test_serve_on_a_port_in_use_says_it_is_taken(capsys, tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert code == 1
    assert "serving" not in out
    assert err == f"highstakes: port {port} on 127.0.0.1 is taken by another program; stop it, or serve " \
        "on another port with --port\n"


def test_games_fit_a_narrow_terminal_with_wrapped_lines_indented():
    from highstakes.cli.main import games_lines

    lines = games_lines(40)
    assert max(len(line) for line in lines) <= 40
    assert "Greed  greed · 2 to 12 players" in lines
    # Each bot is listed by its short id with its name in words, indented under the game.
    assert "    optimal    best play" in lines
    # A description that wraps keeps its indentation: nothing of it starts at the margin.
    start = lines.index("    dddd=1000 | 800")
    description = lines[start + 1: lines.index("    six_of_a_kind=5000 | 1000")]
    assert len(description) > 1 and all(line.startswith("      ") for line in description)


def test_games_piped_gives_one_block_of_unwrapped_lines_per_game(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    blocks = out.strip().split("\n\n")
    titles = [hs.definition(game_id).title for game_id in hs.games()]
    assert [block.splitlines()[0].split("  ")[0] for block in blocks] == titles
    summary = hs.definition("deal_or_no_deal").summary
    assert f"  {summary}" in blocks[0].splitlines()  # whole, on one line


def test_play_saves_each_finished_games_record_in_the_user_data_directory(capsys, tmp_path, monkeypatch):
    import highstakes.tui

    played = {}
    monkeypatch.setenv("HIGHSTAKES_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(highstakes.tui, "play", lambda *args, **kwargs: played.update(kwargs))
    code, _, _ = run(capsys, "play", "greed", "--bots", "heuristic")
    assert code == 0
    path = played["record_path"]
    assert path.parent == tmp_path / "records" and path.name.startswith("greed-") and path.suffix == ".json"


def test_simulate_says_it_solves_first_rather_than_freezing_at_0_percent(capsys, monkeypatch):
    from highstakes.catalog.greed import GreedDefinition
    from highstakes.engine.parts import Report, Solver

    solved = []
    unsolved = Solver("a test double", cached=lambda options: None,
                      solve=lambda options, progress: solved.append(dict(options)) or Report({}),
                      seconds=lambda options: 30.0)
    monkeypatch.setattr(GreedDefinition, "solver", lambda self: unsolved)
    code, _, err = run(capsys, "simulate", "greed", "--games", "2", "--bots", "heuristic,random", "--json")
    assert code == 0 and solved == [] and "Solving" not in err  # no bot here plays from the solution
    code, _, err = run(capsys, "simulate", "greed", "--games", "2", "--bots", "optimal,random", "--json")
    assert code == 0 and len(solved) == 1
    assert "Solving Greed for these options, one time, about 30 s (kept for next time)." in err


def test_simulate_deal_or_no_deal_adds_its_analysis(capsys):
    code, out, _ = run(capsys, "simulate", "deal_or_no_deal", "--games", "20", "--bots", "tv-crra,guide-ev",
                       "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 20 and set(data["analysis"]) >= {"winnings", "deal_rounds", "offer_shares"}


def test_plot_is_refused_for_games_without_one(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", "greed", "--games", "2", "--plot", str(tmp_path / "x.png"))
    assert code == 2 and "--plot is not available for greed" in err


def test_games_lists_what_an_option_accepts_beyond_its_choices():
    from highstakes.cli.main import games_lines

    lines = games_lines(200)
    start = lines.index("    goal=5000 | 2500 | 1000")
    assert lines[start + 2] == "      also accepted: any multiple of 50 from 50 to 10,000"
