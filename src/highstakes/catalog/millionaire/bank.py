"""The question bank: packs of questions by language, a schema every question meets, and the
checks a whole pack must pass.

A pack is a folder of ``level-01.json`` ... ``level-15.json``, each a JSON array of questions
(see :class:`Question`); the packs shipped with the game are ``questions/<language>/``, the
same ids in every language. A question has four options, exactly one of them correct, a
category, and a sentence explaining the answer, shown after the reveal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Literal, get_args

import msgspec

LEVELS = 15
#: Questions a pack must hold at each level, at least.
PER_LEVEL = 70
Category = Literal[
    "geography", "history", "science", "nature", "arts", "literature", "music", "film", "sport",
    "language", "food", "technology", "mathematics", "everyday",
]
CATEGORIES: tuple[str, ...] = get_args(Category)
#: The languages whose packs ship with the game.
SHIPPED = ("en", "es", "it", "uz")
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=400)]


class Question(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One question, as a pack's JSON holds it."""

    id: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")]
    level: Annotated[int, msgspec.Meta(ge=1, le=LEVELS)]
    category: Category
    question: Text
    options: Annotated[list[Text], msgspec.Meta(min_length=4, max_length=4)]
    answer: Annotated[int, msgspec.Meta(ge=0, le=3)]
    explanation: Text

    @property
    def correct(self) -> str:
        return self.options[self.answer]


class PackError(ValueError):
    """What is wrong with a pack, in words."""


def shipped_pack(language: str) -> Path:
    return Path(str(files("highstakes.catalog.millionaire").joinpath("questions", language)))


def read_level(path: Path) -> list[Question]:
    """One level file, checked against the schema; a PackError says where it fails."""
    try:
        return msgspec.json.decode(path.read_bytes(), type=list[Question])
    except (msgspec.ValidationError, msgspec.DecodeError) as problem:
        raise PackError(f"{path.name}: {problem}") from None


def read_pack(folder: Path) -> list[Question]:
    """Every level file of a pack, in level order."""
    questions: list[Question] = []
    for path in sorted(folder.glob("level-*.json")):
        questions.extend(read_level(path))
    return questions


def _normalised(text: str) -> str:
    """Text as compared for repeats: case and spacing aside (signs kept: 10 °C is not -10 °C)."""
    return " ".join(text.casefold().split())


def problems(questions: Sequence[Question], per_level: int = PER_LEVEL) -> list[str]:
    """Everything wrong with a whole pack, in words; empty when it is sound."""
    found: list[str] = []
    ids = Counter(question.id for question in questions)
    found += [f"the id {key} is used {count} times" for key, count in ids.items() if count > 1]
    texts = Counter(_normalised(question.question) for question in questions)
    found += [f"the question {text!r} is asked {count} times" for text, count in texts.items() if count > 1]
    for question in questions:
        if len({_normalised(option) for option in question.options}) < 4:
            found.append(f"{question.id}: two options are the same")
    levels = Counter(question.level for question in questions)
    for level in range(1, LEVELS + 1):
        if levels[level] < per_level:
            found.append(f"level {level} has {levels[level]} questions, fewer than {per_level}")
    return found


def mismatches(original: Iterable[Question], translated: Iterable[Question]) -> list[str]:
    """Where a translated pack departs from its original: each question kept, at its level, in
    its category, with the correct answer at the same place."""
    by_id = {question.id: question for question in translated}
    found: list[str] = []
    for question in original:
        other = by_id.pop(question.id, None)
        if other is None:
            found.append(f"{question.id} is not translated")
        elif (other.level, other.category, other.answer) != (
                question.level, question.category, question.answer):
            found.append(f"{question.id}: its level, category or answer differs from the original")
    found += [f"{question_id} has no original" for question_id in sorted(by_id)]
    return found
