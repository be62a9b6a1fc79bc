"""Random Make-A-Million games: what each seat sees of the deals played, and the worlds resampled
for it (RULES.md §1.6, A-7, A-19, §7.2).

The conformance kit checks secrecy by resampling: a world dealt anew for a seat must look the
same to it. That catches a view showing a secret only if the resampling redraws that secret, so
these properties hold both halves: a finished deal's widow and discards are shown only to its
bidder until the game ends, and worlds resampled for any other seat deal them anew.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import highstakes as hs

PUBLIC = ("deal", "dealer", "bidder", "bid", "captured", "made", "scored", "money_discarded", "scores")
TABLES = st.sampled_from([(4, "partnership"), (6, "partnership"), (8, "partnership"),
                          (6, "silent_partner"), (8, "silent_partner")])


def played(seats: int, variant: str, widow: str, seed: int, steps: int) -> hs.Game:
    """A game of at most three deals after ``steps`` random decisions (or its end)."""
    options = {"variant": variant, "widow": widow, "hand_limit": 4, "target": 500_000}
    game = hs.new_game("make_a_million", seats, seed=seed, options=options)
    rng = random.Random(seed)
    for _step in range(steps):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game


@settings(deadline=None)
@given(table=TABLES, widow=st.sampled_from(["bidder", "everyone"]), seed=st.integers(0, 2**32),
       steps=st.integers(40, 400))
def test_a_finished_deals_widow_and_discards_are_its_bidders_to_see_until_the_game_ends(
    table: tuple[int, str], widow: str, seed: int, steps: int
) -> None:
    seats, variant = table
    game = played(seats, variant, widow, seed, steps)
    log = game.full_state().history
    for seat in (None, *range(seats)):
        seen = game.view(seat)["history"]
        assert len(seen) == len(log)
        for shown, entry in zip(seen, log, strict=True):
            if "widow" not in entry:  # thrown in, or a misdeal: nothing was hidden
                assert shown == entry
                continue
            assert {key: shown[key] for key in PUBLIC} == {key: entry[key] for key in PUBLIC}
            if game.is_over or seat == entry["bidder"]:
                assert shown == entry
            else:
                assert shown["discards"] is None
                assert shown["widow"] == (entry["widow"] if widow == "everyone" else None)


@settings(deadline=None)
@given(table=TABLES, widow=st.sampled_from(["bidder", "everyone"]), seed=st.integers(0, 2**32),
       steps=st.integers(60, 400))
def test_worlds_resampled_for_a_seat_deal_anew_the_widows_and_discards_it_did_not_see(
    table: tuple[int, str], widow: str, seed: int, steps: int
) -> None:
    seats, variant = table
    game = played(seats, variant, widow, seed, steps)
    rng = random.Random(seed)
    seat = rng.choice([None, *range(seats)])
    worlds = [game.sample_world(seat, random.Random(rng.getrandbits(32))) for _ in range(6)]
    for world in worlds:
        assert world.view(seat) == game.view(seat)
    for index, entry in enumerate(game.full_state().history):
        if "widow" not in entry:
            continue
        redealt = [world.full_state().history[index] for world in worlds]
        if game.is_over or seat == entry["bidder"]:
            assert all(dealt == entry for dealt in redealt)  # the seat saw them: every world keeps them
            continue
        assert all(dealt["money_discarded"] == entry["money_discarded"] for dealt in redealt)
        shown = entry["money_discarded"]
        assert all(sorted(dealt["discards"][:len(shown)]) == sorted(shown) for dealt in redealt)
        widows = {tuple(dealt["widow"]) for dealt in redealt}
        if widow == "everyone":
            assert widows == {tuple(entry["widow"])}
        else:
            assert len(widows) > 1  # dealt anew: a view showing it would differ from the seat's own
