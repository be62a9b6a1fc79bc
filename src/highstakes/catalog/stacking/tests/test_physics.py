"""The falling frames drawn from pymunk: a standing stack stays put, a fallen one comes down."""

from __future__ import annotations

import pytest

from highstakes.catalog.stacking.model import first_failure, plates

pymunk = pytest.importorskip("pymunk")

from highstakes.catalog.stacking.physics import fall_frames  # noqa: E402

COIN = plates(76)[100]


def test_a_centred_column_settles_where_it_stands():
    stack = [(COIN, 0)] * 5
    assert first_failure(stack) is None
    first, last = fall_frames(stack)[0], fall_frames(stack)[-1]
    for (x0, y0, _a0), (x1, y1, a1) in zip(first, last, strict=True):
        assert abs(x1 - x0) < 0.5 and abs(y1 - y0) < 0.5 and abs(a1) < 0.05
    assert first[-1][1] == pytest.approx(4 * 1.7 + 0.85)  # the fifth coin's centre, in mm


def test_a_stack_the_model_calls_fallen_comes_down_in_the_frames():
    stack = [(COIN, 0), (COIN, 1000), (COIN, 2000)]  # the two upper coins overhang the bottom one
    assert first_failure(stack) == 1
    frames = fall_frames(stack)
    top_start, top_end = frames[0][-1], frames[-1][-1]
    assert top_end[1] < top_start[1] - 1.0  # the top coin ends lower: it tipped or slid off
    assert len(frames) == 91  # 1.5 s at 60 frames a second, and the first
