"""It's in the Bag's reference page: its example record shows what its text says."""

from __future__ import annotations

import json
import re

import highstakes as hs


def test_the_example_record_replays_to_the_position_described():
    text = hs.definition("in_the_bag").docs_page().read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    game = hs.replay(json.loads(block))
    (first,) = game.view(None)["history"]
    assert first["winner"] == 0 and first["reveals"] == [[[500], [500]], [[1000], [500, 100]]]
    assert first["bids"] == [1000, 600]
    assert game.view(0)["your_yen"] == 7_500 - 100 + 600 - 1_000 - 100  # ¥6,900 after feeding again
    assert game.view(1)["your_yen"] == 7_500 - 500 - 600
    assert game.view(None)["bag_known"] == [1000, 500, 100] and game.view(None)["bag_pieces"] == 4
    assert game.view(None)["round"] == 2 and game.to_act == (0, 1)
    assert game.view(1)["fed"] == [True, False] and game.view(1)["your_feed"] is None
