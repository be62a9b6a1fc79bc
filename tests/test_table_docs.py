"""docs/table.md holds to the code: every widget and value of ``highstakes.table`` is documented
there, and every widget type has a drawer in both faces."""

from __future__ import annotations

import re
from pathlib import Path

import highstakes.table as table_package
from highstakes.table.values import Actionable, Node
from highstakes.tui.declared.draw import DRAWERS

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "table.md").read_text(encoding="utf-8")
BROWSER = (ROOT / "src" / "highstakes" / "web" / "static" / "table" / "draw.js").read_text(encoding="utf-8")
WORDS_JS = (ROOT / "src" / "highstakes" / "web" / "static" / "table" / "words.js").read_text(encoding="utf-8")


#: Drawn by the widget that holds them, or (the table) by the face itself.
PARTS = {"Fact", "SeatRow", "HandGroup", "Rung", "Bar", "MenuItem", "ComposeChoice", "Table"}


def leaf_types() -> list[type]:
    found, pending = [], [Node]
    while pending:
        kind = pending.pop()
        for sub in kind.__subclasses__():
            pending.append(sub)
            if not sub.__subclasses__():
                found.append(sub)
    return sorted(found, key=lambda kind: kind.__name__)


def test_every_widget_and_value_is_documented() -> None:
    documented = set(re.findall(r"`([A-Z][A-Za-z]+)`", PAGE))
    missing = [kind.__name__ for kind in leaf_types() if kind.__name__ not in documented]
    assert not missing, f"docs/table.md does not document {missing}"
    assert Actionable.__name__ in documented


def test_every_widget_is_exported_by_the_package() -> None:
    assert {kind.__name__ for kind in leaf_types()} <= set(table_package.__all__)


def test_every_widget_has_a_drawer_in_both_faces() -> None:
    values = {"Money", "Number", "Percent", "SeatRef", "Strong", "PieceRef", "Listing"}
    for kind in leaf_types():
        tag = kind.__struct_config__.tag
        if kind.__name__ in values:
            assert f'case "{tag}"' in WORDS_JS or f'"{tag}"' in WORDS_JS, kind.__name__
        elif kind.__name__ in PARTS:
            continue  # drawn by their parent widget, or the table itself
        else:
            assert kind in DRAWERS, f"the terminal has no drawer for {kind.__name__}"
            drawn = re.search(rf"(^|\s){tag}[:(]", BROWSER, re.MULTILINE)
            assert drawn, f"the browser has no drawer for {tag}"
