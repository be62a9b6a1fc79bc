"""Thousands of hostile requests and messages: no crash, no server error, nothing in the log.

Seeded, so a failure replays: random JSON of every shape (deep, huge numbers, lone
surrogate escapes, control characters, markup), malformed text, binary frames, over-long
messages, actions mangled from legal ones, hostile room ids, tokens and paths, for every
registered game, from seats and spectators alike; mixed with legal moves so that the games
move on, end and start again. The message limits are lifted so that every message is
handled rather than refused for its pace.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from websockets.exceptions import InvalidStatus

import highstakes as hs
from highstakes.i18n import LANGUAGES
from highstakes.server.limits import Limits
from highstakes.testing.servers import TEST_LIMITS, Client, ThreadServer
from hostile_records import JSON_VALUES, RECORD_LIKE, finished_record, mostly, mutate

SEED = 20260301
MESSAGES_PER_GAME = 3_000
REQUESTS = 1_000
TAIL_MOVES = 12
REMATCH_TIMEOUT = 60.0  # a rematch may wait for a worker process to start on a busy machine
LIFTED = Limits(**{
    **vars(TEST_LIMITS), "messages_per_second": 100_000.0, "address_messages_per_second": 100_000.0,
    "requests_per_second": 100_000.0, "connections_per_address": 1_000,
})

ATOMS: list[Any] = [
    None, True, False, 0, -1, 1, 7, 2**31, 2**63, -(2**63) - 1, 10**30, 1.5, -0.0, 1e308, "", "0", "act",
    "human", "bot:random", "x" * 300, "\u0000", "\u202e", "💥", "<script>alert(1)</script>",
    "'; DROP TABLE rooms;--", "%s%s%n", "../../etc/passwd", "__proto__", "constructor", {"$gt": ""},
]
KEYS = ["type", "action", "version", "game", "seats", "options", "name", "seat", "turn_timer", "keep", "bank",
        "offer", "open", "__proto__", "", "💥", "x" * 100]


def hostile(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth >= 4 or roll < 0.5:
        return rng.choice(ATOMS)
    if roll < 0.75:
        return [hostile(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(KEYS): hostile(rng, depth + 1) for _ in range(rng.randrange(4))}


def mangled(action: Any, rng: random.Random) -> Any:
    """A legal action with one part replaced by something hostile."""
    if isinstance(action, dict) and action:
        key = rng.choice(list(action))
        if rng.random() < 0.7:
            return {**action, key: hostile(rng)}
        return {**action, rng.choice(KEYS): hostile(rng)}
    if isinstance(action, list) and action:
        return [*action[:-1], hostile(rng)]
    return hostile(rng)


def raw_text(rng: random.Random) -> str:
    return rng.choice([
        "{", "]", "nul", '{"type": "act", "action": ', "\x00\x01", "[" * 3000 + "]" * 3000, "9" * 400,
        '{"type": "ping", "x": "\\ud800"}',
        '{"game": "greed", "seats": ["human", "human"], "options": {"\\ud800": 1}}',
        '{"type": "act", "action": {"keep": ["\\udfff"]}}',
        json.dumps({"type": "ping", "pad": "p" * 17_000}), '"act"', "true", "1e999", '{"type": null}',
    ])


def hostile_message(rng: random.Random, state: dict[str, Any] | None) -> str | bytes:
    roll = rng.random()
    legal = state["legal"] if state else []
    version = state["version"] if state else 0
    if roll < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll < 0.15:
        return raw_text(rng)
    if roll < 0.30:
        return json.dumps(hostile(rng))
    if roll < 0.45:
        message = {"type": rng.choice(["act", "hint", "rematch", "ping", "join", "", "ACT", 5])}
        message.update({rng.choice(KEYS): hostile(rng) for _ in range(rng.randrange(3))})
        return json.dumps(message)
    if roll < 0.70 and legal:
        return json.dumps({"type": "act", "action": mangled(rng.choice(legal)["action"], rng),
                           "version": rng.choice([version, version - 1, version + 1, hostile(rng)])})
    if roll < 0.80:
        return json.dumps({"type": "act", "action": hostile(rng), "version": hostile(rng)})
    if legal:  # a legal move now and then, so that the game moves on
        return json.dumps({"type": "act", "action": rng.choice(legal)["action"], "version": version})
    if state and state["status"] == "over":
        return json.dumps({"type": "rematch"})
    return json.dumps({"type": rng.choice(["hint", "rematch", "ping"])})


def send(client: Client, message: str | bytes) -> None:
    if isinstance(message, bytes):
        client.send_binary(message)
    else:
        client.send(message, paced=False)


def latest_state(client: Client) -> dict[str, Any] | None:
    states = client.states()
    return states[-1] if states else None


def start_again(clients: list[Client]) -> None:
    """Ask for a rematch of a finished game and wait until the next game's first state is here
    (one the hostile traffic asked for may already be on its way: then this request is refused)."""
    send(clients[0], json.dumps({"type": "rematch"}))
    clients[0].recv_until(lambda message: message["type"] == "state" and message["status"] != "over",
                          timeout=REMATCH_TIMEOUT)
    for each in clients:
        each.barrier(paced=False)


def play_on(clients: list[Client]) -> int:
    """How many legal moves, each from the mover's latest state, the server accepted, up to
    ``TAIL_MOVES``; the last client is a spectator. A move may still be refused as stale when a
    rematch the hostile traffic asked for arrives late: it is then tried again from the new state."""
    accepted = 0
    for _attempt in range(TAIL_MOVES * 4):
        if accepted == TAIL_MOVES:
            break
        if clients[0].last_state()["status"] == "over":
            start_again(clients)
            continue
        mover = next((each for each in clients[:-1] if each.last_state()["legal"]), None)
        if mover is not None:
            state = mover.last_state()
            send(mover, json.dumps({"type": "act", "action": state["legal"][0]["action"],
                                    "version": state["version"]}))
            # Messages on one connection are handled in order: a refusal comes before the pong.
            answers = mover.barrier(paced=False)
            if not any(answer["type"] == "error" for answer in answers):
                accepted += 1
        for each in clients:
            each.barrier(paced=False)
    return accepted


def corrupted_record(rng: random.Random) -> Any:
    """A real record of some game with one field, one entry or one part of an entry made hostile."""
    record = json.loads(json.dumps(finished_record(rng.choice(hs.games()))))
    entries = record["actions"]
    roll = rng.random()
    if roll < 0.4:
        record[rng.choice([*record, "seat_names"])] = hostile(rng)
    elif roll < 0.7:
        entries[rng.randrange(len(entries))] = hostile(rng)
    else:
        entry = entries[rng.randrange(len(entries))]
        entry[rng.choice([*entry, "seat", "action", "chance", "setup"])] = hostile(rng)
    return record


def fuzz_http(server: ThreadServer, rng: random.Random) -> list[int]:
    statuses = []
    paths = ["/api/rooms", "/api/rooms/{room}/join", "/api/rooms/{room}", "/api/rooms/{room}/games",
             "/api/rooms/{room}/games/{n}/record", "/r/{room}", "/ws/{room}", "/api/open-rooms", "/api/games",
             "/games/{room}/renderer.js", "/static/{room}", "/{room}", "/api/replay", "/i18n/{room}.json"]
    room_ids = ["", "x", "..", "%2e%2e%2f", "A" * 200, "💥", "%00", "room?x=1", "%ud800", "%ff%fe", "es"]
    content_types = ["application/json", "application/json; charset=utf-8", "text/plain", None,
                     "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
    with server.http() as http:
        real = server.create_room(["human", "human"])
        for _ in range(REQUESTS):
            room, number = rng.choice([*room_ids, real]), rng.choice([0, 1, -1, 10**20])
            path = rng.choice(paths).format(room=room, n=number)
            method = rng.choice(["GET", "POST", "POST", "PUT", "DELETE", "OPTIONS", "HEAD"])
            headers = {}
            content_type = rng.choice(content_types)
            if content_type:
                headers["Content-Type"] = content_type
            body = rng.choice([
                json.dumps(hostile(rng)).encode(), raw_text(rng).encode("utf-8", "surrogatepass"),
                b"", b"\xff\xfe", json.dumps({"record": corrupted_record(rng)}).encode(),
            ])
            try:
                content = body if method != "GET" else None
                response = http.request(method, path, content=content, headers=headers)
            except Exception as error:  # a malformed URL the client itself refuses to send
                assert "URL" in type(error).__name__ or "url" in str(error).lower(), error
                continue
            statuses.append(response.status_code)
    return statuses


def test_hostile_requests_and_messages_never_break_the_server(sqlite_url: str) -> None:
    rng = random.Random(SEED)
    with ThreadServer(sqlite_url, limits=LIFTED) as server:
        statuses = fuzz_http(server, rng)
        assert statuses and max(statuses) < 500, sorted(set(statuses))
        handled = 0
        codes: Counter[str] = Counter()
        played: Counter[str] = Counter()
        for game_id in hs.games():
            definition = hs.definition(game_id)
            seats = max(definition.min_seats, min(3, definition.max_seats))
            room = server.create_room(["human"] * seats, game=game_id)
            tokens = [server.join(room, f"P{seat}")[1] for seat in range(seats)]
            clients = [server.client(room, token) for token in tokens] + [server.client(room)]
            # Hostile connections: no room, no such token, a foreign token.
            strangers = [
                server.ws_url("no-such-room"), server.ws_url(room, "forged"), server.ws_url("..%2F", "x"),
            ]
            for bad in strangers:
                try:
                    stranger = Client(bad)
                except InvalidStatus as refused:  # no such address: refused before the handshake
                    assert 400 <= refused.response.status_code < 500
                    continue
                with stranger:
                    assert stranger.recv()["type"] == "error"
                    assert stranger.closed_with() in (4403, 4404)
            try:
                for index in range(MESSAGES_PER_GAME):
                    client = clients[index % len(clients)]
                    send(client, hostile_message(rng, latest_state(client)))
                    handled += 1
                    if index % 10 == 9:
                        for each in clients:
                            each.barrier(paced=False)  # read every answer; the connection is still open
                for each in clients:
                    each.barrier(paced=False)
                # After the hostile traffic the game still plays: legal moves from fresh states are
                # taken, and a finished game starts again on request. (How far the fuzz itself got
                # depends on how quickly the states came back, so it is not counted.)
                played[game_id] = play_on(clients)
                for each in clients:
                    for message in each.received:
                        assert message["type"] in ("state", "presence", "error", "pong", "hint"), message
                        if message["type"] == "error":
                            assert isinstance(message["code"], str) and isinstance(message["message"], str)
                            codes[message["code"]] += 1
            finally:
                for each in clients:
                    each.close()
        assert handled == MESSAGES_PER_GAME * len(hs.games())
        # Every kind of mistake was made and refused, and the games still moved on.
        made = {"bad_json", "bad_message", "unknown_type", "too_large", "stale_version", "bad_action"}
        assert made <= set(codes), codes
        assert played == dict.fromkeys(hs.games(), TAIL_MOVES), played
        assert server.request("GET", "/healthz").status_code == 200
        assert server.thread.is_alive()
    log = server.logs.text
    assert "Traceback" not in log and "Exception" not in log, log[:5000]
    assert not [line for line in server.logs.lines if line.startswith(("ERROR", "CRITICAL"))], log[:5000]


@pytest.mark.parametrize("size", [16 * 1024 + 1, 60 * 1024])
def test_an_over_long_message_is_refused_and_the_connection_stays(server: ThreadServer, size: int) -> None:
    room = server.create_room(["human", "human"])
    with server.client(room) as spectator:
        spectator.send(json.dumps({"type": "ping", "pad": "x" * size}))
        spectator.error("too_large")
        assert spectator.barrier() == []


# --- records posted to be replayed -----------------------------------------------------------------
REPLAY_EXAMPLES = 200  # each a round trip to a worker process: bounded, whatever the profile


@pytest.fixture(scope="module")
def replay_http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """One server for the whole fuzz of ``POST /api/replay``; its log must stay free of tracebacks."""
    database = Path(tmp_path_factory.mktemp("replays")) / "rooms.db"
    with ThreadServer(f"sqlite:///{database}", limits=LIFTED) as server, server.http() as http:
        yield http
    log = server.logs.text
    assert "Traceback" not in log and "Exception" not in log, log[:5000]
    assert not [line for line in server.logs.lines if line.startswith(("ERROR", "CRITICAL"))], log[:5000]


@st.composite
def replay_bodies(draw: st.DrawFn) -> Any:
    """What a stranger may post to /api/replay: any record, a real one changed anywhere, any position."""
    if draw(st.integers(0, 3)) < 3:  # mostly a real record changed somewhere, else anything
        record = mutate(finished_record(draw(st.sampled_from(hs.games()))), draw)
    else:
        record = draw(RECORD_LIKE | JSON_VALUES)
    body: dict[str, Any] = {"record": record}
    for key in ("position", "seat"):
        if draw(st.booleans()):
            body[key] = draw(mostly(st.integers(-2, 40), JSON_VALUES))
    return draw(mostly(st.just(body), JSON_VALUES))


#: What the stranger sent: options that are not an object, and a chance outcome that names a seat.
FIRST_ROLL = {"chance": ["$", "$", "G", "R", "Eb", "Em"]}
GREED = {"format": 2, "game": "greed", "seats": 2, "seed": 1, "auto_chance": True, "actions": [FIRST_ROLL]}


@settings(max_examples=REPLAY_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=replay_bodies(), language=st.sampled_from(LANGUAGES))
@example(body={"record": {**GREED, "options": 5}}, language="en")
@example(body={"record": {**GREED, "options": [1, 2]}}, language="es")
@example(body={"record": {**GREED, "options": 1e30}}, language="it")
@example(body={"record": {**GREED, "options": "abc"}}, language="uz")
@example(body={"record": {**GREED, "actions": [{**FIRST_ROLL, "seat": 0}]}}, language="en")
def test_any_record_posted_for_replay_is_replayed_or_refused_in_words_never_a_server_error(
    replay_http: httpx.Client, body: Any, language: str,
) -> None:
    headers = {"Accept-Language": language, "Content-Type": "application/json"}
    response = replay_http.post("/api/replay", content=json.dumps(body), headers=headers)
    assert response.status_code == 200 or 400 <= response.status_code < 500, response.text
    if response.status_code != 200:
        error = response.json()["error"]
        assert error["code"] in ("bad_request", "bad_record", "bad_json"), error
        assert error["message"] and "Traceback" not in error["message"], error
