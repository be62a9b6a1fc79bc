"""Each rule of the stacking game (RULES.md §5.3, §7.4), with positions computed by hand."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.catalog.stacking.tests.helpers import bid_and_lay, new, play, snapshot, with_hand


def hands(game: hs.Game) -> list[list[int]]:
    return [list(hand.values()) for hand in game.view(None)["hands"]]


def refused(game: hs.Game, seat: int, move, code: str) -> hs.IllegalAction:
    before = snapshot(game)
    with pytest.raises(hs.IllegalAction) as caught:
        game.act(seat, move)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message.strip()
    assert snapshot(game) == before
    return caught.value


def test_everyone_starts_with_the_rulebooks_money_and_the_rest_is_in_the_bag():
    game = new(3)
    view = game.view(None)
    assert hands(game) == [[5, 2, 1, 1]] * 3 and view["bag"] == {"100": 10, "500": 10, "1000": 10, "5000": 10}
    assert view["phase"] == "bid" and game.to_act == (0,) and view["round"] == 1


def test_the_longer_game_deals_every_kind_equally_and_keeps_what_does_not_divide_in_the_bag():
    game = new(3, longer=True)
    # Ten of each kind in the bag, shared by three: three more each, one of each kind left.
    assert hands(game) == [[8, 5, 4, 4]] * 3
    assert game.view(None)["bag"] == {"100": 1, "500": 1, "1000": 1, "5000": 1}
    assert hands(new(2, longer=True)) == [[10, 7, 6, 6]] * 2


def test_a_bid_lays_that_many_pieces_and_the_next_seat_matches_raises_or_passes():
    game = new(3)
    bid_and_lay(game, 0, 2, [100, 500])
    view = game.view(None)
    assert view["rows"][0] == [100, 500] and view["high_bid"] == 2 and hands(game)[0] == [4, 1, 1, 1]
    assert game.to_act == (1,)
    labels = [str(action) for action in game.legal_actions(1)]
    assert labels == ["bid 2 pieces", "bid 3 pieces", "bid 4 pieces", "bid 5 pieces", "bid 6 pieces",
                      "bid 7 pieces", "bid 8 pieces", "bid 9 pieces", "pass"]
    refused(game, 1, {"bid": 1}, "below_high")


def test_a_pass_is_final_the_bid_is_locked_and_the_last_to_pass_starts_the_stack():
    game = new(3)
    bid_and_lay(game, 0, 2, [100, 100])
    play(game, (1, {"pass": True}))
    bid_and_lay(game, 2, 3, [100, 100, 100])
    # Seat 1 passed: its turn never comes again this round, to raise or to bid.
    assert game.to_act == (0,)
    refused(game, 1, {"bid": 4}, "not_your_turn")
    bid_and_lay(game, 0, 4, [100, 100])  # seat 0 raises its own row, from 2 to 4
    assert game.to_act == (2,)
    play(game, (2, {"pass": True}), (0, {"pass": True}))
    view = game.view(None)
    # Seat 0 passed last: its nearest piece starts the stack, laid for it on the bare table;
    # then seat 1 (no row: it bid zero) is skipped, and seat 2 places next.
    assert view["phase"] == "stack" and view["stack"] == [{"piece": 100, "centre": 0}]
    assert view["rows"] == [[100, 100, 100], [], [100, 100, 100]] and game.to_act == (2,)


def test_a_seat_that_has_bid_must_bid_more_than_its_row_or_pass():
    game = new(2)
    bid_and_lay(game, 0, 2, [100, 100])
    bid_and_lay(game, 1, 2, [100, 100])
    refused(game, 0, {"bid": 2}, "raise_only")
    refused(game, 0, {"bid": 10}, "too_few")  # 2 in the row and 7 in hand: at most 9


def test_only_a_seat_that_has_not_bid_takes_missing_pieces_from_the_bag_and_only_to_match():
    game = with_hand(new(2), 1, [2, 0, 0, 0])  # seat 1 holds two ¥100 coins
    bid_and_lay(game, 0, 5, [100, 100, 100, 100, 100])
    assert [action.to_json() for action in game.legal_actions(1)] == [{"bid": 5}, {"pass": True}]
    refused(game, 1, {"bid": 6}, "too_few")  # a raise is paid with your own pieces
    play(game, (1, {"bid": 5}))
    assert game.view(None)["from_bag"] == 3 and game.view(None)["to_lay"] == 5
    play(game, (1, {"lay": 100, "count": 2}), (1, {"take": 5000}), (1, {"take": 500}))
    refused(game, 1, {"lay": 100}, "not_held")  # its own pieces are all laid
    play(game, (1, {"take": 500}))
    view = game.view(None)
    assert view["rows"][1] == [100, 100, 5000, 500, 500] and hands(game)[1] == [0, 0, 0, 0]
    assert view["bag"] == {"100": 10, "500": 8, "1000": 10, "5000": 9}
    # Seat 0 raises to 7: seat 1 has bid this round and holds nothing, so it can only pass.
    bid_and_lay(game, 0, 7, [500, 500])
    assert [action.to_json() for action in game.legal_actions(1)] == [{"pass": True}]
    refused(game, 1, {"bid": 7}, "too_few")


def test_a_player_who_takes_from_the_bag_lays_their_own_pieces_first():
    """RULES.md §5.3, "Order in a bid row": own pieces first, then the bag's; the row's first piece
    lies nearest the centre and is the first stacked."""
    game = with_hand(new(2), 1, [1, 1, 0, 0])  # seat 1 holds a ¥100 and a ¥500 coin
    bid_and_lay(game, 0, 4, [5000, 1000, 500, 500])
    play(game, (1, {"bid": 4}))
    # Two of its own to lay, then two from the bag: the bag is offered only once its own are down.
    menu = [action.to_json() for action in game.legal_actions(1)]
    assert menu == [{"lay": 100}, {"lay": 500}]
    refusal = refused(game, 1, {"take": 5000}, "own_first")
    assert refusal.message == "lay your own 2 pieces first: the bag's pieces come after them in your row"
    play(game, (1, {"lay": 500}))
    refusal = refused(game, 1, {"take": 1000, "count": 2}, "own_first")
    assert refusal.message == "lay your own piece first: the bag's pieces come after it in your row"
    play(game, (1, {"lay": 100}))
    assert {"take": 1000, "count": 2} in [action.to_json() for action in game.legal_actions(1)]
    play(game, (1, {"take": 1000}), (1, {"take": 100}))
    assert game.view(1)["your_row"] == [500, 100, 1000, 100]
    # Both pass, seat 1 last: its nearest piece, its own ¥500 coin, starts the stack; seat 0 places,
    # then seat 1 places its own ¥100 coin before the bag's two pieces.
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    assert game.view(None)["stack"] == [{"piece": 500, "centre": 0}]
    play(game, (0, {"place": 0}), (1, {"place": 0}))
    assert [placed["piece"] for placed in game.view(None)["stack"]] == [500, 5000, 100]
    assert game.view(None)["rows"][1] == [1000, 100]


def test_taking_from_the_bag_is_refused_to_a_seat_that_holds_enough():
    game = new(2)
    bid_and_lay(game, 0, 2, [100, 100])
    play(game, (1, {"bid": 2}))
    refused(game, 1, {"take": 100}, "bag_refused")


def test_a_collapse_gives_the_whole_stack_and_the_piece_in_hand_and_the_player_starts_a_new_stack():
    game = new(2)
    bid_and_lay(game, 0, 3, [100, 100, 100])
    bid_and_lay(game, 1, 3, [100, 100, 100])
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    # Seat 1 passed last: its first coin is the base; seat 0 places next.
    play(game, (0, {"place": 0}), (1, {"place": 1080}))
    assert [item["centre"] for item in game.view(None)["stack"]] == [0, 0, 1080]
    # Seat 0's coin 10.8 mm right of the top coin (centre 2160): it rests on the top coin, but the
    # two upper coins (centres 1080 and 2160, mean 1620) overhang the second coin (support
    # -50..1130): the stack falls. Seat 0 takes its three coins and the one in hand.
    play(game, (0, {"place": 1080}))
    view = game.view(None)
    assert view["events"][-2]["outcome"] == "collapse" and view["events"][-2]["took"] == 4
    assert hands(game)[0] == [2 + 4, 2, 1, 1]
    # Its next coin starts a new stack, laid on the table for it; seat 1 places its last coin.
    assert view["stack"] == [{"piece": 100, "centre": 0}] and view["events"][-1]["kind"] == "base"
    assert game.to_act == (1,)
    play(game, (1, {"place": -300}))
    # No row is left: the round ends, the stack (2 coins) goes into the bag, and the last seat that
    # added a piece (seat 1) opens the next round.
    view = game.view(None)
    assert view["round"] == 2 and view["opener"] == 1 and game.to_act == (1,)
    assert view["bag"]["100"] == 12 and view["pieces_held"] == [10, 6]
    assert view["history"] == [{"round": 1, "to_bag": 2, "emptied": [], "penalties": [[0, 4]]}]


def test_a_miss_costs_nothing_however_many_times():
    """RULES.md §5.3, "no penalty for misses": a piece that slides off is placed again, with no
    penalty, however many times."""
    game = new(2)
    bid_and_lay(game, 0, 2, [500, 500])
    play(game, (1, {"pass": True}), (0, {"pass": True}))
    # Seat 0 is alone: its first ¥500 coin is the base; the second goes 20 mm off: a miss, ten times.
    for tries in range(1, 11):
        play(game, (0, {"place": 2000 if tries % 2 else -2000}))
        view = game.view(None)
        assert view["events"][-1]["outcome"] == "miss" and view["misses"] == tries and game.to_act == (0,)
        assert view["rows"][0] == [500] and view["stack"] == [{"piece": 500, "centre": 0}]
        assert hands(game) == [[5, 0, 1, 1], [5, 2, 1, 1]] and view["round"] == 1
    # The eleventh try, centred, stands: the round ends and both coins go into the bag.
    play(game, (0, {"place": 0}))
    view = game.view(None)
    assert view["round"] == 2 and view["history"][0]["penalties"] == [] and view["bag"]["500"] == 12
    assert hands(game)[0] == [5, 0, 1, 1]


def test_a_table_that_sets_a_miss_limit_brings_the_stack_down_on_that_many_misses_in_a_row():
    game = new(2, miss_limit=3)
    bid_and_lay(game, 0, 2, [500, 500])
    play(game, (1, {"pass": True}), (0, {"pass": True}))
    play(game, (0, {"place": 2000}), (0, {"place": -2000}))
    assert game.view(None)["misses"] == 2 and game.view(None)["round"] == 1
    play(game, (0, {"place": 2000}))
    # The third miss in a row: seat 0 takes the stack (one coin) and the coin in hand.
    event = game.view(None)["previous_events"][-1]
    assert (event["outcome"], event["misses"], event["took"]) == ("collapse", 3, 2)
    assert hands(game)[0] == [5, 2, 1, 1] and game.view(None)["round"] == 2


def test_the_game_has_no_round_limit_by_default():
    """RULES.md §5.3, "No round limit": the game ends only when a player has no piece left."""
    game = new(2)
    for round_number in range(1, 31):  # thirty rounds in which nobody stacks
        assert game.view(None)["round"] == round_number and not game.is_over
        opener = game.to_act[0]
        play(game, (opener, {"pass": True}), (1 - opener, {"pass": True}))
    assert game.view(None)["round"] == 31 and not game.is_over
    assert hs.definition("stacking").resolve_options({})["round_limit"] == 0


def test_a_table_that_sets_a_round_limit_ends_after_that_round_and_the_fewest_pieces_win():
    game = new(2, round_limit=2)
    bid_and_lay(game, 0, 2, [100, 100])
    # Seat 0 stacks its two coins alone (the first is the base), and keeps 7 pieces.
    play(game, (1, {"pass": True}), (0, {"pass": True}), (0, {"place": 0}))
    assert game.view(None)["round"] == 2 and not game.is_over
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    assert game.is_over and game.result()["winners"] == [0] and game.result()["pieces"] == [7, 9]
    assert game.result()["rounds"] == 2


def test_random_play_is_bounded_by_a_last_round_and_a_miss_count_never_by_default():
    definition = hs.definition("stacking")
    assert definition.resolve_options({})["round_limit"] == definition.resolve_options({})["miss_limit"] == 0
    assert definition.bounded_options({}) == {"round_limit": 12, "miss_limit": 3}
    # A table's own choice stands.
    assert definition.bounded_options({"round_limit": 40})["round_limit"] == 40
    # Under those bounds, the longest round fits the declared length: every piece of the largest
    # bag bid and laid, and each placed three times.
    pieces = 6 * 9 + 4 * 20
    assert 12 * (2 * pieces + 2 * 6 + 3 * pieces) <= definition.max_game_length


def test_a_limit_is_a_whole_number_and_a_bad_one_names_the_allowed_values():
    assert new(1, round_limit=40).view(None)["options"]["round_limit"] == 40
    for bad in (-1, 1001, 2.5, "12", True):
        allowed = r"round_limit.*0, 12, or any whole number of rounds from 1 to 1,000"
        with pytest.raises(ValueError, match=allowed):
            new(1, round_limit=bad)
    with pytest.raises(ValueError, match=r"miss_limit.*0, 3, or any whole number of misses from 1 to 10"):
        new(1, miss_limit=11)


def test_every_player_with_no_piece_left_wins_at_once_together():
    game = new(2)
    bid_and_lay(game, 0, 9, [5000, 1000, 500, 500, 100, 100, 100, 100, 100])
    bid_and_lay(game, 1, 9, [100, 100, 100, 100, 100, 500, 500, 1000, 5000])
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    while not game.is_over:  # a centred column of 18 stands
        play(game, (game.to_act[0], {"place": 0}))
    assert game.result()["winners"] == [0, 1] and game.view(None)["bag"]["100"] == 20


def test_a_round_without_stacking_opens_the_next_with_the_seat_after_its_opener():
    game = new(3)
    play(game, (0, {"bid": 0}), (1, {"pass": True}), (2, {"pass": True}), (0, {"pass": True}))
    assert game.view(None)["round"] == 2 and game.to_act == (1,)


def test_solo_is_a_score_attack_counted_in_rounds():
    game = new(1)
    bid_and_lay(game, 0, 4, [100, 100, 100, 100])
    play(game, (0, {"pass": True}))
    for _ in range(3):
        play(game, (0, {"place": 0}))
    assert game.view(None)["round"] == 2 and hands(game)[0] == [1, 2, 1, 1]
    bid_and_lay(game, 0, 5, [100, 500, 500, 1000, 5000])
    play(game, (0, {"pass": True}), *[(0, {"place": 0})] * 4)
    assert game.is_over and game.result()["scores"] == [2] and game.result()["winners"] == [0]


def test_solo_counts_rounds_until_the_hand_is_empty_without_limit():
    """RULES.md §5.3, solo: a score attack counted in rounds until the hand is empty; no round limit."""
    game = new(1)
    for _round in range(20):  # twenty rounds passed without stacking
        play(game, (0, {"pass": True}))
    assert game.view(None)["round"] == 21 and not game.is_over
    # Round 21: two coins, the second 15 mm off the first: a miss, placed again, with no penalty.
    bid_and_lay(game, 0, 2, [500, 500])
    play(game, (0, {"pass": True}), (0, {"place": 1500}), (0, {"place": 0}))
    assert game.view(None)["round"] == 22 and hands(game)[0] == [5, 0, 1, 1]
    bid_and_lay(game, 0, 7, [100, 100, 100, 100, 100, 1000, 5000])
    play(game, (0, {"pass": True}), *[(0, {"place": 0})] * 6)
    result = game.result()
    assert game.is_over and result["scores"] == [22] and result["rounds"] == 22 and result["emptied"]


def test_solo_with_a_round_limit_scores_the_rounds_played():
    game = new(1, round_limit=3)
    play(game, (0, {"pass": True}), (0, {"pass": True}), (0, {"pass": True}))
    result = game.result()
    assert game.is_over and result["scores"] == [3] and not result["emptied"] and result["pieces"] == [9]


def test_companion_mode_takes_the_outcome_the_players_report():
    game = new(2, companion=True)
    bid_and_lay(game, 0, 2, [100, 100])
    bid_and_lay(game, 1, 2, [100, 100])
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    assert [action.to_json() for action in game.legal_actions(0)] == [
        {"report": "stood"}, {"report": "miss"}, {"report": "collapse"}, {"report": "touched"}]
    assert game.amount_entries(0) == []
    refused(game, 0, {"place": 0}, "companion")
    play(game, (0, {"report": "miss"}), (0, {"report": "stood"}), (1, {"report": "touched"}))
    # Seat 1 moved another piece: it takes the stack (its base and seat 0's coin) and the coin in
    # hand; seat 0's last coin then starts a new stack alone, and the round ends.
    assert game.view(None)["pieces_held"] == [7, 7 + 3] and game.view(None)["round"] == 2
    assert game.view(None)["history"][0]["penalties"] == [[1, 3]]
    ordinary = new(2)
    bid_and_lay(ordinary, 0, 2, [100, 100])
    play(ordinary, (1, {"pass": True}), (0, {"pass": True}))
    refused(ordinary, 0, {"report": "stood"}, "not_companion")


def test_bad_inputs_are_refused_with_the_rule_and_nothing_changes():
    game = new(2)
    refused(game, 0, {"bid": 10}, "too_few")  # more pieces than you have
    refused(game, 1, {"bid": 1}, "not_your_turn")  # out of turn
    refused(game, 0, {"place": 0}, "not_stacking")
    refused(game, 0, {"bid": -1}, "bad_action")
    refused(game, 0, {"bid": True}, "bad_action")
    refused(game, 0, {"lay": 200}, "bad_action")
    bid_and_lay(game, 0, 1, [100])
    play(game, (1, {"pass": True}), (0, {"pass": True}))
    # Round 2 after seat 0 stacked alone (its coin was the base): seat 0 opens again.
    assert game.to_act == (0,) and game.view(None)["round"] == 2
    bid_and_lay(game, 0, 2, [100, 100])
    bid_and_lay(game, 1, 2, [100, 100])
    play(game, (0, {"pass": True}), (1, {"pass": True}))
    for junk in ({"place": "1.5"}, {"place": 1.5}, {"place": None}, {"place": 10_001},
                 {"place": 0, "level": -1}, {"place": 0, "tilt": 1}):
        refused(game, 0, junk, "bad_action")
    refused(game, 0, {"place": 0, "level": 3}, "bad_level")
    refused(game, 0, {"bid": 3}, "not_bidding")
    refused(game, 1, {"place": 0}, "not_your_turn")
    entry = game.amount_entries(0)[0]
    assert (entry["kind"], entry["low"], entry["high"], entry["scale"]) == ("place", -10_000, 10_000, 100)
    play(game, (0, {"place": -1034}))  # any offset in range, beyond the menu
    assert game.view(None)["stack"][-1]["centre"] == -1034


def test_pieces_of_a_kind_are_laid_several_at_a_time_but_never_more_than_the_row_needs():
    game = new(2)
    play(game, (0, {"bid": 4}))
    menu = [action.to_json() for action in game.legal_actions(0)]
    assert {"lay": 100, "count": 4} in menu and {"lay": 100, "count": 5} not in menu
    assert {"lay": 500, "count": 2} in menu and {"lay": 5000} in menu
    refused(game, 0, {"lay": 100, "count": 5}, "too_many")
    refused(game, 0, {"lay": 500, "count": 3}, "not_held")
    refused(game, 0, {"lay": 100, "count": 0}, "bad_action")
    play(game, (0, {"lay": 500, "count": 2}), (0, {"lay": 100, "count": 2}))
    assert game.view(None)["rows"][0] == [500, 500, 100, 100] and game.to_act == (1,)
