"""The command line in the reader's language: ``--lang`` before or after the command, the locale
variables, and pseudo-localisation of every command's help and of its common messages."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.resources import files

import pytest

import highstakes as hs
from highstakes.bots.registry import available_bots
from highstakes.cli.main import build_parser, main
from highstakes.i18n import get_language

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[^\W\d_]{2,}")
#: What the command line shows that is not words: flags, metavars in capitals, JSON, URLs.
NOT_WORDS = [
    re.compile(r"\S+\.(md|json|org|png)\b|Game\.record\(\)"),  # files and names of code
    re.compile(r"^ *\w+=.*$", re.MULTILINE),  # an option and its values: dddd=1000 | 800
    re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*(=\S*)?"),  # --bots, -o, --lang=es, -o dddd=800
    re.compile(r"\b[A-Z][A-Z_.]+\b"),  # GAME, NAME=VALUE, FILE.png, LANG
    re.compile(r"\{[^{}]*\}"),  # argparse's choices: {critical,error,...}
    re.compile(r"\w+://\S*"),  # sqlite:///FILE, https://games.example.org
    re.compile(r"'[^'\n]{1,24}'"),  # a value quoted back: 'nosuchgame', 'highstakes games'
]


def _allowed() -> set[str]:
    """Ids the command line shows as they are: commands, games, bots, options and their values."""
    words = {"highstakes", "Eb", "Em", *build_parser().subcommands}
    for game_id in hs.games():
        words.update(game_id.split("_"))
        words.update(word for bot in available_bots(game_id) for word in bot.split("-"))
        for spec in hs.definition(game_id).option_specs:
            words.update(spec.name.split("_"))
            words.update(str(choice) for choice in spec.choices)
    words.update({"en", "es", "it", "uz", "true", "false", "null", "human", "random"})
    return words


ALLOWED = _allowed()


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦ ⟧ that are not ids, flags or values."""
    while (stripped := MARKED.sub(" ", text)) != text:
        text = stripped
    for pattern in NOT_WORDS:
        text = pattern.sub(" ", text)
    return [word for word in WORD.findall(text) if word not in ALLOWED]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # --help and argparse's own usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


COMMANDS = ["games", "serve", "play", "simulate", "solve", "replay", "rules"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_help_is_marked_in_the_pseudo_language(capsys, command):
    argv = ["--lang", "qps", "--help"] if command is None else [command, "--help", "--lang", "qps"]
    code, out, _err = run(capsys, *argv)
    assert code == 0
    assert "⟦" in out
    assert unmarked(out) == [], out


def _no_app(*_args: object, **_kwargs: object) -> None:
    pytest.fail("the command was accepted and started a game")  # not an Exception: main cannot catch it


@pytest.mark.parametrize("argv", [
    ["play"],  # a required argument missing: argparse's own words
    ["play", "greed", "--seatz", "2"],  # an unknown flag
    ["simulate", "greed", "--games", "many"],  # a value of the wrong type
    ["serve", "--log-level", "loud"],  # a value not among the choices
    ["play", "nosuchgame"],
    ["play", "greed", "--bots", "nosuchbot"],
    ["play", "greed", "--seats", "13"],  # one more than Greed's table takes
    ["simulate", "greed", "--bots", "random"],
    ["simulate", "greed", "--seats", "3", "--bots", "random,random"],
    ["solve", "deal_or_no_deal"],
    ["play", "greed", "-o", "dddd"],
    ["replay", "/nonexistent/record.json"],
    ["serve", "--port", "70000"],
])
def test_common_mistakes_are_said_in_marked_words(capsys, monkeypatch, argv):
    # A mistake never reaches the game: were one of these ever allowed, the terminal app would
    # start and wait for keys no test presses.
    monkeypatch.setattr("highstakes.tui.play", _no_app)
    code, _out, err = run(capsys, "--lang", "qps", *argv)
    assert code == 2
    assert "Traceback" not in err
    assert "⟦" in err
    assert unmarked(err) == [], err


def test_the_games_list_is_marked(capsys):
    code, out, _err = run(capsys, "games", "--lang", "qps")
    assert code == 0
    assert unmarked(out) == [], out


def test_a_simulation_summary_is_marked(capsys):
    code, out, _err = run(capsys, "--lang", "qps", "simulate", "greed", "--games", "20",
                          "--bots", "random,random")
    assert code == 0
    assert unmarked(out) == [], out


def test_the_english_help_is_caught_by_the_same_check(capsys):
    """The check can fail: without the pseudo-language the same help is all unmarked words."""
    code, out, _err = run(capsys, "play", "--help", "--lang", "en")
    assert code == 0
    assert {"usage", "options", "seed", "dice"} <= set(unmarked(out))


def _rules(game_id: str, language: str) -> str:
    name = "rules.md" if language == "en" else f"rules.{language}.md"
    return files(hs.definition(game_id).resources).joinpath(name).read_text(encoding="utf-8")


@pytest.mark.parametrize("argv", [["rules", "greed", "--lang", "es"], ["--lang", "es", "rules", "greed"],
                                  ["rules", "greed", "--lang=es"]])
def test_rules_greed_in_spanish(capsys, argv):
    code, out, _err = run(capsys, *argv)
    assert code == 0
    assert out.strip() == _rules("greed", "es").strip()
    assert "tirar" in out and "dados" in out


def test_the_locale_variables_choose_the_language_and_lang_wins(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    code, out, _err = run(capsys, "rules", "deal_or_no_deal")
    assert code == 0 and out.strip() == _rules("deal_or_no_deal", "it").strip()
    code, out, _err = run(capsys, "rules", "deal_or_no_deal", "--lang", "uz")
    assert code == 0 and out.strip() == _rules("deal_or_no_deal", "uz").strip()
    assert get_language() == "en"  # the run's language stays the run's


def test_an_unknown_language_is_a_usage_error_naming_the_available_ones(capsys):
    code, out, err = run(capsys, "rules", "greed", "--lang", "klingon")
    assert code == 2 and out == ""
    assert err == "highstakes: error: unknown language 'klingon'; available: en, es, it, uz\n"
    code, _out, err = run(capsys, "--lang")
    assert code == 2 and "available: en, es, it, uz" in err


def test_the_language_reaches_a_subprocess_run_of_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "highstakes", "--lang", "qps", "games", "--json"],
        capture_output=True, text=True, check=True,
    )
    games = {game["id"]: game for game in json.loads(done.stdout)}
    assert games["greed"]["title"] == "⟦Greed⟧"
    assert all(bot["label"].startswith("⟦") for bot in games["greed"]["bots"])
