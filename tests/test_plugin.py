"""A game installed as a separate package appears in every face: the example Pig plugin.

The example in ``examples/pig`` is built and installed into a directory of its own, which the
programs below get on their ``PYTHONPATH`` (as a package installed beside this project would
be); with it they list Pig in ``highstakes games``, play it in a real terminal with
``highstakes play``, simulate it, serve it and play it over the API and in the browser, both
faces drawing the table Pig declares (``highstakes_pig/table.py``), and put it through the
conformance kit and its own tests. Nothing outside ``examples/pig`` names Pig.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import highstakes as hs
from highstakes.testing.browsers import (  # browser_fixture is used by its name: browser
    Visitors,
    browser_fixture,  # noqa: F401
    get_json,
    join,
    last_state,
    post_json,
    running_server,
)
from highstakes.testing.terminal import run_in_terminal

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pig"


class Environment:
    """This Python, with the plugin's installation directory on its path (before the path the tests
    run with, if any, so that a source tree put first for the tests is the one the programs use)."""

    def __init__(self, site: Path) -> None:
        self.python = sys.executable
        # The plugin's directory first, then whatever path this run has (a work tree's sources).
        path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
        self.env = {"PYTHONPATH": path, "PYTHONWARNINGS": "ignore"}

    def run(self, *args: str, check: bool = True, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([self.python, *args], capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, **self.env})
        if check and done.returncode != 0:
            raise AssertionError(f"{args} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        return done

    def highstakes(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.run("-m", "highstakes", *args)


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Environment]:
    """The Pig plugin, built and installed (with its metadata and entry point) into a directory."""
    root = tmp_path_factory.mktemp("plugin")
    # Built from a copy, so that the build leaves nothing in the example's folder.
    source = root / "pig"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("*.egg-info", "build", "__pycache__"))
    site = root / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(site), str(source)],
        check=True, capture_output=True, timeout=300,
    )
    yield Environment(site)


def test_the_plugin_is_a_game_only_where_it_is_installed(plugin: Environment) -> None:
    listed = json.loads(plugin.highstakes("games", "--json").stdout)
    pig = next(game for game in listed if game["id"] == "pig")
    assert pig["title"] == "Pig" and pig["min_seats"] == 2
    assert [bot["name"] for bot in pig["bots"]] == ["random", "hold10", "hold20"]
    assert "Pig" in plugin.highstakes("games").stdout
    assert "Hold" in plugin.highstakes("rules", "pig").stdout
    if "pig" not in hs.games():  # this environment did not install it
        assert "pig" not in subprocess.run(
            [sys.executable, "-m", "highstakes", "games", "--json"],
            capture_output=True, text=True, check=True,
        ).stdout


def test_the_plugin_passes_the_conformance_kit_and_its_own_tests(plugin: Environment) -> None:
    plugin.run("-c", "from highstakes.testing import check_game; check_game('pig', games=200, seed=0)")
    done = plugin.run("-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                      str(EXAMPLE / "tests"))
    assert "passed" in done.stdout


def test_the_plugin_is_simulated(plugin: Environment) -> None:
    summary = json.loads(plugin.highstakes("simulate", "pig", "--games", "300", "--bots", "hold20,random",
                                           "--json").stdout)
    rates = {row["bot"]: row["win_rate"] for row in summary["bots"]}
    assert summary["games"] == 300 and rates["hold20"] > rates["random"]


def test_the_plugin_is_played_in_a_terminal_at_its_declared_table(plugin: Environment) -> None:
    # Two people at one keyboard (no bot to wait for): roll once, then hold, turn after turn.
    # Pig's table keeps key 1 for rolling again and 2 for holding (its menu's order).
    command = [plugin.python, "-m", "highstakes", "play", "pig", "--seats", "2", "--bots", "human",
               "-o", "target=50", "--seed", "3"]
    code, screen = run_in_terminal(command, keys=[b"1", b"2"] * 300, until=b"wins", env=plugin.env)
    assert code == 0, screen[-2000:]
    for words in ("Roll again", "Hold and bank", "at stake. Roll again or hold?", "Turn total",
                  "Points to win", "The die", "wins"):
        assert words in screen, words


def test_the_plugin_is_played_over_the_api_and_in_the_browser(
    plugin: Environment, browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Pig's catalogs, for the terminal's reader of the tables the page is sent.
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    from highstakes.i18n import Domain
    from highstakes.table import from_json
    from highstakes.table.reading import Reader

    compared = 0
    with running_server(tmp_path, env=plugin.env) as url:
        games = {game["id"]: game for game in get_json(url, "/api/games")}
        # No renderer of its own: the browser draws the table Pig declares.
        assert games["pig"]["renderer"] is None and games["pig"]["declares_table"]
        created = post_json(url, "/api/rooms", {"game": "pig", "seats": ["human", "bot:hold20"],
                                                "options": {"target": 50}})
        visitors = Visitors(browser, url)
        try:
            page = visitors.open(created["invite"])
            join(page, "Ann", 0)
            for _ in range(400):
                state = last_state(page)
                if state["status"] == "over":
                    break
                if state["legal"]:
                    # Roll while the turn is worth less than 10, then hold: by click, or by key.
                    view = state["view"]
                    expect(page.locator(".table-turn")).to_have_text(
                        f"Your turn: {view['turn_total']} at stake. Roll again or hold?")
                    if compared < 3:
                        # Both faces say the same words of Pig's table: the turn line and the menu.
                        table = from_json(state["table"])
                        reader = Reader(Domain("pig", "highstakes_pig"))
                        page_text = " ".join(page.locator("#table .htable").inner_text().split())
                        for words in [reader.text(table.turn),
                                      *(reader.text(item.label) for item in table.controls[0].items)]:
                            assert words in page_text, words
                        compared += 1
                    before = state["version"]
                    if view["turn_total"] >= 10:
                        page.get_by_role("button", name=re.compile(r"^Hold and bank")).click()
                    else:
                        page.keyboard.press("1")  # roll again
                    page.wait_for_function(
                        "(v) => window.__hs.last.version > v || window.__hs.last.status === 'over'",
                        arg=before,
                    )
                else:
                    page.wait_for_function("() => window.__hs.last.legal.length > 0 "
                                           "|| window.__hs.last.status === 'over'")
            assert compared
            final = last_state(page)
            assert final["status"] == "over" and final["result"]["winners"]
            visitors.assert_no_page_errors()
        finally:
            visitors.close()
        record_room = get_json(url, f"/api/rooms/{created['room']}")
        assert record_room["game"] == "pig" and record_room["status"] == "over"
