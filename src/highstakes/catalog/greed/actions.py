"""Greed's two decisions after a roll (RULES.md §2.4)."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.greed.scoring import FACE_INDEX, sort_faces
from highstakes.catalog.greed.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction


@dataclass(frozen=True)
class Keep(Action):
    """Set these scoring dice aside and roll the rest (all six after hot dice)."""

    faces: tuple[str, ...]

    def to_json(self) -> JSON:
        return {"keep": list(self.faces)}

    def __str__(self) -> str:
        return _("keep {dice}").format(dice=" ".join(self.faces))


@dataclass(frozen=True)
class Bank(Action):
    """Take the best scoring of the roll, add the turn total to the score and stop."""

    def to_json(self) -> JSON:
        return {"bank": True}

    def __str__(self) -> str:
        return _("bank")


def parse_action(data: JSON) -> Action:
    if isinstance(data, dict) and data == {"bank": True}:
        return Bank()
    if isinstance(data, dict) and set(data) == {"keep"} and isinstance(data["keep"], list):
        faces = data["keep"]
        unknown = [face for face in faces if not isinstance(face, str) or face not in FACE_INDEX]
        if unknown:
            raise IllegalAction(
                "bad_action",
                _("unknown die face {face}; faces are $, G, R, Eb, Em, D").format(face=repr(unknown[0])),
                "§2.1",
            )
        return Keep(sort_faces(faces))
    raise IllegalAction(
        "bad_action",
        _('a Greed action is {{"keep": [faces...]}} or {{"bank": true}}; got {data}').format(data=repr(data)),
        "§2.4",
    )
