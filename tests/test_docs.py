"""The docs' examples run and the reference pages are complete: a stale example is a bug.

Every registered game is checked, so a new game's page is covered with no test edited.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

import highstakes as hs
from highstakes.i18n import use_language


def json_blocks(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)


def docs_page(game_id: str) -> str:
    page = hs.definition(game_id).docs_page()
    assert page is not None, f"{game_id} has no reference page (GameDefinition.docs_page)"
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", hs.games())
def test_every_example_record_on_a_games_page_replays(game_id):
    records = [json.loads(block) for block in json_blocks(docs_page(game_id))]
    records = [record for record in records if isinstance(record, dict) and "actions" in record]
    assert records, f"{game_id}'s page shows no example record"
    for record in records:
        assert record["game"] == game_id
        hs.replay(record)


@pytest.mark.parametrize("game_id", hs.games())
def test_a_games_page_lists_every_option_and_view_key(game_id):
    text = docs_page(game_id)
    definition = hs.definition(game_id)
    for spec in definition.option_specs:
        assert f"`{spec.name}`" in text, spec.name
    for seats in range(definition.min_seats, definition.max_seats + 1):
        for key in hs.new_game(game_id, seats=seats, seed=1).view(0):
            assert f"`{key}`" in text, key


SHIPPED_GAMES = [game_id for game_id in hs.games()
                 if hs.definition(game_id).resources.startswith("highstakes.catalog.")]


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_the_games_index_links_every_shipped_games_pages_and_the_links_lead_somewhere(game_id):
    index = Path(__file__).parent.parent / "docs" / "games" / "README.md"
    text = index.read_text(encoding="utf-8")
    definition = hs.definition(game_id)
    with use_language("en"):
        pages = {"README.md": docs_page(game_id), "rules.md": definition.rules_text()}
    for name, shipped in pages.items():
        link = f"../../src/highstakes/catalog/{definition.resources.rsplit('.', 1)[-1]}/{name}"
        assert f"]({link})" in text, f"docs/games/README.md lacks {link}"
        # The link leads to the page the game ships (wherever the package is installed).
        assert (index.parent / link).read_text(encoding="utf-8") == shipped


def test_readme_library_example_is_true():
    g = hs.new_game("greed", seats=3, seed=42, options={"six_of_a_kind": 5000})
    assert {"deal_or_no_deal", "greed"} <= set(hs.games())
    assert g.to_act == (2,)
    actions = g.legal_actions(2)
    assert [str(a) for a in actions] == ["keep G G", "keep G"]
    assert actions[0].to_json() == {"keep": ["G", "G"]}
    g.act(2, {"keep": ["G"]})
    assert hs.replay(g.record()).view(None) == g.view(None)


ROOT = Path(__file__).resolve().parent.parent


def quick_start_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section)


def test_the_quick_start_installs_into_a_virtual_environment_in_one_line_each():
    # A stock Debian or Ubuntu Python refuses `pip install` outside a virtual environment
    # (PEP 668): each line makes its own, and uses only what Python ships.
    serve, tests = quick_start_lines()
    assert serve == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/highstakes serve"
    assert tests.startswith("python3 -m venv .venv && .venv/bin/pip install -e \".[test]\" && ")
    for line in (serve, tests):
        assert "\n" not in line and "python3 -m pip" not in line and "sudo" not in line


def test_ci_runs_the_readmes_own_test_line_with_the_distributions_python():
    script = ROOT / ".ci" / "run"
    done = subprocess.run([str(script), "--print"], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == quick_start_lines()[1]
    text = script.read_text(encoding="utf-8")
    assert 'PATH="/usr/bin:$PATH"' in text and 'bash -c "$test_line"' in text
