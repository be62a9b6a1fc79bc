"""The aim-and-release swing: where a release at a given moment places the piece."""

from __future__ import annotations

import highstakes as hs
from highstakes.catalog.stacking.sway import sway_amplitude, sway_of, sway_offset, sway_period_ms


def test_the_swing_starts_centred_reaches_its_amplitude_and_comes_back() -> None:
    # A quarter of the way through the swing it is at its right end, three quarters at its left.
    assert sway_offset(0, 900, 1800) == 0
    assert sway_offset(450, 900, 1800) == 900
    assert sway_offset(900, 900, 1800) == 0
    assert sway_offset(1350, 900, 1800) == -900
    # One twelfth of a period: sin(30°) = 1/2.
    assert sway_offset(150, 900, 1800) == 450


def test_the_swing_widens_and_quickens_as_the_stack_grows_within_its_bounds() -> None:
    assert (sway_amplitude(1), sway_period_ms(1)) == (900, 1800)
    assert (sway_amplitude(6), sway_period_ms(6)) == (900 + 5 * 120, 1800 - 5 * 60)
    assert sway_amplitude(100) == 3000 and sway_period_ms(100) == 900
    assert sway_of(0) == {"amplitude": 900, "period_ms": 1800}


def test_a_view_carries_the_swing_only_while_a_piece_is_placed_on_the_screen() -> None:
    game = hs.new_game("stacking", 2, seed=1)
    assert game.view(0)["sway"] is None  # bidding
    for move in ({"bid": 2}, {"lay": 100, "count": 2}, {"bid": 2}, {"lay": 100, "count": 2},
                 {"pass": True}, {"pass": True}):
        game.act(game.to_act[0], move)
    view = game.view(game.to_act[0])
    assert view["phase"] == "stack" and view["stack_height"] == 1
    assert view["sway"] == {"amplitude": 900, "period_ms": 1800}
    companion = hs.new_game("stacking", 2, seed=1, options={"companion": True})
    for move in ({"bid": 1}, {"lay": 100}, {"bid": 1}, {"lay": 100}, {"pass": True}, {"pass": True}):
        companion.act(companion.to_act[0], move)
    assert companion.view(companion.to_act[0])["phase"] == "stack"
    assert companion.view(None)["sway"] is None
