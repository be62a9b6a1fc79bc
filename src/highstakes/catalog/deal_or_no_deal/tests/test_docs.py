"""Deal or No Deal's reference page: its example record shows what its text says."""

from __future__ import annotations

import json
import re

import highstakes as hs


def test_the_example_record_replays_to_the_match_described():
    text = hs.definition("deal_or_no_deal").docs_page().read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    game = hs.replay(json.loads(block))
    view = game.view(None)
    first = view["results"][0]
    assert first == {**first, "won": 2_000_000, "deal": True, "special_case": 7, "special_value": 7_500}
    assert view["winnings"] == [0, 2_000_000] and view["game_number"] == 2 and game.is_chance
