"""Where ``highstakes play`` keeps the records of finished games: the user data directory.

``$HIGHSTAKES_DATA_DIR`` overrides the directory (tests, portable installs); records go into
its ``records`` folder, one JSON file per game, named by the game and the time it began.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

DATA_ENV = "HIGHSTAKES_DATA_DIR"


def records_dir() -> Path:
    """The folder of saved records (not created until a record is saved)."""
    override = os.environ.get(DATA_ENV)
    base = Path(override) if override else Path(platformdirs.user_data_dir("highstakes"))
    return base / "records"


def new_record_path(game_id: str) -> Path:
    """A file name for the record of a game of ``game_id`` starting now, taken by no other record."""
    folder = records_dir()
    stem = f"{game_id}-{time.strftime('%Y-%m-%d-%H%M%S')}"
    path = folder / f"{stem}.json"
    number = 2
    while path.exists() or any(folder.glob(f"{path.stem}-*.json")):
        path = folder / f"{stem}-{number:02d}.json"
        number += 1
    return path
