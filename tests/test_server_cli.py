"""``highstakes serve``: its flags, and a mistake in them is one line and exit code 2."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from highstakes.cli.main import SERVE_LIMITS, main
from highstakes.i18n.numbers import format_number
from highstakes.server.limits import Limits
from highstakes.testing.servers import ProcessServer


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--max-rooms", "0"], "--max-rooms must be more than 0"),
        (["--request-timeout", "-1"], "--request-timeout must be more than 0"),
        (["--bot-delay", "-0.5"], "--bot-delay must be 0 or more"),
        (["--port", "70000"], "--port must be from 1 to 65535"),
        (["--allow-origin", "games.example.org"], "scheme://host"),
        (["--allow-origin", "https://games.example.org/lobby"], "scheme://host"),
        (["--forwarded-allow-ips", "not-an-address"], "--forwarded-allow-ips"),
        (["--db", "nosuchdb://x"], "--db takes sqlite:///FILE or postgresql://"),
    ],
)
def test_a_mistake_in_the_flags_is_one_line_and_exit_code_two(
    arguments: list[str], named: str, capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["serve", *arguments])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("highstakes: error: ") and named in err, err


@pytest.mark.parametrize(
    ("url", "named"),
    [
        ("nonsense", "--db takes sqlite:///FILE or postgresql://"),
        ("nosuchdb://x", "--db takes sqlite:///FILE or postgresql://"),
        ("sqlite:///{missing}/x.db", "the folder {missing} does not exist"),
    ],
)
def test_a_mistaken_database_is_said_even_when_the_port_is_taken(
    url: str, named: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
) -> None:
    """The flags are judged before the port is asked for: with a server already running (the
    README's first command), a mistyped --db is still its own one line and exit code 2, not
    the port's complaint."""
    missing = tmp_path / "no" / "such"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--db", url.format(missing=missing)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("highstakes: error: ")
    assert named.format(missing=missing) in err, err


def test_every_limit_has_a_flag_and_the_help_shows_its_default() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "highstakes", "serve", "--help", "--lang", "en"],
        capture_output=True, text=True, check=True,
    )
    text = " ".join(done.stdout.split())
    assert {name for name, *_rest in SERVE_LIMITS} == set(vars(Limits()))
    for name, flag, *_rest in SERVE_LIMITS:
        assert flag in text
        # The default as English writes numbers: 1,000.
        assert f"(default {format_number(getattr(Limits(), name), 'en')})" in text
    for flag in ("--allowed-host", "--allow-origin", "--forwarded-allow-ips", "--ws-compression"):
        assert flag in text


def test_the_flags_reach_the_server(tmp_path: Path) -> None:
    server = ProcessServer(
        f"sqlite:///{tmp_path / 'rooms.db'}", tmp_path / "server.log",
        args=["--rooms-per-minute", "2", "--allowed-host", "games.example.org",
              "--allow-origin", "https://lobby.example.org"],
    ).start()
    try:
        with server.http() as http:
            body = {"game": "greed", "seats": ["human", "human"]}
            statuses = [http.post("/api/rooms", json=body).status_code for _ in range(3)]
            assert statuses == [201, 201, 429]
            assert http.get("/healthz", headers={"Host": "games.example.org"}).status_code == 200
            assert http.get("/healthz", headers={"Host": "other.example.org"}).status_code == 400
            room = http.get("/api/open-rooms").json()[0]["room"]
            joined = http.post(f"/api/rooms/{room}/join", json={"name": "Ann"},
                               headers={"Origin": "https://lobby.example.org"})
            assert joined.status_code == 200, joined.text
            refused = http.post(f"/api/rooms/{room}/join", json={"name": "Bob"},
                                headers={"Origin": "https://other.example.org"})
            assert refused.status_code == 403
    finally:
        server.stop()
