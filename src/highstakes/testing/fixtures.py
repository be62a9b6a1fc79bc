"""Pytest fixtures for testing games and faces: databases and a running server.

Loaded by the project's root ``conftest.py`` (``pytest_plugins``); a game's own test suite
may load it the same way. PostgreSQL tests start a throwaway cluster and are skipped when
PostgreSQL is not installed, except on CI (``CI`` set), which must install it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

# --- the game server ---------------------------------------------------------------------------
# Real servers on loopback (see server_helpers.py) and a throwaway PostgreSQL cluster.


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'rooms.db'}"


@pytest.fixture
def server(sqlite_url):
    """A fresh server (bots without delay, seeded games) on a fresh SQLite database."""
    from highstakes.testing.servers import ThreadServer

    with ThreadServer(sqlite_url, bot_delay=0.0, seed=20240601) as running:
        yield running


def _postgres_bin() -> Path | None:
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    if candidates:
        return candidates[-1].parent
    found = shutil.which("pg_ctl")
    return Path(found).parent if found else None


@pytest.fixture(scope="session")
def postgres_server():
    """A throwaway PostgreSQL cluster on a free loopback port: its admin URL without a database.

    Skipped when PostgreSQL is not installed, except on CI, which must install it.
    """
    import socket
    import subprocess
    import tempfile

    bin_dir = _postgres_bin()
    if bin_dir is None or not (bin_dir / "initdb").exists():
        reason = "PostgreSQL (initdb, pg_ctl) is not installed; the PostgreSQL storage tests need it"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI must install it)")
        pytest.skip(reason)
    root = Path(tempfile.mkdtemp(prefix="highstakes-pg-"))
    # PostgreSQL refuses to run as root: run it as the postgres user, in a directory it owns.
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, user="postgres", group="postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, log = root / "data", root / "server.log"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    def run(*command: str) -> None:
        done = subprocess.run([*as_user, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}")

    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {root} -c fsync=off"
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        with contextlib.suppress(Exception):
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server):
    """A new, empty database on the throwaway cluster, for one test."""
    import uuid

    import psycopg

    name = f"highstakes_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{postgres_server}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request):
    """Each storage and restart test runs on SQLite and on a real PostgreSQL server."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("postgres_url")


# --- the user's data ----------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _data_in_a_temporary_directory(tmp_path_factory, monkeypatch):
    """Records that ``highstakes play`` saves go to a throwaway directory, never the user's.

    Set in the environment, so that programs the tests start (a real terminal) use it too.
    """
    monkeypatch.setenv("HIGHSTAKES_DATA_DIR", str(tmp_path_factory.mktemp("data")))
