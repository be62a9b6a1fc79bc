"""Greed's reference page: its example record shows what its text says."""

from __future__ import annotations

import json
import re

import highstakes as hs


def test_the_example_record_replays_to_the_position_described():
    text = hs.definition("greed").docs_page().read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    game = hs.replay(json.loads(block))
    view = game.view(None)
    assert view["scores"] == [1100, 0]
    assert view["last_turn"]["seat"] == 1 and view["last_turn"]["greed_out"]
    assert view["starter"] == 0
