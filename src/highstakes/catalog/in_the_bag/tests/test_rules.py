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
    assert game.full_state().piece_totals() == [10, 4, 2, 2]


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


def test_a_tie_for_the_highest_sends_only_the_tied_players_back_and_the_other_bids_stand():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100]}))
    view = game.view(2)
    # Seats 1 and 2 (indices 0 and 1) tied at ¥500; seat 3's ¥100 stands and is not bid again.
    assert game.to_act == (0, 1) and view["rebid"] == 1 and view["previous_bids"] == [500, 500, None]
    assert view["reveals"] == [[[500], [500], [100]]] and view["must_differ_from"] is None
    assert game.view(0)["must_differ_from"] == 500
    assert game.view(0)["history"] == []  # nothing settled yet
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as same:
        game.act(0, {"bid": [500]})
    assert same.value.code == "same_amount" and same.value.rule == "§5.2"
    assert snapshot(game) == before
    with pytest.raises(hs.IllegalAction) as standing:
        game.act(2, {"bid": [100, 100]})
    assert standing.value.code == "not_your_turn" and snapshot(game) == before
    assert "only the tied players bid again" in standing.value.message
    assert all(a.to_json()["bid"] != [500] for a in game.legal_actions(0))
    play(game, (0, {"bid": [1000]}), (1, {"bid": [500, 100]}))
    (entry,) = game.view(None)["history"]
    assert entry["winner"] == 0 and entry["outcome"] == "taken"
    assert entry["reveals"] == [[[500], [500], [100]], [[1000], [500, 100], [100]]]
    # The bag holds the bids of the last reveal, the standing ¥100 too: ¥1,000 + ¥600 + ¥100.
    assert entry["bids"] == [1000, 600, 100] and sum(game.view(None)["bag_known"]) == 1_700
    assert pieces(game, 2) == [3, 2, 1, 1]  # fed ¥100, paid ¥100


def test_a_rebid_stays_secret_until_every_tied_player_has_bid_again():
    seen = []
    for rebid in ([1000], [100, 100]):
        game = new(3)
        play(game, *((seat, {"feed": 100}) for seat in range(3)))
        play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100]}))
        play(game, (0, {"bid": rebid}))
        seen.append([game.view(seat) for seat in (None, 1, 2)])
    # Whatever seat 1 bid again, nobody else can tell: only that its bid is sealed once more.
    assert seen[0] == seen[1]
    assert seen[0][2]["sealed"] == [True, False, False] and seen[0][2]["reveals"] == [[[500], [500], [100]]]


def test_a_standing_bid_takes_the_bag_when_the_tied_players_bid_lower():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100, 100, 100]}))
    play(game, (0, {"bid": [100, 100]}), (1, {"bid": [100]}))
    # ¥200 and ¥100 against seat 3's standing ¥300: seat 3 is now the highest and takes the bag.
    (entry,) = game.view(None)["history"]
    assert entry["winner"] == 2 and entry["bids"] == [200, 100, 300]


def test_a_standing_bid_tied_by_a_rebid_bids_again_too():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100, 100, 100]}))
    play(game, (0, {"bid": [100, 100, 100]}), (1, {"bid": [100]}))
    # Seat 1's ¥300 ties seat 3's standing ¥300: those two bid again, each to change its ¥300.
    view = game.view(None)
    assert game.to_act == (0, 2) and view["rebid"] == 2 and view["previous_bids"] == [300, None, 300]
    assert game.view(2)["must_differ_from"] == 300


def test_a_tie_below_the_highest_changes_nothing():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [1000]}), (1, {"bid": [100]}), (2, {"bid": [100]}))
    assert game.view(None)["history"][0]["winner"] == 0 and game.view(None)["rebid"] == 0


def test_with_the_everyone_option_every_bidder_bids_again_with_a_different_amount():
    game = new(3, tie_rebid="all")
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [500]}), (1, {"bid": [500]}), (2, {"bid": [100]}))
    view = game.view(2)
    assert game.to_act == (0, 1, 2) and view["previous_bids"] == [500, 500, 100]
    assert view["must_differ_from"] == 100
    play(game, (0, {"bid": [1000]}), (1, {"bid": [500, 100]}), (2, {"bid": [100, 100]}))
    (entry,) = game.view(None)["history"]
    assert entry["winner"] == 0 and entry["bids"] == [1000, 600, 200]


def test_after_five_tied_rebids_in_a_row_everyone_takes_back_their_bid_and_the_bag_goes_on():
    """RULES.md §5.2: the first reveal ties; the tied players then tie again five times in a
    row (re-bids 1 to 5): the sixth tied reveal ends the round, nobody pays, the bag stays."""
    game = position([[6, 0, 0, 0], [6, 0, 0, 0]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    # Five ¥100 coins each: each re-bid changes the amount, and every one ties again.
    amounts = [100, 200, 300, 400, 500, 100]
    for index, amount in enumerate(amounts):
        assert game.view(None)["rebid"] == index and game.view(None)["history"] == []
        play(game, (0, {"bid": [100] * (amount // 100)}), (1, {"bid": [100] * (amount // 100)}))
    (entry,) = game.view(None)["history"]
    assert entry["outcome"] == "tied" and entry["winner"] is None and len(entry["reveals"]) == 6
    assert [sum(reveal[0]) for reveal in entry["reveals"]] == amounts
    # Everyone took back their bid: nobody paid; the bag keeps the two fed coins, untouched.
    assert entry["bids"] == [0, 0] and entry["consoled"] == []
    assert pieces(game, 0) == [5, 0, 0, 0] and pieces(game, 1) == [5, 0, 0, 0]
    view = game.view(None)
    assert view["round"] == 2 and view["bag_pieces"] == 2 and view["bag_known"] == []
    assert game.full_state().bag == [2, 0, 0, 0] and game.to_act == (0, 1)


def test_four_tied_rebids_are_not_yet_five_in_a_row():
    game = position([[6, 0, 0, 0], [6, 0, 0, 0]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    for amount in (100, 200, 300, 400, 500):  # the first reveal and four re-bids, all tied
        play(game, (0, {"bid": [100] * (amount // 100)}), (1, {"bid": [100] * (amount // 100)}))
    assert game.view(None)["rebid"] == 5 and game.to_act == (0, 1)
    play(game, (0, {"bid": [100]}), (1, {"bid": [100, 100]}))  # the fifth re-bid breaks the tie
    (entry,) = game.view(None)["history"]
    assert entry["outcome"] == "taken" and entry["winner"] == 1 and entry["bids"] == [100, 200]


def test_a_player_who_cannot_form_another_amount_may_repeat_it():
    game = position([[2, 0, 0, 0], [2, 0, 0, 0]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    for rebid in range(6):
        # One ¥100 coin each: ¥100 is the only amount either can form, so both repeat it.
        assert [a.to_json() for a in game.legal_actions(0)] == [{"bid": [100]}]
        assert game.view(0)["must_differ_from"] is None
        assert game.view(None)["rebid"] == rebid
        play(game, (0, {"bid": [100]}), (1, {"bid": [100]}))
    (entry,) = game.view(None)["history"]
    assert entry["outcome"] == "tied" and len(entry["reveals"]) == 6
    # Nobody took the bag and nobody paid: each keeps its ¥100 coin, and nobody is consoled.
    assert entry["consoled"] == [] and game.view(None)["bag_pieces"] == 2
    assert pieces(game, 0) == [1, 0, 0, 0] and pieces(game, 1) == [1, 0, 0, 0]


def test_a_round_the_ties_ended_still_consoles_a_player_left_with_nothing():
    game = position([[1, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0]])
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    # Seat 1 fed its last coin and cannot bid; seats 2 and 3 tie at ¥100 six times.
    assert game.to_act == (1, 2)
    with pytest.raises(hs.IllegalAction) as empty:
        game.act(0, {"bid": [100]})
    assert empty.value.code == "not_your_turn" and "no piece to bid" in empty.value.message
    for _ in range(6):
        play(game, (1, {"bid": [100]}), (2, {"bid": [100]}))
    (entry,) = game.view(None)["history"]
    assert entry["outcome"] == "tied" and entry["consoled"] == [0]
    assert pieces(game, 0) == [2, 0, 0, 0] and pieces(game, 1) == [1, 0, 0, 0]
    assert game.view(None)["bag_pieces"] == 3 and not game.is_over


def test_nobody_can_bid_and_the_bag_goes_on():
    game = position([[1, 0, 0, 0], [1, 0, 0, 0]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    # Both fed their last coin: no bid is made, nobody takes the bag, and both are consoled.
    (entry,) = game.view(None)["history"]
    assert entry["outcome"] == "no_bids" and entry["winner"] is None and entry["consoled"] == [0, 1]
    assert game.view(None)["bag_pieces"] == 2 and game.view(None)["round"] == 2


def test_a_player_left_with_nothing_gets_200_yen_from_the_reserve():
    game = position([[1, 1, 0, 0], [5, 2, 1, 1]], reserve=10)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [500]}), (1, {"bid": [1000]}))
    assert pieces(game, 0) == [2, 0, 0, 0] and game.view(0)["your_yen"] == 200
    assert game.view(None)["reserve"] == 8 and game.view(None)["history"][0]["consoled"] == [0]
    assert game.money_total == 7_500 + 600


def test_a_limited_reserve_pays_what_it_has_left():
    game = position([[1, 1, 0, 0], [5, 2, 1, 1]], reserve=10, reserve_paid=9)
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
    game = position([[1, 0, 0, 1], [5, 2, 1, 1]], bag=[0, 0, 0, 1])  # a ¥5,000 bill left by an earlier round
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


def test_the_game_has_no_round_limit_by_default():
    assert new(2).options["round_limit"] == 0
    game = position(round_number=500)  # far past any limit a table might set
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [100]}), (1, {"bid": [500]}))
    assert not game.is_over and game.view(None)["round"] == 501
    assert game.view(None)["round_limit"] is None


def test_random_play_is_bounded_by_a_round_limit_only_when_it_asks_for_one():
    definition = hs.definition("in_the_bag")
    bounded = definition.bounded_options({})
    assert bounded["round_limit"] > 0
    assert definition.bounded_options({"round_limit": 20})["round_limit"] == 20
    # A feed and at most six bids (the first and five re-bids) from each of six seats a round.
    assert definition.max_game_length >= bounded["round_limit"] * 6 * (1 + 6)


def test_a_round_limit_ends_the_game_after_that_round_and_the_most_yen_wins():
    game = position(round_number=20, round_limit=20)
    assert game.view(0)["round_limit"] == 20
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [100]}), (1, {"bid": [500]}))
    # Seat 2 took the bag (¥200) and paid ¥500: ¥7,100 against seat 1's ¥7,300.
    assert game.is_over and game.result()["rounds"] == 20 and game.result()["winners"] == [0]
    assert game.result()["scores"] == [7_300, 7_100]


def test_a_round_limit_is_a_whole_number_of_rounds():
    for bad in (-1, 1_001, "20", 2.5):
        with pytest.raises(ValueError) as refused:
            new(2, round_limit=bad)
        assert "round_limit" in str(refused.value) and "1,000" in str(refused.value)
    assert new(2, round_limit=7).options["round_limit"] == 7


def test_the_end_view_shows_the_bag_as_it_is():
    game = position([[2, 0, 0, 1], [2, 0, 0, 2]])
    play(game, (0, {"feed": 100}), (1, {"feed": 100}), (0, {"bid": [100]}), (1, {"bid": [5000]}))
    # Round 1: seat 2 took the two fed coins and paid ¥5,000; the bag holds the bids.
    assert not game.is_over and game.view(None)["bag_known"] == [5000, 100]
    play(game, (0, {"feed": 5000}), (1, {"feed": 100}), (1, {"bid": [100]}))
    # Round 2: seat 1 fed its last piece; seat 2, the only bidder, takes the bag (¥5,000,
    # ¥100 and both fed pieces) and pays ¥100: ¥15,300. The bag holds that ¥100 alone.
    assert game.is_over and game.result()["scores"] == [200, 15_300]
    end = game.view(None)
    assert end["bag_known"] == [100] and end["bag_pieces"] == 1 and game.full_state().bag == [1, 0, 0, 0]


def test_the_end_view_shows_a_bag_the_ties_left_untouched_whole():
    game = position([[2, 0, 0, 0], [2, 0, 0, 0]], round_limit=1)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    for _ in range(6):
        play(game, (0, {"bid": [100]}), (1, {"bid": [100]}))
    assert game.is_over and game.view(1)["bag_known"] == [100, 100]


def test_the_rounds_counted_are_the_rounds_played_when_an_empty_reserve_stops_the_game():
    game = position([[1, 0, 0, 0], [1, 0, 0, 0]], reserve=10, reserve_paid=10)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    # Both fed their last coin, nobody could bid, and the reserve has nothing left: one round.
    assert game.is_over and game.result()["rounds"] == 1
    view = game.view(None)
    assert view["round"] == 1 and len(view["history"]) == 1 and view["winners"] == [0, 1]


def test_feeds_are_secret_by_default():
    game = new(3)
    assert game.options["feeds"] == "secret"
    play(game, *((seat, {"feed": 500}) for seat in range(3)))
    assert all(game.view(seat)["fed_pieces"] is None for seat in (None, 0, 1, 2))
    assert game.view(1)["your_feed"] == 500 and game.view(None)["bag_known"] == []


def test_with_feeds_shown_every_seat_sees_each_fed_piece():
    game = new(3, feeds="shown")
    play(game, (0, {"feed": 500}), (1, {"feed": 100}))
    # Feeding is simultaneous (§7.3): nothing is shown before the last piece is in.
    assert game.view(2)["fed_pieces"] is None and game.view(2)["bag_known"] == []
    play(game, (2, {"feed": 1000}))
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["fed_pieces"] == [500, 100, 1000]
        assert view["bag_known"] == [1000, 500, 100] and view["bag_pieces"] == 3
    play(game, (0, {"bid": [5000]}), (1, {"bid": [100]}), (2, {"bid": [100]}))
    (entry,) = game.view(2)["history"]
    assert entry["fed"] == [500, 100, 1000] and entry["winner"] == 0
    # Everything that went in was shown, so the bag is known whole: the bids of round 1.
    assert game.view(2)["bag_known"] == [5000, 100, 100]


def test_with_feeds_shown_the_bids_begin_when_every_piece_is_in():
    game = new(2, feeds="shown")
    play(game, (0, {"feed": 100}))
    assert game.to_act == (1,) and game.view(0)["phase"] == "wait"
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as early:
        game.act(0, {"bid": [500]})
    assert early.value.code == "not_your_turn" and "every player has fed" in early.value.message
    with pytest.raises(hs.IllegalAction) as again:
        game.act(0, {"feed": 100})
    assert again.value.code == "not_your_turn" and "you have fed the bag" in again.value.message
    assert snapshot(game) == before
    play(game, (1, {"feed": 500}))
    assert game.to_act == (0, 1) and game.view(0)["phase"] == "bid"


def test_nothing_is_left_to_chance():
    game = hs.new_game("in_the_bag", 2, seed=0, auto_chance=False)
    assert not game.is_chance and game.to_act == (0, 1)
    with pytest.raises(hs.IllegalAction):
        game.apply_chance(1)
