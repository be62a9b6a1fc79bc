"""Millionaire's rules (RULES.md §4, §7.1 to §7.3), with chance scripted and amounts worked by hand."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.catalog.millionaire.actions import LETTERS
from highstakes.catalog.millionaire.rules import pack_levels
from highstakes.testing import check_game
from highstakes.testing.servers import ThreadServer

DOLLAR = 100
# The money tree (§4.2), by hand: what a player takes by walking away before question n.
WALK_AWAY = [0, 100, 200, 300, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 125_000, 250_000,
             500_000]
# What a wrong answer to question n pays: nothing up to $1,000, $1,000 up to $32,000, then $32,000.
WRONG = [0] * 5 + [1_000] * 5 + [32_000] * 5


def level_ids(level: int) -> tuple[str, ...]:
    return pack_levels("en")[1][level - 1]


def answer_of(question_id: str) -> str:
    return LETTERS[pack_levels("en")[0][question_id].answer]


def wrong_of(question_id: str) -> str:
    return next(letter for letter in LETTERS if letter != answer_of(question_id))


def game(seats: int = 1, **options: object) -> hs.Game:
    options = {"hunches": "off", **options}
    return hs.new_game("millionaire", seats, seed=1, options=options, auto_chance=False)


def ask(g: hs.Game, index: int = 0) -> str:
    """Deal the next question: the ``index``-th of its level not yet asked."""
    level = g.view(None)["level"]
    used = set(g.full_state().used_questions)
    question = [qid for qid in level_ids(level) if qid not in used][index]
    g.apply_chance(question)
    return question


def money(g: hs.Game) -> list[int]:
    return [cents // DOLLAR for cents in g.view(None)["money"]]


@pytest.mark.parametrize("question", range(1, 16))
def test_a_wrong_answer_pays_the_safe_haven(question: int) -> None:
    g = game()
    for _ in range(question - 1):
        g.act(0, {"answer": answer_of(ask(g))})
    g.act(0, {"answer": wrong_of(ask(g))})
    assert g.is_over and money(g) == [WRONG[question - 1]]
    assert g.view(None)["last_reveal"]["answers"][0]["outcome"] == "wrong"


@pytest.mark.parametrize("question", range(1, 16))
def test_walking_away_takes_what_was_reached(question: int) -> None:
    g = game()
    for _ in range(question - 1):
        g.act(0, {"answer": answer_of(ask(g))})
    ask(g)
    g.act(0, {"walk": True})  # WM-2: after hearing the question
    assert g.is_over and money(g) == [WALK_AWAY[question - 1]]


def test_walking_away_after_a_lifeline() -> None:
    g = game()
    g.act(0, {"answer": answer_of(ask(g))})
    g.act(0, {"answer": answer_of(ask(g))})
    question = ask(g)
    g.act(0, {"fifty": True})
    g.apply_chance(wrong_of(question))
    g.act(0, {"walk": True})
    assert money(g) == [200]


def test_the_million_ends_the_game_at_once() -> None:
    g = game(rounds=3)
    for _ in range(15):
        g.act(0, {"answer": answer_of(ask(g))})
    assert g.is_over and money(g) == [1_000_000]
    assert g.result()["winners"] == [0] and len(g.result()["rounds"]) == 1


def test_two_half_million_walk_aways_make_a_millionaire() -> None:
    """WM-1: the banked total counts, however it was reached."""
    g = game(rounds=3)
    for _round in range(2):
        for _ in range(14):
            g.act(0, {"answer": answer_of(ask(g))})
        ask(g)
        g.act(0, {"walk": True})
    assert g.is_over and money(g) == [1_000_000] and len(g.result()["rounds"]) == 2


def test_reaching_the_million_pays_those_still_in_what_they_reached() -> None:
    """Seat 0 wins $1,000,000 in round 2 while seat 1, who walked at $500,000 in round 1, is still in
    the round at $500,000: seat 1 leaves with it, and its $1,000,000 total ties."""
    g = game(seats=2, rounds=3)
    for _ in range(14):
        question = ask(g)
        g.act(0, {"answer": answer_of(question)})
        g.act(1, {"answer": answer_of(question)})
    ask(g)
    g.act(0, {"answer": wrong_of(g.full_state().question)})
    g.act(1, {"walk": True})
    assert money(g) == [32_000, 500_000]
    for step in range(15):
        question = ask(g)
        g.act(0, {"answer": answer_of(question)})
        g.act(1, {"answer": answer_of(question) if step < 14 else wrong_of(question)})
    assert g.is_over
    # Seat 1 answered the last question wrong: $32,000; seat 0 won the million.
    assert money(g) == [1_032_000, 532_000] and g.result()["winners"] == [0]


def test_when_the_game_ends_at_a_reveal_a_player_still_in_the_round_is_shown_what_they_were_paid() -> None:
    """WM-1: seat 1 walks away with $250,000 on the $500,000 question of round 3, which brings
    its total to $1,000,000 ($500,000 + $250,000 + $250,000): the game ends. Seat 2 answered that
    question right and was still in the round: it leaves with the $500,000 it reached, and the
    reveal says so."""
    g = game(seats=2, rounds=3)
    question = ask(g)
    g.act(0, {"answer": answer_of(question)})
    g.act(1, {"walk": True})  # round 1: seat 2 leaves at once with nothing
    for _ in range(13):
        g.act(0, {"answer": answer_of(ask(g))})
    ask(g)
    g.act(0, {"walk": True})  # ... and seat 1 with $500,000 before the last question
    for wrong_at_the_end in (True, False):  # rounds 2 and 3
        for _ in range(13):
            question = ask(g)
            g.act(0, {"answer": answer_of(question)})
            g.act(1, {"answer": answer_of(question)})
        question = ask(g)  # the $500,000 question
        g.act(0, {"walk": True})
        g.act(1, {"answer": wrong_of(question) if wrong_at_the_end else answer_of(question)})
    assert g.is_over and money(g) == [1_000_000, 32_000 + 500_000]
    reveal = g.view(None)["last_reveal"]
    assert [(a["seat"], a["outcome"], a["paid"] // DOLLAR) for a in reveal["answers"]] == [
        (0, "walked", 250_000), (1, "right", 500_000)]
    assert g.result()["rounds"][-1]["paid"] == [250_000 * DOLLAR, 500_000 * DOLLAR]


def test_ties_share_the_win() -> None:
    g = game(seats=3)
    question = ask(g)
    for seat in range(3):
        g.act(seat, {"answer": wrong_of(question) if seat != 2 else answer_of(question)})
    ask(g)
    g.act(2, {"walk": True})
    assert g.is_over and money(g) == [0, 0, 100] and g.result()["winners"] == [2]
    g = game(seats=2)
    question = ask(g)
    g.act(0, {"answer": wrong_of(question)})
    g.act(1, {"answer": wrong_of(question)})
    assert g.is_over and g.result()["winners"] == [0, 1]


def test_answers_are_secret_until_the_last_one_locks_in() -> None:
    g = game(seats=3)
    question = ask(g)
    g.act(0, {"answer": wrong_of(question)})
    g.act(1, {"walk": True})
    for seat in (None, 1, 2):
        view = g.view(seat)
        assert view["correct"] is None and view["last_reveal"] is None
        assert [p["locked_in"] for p in view["players"]] == [True, True, False]
        assert seat == 1 or view["your_answer"] is None
    assert g.view(0)["your_answer"] == wrong_of(question) and g.view(1)["your_answer"] == "walk"
    g.act(2, {"answer": answer_of(question)})
    reveal = g.view(None)["last_reveal"]
    assert reveal["correct"] == answer_of(question)
    assert [(a["seat"], a["answer"], a["outcome"]) for a in reveal["answers"]] == [
        (0, wrong_of(question), "wrong"), (1, "walk", "walked"), (2, answer_of(question), "right")]


def test_fifty_fifty_keeps_the_correct_answer_and_one_other() -> None:
    g = game(seats=2)
    question = ask(g)
    kept = wrong_of(question)
    g.act(0, {"fifty": True})
    assert g.is_chance and {o for o, _ in g.chance_outcomes()} == set(LETTERS) - {answer_of(question)}
    g.apply_chance(kept)
    assert g.view(0)["your_options"] == sorted([answer_of(question), kept])
    assert g.view(1)["your_options"] == list(LETTERS)  # only the asker sees what is covered
    covered = next(letter for letter in LETTERS if letter not in (kept, answer_of(question)))
    with pytest.raises(hs.IllegalAction) as refusal:
        g.act(0, {"answer": covered})
    assert refusal.value.code == "covered" and refusal.value.rule == "§4.5"


def test_ask_the_audience_holds_every_other_players_card_and_the_correct_one() -> None:
    g = game(seats=4)
    question = ask(g)
    wrong = wrong_of(question)
    g.act(2, {"answer": answer_of(question)})  # a seat that has locked in still votes
    g.act(0, {"audience": True})
    assert g.to_act == (1, 2, 3)  # the round waits for the voters
    for seat in (1, 2, 3):
        assert g.view(seat)["asked_of_you"] == {"lifeline": "audience", "asker": 0}
        g.act(seat, {"card": wrong})
    assert g.view(0)["your_audience_cards"] == sorted([wrong] * 3 + [answer_of(question)])
    assert all(g.view(seat)["your_audience_cards"] is None for seat in (None, 1, 2, 3))
    assert g.to_act == (0, 1, 3)


def test_players_out_of_the_round_still_vote() -> None:
    g = game(seats=3)
    question = ask(g)
    g.act(0, {"answer": answer_of(question)})
    g.act(1, {"answer": answer_of(question)})
    g.act(2, {"answer": wrong_of(question)})  # seat 2 is out
    ask(g)
    g.act(0, {"audience": True})
    assert g.to_act == (1, 2)
    g.act(1, {"card": "A"})
    g.act(2, {"card": "A"})
    assert answer_of(g.full_state().question) in g.view(0)["your_audience_cards"]


def test_a_simulated_audience_answers_when_fewer_than_two_can_vote() -> None:
    g = game(seats=2)
    question = ask(g)
    g.act(0, {"audience": True})
    assert g.is_chance and g.to_act == ()
    outcomes = dict(g.chance_outcomes())
    # Three simulated voters, each right with 75 % at the first question: all three right is 0.75³.
    assert outcomes[answer_of(question) * 3] == pytest.approx(0.75 ** 3)
    wrong = wrong_of(question)
    g.apply_chance(wrong * 3)
    assert g.view(0)["your_audience_cards"] == sorted([wrong] * 3 + [answer_of(question)])


def test_with_the_app_as_host_alone_a_simulated_audience_answers() -> None:
    """§7.1: one player, nobody else to vote: the app's simulated audience of three."""
    g = game(seats=1)
    ask(g)
    g.act(0, {"audience": True})
    assert g.is_chance and len(next(iter(dict(g.chance_outcomes())))) == 3


def rotating(seats: int, **options: object) -> hs.Game:
    return game(seats=seats, host="rotating", **options)


def test_in_a_three_player_rotating_game_ask_the_audience_gives_the_other_players_card_and_the_hosts(
) -> None:
    """WM-4: seat 1 hosts the first round; of the two contestants, seat 2 asks the audience and
    the one other player, seat 3, votes: seat 2 gets that card and the host's correct card."""
    g = rotating(3)
    assert g.view(None)["host"] == 0
    question = ask(g)
    g.act(1, {"audience": True})
    assert not g.is_chance and g.to_act == (2,)  # no simulated audience: the other player votes
    assert g.view(2)["asked_of_you"] == {"lifeline": "audience", "asker": 1}
    assert g.legal_actions(0) == []  # the host does not vote
    g.act(2, {"card": wrong_of(question)})
    assert g.view(1)["your_audience_cards"] == sorted([wrong_of(question), answer_of(question)])


def test_in_the_rotating_game_players_out_of_the_round_vote_and_the_host_does_not() -> None:
    """WM-4 and §4.5: four players, seat 1 hosts; seat 4 answers wrong and is out of the round,
    yet votes on the next question with seat 3 when seat 2 asks the audience."""
    g = rotating(4)
    question = ask(g)
    for seat in (1, 2):
        g.act(seat, {"answer": answer_of(question)})
    g.act(3, {"answer": wrong_of(question)})
    ask(g)
    g.act(1, {"audience": True})
    assert g.to_act == (2, 3)
    g.act(2, {"card": "A"})
    g.act(3, {"card": "B"})
    assert g.view(1)["your_audience_cards"] == sorted(["A", "B", answer_of(g.full_state().question)])


def test_phone_a_friend_holds_the_friends_card_and_the_correct_one() -> None:
    g = game(seats=3)
    question = ask(g)
    g.act(0, {"phone": 2})
    assert g.to_act == (2,) and g.view(2)["asked_of_you"] == {"lifeline": "phone", "asker": 0}
    g.act(2, {"card": wrong_of(question)})  # a friend may bluff
    assert g.view(0)["your_phone_cards"] == sorted([wrong_of(question), answer_of(question)])
    assert g.view(2)["your_phone_cards"] is None


def test_lifelines_come_back_every_round() -> None:
    g = game(rounds=2)
    question = ask(g)
    g.act(0, {"fifty": True})
    g.apply_chance(wrong_of(question))
    assert {"fifty": True} not in [a.to_json() for a in g.legal_actions(0)]
    g.act(0, {"answer": wrong_of(question)})  # out: round 2 begins
    ask(g)
    assert {"fifty": True} in [a.to_json() for a in g.legal_actions(0)]


def test_lifelines_once_per_game() -> None:
    g = game(rounds=2, lifelines="per_game")
    question = ask(g)
    g.act(0, {"fifty": True})
    g.apply_chance(wrong_of(question))
    g.act(0, {"answer": wrong_of(question)})
    ask(g)
    with pytest.raises(hs.IllegalAction) as refusal:
        g.act(0, {"fifty": True})
    assert refusal.value.code == "lifeline_used" and refusal.value.rule == "§4.6"


def test_rotating_host_every_seat_hosts_equally_and_sits_its_rounds_out() -> None:
    g = hs.new_game("millionaire", 4, seed=3, options={"host": "rotating", "rounds": 2})
    hosts = []
    rng = random.Random(0)
    while not g.is_over:
        view = g.view(None)
        host = view["host"]
        if not hosts or hosts[-1][0] != view["round"]:
            hosts.append((view["round"], host))
        assert host not in g.to_act and g.legal_actions(host) == []
        assert g.view(host)["correct"] is not None  # the host's console shows the answer
        seat = rng.choice(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert [host for _, host in hosts] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [entry["host"] for entry in g.result()["rounds"]] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_table_modes_take_their_seat_counts() -> None:
    for seats in (1, 2, 6, 8):
        with pytest.raises(ValueError, match="rotating host is for 3 to 5"):
            hs.new_game("millionaire", seats, options={"host": "rotating"})
    for seats in (1, 8):
        assert hs.new_game("millionaire", seats, seed=0).to_act == tuple(range(seats))


def refused(g: hs.Game, seat: int, action: dict) -> hs.IllegalAction:
    before = (g.record(), [g.view(s) for s in [None, *range(g.seats)]])
    with pytest.raises(hs.IllegalAction) as refusal:
        g.act(seat, action)
    assert (g.record(), [g.view(s) for s in [None, *range(g.seats)]]) == before
    return refusal.value


def test_bad_inputs_are_refused_with_the_rule_and_change_nothing() -> None:
    g = game(seats=3)
    question = ask(g)
    g.act(0, {"answer": answer_of(question)})
    # Answering twice: the game waits only for the others, and says which rule holds the seat.
    twice = refused(g, 0, {"answer": wrong_of(question)})
    assert (twice.code, twice.rule) == ("locked_in", "§4.4") and "cannot be changed" in twice.message
    assert refused(g, 1, {"phone": 1}).code == "phone_yourself"
    g.act(1, {"fifty": True})
    g.apply_chance(wrong_of(question))
    lifeline = refused(g, 1, {"fifty": True})
    assert (lifeline.code, lifeline.rule) == ("lifeline_used", "§4.6")
    assert "next round" in lifeline.message
    g.act(1, {"answer": wrong_of(question)})
    g.act(2, {"answer": answer_of(question)})
    ask(g)
    # Seat 1 is out of the round: it may not walk away, and is told so.
    out = refused(g, 1, {"walk": True})
    assert (out.code, out.rule) == ("out_of_round", "§4.2") and "next one" in out.message
    assert refused(g, 0, {"card": "A"}).code == "nobody_asked"
    assert refused(g, 0, {"phone": 7}).code == "no_such_seat"
    assert refused(g, 0, {"answer": "E"}).code == "bad_action"


def test_money_is_conserved_over_thousands_of_random_games() -> None:
    rng = random.Random(7)
    for index in range(2000):
        mode = rng.choice(["app", "rotating"])
        seats = rng.randint(3, 5) if mode == "rotating" else rng.randint(1, 8)
        g = hs.new_game("millionaire", seats, seed=index, options={
            "host": mode, "rounds": rng.choice([1, 2]), "lifelines": rng.choice(["per_round", "per_game"])})
        total = g.money_total
        while not g.is_over:
            seat = rng.choice(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
        assert g.money_total == total
        result = g.result()
        assert sum(result["scores"]) == sum(sum(entry["paid"]) for entry in result["rounds"])
        assert len(set(result["questions"])) == len(result["questions"])  # no question twice


def test_the_pack_option_plays_the_spanish_questions() -> None:
    g = hs.new_game("millionaire", 1, seed=5, options={"pack": "es"})
    text = g.view(0)["question"]["text"]
    assert text in {q.question for q in pack_levels("es")[0].values()}


@pytest.mark.parametrize("mode", ["app", "rotating"])
def test_the_conformance_kit_passes_in_both_modes(mode: str) -> None:
    report = check_game("millionaire", games=40, seed=1, max_option_sets=1 if mode == "app" else 12)
    seats = {seats for seats, options in report.tables if options.get("host", "app") == mode}
    assert seats == (set(range(1, 9)) if mode == "app" else {3, 4, 5})


def test_the_docs_example_record_replays_to_a_walk_away_with_200_dollars() -> None:
    import json
    import re

    from highstakes.catalog.millionaire import MILLIONAIRE

    page = MILLIONAIRE.docs_page().read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", page, flags=re.DOTALL)
    g = hs.replay(json.loads(block))
    assert g.is_over and g.result()["scores"] == [200 * DOLLAR]


# --- WM-5: hunches go to bots; people get none unless the table says so -----------------------------------


def hunched(g: hs.Game) -> list[int]:
    """The seats holding a hunch for the question on the table."""
    return [seat for seat in range(g.seats) if g.view(seat)["your_hunch"] is not None]


def hunch_entries(record: dict) -> int:
    """How many hunches the record dealt (four clue letters each; questions are objects)."""
    return sum(isinstance(entry.get("chance"), str) and len(entry["chance"]) == 4
               for entry in record["actions"])


def test_people_are_dealt_no_hunch_by_default() -> None:
    """A person in seat 1, bots in seats 2 and 3: only the bots hold a hunch, question after question."""
    g = hs.new_game("millionaire", 3, seed=4, bots=[1, 2])
    assert g.options["hunches"] == "bots"
    for _ in range(3):
        assert hunched(g) == [1, 2]
        question_seats = [seat for seat in g.to_act]
        for seat in question_seats:
            g.act(seat, {"answer": "A"})
        if g.is_over:
            break
    assert [player["hunches"] for player in g.view(None)["players"]] == [False, True, True]


def test_a_game_told_of_no_bots_deals_no_hunch() -> None:
    g = hs.new_game("millionaire", 2, seed=4)
    assert hunched(g) == [] and hunch_entries(g.record()) == 0


def test_with_hunches_for_everyone_people_are_dealt_one_too() -> None:
    g = hs.new_game("millionaire", 3, seed=4, options={"hunches": "everyone"}, bots=[2])
    assert hunched(g) == [0, 1, 2]


def test_with_hunches_off_nobody_is_dealt_one() -> None:
    g = hs.new_game("millionaire", 3, seed=4, options={"hunches": "off"}, bots=[1, 2])
    assert hunched(g) == []


def test_the_rotating_host_is_dealt_no_hunch_even_a_bot() -> None:
    g = hs.new_game("millionaire", 3, seed=4, options={"host": "rotating"}, bots=[0, 1, 2])
    assert g.view(None)["host"] == 0 and hunched(g) == [1, 2]


def test_a_replay_deals_the_hunches_to_the_same_seats() -> None:
    g = hs.new_game("millionaire", 3, seed=6, bots=[2])
    rng = random.Random(1)
    while not g.is_over:
        seat = rng.choice(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    record = g.record()
    assert record["bots"] == [2]
    again = hs.replay(record)
    assert again.record() == record and [again.view(s) for s in range(3)] == [g.view(s) for s in range(3)]


def test_a_record_of_the_time_hunches_went_to_everyone_replays_alike() -> None:
    """Games recorded when the option was on/off (on: every player) say "on": that is everyone."""
    g = hs.new_game("millionaire", 2, seed=3, options={"hunches": "on"})
    assert g.options["hunches"] == "everyone" and hunched(g) == [0, 1]


@pytest.mark.parametrize("value", ["maybe", "people", True])
def test_a_hunches_value_that_is_not_one_is_refused_naming_the_choices(value: object) -> None:
    with pytest.raises(ValueError) as refusal:
        hs.new_game("millionaire", 1, options={"hunches": value})
    assert "option 'hunches' must be one of 'bots', 'everyone', 'off'" in str(refusal.value)


def test_in_a_room_the_person_is_dealt_no_hunch_and_the_record_names_the_bots_seat(
        server: ThreadServer) -> None:
    """The server tells the game which seats it gives to bots; the stored record keeps them, so
    the game read back from it deals the same hunches."""
    room = server.create_room(["human", "bot:knower"], game="millionaire")
    _seat, token = server.join(room, "Ann", 0)
    with server.client(room, token) as ann:
        state = ann.last_state()
        assert state["view"]["your_hunch"] is None
        assert [player["hunches"] for player in state["view"]["players"]] == [False, True]
        ann.send({"type": "act", "action": {"walk": True}, "version": state["version"]})
        for _ in range(200):  # the bot plays on; it may phone Ann, who then passes a card
            state = ann.recv_until(lambda message: message.get("type") == "state")
            if state["status"] == "over":
                break
            if state["legal"]:
                ann.send({"type": "act", "action": state["legal"][0]["action"], "version": state["version"]})
        assert state["status"] == "over"
    record = server.request("GET", f"/api/rooms/{room}/games/1/record").json()
    assert record["bots"] == [1]
    assert hs.replay(record).record() == record  # it replays, hunches and all
    # One hunch a question: the bot's, and no one else's.
    questions = sum(isinstance(entry.get("chance"), dict) for entry in record["actions"])
    assert hunch_entries(record) == questions >= 1
