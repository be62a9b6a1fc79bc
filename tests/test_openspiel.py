"""The OpenSpiel face: every registered game loads, passes OpenSpiel's own random
simulation test, numbers its actions stably and keeps each seat's secrets."""

from __future__ import annotations

import random
import re

import pytest

import highstakes as hs
from research_page import python_examples, research_table

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("highstakes.openspiel")
adapter = pytest.importorskip("highstakes.openspiel.adapter")


@pytest.mark.parametrize("game_id", hs.games())
def test_openspiels_random_simulation_test_passes(game_id: str) -> None:
    game = openspiel.load(game_id)
    assert game.get_type().short_name == "highstakes_" + game_id
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", hs.games())
def test_the_game_type_follows_the_definition(game_id: str) -> None:
    definition = hs.definition(game_id)
    game_type = openspiel.load(game_id).get_type()
    information = pyspiel.GameType.Information
    hidden = definition.hidden_information
    expected = information.IMPERFECT_INFORMATION if hidden else information.PERFECT_INFORMATION
    assert game_type.information == expected
    assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    if definition.usual_seats > 1:
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM  # "win" returns sum to 0


def _first_number(text: str) -> int:
    return int(re.search(r"\d[\d,]*", text).group().replace(",", ""))


@pytest.mark.parametrize("game_id", hs.games())
def test_the_research_pages_openspiel_table_says_what_the_adapter_gives(game_id: str) -> None:
    """Each game's row: its seats, its actions' and chance outcomes' bounds, its information and
    what was estimated, as OpenSpiel is given them at the usual table."""
    definition = hs.definition(game_id)
    row = research_table("| game | seats (usual) |")[definition.title]
    game, facts = openspiel.load(game_id), openspiel.table_facts(game_id)
    assert row[1] == f"{definition.min_seats} to {definition.max_seats} ({definition.usual_seats})"
    assert _first_number(row[2]) == game.num_distinct_actions()
    assert row[2].startswith("by place in the list") == (not facts.catalogue)
    chance = game.max_chance_outcomes()
    assert (row[3].startswith("none") and chance == 0) or _first_number(row[3]) == chance
    assert row[4] == ("imperfect" if definition.hidden_information else "perfect")
    estimated = {(): "nothing", ("positional",): "the actions' bound"}
    assert row[5] == estimated[tuple(facts.estimated)]


def test_every_registered_game_is_an_openspiel_game() -> None:
    names = openspiel.register_all()
    assert names == ["highstakes_" + game_id for game_id in hs.games()]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", hs.games())
def test_actions_are_numbered_by_the_catalogue_and_chance_by_its_bound(game_id: str) -> None:
    facts = openspiel.table_facts(game_id)
    game = openspiel.load(game_id)
    if facts.catalogue:
        assert game.num_distinct_actions() == len(facts.catalogue) and "positional" not in facts.estimated
    else:
        assert game.num_distinct_actions() == facts.positional and "positional" in facts.estimated
    state = game.new_initial_state()
    rng = random.Random(1)
    for _step in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) <= game.max_chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            state.apply_action(rng.choice(outcomes)[0])
            continue
        seat = state.current_player()
        numbered = state._numbered(seat)
        legal = state._play.game.legal_actions(seat)
        if facts.catalogue:  # a catalogued action keeps its number wherever it is offered
            assert all(facts.catalogue[number] == adapter._key(action.to_json())
                       for number, action in numbered.items())
        else:  # without a catalogue, the number is the place in the game's list
            assert [numbered[number] for number in sorted(numbered)] == legal
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", [g for g in hs.games() if hs.definition(g).hidden_information])
def test_a_resampled_world_looks_the_same_to_the_seat(game_id: str) -> None:
    state = openspiel.load(game_id).new_initial_state()
    rng = random.Random(3)
    for _step in range(25):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))


def test_win_returns_share_a_tie_and_sum_to_zero() -> None:
    assert adapter.win_returns(2, [0]) == [1.0, -1.0]
    assert adapter.win_returns(2, [0, 1]) == [0.0, 0.0]
    assert adapter.win_returns(3, [2]) == pytest.approx([-0.5, -0.5, 1.0])
    assert adapter.win_returns(4, [1, 3]) == pytest.approx([-1 / 3, 1 / 3, -1 / 3, 1 / 3])
    assert adapter.win_returns(1, [0]) == [1.0]
    assert adapter.win_returns(1, []) == [0.0]


def test_a_bad_returns_or_options_parameter_says_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="win, scores"):
        openspiel.table_facts(hs.games()[0], returns="money")
    openspiel.register_all()
    with pytest.raises(ValueError, match="JSON object"):
        pyspiel.load_game("highstakes_" + hs.games()[0], {"options": "[1]"})


def test_the_research_pages_openspiel_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_examples("OpenSpiel")
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, "research.md", "exec"), {})  # the page's own examples
    assert capsys.readouterr().out.count("\n") == 2  # the two moves ISMCTS chose


@pytest.mark.parametrize("game_id", hs.games())
def test_scores_returns_are_the_results_scores_with_their_bounds_said_to_be_estimated(game_id: str) -> None:
    facts = openspiel.table_facts(game_id, returns="scores")
    assert {"utility", "min_utility", "max_utility"} <= set(facts.estimated)
    game = openspiel.load(game_id, returns="scores")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    scores = [float(score) for score in state._play.game.result()["scores"]]
    assert state.returns() == scores
    assert all(game.min_utility() <= score <= game.max_utility() for score in scores)


def test_positions_mode_is_for_win_returns_and_open_games_with_position_keys() -> None:
    with pytest.raises(ValueError, match="returns 'win' and a game without hidden information"):
        openspiel.load("greed", returns="scores", positions=True)
    hidden = next(game_id for game_id in hs.games() if hs.definition(game_id).hidden_information)
    with pytest.raises(ValueError, match="without hidden information"):
        openspiel.load(hidden, positions=True)
    def keyless(game_id: str) -> bool:
        definition = hs.definition(game_id)
        start = hs.new_game(game_id, definition.usual_seats, auto_chance=False)
        return not definition.hidden_information and start.position_key() is None

    keyless_games = list(filter(keyless, hs.games()))
    assert keyless_games  # the stacking game gives none
    for game_id in keyless_games:
        # Refused at load, in words, rather than at the first state an algorithm reaches.
        with pytest.raises(ValueError, match=f"{hs.definition(game_id).title} gives no position key"):
            openspiel.load(game_id, positions=True)


def test_positions_mode_follows_chance_to_where_someone_acts() -> None:
    """Greed's roll-off is chance after chance (a tie rolls again): one chance node in positions mode.

    Both players roll six dice; the better roll starts. By symmetry each starts half the time.
    """
    game = openspiel.load("greed", seats=2, options={"goal": 500, "turn_limit": 1000}, positions=True)
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
    starts = [0.0, 0.0]
    for outcome, probability in outcomes:
        child = state.child(outcome)
        assert not child.is_chance_node() and not child.is_terminal()  # a first decision
        starts[child.current_player()] += probability
    assert starts == pytest.approx([0.5, 0.5], abs=1e-12)
    # Rolls that leave the same choices are one outcome: fewer outcomes than first rolls.
    assert len(outcomes) < 2 * 462
