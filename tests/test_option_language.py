"""An option whose default follows the language of whoever sets the table (a question pack in
the players' language): resolved once, when the game is created, and kept in its record."""

from __future__ import annotations

import pytest

from highstakes.engine.options import OptionSpec, resolve_options
from highstakes.i18n import use_language
from highstakes.testing.servers import ThreadServer

PACK = OptionSpec("pack", "en", ("en", "es"), "the question pack", follows_language=True)
PLAIN = OptionSpec("rounds", 1, (1, 2), "rounds")


@pytest.mark.parametrize(("language", "default"), [("en", "en"), ("es", "es"), ("it", "en"), ("qps", "en")])
def test_the_default_is_the_choice_named_by_the_language_else_the_declared_one(language: str,
                                                                              default: str) -> None:
    assert PACK.default_for(language) == default
    assert resolve_options("g", [PACK, PLAIN], {}, language=language) == {"pack": default, "rounds": 1}
    with use_language(language):  # the current language when none is named
        assert resolve_options("g", [PACK, PLAIN], {}) == {"pack": default, "rounds": 1}
        assert PACK.to_json()["default"] == default and PACK.to_json()["follows_language"] is True
    # A value given is kept, whatever the language; other options never follow it.
    assert resolve_options("g", [PACK], {"pack": "en"}, language="es") == {"pack": "en"}
    assert PLAIN.default_for("es") == 1 and "follows_language" not in PLAIN.to_json()


@pytest.mark.parametrize(("accept", "pack"), [("es-ES,es;q=0.9", "es"), ("uz", "uz"),
                                              ("fr-FR,fr;q=0.9", "en"), (None, "en")])
def test_a_room_takes_the_pack_of_its_creators_language(server: ThreadServer, accept: str | None,
                                                        pack: str) -> None:
    headers = {"Accept-Language": accept} if accept else {}
    games = server.request("GET", "/api/games", headers=headers).json()
    millionaire = next(game for game in games if game["id"] == "millionaire")
    assert next(o for o in millionaire["options"] if o["name"] == "pack")["default"] == pack
    response = server.request("POST", "/api/rooms", headers=headers,
                              json={"game": "millionaire", "seats": ["human", "bot:random"]})
    assert response.status_code == 201, response.text
    room = response.json()["room"]
    # Whoever joins later, in whatever language, plays the pack the room was created with.
    summary = server.request("GET", f"/api/rooms/{room}", headers={"Accept-Language": "en"}).json()
    assert summary["options"]["pack"] == pack
