"""Question packs by name: the packs shipped with the game and the ones a user imported.

A user's packs live in the user data directory (``$HIGHSTAKES_DATA_DIR`` overrides it, as
for the records ``highstakes play`` keeps), in ``millionaire/packs/<name>/``, in the very
shape of a shipped pack: ``level-01.json`` ... ``level-15.json``. A game names its pack in
its ``pack`` option, and its record keeps each question it asked whole, with the pack's
*version* (a fingerprint of its questions): a record replays without its pack, whatever
became of it since (see ``rules.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import msgspec
import platformdirs

from highstakes.catalog.millionaire.bank import LEVELS, SHIPPED, PackError, Question, read_pack, shipped_pack
from highstakes.catalog.millionaire.words import _

DATA_ENV = "HIGHSTAKES_DATA_DIR"
#: A user's pack name: lower-case letters, digits, '-' and '_', as a folder name anywhere.
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,29}$")


def user_packs_dir() -> Path:
    """The folder of the user's own packs (not created until a pack is imported)."""
    override = os.environ.get(DATA_ENV)
    base = Path(override) if override else Path(platformdirs.user_data_dir("highstakes"))
    return base / "millionaire" / "packs"


def user_packs() -> list[str]:
    """The names of the user's own packs, sorted."""
    folder = user_packs_dir()
    if not folder.is_dir():
        return []
    return sorted(path.name for path in folder.iterdir()
                  if NAME.match(path.name) and any(path.glob("level-*.json")))


def all_packs() -> list[str]:
    """Every pack a game may play: the shipped ones, then the user's."""
    return [*SHIPPED, *user_packs()]


def pack_folder(name: str) -> Path:
    """The folder of the pack called ``name``; a PackError says which packs there are."""
    if name in SHIPPED:
        return shipped_pack(name)
    folder = user_packs_dir() / name
    if NAME.match(name) and folder.is_dir():
        return folder
    raise PackError(_("there is no question pack called {name}; packs: {packs}").format(
        name=repr(name), packs=", ".join(all_packs())))


def check_pack_name(value: object) -> str:
    """The ``pack`` option's check for values beyond the shipped packs: a name an imported pack may
    have. Not whether it is installed now: a record keeps its questions, and replays after its
    pack was deleted; a new game refuses a pack that is not installed (:func:`require_pack`)."""
    if not isinstance(value, str):
        raise ValueError(_("a pack is named by its name; got {value}").format(value=repr(value)))
    if not NAME.match(value):
        raise ValueError(_("a pack's name is 1 to 30 lower-case letters, digits, '-' or '_', beginning "
                           "with a letter or digit; got {name}").format(name=repr(value)))
    return value


def require_pack(value: object) -> str:
    """An imported pack's name, installed now; else a ValueError saying which packs there are."""
    check_pack_name(value)
    if value not in user_packs():
        mine = user_packs()
        if not mine:
            raise ValueError(_("no pack called {name} has been imported (none has yet)").format(
                name=repr(value)))
        raise ValueError(_("no pack called {name} has been imported; imported packs: {packs}").format(
            name=repr(value), packs=", ".join(mine)))
    return value


@dataclass(frozen=True)
class Pack:
    """A pack as a game reads it: its questions by id, and each level's ids in sorted order."""

    name: str
    by_id: dict[str, Question]
    levels: tuple[tuple[str, ...], ...]
    #: A fingerprint of the questions: packs of the same name with other questions differ in it.
    version: str

    def level_ids(self, level: int, categories: Sequence[str] | None = None) -> tuple[str, ...]:
        """The ids of a level (1 to 15), only those of ``categories`` when given, sorted."""
        ids = self.levels[level - 1]
        if categories is None:
            return ids
        wanted = set(categories)
        return tuple(qid for qid in ids if self.by_id[qid].category in wanted)


def load_pack(name: str) -> Pack:
    """The pack called ``name``: a shipped pack read once, a user's once per version of its
    files (a re-import with --force is seen by the games created after it)."""
    folder = pack_folder(name)
    if name in SHIPPED:
        return _load(name, str(folder), ())
    stamp = tuple((path.name, path.stat().st_mtime_ns) for path in sorted(folder.glob("level-*.json")))
    return _load(name, str(folder), stamp)


@lru_cache(maxsize=8)
def _load(name: str, folder: str, _stamp: tuple[tuple[str, int], ...]) -> Pack:
    questions = read_pack(Path(folder))
    by_id = {question.id: question for question in questions}
    levels = tuple(tuple(sorted(q.id for q in questions if q.level == level))
                   for level in range(1, LEVELS + 1))
    return Pack(name, by_id, levels, fingerprint(questions))


def fingerprint(questions: Sequence[Question]) -> str:
    """The pack's version: a hash of its questions in id order (the files' layout aside)."""
    ordered = sorted(questions, key=lambda question: question.id)
    return hashlib.sha256(msgspec.json.encode(ordered)).hexdigest()[:16]


def save_pack(name: str, questions: Sequence[Question], force: bool = False) -> Path:
    """Write ``questions`` as the user's pack ``name``; refuse to replace one unless ``force``."""
    if not NAME.match(name):
        raise PackError(_("a pack's name is 1 to 30 lower-case letters, digits, '-' or '_', beginning "
                          "with a letter or digit; got {name}").format(name=repr(name)))
    if name in SHIPPED:
        raise PackError(_("{name} is the name of a pack shipped with the game; choose another").format(
            name=repr(name)))
    folder = user_packs_dir() / name
    if folder.exists() and not force:
        raise PackError(_("there is already a pack called {name}; add --force to replace it").format(
            name=repr(name)))
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("level-*.json"):
        old.unlink()
    for level in range(1, LEVELS + 1):
        at_level = [question for question in questions if question.level == level]
        if at_level:
            data = [_as_json(question) for question in at_level]
            (folder / f"level-{level:02d}.json").write_text(
                json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return folder


def _as_json(question: Question) -> dict[str, object]:
    return {"id": question.id, "level": question.level, "category": question.category,
            "question": question.question, "options": list(question.options), "answer": question.answer,
            "explanation": question.explanation}
