"""The question bank: every shipped pack meets the schema and the issue's counts, each
translation keeps its original's questions and answers, and bad packs are refused in words."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from itertools import combinations
from pathlib import Path

import pytest

from highstakes.catalog.millionaire.bank import (
    CATEGORIES,
    LEVELS,
    PER_LEVEL,
    SHIPPED,
    PackError,
    Question,
    mismatches,
    problems,
    read_level,
    read_pack,
    shipped_pack,
)


@pytest.fixture(scope="module", params=SHIPPED)
def pack(request: pytest.FixtureRequest) -> tuple[str, list[Question]]:
    return request.param, read_pack(shipped_pack(request.param))


def test_every_shipped_pack_is_sound_with_at_least_70_questions_a_level(
    pack: tuple[str, list[Question]],
) -> None:
    language, questions = pack
    assert problems(questions) == [], language
    assert len(questions) >= LEVELS * PER_LEVEL
    assert sorted({question.level for question in questions}) == list(range(1, LEVELS + 1))


def test_each_level_file_holds_its_own_level(pack: tuple[str, list[Question]]) -> None:
    language, _questions = pack
    for level in range(1, LEVELS + 1):
        questions = read_level(shipped_pack(language) / f"level-{level:02d}.json")
        assert {question.level for question in questions} == {level}


def test_the_correct_answer_is_not_given_away_by_its_place(pack: tuple[str, list[Question]]) -> None:
    """Within each level the correct option sits at each of the four places often enough that
    guessing a place wins no more than chance would (at least 15 % each)."""
    _language, questions = pack
    by_level: dict[int, Counter[int]] = defaultdict(Counter)
    for question in questions:
        by_level[question.level][question.answer] += 1
    for level, places in by_level.items():
        total = sum(places.values())
        assert all(places[place] >= 0.15 * total for place in range(4)), (level, places)


def test_every_level_mixes_its_categories(pack: tuple[str, list[Question]]) -> None:
    _language, questions = pack
    by_level: dict[int, Counter[str]] = defaultdict(Counter)
    for question in questions:
        by_level[question.level][question.category] += 1
    for level, categories in by_level.items():
        total = sum(categories.values())
        assert len(categories) >= 6, (level, categories)
        assert max(categories.values()) <= 0.25 * total + 1, (level, categories)


def _words(text: str) -> frozenset[str]:
    return frozenset(word for word in "".join(c if c.isalnum() else " " for c in text.casefold()).split()
                     if len(word) > 3)


#: Pairs that share an answer and most of their words but ask different facts, each checked.
DIFFERENT_FACTS = {
    ("L06-043", "L15-065"),  # fifteen players a side: rugby union and hurling
}


def test_no_fact_is_asked_twice(pack: tuple[str, list[Question]]) -> None:
    """Near-duplicates: two questions with the same correct answer whose wording shares most of
    its words ask the same fact."""
    _language, questions = pack
    by_answer: dict[str, list[Question]] = defaultdict(list)
    for question in questions:
        by_answer[" ".join(question.correct.casefold().split())].append(question)
    twice = []
    for same in by_answer.values():
        for first, second in combinations(same, 2):
            a, b = _words(first.question), _words(second.question)
            if a and b and len(a & b) / len(a | b) >= 0.6 and (first.id, second.id) not in DIFFERENT_FACTS:
                twice.append((first.id, second.id))
    assert twice == []


@pytest.mark.parametrize("language", ["es", "it", "uz"])
def test_a_translated_pack_keeps_every_english_question_and_answer(language: str) -> None:
    english, translated = read_pack(shipped_pack("en")), read_pack(shipped_pack(language))
    assert mismatches(english, translated) == []
    # Translated, not copied: every question is written anew in the pack's language.
    translated_by_id = {question.id: question for question in translated}
    copied = [question.id for question in english
              if translated_by_id[question.id].question == question.question]
    assert copied == []


# --- bad packs --------------------------------------------------------------------------------------
GOOD = {"id": "L01-001", "level": 1, "category": "geography", "question": "Which ocean is the largest?",
        "options": ["The Pacific", "The Atlantic", "The Indian", "The Arctic"], "answer": 0,
        "explanation": "The Pacific covers about a third of the Earth's surface."}


@pytest.mark.parametrize(("change", "where"), [
    ({"answer": 4}, "$[0].answer"),
    ({"options": ["The Pacific", "The Atlantic", "The Indian"]}, "$[0].options"),
    ({"category": "gossip"}, "$[0].category"),
    ({"level": 16}, "$[0].level"),
    ({"question": ""}, "$[0].question"),
    ({"hint": "big"}, "hint"),
])
def test_a_question_outside_the_schema_is_refused_saying_where(tmp_path: Path, change: dict[str, object],
                                                              where: str) -> None:
    path = tmp_path / "level-01.json"
    path.write_text(json.dumps([{**GOOD, **change}]))
    with pytest.raises(PackError, match=r"^level-01\.json: ") as refusal:
        read_level(path)
    assert where in str(refusal.value)


def test_a_pack_with_repeats_and_thin_levels_is_told_what_is_wrong() -> None:
    question = Question(**GOOD)  # type: ignore[arg-type]
    same_options = Question(**{**GOOD, "id": "L01-002", "question": "Which sea is the largest?",
                               "options": ["A", "a", "B", "C"]})  # type: ignore[arg-type]
    found = problems([question, question, same_options], per_level=1)
    assert "the id L01-001 is used 2 times" in found
    assert "the question 'which ocean is the largest?' is asked 2 times" in found
    assert "L01-002: two options are the same" in found
    assert "level 2 has 0 questions, fewer than 1" in found


def test_a_translation_that_moves_an_answer_is_found() -> None:
    original = Question(**GOOD)  # type: ignore[arg-type]
    moved = Question(**{**GOOD, "answer": 1})  # type: ignore[arg-type]
    assert mismatches([original], [moved]) == [
        "L01-001: its level, category or answer differs from the original"]
    assert mismatches([original], []) == ["L01-001 is not translated"]


def test_the_categories_are_the_schemas() -> None:
    assert len(CATEGORIES) == 14 and "geography" in CATEGORIES
