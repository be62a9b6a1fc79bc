"""The reinforcement-learning face: every registered game as PettingZoo and Gymnasium environments."""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import highstakes as hs

pytest.importorskip("pettingzoo", reason="the 'rl' extra is not installed")
pytest.importorskip("gymnasium", reason="the 'rl' extra is not installed")

import highstakes.rl as rl
from highstakes.rl.encoding import GenericEncoder
from highstakes.rl.sampling import canonical, sample
from highstakes.rl.table import Table
from research_page import python_examples, research_table

# Short runs keep the whole matrix to seconds; the games are long, so each still reaches far.
CYCLES = 60


def _tables() -> list[tuple[str, int]]:
    """Every game at every seat count it is played by."""
    return [(game_id, seats) for game_id in hs.games()
            for seats in range(hs.definition(game_id).min_seats, hs.definition(game_id).max_seats + 1)]


@pytest.fixture(autouse=True)
def _quiet_dict_observations():
    # PettingZoo's API test warns that dict observations are not arrays, as its own card games' are.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation", category=UserWarning)
        # Encoded views are not bounded in advance (a score may exceed any seen in sampling).
        warnings.filterwarnings("ignore", message=".*Box observation space m", category=UserWarning)
        yield


@pytest.mark.parametrize(("game_id", "seats"), _tables())
def test_every_game_passes_pettingzoos_api_and_seed_tests(game_id, seats):
    from pettingzoo.test import api_test, seed_test

    api_test(rl.env(game_id, seats=seats, seed=0), num_cycles=CYCLES)
    seed_test(functools.partial(rl.env, game_id, seats=seats, seed=0), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", hs.games())
def test_every_game_passes_pettingzoos_parallel_tests(game_id):
    from pettingzoo.test import parallel_api_test, parallel_seed_test

    parallel_api_test(rl.parallel_env(game_id, seed=0), num_cycles=CYCLES)
    # PettingZoo's parallel seed test samples actions without masks: an illegal one ends the episode.
    make = functools.partial(rl.parallel_env, game_id, seed=0, illegal="terminate")
    parallel_seed_test(make, num_cycles=CYCLES)


@pytest.mark.parametrize(("game_id", "seats"), _tables())
def test_a_declared_catalogue_holds_every_action_offered_once(game_id, seats):
    definition = hs.definition(game_id)
    game = hs.new_game(game_id, seats, seed=0)
    catalogue = definition.action_catalogue(seats, definition.options_type.from_json(game.options))
    if catalogue is None:
        pytest.skip(f"{game_id} declares no action catalogue")
    listed = [canonical(action) for action in catalogue]
    assert len(set(listed)) == len(listed)
    rng = random.Random(1)
    for seed in range(3):
        game = hs.new_game(game_id, seats, seed=seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            assert {canonical(a.to_json()) for a in legal} <= set(listed)
            game.act(seat, rng.choice(legal))


@pytest.mark.parametrize("game_id", hs.games())
def test_a_simultaneous_choice_is_not_seen_by_the_seats_still_to_choose(game_id):
    """Seats that move at once are selected in turn; a later one's observation (and mask) is the
    same whichever choice of one kind (which answer, what bid, which piece fed) an earlier one made.
    Which kind of move it made may show (a lifeline is used in the open)."""
    definition = hs.definition(game_id)
    seats = max(2, definition.min_seats)
    if not sample(game_id, seats, None).simultaneous:
        pytest.skip(f"{game_id} has no simultaneous moves")
    table = Table(game_id, seats, seed=3)
    rng = random.Random(3)
    compared = 0
    for _game in range(4):
        table.reset()
        game = table.game
        while not game.is_over and compared < 20:
            to_act = game.to_act
            if len(to_act) > 1:
                first, later = to_act[0], to_act[1:]
                seen: dict[str, set[tuple[float, ...]]] = {}
                for _number, action in table.numbered(first):
                    world = game.clone()
                    world.act(first, action)
                    table.game = world
                    (kind,) = action.to_json()
                    seen.setdefault(kind, set()).add(tuple(np.concatenate(
                        [table.observe(s)["observation"] for s in later]).tolist()))
                    table.game = game
                for kind, observations in seen.items():
                    assert len(observations) == 1, (
                        f"{game_id}: a later seat sees which {kind} seat {first + 1} chose")
                compared += sum(len(options) > 0 for options in seen.values())
            seat = to_act[0]
            game.act(seat, rng.choice(game.legal_actions(seat)))
    assert compared


def _play_to_end(env, rng):
    """Play random legal actions until the game is over; the rewards just before the seats leave."""
    env.reset(seed=5)
    while True:
        observation, _reward, terminated, _truncated, _info = env.last()
        if terminated:
            return dict(env.rewards)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))


def test_rewards_are_the_scores_or_a_win():
    rng = np.random.default_rng(0)
    env = rl.env("greed", seats=2, seed=0)
    rewards = _play_to_end(env, rng)
    result = env.table.game.result()
    assert rewards == {"seat_1": result["scores"][0], "seat_2": result["scores"][1]}

    env = rl.env("greed", seats=2, seed=0, reward="win")
    rewards = _play_to_end(env, rng)
    (winner,) = env.table.game.result()["winners"]
    assert rewards[f"seat_{winner + 1}"] == 1.0 and rewards[f"seat_{2 - winner}"] == 0.0


def test_partners_who_win_get_a_whole_win_each():
    # Make-A-Million's four seats play as partners 1 and 3 against 2 and 4 (§1.3).
    rng = np.random.default_rng(1)
    env = rl.env("make_a_million", seats=4, seed=0, reward="win")
    rewards = _play_to_end(env, rng)
    winners = env.table.game.result()["winners"]
    assert len(winners) == 2 and winners[1] - winners[0] == 2
    assert sorted(rewards.values()) == [0.0, 0.0, 1.0, 1.0]


def test_a_menu_space_numbers_the_current_menu():
    # Deal or No Deal's offers range widely: its space is the menu, action i the i-th legal action.
    env = rl.env("deal_or_no_deal", seats=2, seed=4)
    env.reset(seed=4)
    assert env.table.space.kind == env.metadata["action_space"] == "menu"
    seat = env.table.game.to_act[0]
    legal = env.table.game.legal_actions(seat)
    observation = env.observe(env.agent_selection)
    assert observation["action_mask"].tolist() == [1] * len(legal) + [0] * (env.table.space.size - len(legal))
    before = env.table.game.decision_count
    env.step(len(legal) - 1)
    decisions = [entry for entry in env.table.game.record()["actions"] if "seat" in entry]
    assert decisions[before] == {"seat": seat, "action": legal[-1].to_json()}


def test_an_action_the_mask_forbids_is_refused_and_changes_nothing():
    env = rl.env("greed", seats=2, seed=0)
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    forbidden = int(np.flatnonzero(mask == 0)[0])
    record = env.table.game.record()
    with pytest.raises(ValueError, match="not legal"):
        env.step(forbidden)
    assert env.table.game.record() == record


def test_bad_arguments_say_what_is_allowed():
    with pytest.raises(ValueError, match="score, win"):
        rl.env("greed", reward="money")
    with pytest.raises(ValueError, match="auto, catalogue, sampled, menu"):
        rl.env("greed", actions="all")
    with pytest.raises(ValueError, match="2 to 12"):
        rl.env("greed", seats=13)
    with pytest.raises(ValueError, match="declares no action catalogue"):
        rl.env("deal_or_no_deal", actions="catalogue")


def test_the_generic_encoder_follows_the_views_structure():
    views = [
        {"game": "x", "phase": "bid", "score": 50, "done": False, "hand": ["A", "B"], "offer": None,
         "bids": [10, 20]},
        {"game": "x", "phase": "play", "score": -100, "done": True, "hand": ["B"], "offer": 7,
         "bids": [40]},
    ]
    encoder = GenericEncoder(views)
    # "game" never changes: no position. Keys in sorted order; a list of numbers is padded to the
    # longest seen (2 slots), a list of words is a count of each; numbers over the largest magnitude.
    assert list(encoder.names) == [
        "len(bids)", "bids[0]", "bids[1]", "done", "len(hand)", "hand count A", "hand count B",
        "offer is null", "offer", "phase=bid", "phase=play", "score",
    ]
    assert encoder.encode(views[0]).tolist() == [1, 0.25, 0.5, 0, 1, 1, 1, 1, 0, 1, 0, 0.5]
    # A word never seen encodes as zeros; a longer list is cut to its slots.
    unseen = {"phase": "end", "score": 25, "done": True, "hand": ["A", "A", "A"], "offer": 3.5,
              "bids": [40] * 3}
    assert encoder.encode(unseen).tolist() == [1.5, 1, 1, 1, 1.5, 3, 0, 0, 0.5, 0, 0, 0.25]


def test_the_single_agent_environment_plays_the_other_seats_with_bots():
    from gymnasium.utils.env_checker import check_env

    # Gymnasium's checker samples actions without the mask: an illegal one ends the episode.
    check_env(rl.gym_env("greed", seats=3, seed=0, opponents=["heuristic"], illegal="terminate"),
              skip_render_check=True)
    env = rl.gym_env("greed", seats=3, seed=0, seat=1, opponents=["heuristic"], reward="win")
    observation, _info = env.reset(seed=2)
    assert 1 in env.table.game.to_act
    rng = np.random.default_rng(0)
    done = False
    while not done:
        assert env.action_masks().tolist() == observation["action_mask"].astype(bool).tolist()
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, done, _truncated, _info = env.step(action)
        assert done or 1 in env.table.game.to_act
    assert reward == (1.0 if 1 in env.table.game.result()["winners"] else 0.0)
    with pytest.raises(ValueError, match="one for each of the 2 other seats"):
        rl.gym_env("greed", seats=3, opponents=["heuristic", "random", "random"])


def test_render_says_whose_move_it_is_in_words():
    env = rl.env("greed", seats=2, seed=0, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    seat = env.table.game.to_act[0]
    assert f"seat_{seat + 1} to act: " in text and "keep" in text


def test_without_the_extra_the_face_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    monkeypatch.delitem(sys.modules, "highstakes.rl.environments", raising=False)
    with pytest.raises(ImportError, match=r'pip install "highstakes\[rl\]"'):
        rl.env("greed", seats=2)


def test_without_a_catalogue_the_actions_met_in_sampled_games_make_the_space():
    env = rl.env("millionaire", seats=2, seed=0, actions="sampled")
    assert env.metadata["action_space"] == "sampled" and env.metadata["simultaneous_moves"]
    catalogue = {canonical(a) for a in hs.definition("millionaire").action_catalogue(2, None)}
    assert {canonical(a) for a in env.table.space.catalogue} <= catalogue
    from pettingzoo.test import api_test

    api_test(env, num_cycles=CYCLES)


@pytest.fixture
def training_example(monkeypatch):
    """The Greed training example, loaded as a module."""
    path = Path(__file__).parents[1] / "examples" / "rl_greed" / "train.py"
    spec = importlib.util.spec_from_file_location("rl_greed_train", path)
    example = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, example)  # its dataclasses look themselves up there
    spec.loader.exec_module(example)
    return example


def test_the_greed_training_examples_gradient_is_its_objectives(training_example):
    """The learner's hand-written gradient (policy, entropy bonus and critic) agrees with finite
    differences of the objective it says it climbs, on decisions from real Greed games."""
    env = rl.gym_env("greed", seats=2, seat=0, opponents=["heuristic"], reward="win")
    policy = training_example.Policy(env.observation_space["observation"].shape[0], env.action_space.n,
                                     hidden=8, rng=np.random.default_rng(3))
    for key, value in policy.params.items():  # away from the zero start, so every term counts
        value += np.random.default_rng(len(key)).normal(0, 0.3, value.shape)
    rng = np.random.default_rng(4)
    decisions = []
    for game in range(3):
        steps, reward = training_example.play(env, policy, rng, seed=game, greedy=False)
        decisions += [(x, mask, action, reward) for x, mask, action in steps[:6]]
    xs, masks, actions, rewards = (np.array(column) for column in zip(*decisions, strict=True))
    batch = training_example.Batch(xs.astype(float), masks, actions, rewards.astype(float))
    advantages = policy.advantages(batch)
    assert abs(advantages.std() - 1) < 1e-6
    gradients = policy.gradients(batch, advantages)
    probe = np.random.default_rng(5)
    for key, value in policy.params.items():
        for index in {tuple(probe.integers(0, n) for n in value.shape) for _ in range(6)}:
            saved = value[index]
            value[index] = saved + 1e-6
            above = policy.objective(batch, advantages)
            value[index] = saved - 1e-6
            below = policy.objective(batch, advantages)
            value[index] = saved
            assert gradients[key][index] == pytest.approx((above - below) / 2e-6, rel=1e-4, abs=1e-7), key


def test_the_greed_training_example_runs_and_plots(tmp_path, training_example):
    """The example's smoke run: a few seconds of training, its win rates and its plot."""
    pytest.importorskip("matplotlib")
    example = training_example
    out, picture = tmp_path / "history.json", tmp_path / "win-rate.png"
    arguments = ["--seconds", "4", "--evaluation-games", "4", "--json", str(out), "--plot", str(picture)]
    assert example.main(arguments) == 0
    history = json.loads(out.read_text())
    assert len(history) >= 2 and history[-1]["games"] > 0
    assert all(0 <= h[name] <= 1 for h in history for name in ("random", "heuristic"))
    assert picture.read_bytes()[:4] == b"\x89PNG"


def test_the_research_pages_examples_run():
    """Every Python example of the PettingZoo and Gymnasium section, run in order."""
    blocks = python_examples("PettingZoo and Gymnasium")
    assert len(blocks) >= 3
    namespace: dict = {}
    for block in blocks:
        exec(compile("import highstakes.rl\n" + block, "research.md", "exec"), namespace)


@pytest.mark.parametrize("game_id", hs.games())
def test_the_research_pages_encoding_table_says_what_the_environment_is(game_id):
    """Each game's row at its usual table: the seats, the action space's form and size, the
    observation's length and whose encoder it is (a game registered later needs a row)."""
    definition = hs.definition(game_id)
    row = research_table("| game | seats | actions | observation |")[definition.title]
    _name, seats, actions, length, encoding = row
    env = rl.env(game_id, seed=0)
    form, size = actions.split(", ")
    assert int(seats) == definition.usual_seats == len(env.possible_agents)
    assert (form, int(size)) == (env.metadata["action_space"], env.action_space(env.possible_agents[0]).n)
    observation = env.observation_space(env.possible_agents[0])["observation"]
    assert observation.shape == (int(length.replace(",", "")),)
    assert encoding.startswith("generic") == (env.metadata["encoder"] == "generic")


def test_a_parallel_step_lets_a_seat_choose_again_when_an_earlier_move_changed_its_choice():
    """Millionaire: seat 1 phones seat 2 in the same step as seat 2 answers; seat 2 must now pass
    a card, so its answer is not played and it chooses again from its new mask."""
    env = rl.parallel_env("millionaire", seed=0)
    env.reset(seed=0)
    numbers = {seat: {json.dumps(action.to_json(), sort_keys=True): number
                      for number, action in env.table.numbered(seat)} for seat in (0, 1)}
    phone = numbers[0][json.dumps({"phone": 1})]
    answer = numbers[1][json.dumps({"answer": "A"})]
    observations, *_ = env.step({"seat_1": phone, "seat_2": answer})
    assert 1 in env.table.game.to_act
    assert not observations["seat_2"]["action_mask"][answer]  # a card to pass, not an answer
    assert observations["seat_2"]["action_mask"].any()
