"""docs/research.md for the tests that hold it to the code: its text, and its tables by row."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "research.md"


def research_page() -> str:
    return PAGE.read_text(encoding="utf-8")


def research_table(header: str) -> dict[str, list[str]]:
    """The table whose header line starts with ``header``: each row's cells, stripped, keyed
    by its first cell."""
    table = research_page().split(header, 1)[1].split("\n\n", 1)[0]
    rows = (line.strip().strip("|").split(" | ") for line in table.split("\n")[2:])
    return {cells[0].strip(): [cell.strip() for cell in cells] for cells in rows}


def python_examples(section: str) -> list[str]:
    """The Python code blocks of the page's ``## section``, in order."""
    text = research_page().split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
