"""The stacking game's reference page: its example record shows what its text says."""

from __future__ import annotations

import json
import re

import highstakes as hs


def test_the_example_record_replays_to_the_position_described():
    text = hs.definition("stacking").docs_page().read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    game = hs.replay(json.loads(block))
    view = game.view(None)
    (first,) = view["history"]
    assert first == {"round": 1, "to_bag": 0, "emptied": [], "penalties": [[0, 4]]}
    outcomes = [(event["seat"], event.get("outcome")) for event in view["previous_events"]
                if event["kind"] in ("base", "place")]
    assert outcomes == [(1, None), (0, "stood"), (1, "miss"), (1, "stood"), (0, "collapse")]
    # (1000*480 + 1000*700 + 2000*480) / 1660 = 1289: 12.9 mm right of the bottom coin.
    assert (1000 * 480 + 1000 * 700 + 2000 * 480) // 1660 == 1289
    assert view["pieces_held"] == [9 - 2 + 4, 9 - 2] and view["stack"] == []
    assert view["round"] == 2 and game.to_act == (0,)
