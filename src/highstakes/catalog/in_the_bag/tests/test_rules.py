"""It's in the Bag's rules (RULES.md §5.1, §5.2), each with a hand-computed case."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.catalog.in_the_bag.tests.helpers import new, play, position, snapshot


def pieces(game: hs.Game, seat: int) -> list[int]:
    mine = game.view(seat)["your_pieces"]
    return [mine["100"], mine["500"], mine["1000"], mine["5000"]]


def test_everyone_starts_with_five_two_one_one_and_feeds_first():
    game = new(3)
    for seat in range(3):
        assert pieces(game, seat) == [5, 2, 1, 1] and game.view(seat)["your_yen"] == 7_500
    assert game.to_act == (0, 1, 2)
    assert [a.to_json() for a in game.legal_actions(0)] == [{"feed": 100}, {"feed": 500}, {"feed": 1000},
                                                           {"feed": 5000}]


def test_a_round_worked_by_hand_the_winner_pays_too():
    game = new(2)
    play(game, (0, {"feed": 100}), (1, {"feed": 500}))
    assert game.view(None)["bag_pieces"] == 2
    play(game, (0, {"bid": [1000]}), (1, {"bid": [500, 100]}))
    # Seat 1 (index 0) bid ¥1,000 against ¥600: it takes the bag (¥100 + ¥500), then pays its bid.
    assert pieces(game, 0) == [5, 3, 0, 1] and game.view(0)["your_yen"] == 7_000
    assert pieces(game, 1) == [4, 0, 1, 1] and game.view(1)["your_yen"] == 6_400
    view = game.view(None)
    assert view["bag_known"] == [1000, 500, 100] and view["bag_pieces"] == 3
    (entry,) = view["history"]
    assert entry["winner"] == 0 and entry["reveals"] == [[[1000], [500, 100]]]
    assert game.view(0)["history"][0]["you_took"] == [500, 100]
    assert game.view(1)["history"][0]["you_took"] is None
    assert game._state.piece_totals() == [10, 4, 2, 2]


def test_only_formable_bids_are_offered():
    game = position([[2, 1, 0, 0], [5, 2, 1, 1]])
    play(game, (0, {"feed": 100}))
    # One ¥100 coin and one ¥500 coin left: ¥100, ¥500 or ¥600, and nothing that needs change.
    offered = [a.to_json() for a in game.legal_actions(0)]
    assert offered == [{"bid": [100]}, {"bid": [500]}, {"bid": [500, 100]}]


def test_a_bid_with_pieces_you_do_not_hold_is_refused_and_changes_nothing():
    game = position([[2, 1, 0, 0], [5, 2, 1, 1]])
    play(game, (0, {"feed": 100}))
    before = snapshot(game)
    for bid in ([100, 100], [1000], [5000, 500]):
        with pytest.raises(hs.IllegalAction) as refused:
            game.act(0, {"bid": bid})
        assert refused.value.code == "not_held" and "§5.2" in refused.value.rule
        assert "pieces you hold" in refused.value.message
    assert snapshot(game) == before


def test_the_minimum_bid_is_100_yen():
    game = new(2)
    play(game, (0, {"feed": 100}))
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as refused:
        game.act(0, {"bid": []})
    assert refused.value.code == "bid_minimum" and refused.value.rule == "§5.2"
    assert "¥100" in refused.value.message
    with pytest.raises(hs.IllegalAction) as malformed:
        game.act(0, {"bid": [50]})
    assert malformed.value.code == "bad_action"
    assert snapshot(game) == before


def test_feeding_twice_or_after_bidding_and_bidding_before_feeding_are_refused():
    game = new(2)
    with pytest.raises(hs.IllegalAction) as early:
        game.act(0, {"bid": [100]})
    assert early.value.code == "feed_first" and early.value.rule == "§5.2"
    play(game, (0, {"feed": 100}))
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as twice:
        game.act(0, {"feed": 100})
    assert twice.value.code == "already_fed" and twice.value.rule == "§5.2"
    assert snapshot(game) == before
    play(game, (0, {"bid": [500]}))
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as after:
        game.act(0, {"feed": 100})
    # A sealed bid waits for the reveal, and the refusal names the rule of simultaneous moves.
    assert (after.value.code, after.value.rule) == ("not_your_turn", "§7.3")
    assert "sealed your bid" in after.value.message
    assert snapshot(game) == before
    # Called back by a tie, a seat that has bid still may not feed again.
    play(game, (1, {"feed": 100}), (1, {"bid": [500]}))
    assert game.to_act == (0, 1)
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as rebid_feed:
        game.act(0, {"feed": 500})
    assert rebid_feed.value.code == "already_fed" and rebid_feed.value.rule == "§5.2"
    assert snapshot(game) == before


def test_a_feed_of_a_piece_you_do_not_hold_is_refused():
    game = position([[0, 1, 0, 0], [5, 2, 1, 1]])
    with pytest.raises(hs.IllegalAction) as refused:
        game.act(0, {"feed": 100})
    assert refused.value.code == "not_held"


def test_a_tie_for_the_highest_sends_everyone_back_to_bid_a_different_amount():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100]}))
    view = game.view(2)
    assert game.to_act == (0, 1, 2) and view["rebid"] == 1 and view["previous_bids"] == [500, 500, 100]
    assert view["reveals"] == [[[500], [500], [100]]] and view["must_differ_from"] == 100
    assert game.view(0)["history"] == []  # nothing settled yet
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as same:
        game.act(0, {"bid": [500]})
    assert same.value.code == "same_amount" and same.value.rule == "§5.2"
    assert snapshot(game) == before
    assert all(a.to_json()["bid"] != [500] for a in game.legal_actions(0))
    play(game, (0, {"bid": [1000]}), (1, {"bid": [500, 100]}), (2, {"bid": [100, 100]}))
    (entry,) = game.view(None)["history"]
    assert entry["winner"] == 0 and len(entry["reveals"]) == 2
    # The bag holds the bids of the last reveal only: ¥1,000 + ¥600 + ¥200.
    assert sum(game.view(None)["bag_known"]) == 1_800


def test_a_tie_below_the_highest_changes_nothing():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [1000]}), (1, {"bid": [100]}), (2, {"bid": [100]}))
    assert game.view(None)["history"][0]["winner"] == 0 and game.view(None)["rebid"] == 0


def test_with_the_tied_option_only_the_tied_players_bid_again():
    game = new(3, tie_rebid="tied")
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100]}))
    assert game.to_act == (0, 1)
    play(game, (0, {"bid": [1000]}), (1, {"bid": [100]}))
    assert game.view(None)["history"][0]["winner"] == 0


def test_a_player_who_cannot_form_another_amount_may_repeat_and_three_ties_leave_the_bag():
    game = position([[2, 0, 0, 0], [2, 0, 0, 0]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    for rebid in range(4):
        # One ¥100 coin each: ¥100 is the only amount either can form, so both repeat it.
        assert [a.to_json() for a in game.legal_actions(0)] == [{"bid": [100]}]
        assert game.view(0)["must_differ_from"] is None
        play(game, (0, {"bid": [100]}), (1, {"bid": [100]}))
        if rebid < 3:
            assert game.view(None)["rebid"] == rebid + 1
    (entry,) = game.view(None)["history"]
    assert entry["winner"] is None and len(entry["reveals"]) == 4
    # Nobody took the bag: the two fed coins stay and both bids go in; both hands are empty,
    # so each player gets ¥200 from the reserve.
    assert entry["consoled"] == [0, 1] and game.view(None)["bag_pieces"] == 4
    assert pieces(game, 0) == [2, 0, 0, 0] and pieces(game, 1) == [2, 0, 0, 0]


def test_a_player_left_with_nothing_gets_200_yen_from_the_reserve():
    game = position([[1, 1, 0, 0], [5, 2, 1, 1]], reserve=10)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [500]}), (1, {"bid": [1000]}))
    assert pieces(game, 0) == [2, 0, 0, 0] and game.view(0)["your_yen"] == 200
    assert game.view(None)["reserve"] == 8 and game.view(None)["history"][0]["consoled"] == [0]
    assert game.money_total == 7_500 + 600


def test_a_limited_reserve_pays_what_it_has_left():
    game = position([[1, 1, 0, 0], [5, 2, 1, 1]], reserve=10)
    game._state.reserve_paid = 9
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [500]}), (1, {"bid": [1000]}))
    assert pieces(game, 0) == [1, 0, 0, 0] and game.view(None)["reserve"] == 0


def test_the_game_ends_after_the_round_that_reaches_10000_and_a_tie_for_most_is_shared():
    game = position([[2, 0, 0, 2], [2, 0, 0, 2], [1, 0, 1, 0]])
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    assert not game.is_over  # ¥10,000 is counted after the round, not during it
    play(game, (0, {"bid": [100]}), (1, {"bid": [100]}), (2, {"bid": [1000]}))
    # Seat 3 takes the ¥300 bag; seats 1 and 2 keep two ¥5,000 bills each: ¥10,000, the most.
    assert game.is_over
    result = game.result()
    assert result["scores"] == [10_000, 10_000, 300] and result["winners"] == [0, 1]
    assert game.view(None)["final_yen"] == [10_000, 10_000, 300] and game.to_act == ()


def test_reaching_10000_by_taking_the_bag_ends_the_game_and_the_richest_wins():
    game = position([[1, 0, 0, 1], [5, 2, 1, 1]])
    game._state.bag = [0, 0, 0, 1]  # a ¥5,000 bill left in the bag by an earlier round
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [5000]}), (1, {"bid": [100]}))
    # Seat 1 pays ¥5,000 and takes ¥5,200: ¥5,200 left. Seat 2: ¥7,300. Nobody has ¥10,000 yet.
    assert not game.is_over and game.view(0)["your_yen"] == 5_200


def test_nobody_sees_another_players_pieces_feed_or_bid():
    seen = []
    for piece in (100, 5000):
        game = new(3)
        play(game, (0, {"feed": piece}), (0, {"bid": [1000]}))
        seen.append([game.view(seat) for seat in (None, 1, 2)])
    assert seen[0] == seen[1]
    view = seen[0][1]
    assert view["fed"] == [True, False, False] and view["sealed"] == [True, False, False]
    assert view["your_pieces"] == {"100": 5, "500": 2, "1000": 1, "5000": 1}
    assert view["pieces_held"] == [8, 9, 9]


def test_nothing_is_left_to_chance():
    game = hs.new_game("in_the_bag", 2, seed=0, auto_chance=False)
    assert not game.is_chance and game.to_act == (0, 1)
    with pytest.raises(hs.IllegalAction):
        game.apply_chance(1)
