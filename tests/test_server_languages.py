"""The server in each reader's language (docs/server.md, "Languages"), against a real server.

Under the test language ``qps`` every translated message comes back wrapped in ⟦ ⟧, so these
tests prove now that each word passes through the translation layer in the right reader's
language. The ones in Italian and Spanish pass once the catalogs are translated: they are
expected to fail until then, strictly, so that they turn green (and must be unmarked) the
day the translations land.
"""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

import highstakes as hs
from highstakes.i18n import LANGUAGES
from highstakes.testing.servers import Client, ThreadServer

MARKED = "⟦"


def marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def error_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    return dict(response.json()["error"])


def speaking(server: ThreadServer, room: str, token: str | None, language: str) -> Client:
    """A connection whose address asks for ``language``, after its first state."""
    client = Client(server.ws_url(room, token) + ("&" if token else "?") + f"lang={language}")
    assert client.recv()["type"] == "state"
    return client


def bad_keep(state: dict[str, Any]) -> dict[str, Any]:
    """A Greed keep of faces that are not all in the roll: the rules refuse it."""
    return {"type": "act", "action": {"keep": ["$"] * 6}, "version": state["version"]}


def two_players(server: ThreadServer) -> tuple[str, str, str]:
    room = server.create_room(["human", "human"])
    _seat, first = server.join(room, "Ann", 0)
    _seat, second = server.join(room, "Ben", 1)
    return room, first, second


# --- HTTP -----------------------------------------------------------------------------------------
def _unknown_room(server: ThreadServer, language: str | None) -> dict[str, Any]:
    headers = {"Accept-Language": language} if language else {}
    return error_of(server.request("GET", "/api/rooms/nosuchroom", headers=headers), 404)


def test_an_api_error_is_in_the_request_language_and_its_code_stays(server: ThreadServer) -> None:
    english = _unknown_room(server, None)
    pseudo = _unknown_room(server, "qps")
    assert english["code"] == pseudo["code"] == "no_room"
    assert pseudo["message"] == f"⟦{english['message']}⟧"
    # A language the project does not ship reads English.
    assert _unknown_room(server, "fr-FR,fr;q=0.9")["message"] == english["message"]


def test_an_api_error_in_italian(server: ThreadServer) -> None:
    english = _unknown_room(server, None)
    italian = _unknown_room(server, "it-IT,it;q=0.9,en;q=0.5")
    assert italian["code"] == english["code"] == "no_room"
    assert italian["message"] != english["message"] and MARKED not in italian["message"]


def test_a_bad_option_says_what_else_is_accepted_in_the_request_language(server: ThreadServer) -> None:
    """The game's own words in the refusal (what an option takes beyond its choices) are translated too."""
    for game, options, words in [
        ("greed", {"goal": 75},
         "cualquier múltiplo de 50 entre 50 y 10.000: 75 no es un múltiplo positivo de 50"),
        ("deal_or_no_deal", {"values": [1, 2]}, "o una lista de 26 cantidades distintas:"),
    ]:
        response = server.request("POST", "/api/rooms", headers={"Accept-Language": "es"},
                                  json={"game": game, "seats": ["human", "bot:random"], "options": options})
        error = error_of(response, 400)
        assert error["code"] == "bad_options" and words in error["message"], error["message"]


def test_the_games_are_described_in_the_request_language(server: ThreadServer) -> None:
    games = server.request("GET", "/api/games", headers={"Accept-Language": "qps"}).json()
    greed = next(game for game in games if game["id"] == "greed")
    assert greed["title"] == "⟦Greed⟧" and marked(greed["summary"])
    assert all(marked(label) for label in greed["bot_labels"].values())
    assert all(marked(option["description"]) for option in greed["options"])
    assert set(greed["bot_labels"]) == set(greed["bots"])  # ids stay ids
    english = server.request("GET", "/api/games").json()
    assert next(game for game in english if game["id"] == "greed")["title"] == "Greed"


def test_a_replay_is_worked_out_in_the_request_language(server: ThreadServer) -> None:
    game = hs.new_game("greed", seats=2, seed=1)
    for _move in range(3):
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0])
    record = game.record()
    outline = server.request("POST", "/api/replay", json={"record": record},
                             headers={"Accept-Language": "qps"})
    assert outline.status_code == 200, outline.text
    body = outline.json()
    assert body["title"] == "⟦Greed⟧"
    assert body["seat_names"] == ["⟦Player 1⟧", "⟦Player 2⟧"]
    assert body["moves"] and all(marked(move["label"]) for move in body["moves"])
    step = server.request("POST", "/api/replay", json={"record": record, "position": 1, "seat": None},
                          headers={"Accept-Language": "qps"}).json()
    assert marked(step["last_move"]["label"])
    english = server.request("POST", "/api/replay", json={"record": record}).json()
    assert english["title"] == "Greed" and english["seat_names"] == ["Player 1", "Player 2"]


# --- the browser's catalogs -----------------------------------------------------------------------
def test_the_browser_catalogs_are_served_and_cacheable(server: ThreadServer) -> None:
    for language in LANGUAGES:
        response = server.request("GET", f"/i18n/{language}.json")
        assert response.status_code == 200, response.text
        assert "max-age" in response.headers["cache-control"]
        body = response.json()
        assert body["language"] == language and body["pseudo"] is False
        if language != "en":  # English is the source: nothing to look up
            assert {"highstakes", "greed", "deal_or_no_deal"} <= set(body["domains"])
    pseudo = server.request("GET", "/i18n/qps.json").json()
    assert pseudo["pseudo"] is True


def test_an_unknown_catalog_is_a_404_with_a_reason(server: ThreadServer) -> None:
    for name in ("klingon", "ES", "es-MX"):
        error = error_of(server.request("GET", f"/i18n/{name}.json", headers={"Accept-Language": "qps"}), 404)
        assert error["code"] == "unknown_language"
        assert marked(error["message"]) and "en, es, it, uz" in error["message"]


# --- the WebSocket --------------------------------------------------------------------------------
def test_two_players_at_one_table_read_their_own_languages(server: ThreadServer) -> None:
    room, first, second = two_players(server)
    with speaking(server, room, first, "qps") as ann, speaking(server, room, second, "en") as ben:
        for client, pseudo in ((ann, True), (ben, False)):
            client.barrier()
            state = client.last_state()
            mover = state["to_act"][0]
            labels = [entry["label"] for entry in state["legal"]]
            if state["seat"] == mover:
                assert labels and all(marked(label) == pseudo for label in labels), labels
            assert state["seats"][0]["name"] == "Ann"  # names are never translated
        # A move: each hears of it in its own language.
        mover = ann.last_state()["to_act"][0]
        actor = ann if mover == 0 else ben
        state = actor.last_state()
        actor.send({"type": "act", "action": state["legal"][0]["action"], "version": state["version"]})
        for client, pseudo in ((ann, True), (ben, False)):
            after = client.recv_until(lambda message: message["type"] == "state" and message["version"] == 1)
            for entry in after["legal"]:
                assert marked(entry["label"]) == pseudo


def _refusals(server: ThreadServer, language: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The refusal of one illegal move, sent by the same seat from a connection reading English and
    from one reading ``language``; the other player hears nothing of either."""
    room, first, second = two_players(server)
    with Client(server.ws_url(room, first)) as probe:
        mover = probe.state()["to_act"][0]
    actor_token, other_token = (first, second) if mover == 0 else (second, first)
    with (speaking(server, room, actor_token, "en") as english,
          speaking(server, room, actor_token, language) as reader,
          speaking(server, room, other_token, "en") as other):
        refusals = []
        for client in (english, reader):
            client.send(bad_keep(client.last_state()))
            refusals.append(client.recv_until(lambda message: message["type"] == "error"))
        assert not [message for message in other.barrier() if message["type"] != "presence"]
    return refusals[0], refusals[1]


def test_a_refusal_is_in_the_actors_language(server: ThreadServer) -> None:
    english, pseudo = _refusals(server, "qps")
    assert pseudo["code"] == english["code"] == "dice_not_in_roll" and pseudo["rule"] == english["rule"]
    assert pseudo["message"] == f"⟦{english['message']}⟧"


def test_a_refusal_in_italian(server: ThreadServer) -> None:
    english, italian = _refusals(server, "it")
    assert italian["code"] == english["code"]
    assert italian["message"] != english["message"] and MARKED not in italian["message"]


def test_two_players_at_one_table_in_italian_and_spanish(server: ThreadServer) -> None:
    room, first, second = two_players(server)
    with speaking(server, room, first, "it") as ann, speaking(server, room, second, "es") as ben:
        mover = ann.last_state()["to_act"][0]
        token = first if mover == 0 else second
        with speaking(server, room, token, "en") as english:
            words = {}
            for name, client in (("it", ann), ("es", ben), ("en", english)):
                state = client.last_state()
                if state["seat"] == mover:
                    words[name] = [entry["label"] for entry in state["legal"]]
        assert len(words) == 2 and "en" in words
        ((language, labels),) = [(name, labels) for name, labels in words.items() if name != "en"]
        assert labels != words["en"], language
        assert not any(MARKED in label for label in labels)


def test_the_handshake_language_and_a_language_message(server: ThreadServer) -> None:
    room, first, _second = two_players(server)
    url = server.ws_url(room, first)
    with connect(url, additional_headers={"Accept-Language": "qps"}, open_timeout=10) as socket:
        state = json.loads(socket.recv(timeout=10))
        assert state["type"] == "state"
        socket.send(json.dumps({"type": "nonsense"}))
        error = json.loads(socket.recv(timeout=10))
        assert error["code"] == "unknown_type" and marked(error["message"])
    with speaking(server, room, first, "en") as ann:
        ann.send({"type": "language", "language": "qps"})
        again = ann.state()  # the position again, in the new language
        assert again["version"] == 0
        if again["seat"] in again["to_act"]:
            assert all(marked(entry["label"]) for entry in again["legal"])
        ann.send({"type": "nonsense"})
        assert marked(ann.error("unknown_type")["message"])
        ann.send({"type": "language", "language": "klingon"})
        refusal = ann.error("bad_language")
        assert marked(refusal["message"]) and "en, es, it, uz" in refusal["message"]


def test_a_hint_is_worked_out_in_the_askers_language(server: ThreadServer) -> None:
    # Deal or No Deal's advisor needs no preparation: the person is the first game's contestant.
    room = server.create_room(["human", "bot:random"], game="deal_or_no_deal", options={"version": "duo"})
    _seat, token = server.join(room, "Ann", 0)
    with speaking(server, room, token, "qps") as ann:
        state = ann.recv_until(lambda message: message["type"] == "state" and 0 in message["to_act"])
        ann.send({"type": "hint"})
        hint = ann.recv_until(lambda message: message["type"] == "hint" and "hint" in message)["hint"]
        assert state["game"] == "deal_or_no_deal"
        assert marked(hint["label"]), hint
