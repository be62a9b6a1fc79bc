"""Pages and requests the server answers for the faces: unknown rooms, and records replayed."""

from __future__ import annotations

import json
import random

import highstakes as hs
from highstakes.bots import make_bot, play_out
from highstakes.engine.timeline import Timeline
from highstakes.table import seat_table
from highstakes.table import to_json as table_json
from highstakes.testing.servers import ThreadServer, as_json


def finished_record(game_id: str = "greed", seats: int = 2, seed: int = 3) -> dict:
    game = hs.new_game(game_id, seats=seats, seed=seed)
    play_out(game, [make_bot(game_id, "random") for _ in range(seats)], random.Random(seed))
    return game.record()


def test_a_mistyped_room_link_gets_the_sites_own_page_with_the_way_back(server: ThreadServer) -> None:
    response = server.request("GET", "/r/no-such-room")
    assert response.status_code == 404
    assert "text/html" in response.headers["content-type"]
    assert 'href="/"' in response.text


def test_a_record_is_replayed_position_by_position(server: ThreadServer) -> None:
    record = finished_record()
    outline = server.request("POST", "/api/replay", json={"record": record})
    assert outline.status_code == 200
    timeline = Timeline(record)
    assert outline.json() == as_json(timeline.summary())
    for position in (0, 3, timeline.positions - 1):
        for seat in (None, 0, 1):
            body = {"record": record, "position": position, "seat": seat}
            step = server.request("POST", "/api/replay", json=body)
            # The position as the timeline gives it, and the table that seat saw there, with no actions.
            table, _keys = seat_table(timeline.game_at(position), seat, replay=True)
            expected = {**as_json(timeline.step(position, seat)), "table": table_json(table)}
            assert step.status_code == 200 and step.json() == expected


def test_a_long_record_fits_and_a_broken_one_is_refused_in_words(server: ThreadServer) -> None:
    party = finished_record("greed", seats=8, seed=1)
    assert len(json.dumps(party)) > 16 * 1024  # longer than a message may be
    assert server.request("POST", "/api/replay", json={"record": party}).status_code == 200
    broken = {**party, "actions": [{"seat": 0, "action": {"keep": ["X"]}}]}
    refused = server.request("POST", "/api/replay", json={"record": broken})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_record"
    assert "entry 0" in refused.json()["error"]["message"]
    for body in ({}, {"record": [1]}, {"record": party, "position": "3"}, {"record": party, "seat": True}):
        assert server.request("POST", "/api/replay", json=body).json()["error"]["code"] == "bad_request"
    beyond = server.request("POST", "/api/replay", json={"record": party, "position": 10**6, "seat": None})
    assert beyond.status_code == 400 and beyond.json()["error"]["code"] == "bad_record"
