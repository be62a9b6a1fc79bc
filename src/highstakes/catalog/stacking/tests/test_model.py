"""The stability model on stacks whose answer is computed by hand (RULES.md §7.4).

Units: hundredths of a millimetre and centigrams. A ¥100 coin is 2260 wide and 480 heavy,
a ¥500 coin 2650 and 700, a bill (76 mm) 7600 and 100; the margin is 50.
"""

from __future__ import annotations

import pytest

from highstakes.catalog.stacking.model import (
    COLLAPSE,
    MARGIN,
    MISS,
    STOOD,
    first_failure,
    level_holds,
    plates,
    settle,
    standing_offsets,
)

PLATES = plates(76)
YEN100, YEN500, BILL = PLATES[100], PLATES[500], PLATES[1000]


def build(*placements):
    """A stack built bottom up from (plate, offset from the plate beneath), each asserted to stand."""
    stack = []
    for plate, offset in placements:
        outcome, x = settle(stack, plate, offset)
        assert outcome == STOOD, (plate, offset, outcome)
        stack.append((plate, x))
    return stack


def test_the_constants_are_the_real_coins_and_the_margin_half_a_millimetre():
    assert (YEN100.width, YEN100.mass) == (2260, 480)
    assert (YEN500.width, YEN500.mass) == (2650, 700)
    assert BILL.width == 7600 and MARGIN == 50


def test_a_piece_on_the_bare_table_always_stands_where_it_is_put():
    assert settle([], YEN500, 3_000) == (STOOD, 3_000)


def test_a_centred_column_stands():
    stack = build(*[(YEN100, 0)] * 20)
    assert first_failure(stack) is None and len(stack) == 20


def test_two_coins_stand_exactly_at_the_margin_and_the_upper_slides_off_one_hundredth_beyond():
    # Half the lower coin's width less the margin: 1130 - 50 = 1080, either side.
    assert settle([(YEN100, 0)], YEN100, 1080) == (STOOD, 1080)
    assert settle([(YEN100, 0)], YEN100, -1080) == (STOOD, -1080)
    assert settle([(YEN100, 0)], YEN100, 1081) == (MISS, 1081)
    assert settle([(YEN100, 0)], YEN100, -1081) == (MISS, -1081)


def test_a_piece_beyond_the_top_pieces_edge_is_a_miss_and_the_stack_is_unchanged():
    stack = build((YEN500, 0), (YEN100, 300))
    # The ¥100 coin's centre is at 300; its right edge at 1430. A piece centred past it misses.
    assert settle(stack, YEN500, 1200)[0] == MISS
    assert first_failure(stack) is None


def test_a_harmonic_stack_at_its_exact_offsets_stands_and_one_nudged_past_them_falls():
    # With h = 1080, the k-th coin from the top sits h / k right of the one beneath: the centre
    # of mass of the k coins above each level lies exactly h right of the supporting coin's centre.
    offsets = [1080 // k for k in range(6, 0, -1)]  # 180, 216, 270, 360, 540, 1080
    assert offsets == [180, 216, 270, 360, 540, 1080]
    stack = build((YEN100, 0), *[(YEN100, offset) for offset in offsets])
    assert all(level_holds(stack, level) for level in range(len(stack)))
    # The same stack with the lowest overhang one hundredth further (181): the top coin at its
    # harmonic place tips it all. The six coins above the bottom one are centred at 181, 397,
    # 667, 1027, 1567 and 2647: their mean, 6486 / 6 = 1081, is past the 1080 allowed.
    nudged = build((YEN100, 0), (YEN100, 181), *[(YEN100, offset) for offset in offsets[1:-1]])
    assert settle(nudged, YEN100, 1080)[0] == COLLAPSE
    # The top coin at 1074 (centre 2641) brings that mean back to 6480 / 6 = 1080 exactly.
    assert settle(nudged, YEN100, 1074)[0] == STOOD
    assert settle(nudged, YEN100, 1075)[0] == COLLAPSE


def test_a_top_heavy_overhang_falls_and_the_same_weight_as_a_counterweight_stands():
    # A bill 10 mm right of a ¥100 coin stands (its own centre 1000 <= 1080).
    base = build((YEN100, 0), (BILL, 1000))
    # The bill (-2800..4800) covers the coin beneath, so their support is the coin's width,
    # -1130..1130: what rests on the coin must keep its centre of mass within -1080..1080.
    # A ¥500 coin 15 mm further right on the bill (x = 2500) rests on the bill, but bill and
    # coin together have their centre at (100*1000 + 700*2500) / 800 = 2312.5: the stack falls.
    assert settle(base, YEN500, 1500) == (COLLAPSE, 2500)
    # The same coin 15 mm to the left (x = -500) rests on the bill and
    # pulls the pair's centre of mass back to (100*1000 - 700*500) / 800 = -312.5: it stands.
    assert settle(base, YEN500, -1500) == (STOOD, -500)
    # Where a ¥500 coin may go: -1080 * 800 <= 100*1000 + 700 x <= 1080 * 800, so x from
    # -1377.1 to 1091.4, that is offsets from the bill's centre (1000) of -2377 to 91.
    assert standing_offsets(base, YEN500) == (-2377, 91)


def test_a_piece_slid_in_lower_down_carries_what_is_above_it():
    stack = build((YEN100, 0), (YEN100, 0), (YEN100, 0))
    # A ¥500 coin slid in above the first coin, 5 mm right (x = 500): the two coins above rest on
    # it with their centre at 0, inside their support -825..1130 less the margin; the ¥500 and
    # the coins above weigh on the bottom coin at 350000 / 1660 = 210.8, inside -825..1130: stands.
    assert settle(stack, YEN500, 500, level=1) == (STOOD, 500)
    # A ¥100 coin slid in 11 mm right (x = 1100): the two coins above, centred at 0, rest on it
    # over -30..1130, and 0 is not 50 inside its left end: they fall.
    assert settle(stack, YEN100, 1100, level=1)[0] == COLLAPSE
    with pytest.raises(ValueError):
        settle(stack, YEN100, 0, level=4)


def test_the_offsets_that_stand_are_one_interval_that_agrees_with_settle():
    stack = build((YEN100, 0), (YEN500, 900), (YEN100, -700), (BILL, 400))
    low, high = standing_offsets(stack, YEN100)
    assert settle(stack, YEN100, low)[0] == STOOD and settle(stack, YEN100, high)[0] == STOOD
    assert settle(stack, YEN100, low - 1)[0] != STOOD and settle(stack, YEN100, high + 1)[0] != STOOD
    for offset in range(low, high + 1, 37):
        assert settle(stack, YEN100, offset)[0] == STOOD
