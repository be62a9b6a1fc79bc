"""The server sends each seat's table in its state messages, and serves a game's own table drawers.

The showcase game (``showcase_game.py``) declares a table with a custom widget drawn by its own
ES module; the server runs in this process, so the game is registered here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from highstakes.engine.registry import register, unregister
from highstakes.testing.servers import ThreadServer
from showcase_game import SHOWCASE, ShowcaseDefinition


@pytest.fixture(autouse=True)
def showcase() -> Iterator[None]:
    register(SHOWCASE)
    yield
    unregister(SHOWCASE.id)


def states(server: ThreadServer) -> tuple[dict[str, Any], dict[str, Any]]:
    room = server.create_room(["human", "human"], game="showcase")
    _seat, ann = server.join(room, "Ann", 0)
    server.join(room, "Bob", 1)
    client, spectator = server.client(room, ann), server.client(room)  # each has read its first state
    client.close()
    spectator.close()
    state, watched = client.states()[-1], spectator.states()[-1]
    assert state["status"] == watched["status"] == "playing"
    return state, watched


def test_the_seat_to_act_is_sent_its_declared_table_with_keys_and_a_spectator_one_without_controls(
    server: ThreadServer,
) -> None:
    mine, watched = states(server)
    table = mine["table"]
    assert table["widget"] == "table" and table["domain"] == "highstakes"
    assert table["extensions"] == {"spiral": "/games/showcase/table/spiral.js"}
    menu = table["controls"][0]
    assert [(item["key"], item.get("act")) for item in menu["items"]] == [
        ("a", {"pick": 1}), ("e", {"end": True}), ("b", None)]
    assert "controls" not in watched["table"]


def test_the_games_own_drawer_is_served_and_an_unknown_one_is_refused_in_words(server: ThreadServer) -> None:
    served = server.request("GET", "/games/showcase/table/spiral.js")
    assert served.status_code == 200 and "javascript" in served.headers["content-type"]
    assert "export function draw" in served.text
    missing = server.request("GET", "/games/showcase/table/nothing.js")
    assert missing.status_code == 404 and missing.text.strip() == "no such drawer for this game's table"


def test_a_declaration_that_fails_gives_the_generic_table(
    server: ThreadServer, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Any, view: Any, legal: Any, context: Any) -> Any:
        raise RuntimeError("a bug in the table")

    monkeypatch.setattr(ShowcaseDefinition, "table", broken)
    mine, _watched = states(server)
    menu = mine["table"]["controls"][0]
    assert menu["title"]["msgid"] == "Your moves"  # the generic menu: the engine's labels
    assert [item["label"]["text"] for item in menu["items"]][:2] == ["pick 1", "pick 2"]
    assert "the table of showcase failed: RuntimeError('a bug in the table')" in server.logs.text
