"""The knowledge model and the dynamic program the bots and the advisor share, on cases worked by hand."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.catalog.millionaire.knowledge import answer_accuracy, belief, hand_likelihood
from highstakes.catalog.millionaire.planning import ladder_value, weigh

DOLLAR = 100
MILLION = 1_000_000 * DOLLAR
NONE: frozenset[str] = frozenset()


def constant(accuracy: float):
    return lambda level, spent: accuracy


# --- the dynamic program ------------------------------------------------------------------------------
def test_a_player_always_right_expects_the_million_and_never_walks() -> None:
    for steps in range(15):
        assert ladder_value(steps, NONE, constant(1.0)) == MILLION
        weighing = weigh([1.0, 0, 0, 0], steps, NONE, constant(1.0))
        assert not weighing.walks and weighing.best == "A" and weighing.answer == MILLION


def test_a_blind_guesser_without_lifelines_walks_where_the_sums_say() -> None:
    """Accuracy 1/4 at every level, no lifelines. V(s), the value with s right answers, by hand from
    the top (amounts in dollars; a wrong answer pays $32,000 from step 10, $1,000 from step 5):
    V(14) = max(500,000, 1/4 × 1,000,000 + 3/4 × 32,000 = 274,000) = 500,000
    V(13) = max(250,000, 1/4 × 500,000 + 24,000 = 149,000) = 250,000
    V(12) = max(125,000, 62,500 + 24,000) = 125,000;  V(11) = max(64,000, 31,250 + 24,000) = 64,000
    V(10) = max(32,000, 1/4 × 64,000 + 3/4 × 32,000 = 40,000) = 40,000: on the safe haven it plays on
    V(9) = max(16,000, 1/4 × 40,000 + 3/4 × 1,000 = 10,750) = 16,000
    V(8) = 8,000;  V(7) = 4,000;  V(6) = max(2,000, 1/4 × 4,000 + 750 = 1,750) = 2,000
    V(5) = max(1,000, 1/4 × 2,000 + 750 = 1,250) = 1,250: on the safe haven it plays on again
    """
    guess = constant(0.25)
    by_hand = {14: 500_000, 13: 250_000, 12: 125_000, 11: 64_000, 10: 40_000, 9: 16_000, 8: 8_000,
               7: 4_000, 6: 2_000, 5: 1_250}
    for steps, dollars in by_hand.items():
        assert ladder_value(steps, NONE, guess) == pytest.approx(dollars * DOLLAR)
    even = [0.25] * 4
    # One step above the $1,000 haven ($2,000 reached): answering is worth 1/4 × 4,000 + 3/4 × 1,000.
    above = weigh(even, 6, NONE, guess)
    assert above.answer == pytest.approx(1_750 * DOLLAR) and above.walk == 2_000 * DOLLAR and above.walks
    # On the haven itself, $1,000 cannot be lost: 1/4 × 2,000 + 3/4 × 1,000 = 1,250 beats walking.
    on_haven = weigh(even, 5, NONE, guess)
    assert on_haven.answer == pytest.approx(1_250 * DOLLAR) and not on_haven.walks
    assert not weigh(even, 10, NONE, guess).walks  # 40,000 against 32,000
    assert weigh(even, 11, NONE, guess).walks  # 1/4 × 125,000 + 24,000 = 55,250 against 64,000


def test_a_lifeline_left_raises_the_value_of_the_ladder() -> None:
    """With a 50:50 that makes a guesser right half the time on one question."""

    def accuracy(level: int, spent: frozenset[str]) -> float:
        return 0.5 if "fifty" in spent else 0.25

    # At $500,000: 1/2 × 1,000,000 + 1/2 × 32,000 = 516,000 with the 50:50, more than walking.
    assert ladder_value(14, frozenset({"fifty"}), accuracy) == pytest.approx(516_000 * DOLLAR)
    assert ladder_value(14, NONE, accuracy) == 500_000 * DOLLAR


def test_the_gain_of_a_fifty_on_the_last_question_by_hand() -> None:
    """Half sure of A, half of B, at $500,000. Answering: 1/2 × $1,000,000 + 1/2 × $32,000 = $516,000.
    A 50:50 keeps the correct option and one of the three wrong ones: it keeps A and B with
    chance 1/2 × 1/3 + 1/2 × 1/3 = 1/3 (still $516,000), and otherwise shows which is correct
    ($1,000,000): 1/3 × 516,000 + 2/3 × 1,000,000 = 838,666.67, a gain of $322,666.67."""
    weighing = weigh([0.5, 0.5, 0, 0], 14, frozenset({"fifty"}), constant(0.25))
    assert weighing.answer == pytest.approx(516_000 * DOLLAR)
    assert weighing.gains["fifty"] == pytest.approx((838_666.6667 - 516_000) * DOLLAR)
    assert weighing.best_lifeline == "fifty"


def test_a_lifeline_is_kept_when_the_player_is_sure() -> None:
    """Sure of A on the first question: spending the 50:50 gains nothing now and loses its later use."""

    def accuracy(level: int, spent: frozenset[str]) -> float:
        return 0.6 if "fifty" in spent else 0.4

    weighing = weigh([1.0, 0, 0, 0], 0, frozenset({"fifty"}), accuracy)
    assert weighing.gains["fifty"] < 0 and weighing.best_lifeline is None and not weighing.walks


# --- beliefs and how lifelines update them ----------------------------------------------------------------
def test_a_fifty_leaves_two_options() -> None:
    assert belief("", 0.8, ["B", "D"]) == [0, 0.5, 0, 0.5]
    # A clue for B at 80 %: B against D is 0.8 to 0.2 / 3.
    assert belief("B", 0.8, ["B", "D"])[1] == pytest.approx(0.8 / (0.8 + 0.2 / 3))


def test_audience_cards_are_weighed_by_the_reliability_of_the_voters() -> None:
    """Cards A, B, B: the host added the correct one. If A is correct the votes were B and B
    (one order, (1/6)² at reliability 1/2); if B, they were A and B (two orders, 2 × 1/2 × 1/6)."""
    hand = ["A", "B", "B"]
    assert hand_likelihood(hand, "A", 0.5) == pytest.approx(1 / 36)
    assert hand_likelihood(hand, "B", 0.5) == pytest.approx(1 / 6)
    assert belief("", 0.8, "ABCD", [hand], [0.5]) == pytest.approx([1 / 7, 6 / 7, 0, 0])
    # Votes believed to mislead (15 %) count against their letter: A, A, B leans to A less.
    trusted = belief("", 0.8, "ABCD", [["A", "A", "B"]], [0.5])
    doubted = belief("", 0.8, "ABCD", [["A", "A", "B"]], [0.15])
    assert trusted[0] == pytest.approx(6 / 7)
    # At 15 %: A is 2 × 0.15 × 0.85/3 = 0.085, B is (0.85/3)² = 0.0803.
    assert doubted[0] == pytest.approx(0.085 / (0.085 + (0.85 / 3) ** 2))


def test_the_hidden_information_sampler_weighs_a_hand_as_the_bots_do() -> None:
    """A seat holding audience cards A, B, B (two voters): B is correct six times in seven, as above."""
    g = hs.new_game("millionaire", 3, seed=1, options={"hunches": "off"})
    state = g.full_state()
    state.audience_cards[0] = ["A", "B", "B"]
    weights = state.evidence_weights(0)
    assert [weight / sum(weights) for weight in weights] == pytest.approx([1 / 7, 6 / 7, 0, 0])


def test_phone_cards() -> None:
    # Two different cards: one is the friend's, one the host's; either may be correct, whatever the trust.
    assert belief("", 0.8, "ABCD", [["A", "C"]], [0.9]) == pytest.approx([0.5, 0, 0.5, 0])
    # Two alike: the friend passed the correct card.
    assert belief("", 0.8, "ABCD", [["C", "C"]], [0.3]) == [0, 0, 1, 0]


def test_how_often_a_player_is_right() -> None:
    assert answer_accuracy(0, 0.8) == pytest.approx(0.25)
    assert answer_accuracy(1, 0.8) == pytest.approx(0.8)
    assert answer_accuracy(0, 0.8, fifty=True) == pytest.approx(0.5)
    # A friend right with r: the cards match (certain) with r, else a coin toss: r + (1 − r) / 2.
    assert answer_accuracy(0, 0.8, phone=0.6) == pytest.approx(0.6 + 0.4 / 2)
    # Two clues: both right (a²) or one right and a tie with the other letter (2a(1 − a), half of it
    # won): a² + a(1 − a) = a, no better than one clue.
    assert answer_accuracy(2, 0.7) == pytest.approx(0.7)
    assert answer_accuracy(3, 0.5) > answer_accuracy(1, 0.5)
    assert answer_accuracy(1, 0.5, fifty=True, audience=(3, 0.5)) > answer_accuracy(1, 0.5, fifty=True)
