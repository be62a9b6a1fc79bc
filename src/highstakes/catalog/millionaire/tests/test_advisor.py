"""Millionaire's advisor and its ``simulate`` analysis: figures worked by hand, words, and the JSON."""

from __future__ import annotations

import json
import random

import pytest

import highstakes as hs
from highstakes.bots import make_bot
from highstakes.catalog.millionaire import MILLIONAIRE
from highstakes.catalog.millionaire.advisor import advise
from highstakes.catalog.millionaire.analysis import format_summary, simulate_summary
from highstakes.cli.main import main
from highstakes.engine.action import JSON, Action
from highstakes.testing.servers import ThreadServer

DOLLAR = 100


def last_question(**options: str) -> tuple[dict[str, JSON], list[Action]]:
    """A player alone at $500,000, playing for the million, who has asked the audience already:
    answers, walking away and the 50:50 are left."""
    g = hs.new_game("millionaire", 1, seed=2, options={"hunches": "off", **options})
    view = g.view(0)
    view["players"][0]["step"] = 14
    view["level"] = 15
    legal = [action for action in g.legal_actions(0) if action.to_json() != {"audience": True}]
    return view, legal


def test_the_advisor_is_the_games() -> None:
    assert MILLIONAIRE.advisor() is advise


def test_the_advice_from_a_stated_confidence_worked_by_hand() -> None:
    """Half sure of A, half of B. Answering: 1/2 × $1,000,000 + 1/2 × $32,000 = $516,000; walking
    away: $500,000. The 50:50 keeps A and B (chance 1/3: still $516,000) or shows the answer
    ($1,000,000): 1/3 × 516,000 + 2/3 × 1,000,000 = $838,666.67, so it adds $322,666.67."""
    view, legal = last_question()
    view["hint_input"] = {"confidence": {"A": 50, "B": 50}}
    advice = advise(view, legal)
    assert advice["confidence_from"] == "stated"
    assert advice["confidence"] == {"A": 0.5, "B": 0.5, "C": 0.0, "D": 0.0}
    assert advice["answer_value"] == pytest.approx(516_000 * DOLLAR)
    assert advice["walk_value"] == 500_000 * DOLLAR
    assert advice["lifeline_gains"] == {"fifty": pytest.approx(322_666.6667 * DOLLAR)}
    assert advice["best_lifeline"] == "fifty" and advice["action"] == {"fifty": True}
    assert advice["reason"] == (
        "From the confidence you stated. Answering A (50% sure) is worth $516,000 on average; walking "
        "away takes $500,000. The lifeline worth most now is 50:50: it adds $322,667 on average.")


def test_the_advice_to_walk_away_when_answering_is_worth_less() -> None:
    """A third sure of A, B and C, no lifeline left: answering is 1/3 × 1,000,000 + 2/3 × 32,000 =
    $354,666.67, less than the $500,000 in hand."""
    view, legal = last_question()
    legal = [action for action in legal if action.to_json() != {"fifty": True}]
    view["hint_input"] = {"confidence": [1, 1, 1, 0]}
    advice = advise(view, legal)
    assert advice["answer_value"] == pytest.approx(354_666.6667 * DOLLAR)
    assert advice["action"] == {"walk": True} and advice["best_lifeline"] is None
    assert advice["lifeline_gains"] == {}


def test_a_stated_confidence_counts_only_the_options_a_fifty_left() -> None:
    view, legal = last_question()
    view["your_options"] = ["A", "C"]
    view["hint_input"] = {"confidence": {"A": 1, "B": 5, "C": 3}}
    assert advise(view, legal)["confidence"] == {"A": 0.25, "B": 0.0, "C": 0.75, "D": 0.0}


@pytest.mark.parametrize(("given", "shares"), [
    ({"A": 1e308, "B": 1e308}, {"A": 0.5, "B": 0.5, "C": 0.0, "D": 0.0}),  # their sum is infinite
    ([1e308, 1e308, 1e308, 1e308], {"A": 0.25, "B": 0.25, "C": 0.25, "D": 0.25}),
    ({"A": 1e308, "B": 1}, {"A": 1.0, "B": 1e-308, "C": 0.0, "D": 0.0}),
    ({"A": 5e-324, "B": 5e-324}, {"A": 0.5, "B": 0.5, "C": 0.0, "D": 0.0}),  # the smallest numbers there are
])
def test_absurdly_large_or_small_confidences_are_read_as_shares_of_their_total(
        given: JSON, shares: dict[str, float]) -> None:
    """Confidences of 1e308 each are as sure of A as of B, not "0 % sure" of either."""
    view, legal = last_question()
    view["hint_input"] = {"confidence": given}
    advice = advise(view, legal)
    assert advice["confidence"] == pytest.approx(shares, rel=1e-12, abs=1e-300)
    assert advice["action"] is not None
    best = advice["best_answer"]
    share = round(100 * shares[best])
    assert f"Answering {best} ({share}% sure)" in advice["reason"]


@pytest.mark.parametrize("given", [{"E": 1}, {"A": -1}, {"A": "lots"}, {"A": 0}, "A", [1, 2]])
def test_a_bad_confidence_is_refused_in_words(given: JSON) -> None:
    view, legal = last_question()
    view["hint_input"] = {"confidence": given}
    advice = advise(view, legal)
    assert advice["action"] is None and advice["reason"]
    assert "confidence" in advice["reason"] or "option" in advice["reason"]


def test_without_a_stated_confidence_the_hunch_or_an_even_chance() -> None:
    g = hs.new_game("millionaire", 2, seed=3, options={"hunches": "everyone"})
    view = g.view(0)
    view["your_hunch"] = "CCCC"
    advice = advise(view, g.legal_actions(0))
    assert advice["confidence_from"] == "hunch" and advice["best_answer"] == "C"
    # Four clues for C at 80 %: C against any other is 0.8⁴ to (0.2/3)⁴.
    assert advice["confidence"]["C"] == pytest.approx(0.8**4 / (0.8**4 + 3 * (0.2 / 3) ** 4))
    assert advice["action"] == {"answer": "C"}
    view, legal = last_question()
    advice = advise(view, legal)
    assert advice["confidence_from"] == "even" and advice["confidence"] == dict.fromkeys("ABCD", 0.25)
    assert advice["reason"].startswith("Every option left taken as equally likely")


def test_a_helper_is_told_the_card_it_believes_most() -> None:
    g = hs.new_game("millionaire", 3, seed=4, options={"hunches": "off"})
    g.act(0, {"phone": 1})
    view = g.view(1)
    view["hint_input"] = {"confidence": {"B": 2, "D": 1}}
    advice = advise(view, g.legal_actions(1))
    assert advice["action"] == {"card": "B"} and advice["role"] == "helper"
    assert advise(g.view(0), g.legal_actions(0))["action"] is None  # not its turn


@pytest.mark.parametrize("options", [{"hunches": "everyone", "bluffing": "on"},
                                     {"hunches": "off", "host": "rotating"}])
def test_the_advice_is_always_a_legal_move(options: dict[str, str]) -> None:
    """At every decision of seeded bot games, contestants and helpers alike."""
    for seed in range(3):
        g = hs.new_game("millionaire", 3, seed=seed, options=options)
        bots = [make_bot("millionaire", name) for name in ("knower-weak", "knower", "knower-strong")]
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act[0]
            view, legal = g.view(seat), g.legal_actions(seat)
            advice = advise(view, legal)
            assert advice["action"] in [action.to_json() for action in legal], advice
            assert advice["label"] and advice["reason"]
            g.act(seat, bots[seat].choose(view, legal, rng))


# --- the analysis ---------------------------------------------------------------------------------------
def test_the_analysis_json_shape() -> None:
    summary = simulate_summary(6, ["knower-strong", "knower", "random"], seed=1)
    assert summary["game"] == "millionaire" and summary["games"] == 6 and summary["seats"] == 3
    assert list(summary["per_bot"]) == ["knower-strong", "knower", "random"]
    assert [row["skill"] for row in summary["per_bot"].values()] == [4.0, 2.0, None]
    for row in summary["per_bot"].values():
        assert row["games"] == 6 and row["rounds"] == 6  # one round a game, the app hosting
        assert list(row["steps"]) == [str(step) for step in range(16)]
        assert sum(row["steps"].values()) == row["rounds"]
        assert sum(row["outcomes"].values()) == row["rounds"]
        assert set(row["lifelines"]) == {"fifty", "audience", "phone"}
        for use in row["lifelines"].values():
            assert use["per_round"] == use["uses"] / row["rounds"] <= 1
        steps = [int(step) for step, count in row["steps"].items() for _ in range(count)]
        assert row["mean_step"] == pytest.approx(sum(steps) / len(steps))
    assert summary == simulate_summary(6, ["knower-strong", "knower", "random"], seed=1)  # seeded
    text = format_summary(summary)
    assert "knower-strong (skill 4 of 4 clues)" in text and "random (no skill dial)" in text
    assert "won $" in text and "lifelines spent" in text


def test_the_analysis_counts_rounds_of_the_rotating_host() -> None:
    """Three players each host once: each plays two rounds a game."""
    summary = simulate_summary(2, ["knower", "knower-weak", "knower-strong"], seed=0,
                               options={"host": "rotating"})
    assert all(row["rounds"] == 4 for row in summary["per_bot"].values())


def test_simulate_reports_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "millionaire", "--games", "4", "--bots", "knower-strong,knower-weak", "--seed", "2"]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["analysis"]["per_bot"]) == {"knower-strong", "knower-weak"}
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "reached step" in out and "knower-weak (skill 1 of 4 clues)" in out


def test_a_hint_message_tells_the_advisor_the_persons_confidence(server: ThreadServer) -> None:
    """Through the server: the hint message's ``input`` reaches the advisor; a malformed one is refused."""
    room = server.create_room(["human"], game="millionaire", options={"hunches": "off"})  # no bot to move on
    _seat, token = server.join(room, "Ann", 0)
    with server.client(room, token) as ann:
        assert ann.last_state()["to_act"] == [0]
        ann.send({"type": "hint", "input": {"confidence": {"A": 80, "B": 20}}})
        hint = ann.recv_until(lambda message: message["type"] == "hint" and "hint" in message)["hint"]
        assert hint["confidence_from"] == "stated"
        assert hint["confidence"] == {"A": 0.8, "B": 0.2, "C": 0.0, "D": 0.0}
        ann.send({"type": "hint", "input": "A"})
        assert "input" in ann.error("bad_message")["message"]
        ann.send({"type": "hint"})
        plain = ann.recv_until(lambda message: message["type"] == "hint" and "hint" in message)["hint"]
        assert plain["confidence_from"] == "even"


def test_simulate_takes_on_and_off_as_the_options_own_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``-o bluffing=on``: "on" is one of the option's values, not the command line's true."""
    args = ["simulate", "millionaire", "--games", "2", "--bots", "knower,knower", "--json",
            "-o", "bluffing=on", "-o", "hunches=off"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["analysis"]["options"]["bluffing"] == "on" and data["analysis"]["options"]["hunches"] == "off"
    assert main([*args[:-1], "hunches=maybe"]) == 2
    refusal = ("highstakes: error: option 'hunches' must be one of 'bots', 'everyone', 'off', or on, the "
               "same as everyone (as older records say): got 'maybe'\n")
    assert capsys.readouterr().err == refusal
