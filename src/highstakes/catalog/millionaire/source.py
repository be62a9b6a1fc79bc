"""Where a game's questions come from, and how its record keeps them (RULES.md §4.3).

A game draws its questions from its pack (the option ``pack``): each level's questions of the
chosen categories, never one twice. The record keeps each question it asked **whole**, with
the version of the pack it came from (``Pack.version``, a fingerprint of the pack's questions):

    {"chance": {"pack": "3f0c9a1e5b7d2c44", "question": {"id": "L01-042", "level": 1, ...}}}

so a replay takes its questions from the record, never from the pack: a pack imported again
under the same name (other ids, or the same ids with other answers), or deleted, changes
nothing that was played and breaks no replay. Drawing a *new* question needs the pack as it
was when the game began: a game replayed after its pack changed plays on until it needs
another question, and that move is refused in words (``pack_changed``); it can still be
watched and replayed.

Records made before questions were kept whole name them by id (``"L01-042"``). Those of the
shipped packs, which change only with the program, still replay by id; those of an imported
pack are refused in words, since the pack may have changed since and would replay, silently,
as another game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import msgspec

from highstakes.catalog.millionaire.bank import LEVELS, SHIPPED, PackError, Question
from highstakes.catalog.millionaire.options import MillionaireOptions
from highstakes.catalog.millionaire.packs import Pack, load_pack, require_pack
from highstakes.catalog.millionaire.words import WORDS, _, ngettext
from highstakes.engine.action import JSON
from highstakes.engine.errors import IllegalAction

#: The longest pack version a record may give (ours are 16 hexadecimal digits).
VERSION_LENGTH = 64


class QuestionSource:
    """The pack a game draws from, read once when the game is made, and each level's pool.

    ``problem`` says in words why no question can be drawn from it (the pack is not installed,
    or a level has too few questions for the game), or is None.
    """

    def __init__(self, options: MillionaireOptions, rounds: int) -> None:
        self.name = options.pack
        self.pack: Pack | None = None
        self.pools: Pools = ()
        self.missing: str | None = None  # why the pack cannot be read, in a sentence
        self.problem: str | None = None
        try:
            if self.name not in SHIPPED:
                require_pack(self.name)
            self.pack = load_pack(self.name)
        except (PackError, ValueError) as problem:
            self.missing = str(problem)
            self.problem = refusal_of_pack(self.name, self.missing)
            return
        self.pools, self.problem = pools(self.pack, options, rounds)

    @property
    def version(self) -> str | None:
        return None if self.pack is None else self.pack.version

    def outcome(self, question_id: str) -> JSON:
        """The record's form of drawing this question of the pack."""
        assert self.pack is not None
        return {"pack": self.pack.version, "question": msgspec.to_builtins(self.pack.by_id[question_id])}

    def drawn(self, question_id: str) -> tuple[str | None, Question]:
        """What drawing this question of the pack gives the rules: the pack's version and the question."""
        assert self.pack is not None
        return self.pack.version, self.pack.by_id[question_id]

    def changed(self) -> str:
        """Why a game whose questions came from another version of the pack cannot draw another."""
        name = repr(self.name)
        if self.pack is None:
            return _("the question pack {name} is no longer installed, so this game's next question cannot "
                     "be drawn; the game can be watched and replayed, not played on").format(name=name)
        return _("the question pack {name} has changed since this game began, so its next question cannot "
                 "be drawn; the game can be watched and replayed, not played on").format(name=name)

    def read(self, outcome: JSON, level: int, asked: Sequence[str],
             unused: Callable[[], list[str]]) -> tuple[str | None, Question]:
        """A question outcome (a record's, or a scripted one) as the rules take it; IllegalAction
        in words for one that cannot be the question of ``level`` now.

        One of the pack in place must be one of ``unused()`` and the very question the pack holds;
        one of another version of the pack (a record made before the pack changed) is taken as
        the record gives it, at its level and never asked before in the game.
        """
        if isinstance(outcome, str):
            return self._read_id(outcome, unused)
        parsed = parse_outcome(outcome)
        if parsed is None:
            raise IllegalAction("bad_chance", _(
                'a question drawn is {{"pack": version, "question": a question of the bank}}; got {outcome}'
            ).format(outcome=shorten(outcome)), "§4.3")
        version, question = parsed
        from_this_pack = version == self.version
        if question.level != level or question.id in asked or (from_this_pack and (
                question.id not in unused() or self.drawn(question.id)[1] != question)):
            raise not_drawable(question.id)
        return version, question

    def _read_id(self, question_id: str, unused: Callable[[], list[str]]) -> tuple[str | None, Question]:
        """An older record's question, named by id: read from a shipped pack only."""
        if self.pack is None:
            raise IllegalAction("no_pack", str(self.missing), "§4.3")
        if self.name not in SHIPPED:
            raise IllegalAction("question_by_id", _(
                "this record names the questions of the imported pack {name} by id only, and the pack may "
                "have changed since; records of imported packs replay only when they keep their questions"
            ).format(name=repr(self.name)), "§4.3")
        if question_id not in unused():
            raise not_drawable(question_id)
        return self.drawn(question_id)


def parse_outcome(outcome: JSON) -> tuple[str, Question] | None:
    """``{"pack": version, "question": {...}}`` read, or None when it is not that."""
    if not isinstance(outcome, dict) or set(outcome) != {"pack", "question"}:
        return None
    version = outcome["pack"]
    if not isinstance(version, str) or not 0 < len(version) <= VERSION_LENGTH:
        return None
    try:
        return version, msgspec.convert(outcome["question"], Question)
    except msgspec.ValidationError:
        return None


def not_drawable(question: str) -> IllegalAction:
    return IllegalAction("bad_chance", _(
        "the next question must be one of this level's questions not yet asked; got {outcome}"
    ).format(outcome=repr(question)), "§4.3")


def shorten(value: object, length: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= length else text[: length - 1] + "…"


def refusal_of_pack(name: str, missing: str) -> str:
    """Why a new game cannot have the pack ``name``, as the ``pack`` option would refuse it: the
    option takes the name of any pack, since a record replays after its pack was deleted."""
    spec = next(spec for spec in MillionaireOptions.specs() if spec.name == "pack")
    strict = dataclasses.replace(spec, check=require_pack)
    try:
        strict.validate(MillionaireOptions.GAME_ID, name, WORDS.gettext)
    except ValueError as refusal:
        return str(refusal)
    return missing  # installed since: the pack was read as it was a moment ago


Pools = tuple[tuple[str, ...], ...]


def pools(pack: Pack, options: MillionaireOptions, rounds: int) -> tuple[Pools, str | None]:
    """Each level's questions of the pack in the chosen categories, and why a game cannot be
    played with them: a level with fewer than the game may ask there (one a round), in words."""
    categories: Sequence[str] | None = None if options.categories == "all" else options.categories
    levels = tuple(pack.level_ids(level, categories) for level in range(1, LEVELS + 1))
    for level, pool in enumerate(levels, start=1):
        if len(pool) >= rounds:
            continue
        if categories is None:
            message = ngettext(
                "level {level} of the pack {pack} has {count} question, and this game may ask {needed} "
                "there, one a round: choose another pack or fewer rounds",
                "level {level} of the pack {pack} has {count} questions, and this game may ask {needed} "
                "there, one a round: choose another pack or fewer rounds", len(pool))
        else:
            message = ngettext(
                "level {level} of the pack {pack} has {count} question in the categories chosen, and "
                "this game may ask {needed} there, one a round: choose more categories, another pack or "
                "fewer rounds",
                "level {level} of the pack {pack} has {count} questions in the categories chosen, and "
                "this game may ask {needed} there, one a round: choose more categories, another pack or "
                "fewer rounds",
                len(pool))
        return levels, message.format(level=level, pack=options.pack, count=len(pool), needed=rounds)
    return levels, None
