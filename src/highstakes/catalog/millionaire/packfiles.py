"""Question files people write or download, read with every problem said in words and where.

Three forms hold questions in the bank's schema (:class:`~.bank.Question`): a pack folder
of ``level-NN.json`` files, one such level file, and a CSV file with the columns
:data:`CSV_COLUMNS` (the answer as a letter, A to D). A fourth is read for import only: an
Open Trivia DB download (``{"results": [...]}``), whose multiple-choice questions become
questions of the bank: easy ones spread evenly over levels 1 to 5, medium over 6 to 10, hard
over 11 to 15, their categories mapped to the bank's (:data:`OPENTDB_CATEGORIES`).

Nothing here stops at the first problem: a reading lists every problem it found, each with
its file and the question's place in it (its row, its number, its id).
"""

from __future__ import annotations

import csv
import hashlib
import html
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from highstakes.catalog.millionaire.bank import CATEGORIES, LEVELS, Question
from highstakes.catalog.millionaire.words import N_, _, ngettext

LETTERS = "ABCD"
#: A CSV file's header: the schema's fields, the four options in their own columns.
CSV_COLUMNS = ("id", "level", "category", "question", "option_a", "option_b", "option_c", "option_d",
               "answer", "explanation")
FIELDS = ("id", "level", "category", "question", "options", "answer", "explanation")
#: Open Trivia DB's categories as the bank's; one not listed becomes "everyday".
OPENTDB_CATEGORIES: Mapping[str, str] = {
    "General Knowledge": "everyday",
    "Entertainment: Books": "literature",
    "Entertainment: Film": "film",
    "Entertainment: Music": "music",
    "Entertainment: Musicals & Theatres": "arts",
    "Entertainment: Television": "film",
    "Entertainment: Video Games": "technology",
    "Entertainment: Board Games": "everyday",
    "Entertainment: Comics": "literature",
    "Entertainment: Japanese Anime & Manga": "film",
    "Entertainment: Cartoon & Animations": "film",
    "Science & Nature": "science",
    "Science: Computers": "technology",
    "Science: Mathematics": "mathematics",
    "Science: Gadgets": "technology",
    "Mythology": "literature",
    "Sports": "sport",
    "Geography": "geography",
    "History": "history",
    "Politics": "history",
    "Art": "arts",
    "Celebrities": "everyday",
    "Animals": "nature",
    "Vehicles": "technology",
}
#: Open Trivia DB's difficulties: the first level of each band of five.
OPENTDB_LEVELS: Mapping[str, int] = {"easy": 1, "medium": 6, "hard": 11}
BAND = 5

#: What each field must be, in words.
FIELD_RULES: Mapping[str, str] = {
    "id": N_("the id is 1 to 40 letters, digits, '.', '_' or '-', beginning with a letter or digit"),
    "level": N_("the level is a whole number from 1 to 15"),
    "category": N_("the category is one of: {categories}"),
    "question": N_("the question is text of 1 to 400 characters"),
    "options": N_("a question has four options, each text of 1 to 400 characters"),
    "answer": N_("the answer is the correct option's place: 0 to 3 in JSON"),
    "explanation": N_("the explanation is text of 1 to 400 characters"),
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong, and where: a file, and a question's row, number or id in it."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@dataclass
class Reading:
    """The questions a file held that meet the schema, and every problem found."""

    questions: list[Question] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    skipped: int = 0  # questions of a kind the bank has no place for (Open Trivia DB's true/false)


# --- the schema, in words -----------------------------------------------------------------------


def field_problem(error: msgspec.ValidationError) -> str:
    """What a msgspec refusal of one question means, as the rule of the field it names."""
    message = str(error)
    missing = re.search(r"missing required field `([^`]*)`", message)
    if missing:
        return _("the field {field} is missing").format(field=missing.group(1))
    unknown = re.search(r"unknown field `([^`]*)`", message)
    if unknown:
        return _("unknown field {field}; the fields are {fields}").format(
            field=repr(unknown.group(1)), fields=", ".join(FIELDS))
    named = re.search(r"at `\$\.(\w+)", message)
    if named and named.group(1) in FIELD_RULES:
        return _(FIELD_RULES[named.group(1)]).format(categories=", ".join(CATEGORIES))
    return _("each question is a JSON object with the fields {fields}").format(fields=", ".join(FIELDS))


def to_question(data: Any) -> Question | str:
    """The question ``data`` describes, or what is wrong with it in words."""
    try:
        return msgspec.convert(data, Question)
    except msgspec.ValidationError as error:
        return field_problem(error)


def _place(file: str, number: int, data: Any, *, row: bool = False) -> str:
    """Where a question is: its file, its row (CSV) or number (JSON), and its id when it has one."""
    question_id = data.get("id") if isinstance(data, Mapping) else None
    if row:
        place = _("{file}, row {row}").format(file=file, row=number)
    else:
        place = _("{file}, question {number}").format(file=file, number=number)
    if isinstance(question_id, str) and question_id:
        place = _("{place} (id {id})").format(place=place, id=question_id)
    return place


# --- our own forms --------------------------------------------------------------------------------


def read_file_or_folder(path: Path) -> Reading:
    """A pack folder, a level file or a CSV file, checked question by question and as a whole.

    A pack (a folder or a CSV file) must have a question at every level; a level file holds
    one level, named by its file name (``level-03.json``) when it follows the pack's naming.
    """
    if path.is_dir():
        reading = Reading()
        files = sorted(path.glob("level-*.json"))
        if not files:
            reading.problems.append(Problem(str(path), _(
                "a pack folder holds level files named level-01.json to level-15.json; it has none")))
            return reading
        for level_file in files:
            part = read_level_file(level_file)
            reading.questions += part.questions
            reading.problems += part.problems
        reading.problems += whole_pack_problems(reading.questions, str(path))
        return reading
    if not path.is_file():
        return Reading(problems=[Problem(str(path), _("no such file or folder"))])
    if path.suffix.lower() == ".csv":
        reading = read_csv(path)
        reading.problems += whole_pack_problems(reading.questions, path.name)
        return reading
    if path.suffix.lower() == ".json":
        reading = read_level_file(path)
        reading.problems += repeat_problems(reading.questions, path.name)
        return reading
    return Reading(problems=[Problem(path.name, _(
        "questions come in a pack folder, a level file (.json) or a CSV file (.csv)"))])


def _load_json(path: Path, reading: Reading) -> Any:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        reading.problems.append(Problem(path.name, _("the file is not text in UTF-8")))
        return None
    except OSError as error:
        reading.problems.append(Problem(path.name, _("cannot read it: {reason}").format(
            reason=error.strerror or error)))
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        reading.problems.append(Problem(path.name, _("it is not JSON: {reason} at line {line}").format(
            reason=error.msg, line=error.lineno)))
        return None


def read_level_file(path: Path) -> Reading:
    """One JSON list of questions; each question checked against the schema."""
    reading = Reading()
    data = _load_json(path, reading)
    if data is None:
        return reading
    if not isinstance(data, list):
        reading.problems.append(Problem(path.name, _("a level file is a JSON list of questions")))
        return reading
    named = re.fullmatch(r"level-(\d+)\.json", path.name)
    file_level = int(named.group(1)) if named else None
    for number, item in enumerate(data, start=1):
        question = to_question(item)
        if isinstance(question, str):
            reading.problems.append(Problem(_place(path.name, number, item), question))
            continue
        if file_level is not None and question.level != file_level:
            reading.problems.append(Problem(_place(path.name, number, item), _(
                "its level is {level}, but it is in the file of level {file_level}").format(
                    level=question.level, file_level=file_level)))
            continue
        reading.questions.append(question)
    return reading


def read_csv(path: Path) -> Reading:
    """A CSV file with the columns :data:`CSV_COLUMNS`, a header first; rows counted from it (1)."""
    reading = Reading()
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))
    except UnicodeDecodeError:
        return Reading(problems=[Problem(path.name, _("the file is not text in UTF-8"))])
    except (OSError, csv.Error) as error:
        return Reading(problems=[Problem(path.name, _("cannot read it: {reason}").format(
            reason=getattr(error, "strerror", None) or error))])
    if not rows:
        return Reading(problems=[Problem(path.name, _("the file is empty; its first row names the columns "
                                                       "{columns}").format(columns=",".join(CSV_COLUMNS)))])
    header = [name.strip().lower() for name in rows[0]]
    missing = [name for name in CSV_COLUMNS if name not in header]
    unknown = [name for name in header if name not in CSV_COLUMNS]
    if missing or unknown:
        reading.problems.append(Problem(_("{file}, row {row}").format(file=path.name, row=1), _(
            "the columns must be {columns}; missing: {missing}; unknown: {unknown}").format(
                columns=",".join(CSV_COLUMNS), missing=", ".join(missing) or "-",
                unknown=", ".join(unknown) or "-")))
        return reading
    for row_number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        cells = dict(zip(header, (cell.strip() for cell in row), strict=False))
        where = _place(path.name, row_number, cells, row=True)
        if len(row) != len(header):
            reading.problems.append(Problem(where, _("it has {count} cells; the header has {columns}").format(
                count=len(row), columns=len(header))))
            continue
        question = _question_from_cells(cells)
        if isinstance(question, str):
            reading.problems.append(Problem(where, question))
        else:
            reading.questions.append(question)
    return reading


def _question_from_cells(cells: Mapping[str, str]) -> Question | str:
    answer = cells["answer"].upper()
    if answer not in LETTERS or not answer:
        return _("the answer is the correct option's letter, A, B, C or D; got {answer}").format(
            answer=repr(cells["answer"]))
    try:
        level = int(cells["level"])
    except ValueError:
        return _(FIELD_RULES["level"])
    return to_question({
        "id": cells["id"], "level": level, "category": cells["category"].lower(),
        "question": cells["question"],
        "options": [cells["option_a"], cells["option_b"], cells["option_c"], cells["option_d"]],
        "answer": LETTERS.index(answer), "explanation": cells["explanation"],
    })


# --- a whole pack ---------------------------------------------------------------------------------


def _normalised(text: str) -> str:
    return " ".join(text.casefold().split())


def repeat_problems(questions: Iterable[Question], where: str) -> list[Problem]:
    """Ids used twice, questions asked twice, and questions with two options alike."""
    questions = list(questions)
    found: list[Problem] = []
    ids = Counter(question.id for question in questions)
    found += [Problem(where, _("the id {id} is used {count} times").format(id=key, count=count))
              for key, count in ids.items() if count > 1]
    texts = Counter(_normalised(question.question) for question in questions)
    for question in questions:
        if texts.get(_normalised(question.question), 0) > 1:
            found.append(Problem(where, _(
                "question {id}: the same question is asked again in the pack").format(id=question.id)))
        if len({_normalised(option) for option in question.options}) < 4:
            found.append(Problem(where, _("question {id}: two of its options are the same").format(
                id=question.id)))
    return found


def whole_pack_problems(questions: Iterable[Question], where: str) -> list[Problem]:
    """What a pack as a whole needs: no repeats, and a question at every level."""
    questions = list(questions)
    found = repeat_problems(questions, where)
    levels = Counter(question.level for question in questions)
    empty = [level for level in range(1, LEVELS + 1) if not levels[level]]
    if empty:
        found.append(Problem(where, ngettext(
            "level {levels} has no questions; a pack needs questions at every level, 1 to 15",
            "levels {levels} have no questions; a pack needs questions at every level, 1 to 15",
            len(empty)).format(levels=", ".join(str(level) for level in empty))))
    return found


# --- Open Trivia DB -------------------------------------------------------------------------------


def read_opentdb(path: Path, name: str) -> Reading:
    """An Open Trivia DB download as questions of the bank, with ids ``<name>-0001`` onwards.

    Only multiple-choice questions are kept (the others are counted in ``skipped``); the HTML
    entities of the download are decoded; each difficulty's questions are dealt in turn to
    the five levels of its band, in the file's order; the correct answer takes a place drawn
    from the question's own text, so the same file always gives the same pack.
    """
    reading = Reading()
    data = _load_json(path, reading)
    if data is None:
        return reading
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, list):
        reading.problems.append(Problem(path.name, _(
            "an Open Trivia DB file is a JSON object whose 'results' lists the questions")))
        return reading
    dealt: Counter[str] = Counter()
    for number, item in enumerate(results, start=1):
        where = _("{file}, question {number}").format(file=path.name, number=number)
        if not isinstance(item, dict):
            reading.problems.append(Problem(where, _("each result is a JSON object")))
            continue
        if item.get("type") != "multiple":
            reading.skipped += 1
            continue
        difficulty = item.get("difficulty")
        incorrect = item.get("incorrect_answers")
        texts = [item.get("question"), item.get("correct_answer")]
        if difficulty not in OPENTDB_LEVELS:
            reading.problems.append(Problem(where, _(
                "its difficulty is easy, medium or hard; got {value}").format(value=repr(difficulty))))
            continue
        if (not isinstance(incorrect, list) or len(incorrect) != 3
                or not all(isinstance(text, str) for text in [*texts, *incorrect])):
            reading.problems.append(Problem(where, _(
                "a multiple-choice result has a question, a correct answer and three incorrect answers")))
            continue
        question_text, correct = (html.unescape(text).strip() for text in texts)
        wrong = [html.unescape(text).strip() for text in incorrect]
        place = int.from_bytes(hashlib.sha256(question_text.encode()).digest()[:4], "big") % 4
        options = [*wrong[:place], correct, *wrong[place:]]
        level = OPENTDB_LEVELS[difficulty] + dealt[difficulty] % BAND
        dealt[difficulty] += 1
        category = OPENTDB_CATEGORIES.get(html.unescape(str(item.get("category", ""))), "everyday")
        candidate = {
            "id": f"{name}-{len(reading.questions) + 1:04d}", "level": level, "category": category,
            "question": question_text, "options": options, "answer": place,
            "explanation": _("The answer is: {answer}.").format(answer=correct),
        }
        question = to_question(candidate)
        if isinstance(question, str):
            reading.problems.append(Problem(where, question))
        else:
            reading.questions.append(question)
    return reading


def looks_like_opentdb(path: Path) -> bool:
    """Whether a JSON file is an Open Trivia DB download (an object with 'results'), not a level file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and "results" in data
