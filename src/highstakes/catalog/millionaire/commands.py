"""``highstakes questions``: check question files, import packs, count a pack's questions.

* ``validate FILE|FOLDER``: a pack folder, a level file or a CSV file against the schema;
  every problem in words with its place; exit code 1 when there are problems, 0 when clean;
* ``import FILE --name NAME [--force]``: an Open Trivia DB download or a CSV file, checked,
  stored as the user's pack NAME (see ``packs.py``) for the ``pack`` option;
* ``stats [PACK]``: each pack's questions by level and by category.

Mistakes of usage (no such file, a name taken) are one line and exit code 2. The parsers are
built with every command line, so this module imports nothing heavy until a command runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from highstakes.catalog.millionaire.words import _, ngettext
from highstakes.engine.parts import UsageError


def build_questions_command(parser: argparse.ArgumentParser) -> None:
    """The sub-commands of ``highstakes questions``."""
    parser.description = _(
        "Question packs for Millionaire: check a file, import one as your own pack (then play it "
        "with -o pack=NAME), and count a pack's questions by level and category.")
    jobs = parser.add_subparsers(dest="questions_command", metavar="COMMAND", required=True,
                                 title=_("commands"))
    validate = jobs.add_parser(
        "validate", help=_("check a pack folder, a level file or a CSV file against the schema"),
        description=_("Check a pack folder (level-01.json to level-15.json), one level file or a CSV "
                      "file; print every problem with its place. Exit code 0: no problems; 1: problems."))
    validate.add_argument("path", metavar="FILE|FOLDER", help=_("the file or folder to check"))
    validate.set_defaults(run=run_validate)

    importing = jobs.add_parser(
        "import", help=_("import an Open Trivia DB download or a CSV file as a pack of your own"),
        description=_("Read an Open Trivia DB download (JSON; multiple-choice questions only; easy, "
                      "medium and hard spread evenly over levels 1-5, 6-10 and 11-15) or a CSV file with "
                      "the schema's columns, check it and keep it as your pack NAME."))
    importing.add_argument("path", metavar="FILE", help=_("the file to import (.json or .csv)"))
    importing.add_argument("--name", required=True, metavar="NAME",
                           help=_("the pack's name, used as -o pack=NAME"))
    importing.add_argument("--force", action="store_true", help=_("replace a pack of the same name"))
    importing.set_defaults(run=run_import)

    stats = jobs.add_parser("stats", help=_("count each pack's questions by level and category"))
    stats.add_argument("pack", metavar="PACK", nargs="?", help=_("one pack (default: every pack)"))
    stats.set_defaults(run=run_stats)


def _existing(text: str) -> Path:
    path = Path(text)
    if not path.exists():
        raise UsageError(_("there is no file or folder {path}").format(path=text))
    return path


def run_validate(args: argparse.Namespace) -> int:
    from highstakes.catalog.millionaire.packfiles import read_file_or_folder

    path = _existing(args.path)
    reading = read_file_or_folder(path)
    for problem in reading.problems:
        print(problem)
    count = len(reading.questions)
    if reading.problems:
        print(ngettext("{path}: {count} problem", "{path}: {count} problems", len(reading.problems)).format(
            path=args.path, count=len(reading.problems)))
        return 1
    print(ngettext("{path}: {count} question, no problems", "{path}: {count} questions, no problems",
                   count).format(path=args.path, count=count))
    return 0


def run_import(args: argparse.Namespace) -> int:
    from highstakes.catalog.millionaire.bank import PackError
    from highstakes.catalog.millionaire.packfiles import (
        looks_like_opentdb,
        read_csv,
        read_opentdb,
        whole_pack_problems,
    )
    from highstakes.catalog.millionaire.packs import NAME, save_pack

    path = _existing(args.path)
    name = args.name
    if not NAME.match(name):
        raise UsageError(_("a pack's name is 1 to 30 lower-case letters, digits, '-' or '_', beginning "
                           "with a letter or digit; got {name}").format(name=repr(name)))
    suffix = path.suffix.lower()
    if path.is_file() and suffix == ".csv":
        reading = read_csv(path)
    elif path.is_file() and suffix == ".json" and looks_like_opentdb(path):
        reading = read_opentdb(path, name)
    else:
        raise UsageError(_("{path} is neither an Open Trivia DB download (JSON with 'results') nor a CSV "
                           "file").format(path=args.path))
    problems = reading.problems + whole_pack_problems(reading.questions, path.name)
    for problem in problems:
        print(problem)
    if problems:
        print(ngettext("{path}: {count} problem; nothing was imported",
                       "{path}: {count} problems; nothing was imported", len(problems)).format(
                           path=args.path, count=len(problems)))
        return 1
    try:
        folder = save_pack(name, reading.questions, force=args.force)
    except PackError as problem:
        raise UsageError(str(problem)) from None
    print(ngettext("Imported {count} question as the pack {name} in {folder}.",
                   "Imported {count} questions as the pack {name} in {folder}.",
                   len(reading.questions)).format(count=len(reading.questions), name=name,
                                                  folder=folder))
    if reading.skipped:
        print(ngettext("Skipped {count} question that is not multiple choice.",
                       "Skipped {count} questions that are not multiple choice.", reading.skipped).format(
                           count=reading.skipped))
    print(_("Play it with: {command}").format(command=f"highstakes play millionaire -o pack={name}"))
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from highstakes.catalog.millionaire.bank import CATEGORIES, LEVELS, PackError
    from highstakes.catalog.millionaire.money import LADDER, dollars
    from highstakes.catalog.millionaire.packs import all_packs, load_pack
    from highstakes.i18n.numbers import format_number

    names = [args.pack] if args.pack else all_packs()
    first = True
    for name in names:
        try:
            pack = load_pack(name)
        except PackError as problem:
            raise UsageError(str(problem)) from None
        if not first:
            print()
        first = False
        print(ngettext("pack {name}: {count} question", "pack {name}: {count} questions",
                       len(pack.by_id)).format(name=name, count=format_number(len(pack.by_id))))
        print("  " + _("by level:"))
        for level in range(1, LEVELS + 1):
            print("    " + _("level {level} ({amount}): {count}").format(
                level=level, amount=dollars(LADDER[level - 1]), count=len(pack.levels[level - 1])))
        print("  " + _("by category:"))
        counted = {category: 0 for category in CATEGORIES}
        for question in pack.by_id.values():
            counted[question.category] += 1
        for category, count in counted.items():
            print("    " + _("{category}: {count}").format(category=_(category), count=count))
    return 0
