"""The docs' examples run: a stale example is a bug."""

from __future__ import annotations

import json
import re
from pathlib import Path

import highstakes as hs

DOCS = Path(__file__).resolve().parent.parent / "docs"


def json_blocks(path: Path) -> list[str]:
    return re.findall(r"```json\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_greed_example_record_replays():
    (block,) = json_blocks(DOCS / "games" / "greed.md")
    game = hs.replay(json.loads(block))
    view = game.view(None)
    assert view["scores"] == [1100, 0]
    assert view["last_turn"]["seat"] == 1 and view["last_turn"]["greed_out"]
    assert view["starter"] == 0


def test_greed_doc_lists_every_option_and_view_key():
    text = (DOCS / "games" / "greed.md").read_text(encoding="utf-8")
    for spec in hs.definition("greed").option_specs:
        assert f"`{spec.name}`" in text
    for key in hs.new_game("greed", seats=2, seed=1).view(0):
        assert f"`{key}`" in text, key


def test_deal_example_record_replays():
    (block,) = json_blocks(DOCS / "games" / "deal_or_no_deal.md")
    game = hs.replay(json.loads(block))
    view = game.view(None)
    first = view["results"][0]
    assert first == {**first, "won": 2_000_000, "deal": True, "special_case": 7, "special_value": 7_500}
    assert view["winnings"] == [0, 2_000_000] and view["game_number"] == 2 and game.is_chance


def test_deal_doc_lists_every_option_and_view_key():
    text = (DOCS / "games" / "deal_or_no_deal.md").read_text(encoding="utf-8")
    for spec in hs.definition("deal_or_no_deal").option_specs:
        assert f"`{spec.name}`" in text
    for seats in (2, 3):
        for key in hs.new_game("deal_or_no_deal", seats=seats, seed=1).view(0):
            assert f"`{key}`" in text, key


def test_readme_library_example_is_true():
    g = hs.new_game("greed", seats=3, seed=42, options={"six_of_a_kind": 5000})
    assert hs.games() == ["deal_or_no_deal", "greed"]
    assert g.to_act == (2,)
    actions = g.legal_actions(2)
    assert [str(a) for a in actions] == ["keep G G", "keep G"]
    assert actions[0].to_json() == {"keep": ["G", "G"]}
    g.act(2, {"keep": ["G"]})
    assert hs.replay(g.record()).view(None) == g.view(None)
