"""PettingZoo (AEC and parallel) and Gymnasium environments over any registered game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from highstakes.bots import make_bot
from highstakes.rl.table import Table, agent_name


def _spaces(table: Table) -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, shape=(table.observation_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(table.space.size,), dtype=np.int8),
    })
    return observation, spaces.Discrete(table.space.size)


def _about(table: Table) -> dict[str, Any]:
    """What an environment says of itself in its metadata: how its actions are numbered and
    its views encoded (``"catalogue"``, ``"sampled"`` or ``"menu"``; ``"game"`` or ``"generic"``)."""
    return {"name": f"highstakes_{table.game_id}_v0", "action_space": table.space.kind,
            "encoder": table.encoder_kind, "simultaneous_moves": table.simultaneous}


class _SeatAgents:
    """What the AEC and parallel environments share: their table, its metadata, one agent per
    seat and every agent's observation and action spaces."""

    metadata: dict[str, Any]

    def _seat_agents(self, table: Table) -> None:
        self.table = table
        self.metadata = {**self.metadata, **_about(table)}
        self.possible_agents = [agent_name(seat) for seat in range(table.seats)]
        observation, action = _spaces(table)
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: action for agent in self.possible_agents}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]


class HighStakesAEC(_SeatAgents, AECEnv):
    """A game as a PettingZoo AEC environment: seats are agents, the seat to act is selected.

    Seats that move at the same time (blind bids, answers locked in together) are selected
    one after another; each sees only its own view, which never shows what another seat chose
    before the game reveals it. Rewards are given once, at the end.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        self._seat_agents(table)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}; got {render_mode!r}")
        self.render_mode = render_mode
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act now: None is only for a seat whose game is over")
        self.table.act(self._seat[agent], int(action))  # refuses a masked action, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Select the next seat to act, or end the game and hand out the rewards."""
        game = self.table.game
        if game.is_over:
            for agent, reward in zip(self.possible_agents, self.table.rewards(), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = reward
                    self.terminations[agent] = True
            # The seat that made the last move is stepped first with None, then the others.
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
            return
        self.agent_selection = agent_name(game.to_act[0])

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class HighStakesParallel(_SeatAgents, ParallelEnv):
    """A game as a PettingZoo parallel environment: every seat that must act now acts in one step.

    At a simultaneous move (the bids of It's in the Bag, the answers of Millionaire) that is
    every seat concerned; in a game of turns it is one seat, and the others' actions are
    ignored (their masks allow nothing). Seats' actions are applied in seat order, each
    unseen by the others until the game reveals them.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, table: Table, render_mode: str | None = None, illegal: str = "raise",
                 illegal_reward: float = -1.0) -> None:
        if illegal not in ("raise", "terminate"):
            raise ValueError(f"illegal is 'raise' or 'terminate'; got {illegal!r}")
        self._seat_agents(table)
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = illegal_reward

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: self.table.observe(seat) for seat, agent in enumerate(self.possible_agents)
                if agent in self.agents}

    def step(self, actions: Mapping[str, int]):
        acting = self.table.game.to_act
        for seat in acting:
            if agent_name(seat) not in actions:
                raise ValueError(f"{agent_name(seat)} must act now and was given no action")
        if self.illegal == "terminate":
            offenders = [seat for seat in acting
                         if not self.table.is_legal(seat, int(actions[agent_name(seat)]))]
            if offenders:
                return self._terminate(offenders)
        chosen = {seat: int(actions[agent_name(seat)]) for seat in acting}
        legal_before = {seat: self.table.is_legal(seat, action) for seat, action in chosen.items()}
        for seat in acting:
            # A seat listed to act stays so until it acts, unless another's move ended its round.
            if seat not in self.table.game.to_act:
                continue
            if legal_before[seat] and not self.table.is_legal(seat, chosen[seat]):
                # An earlier move of this step changed this seat's choice (a friend phoned must
                # now pass a card): it chooses again from its new observation and mask.
                continue
            self.table.act(seat, chosen[seat])
        over = self.table.game.is_over
        rewards = dict(zip(self.possible_agents, self.table.rewards(), strict=True)) if over else {}
        rewards = {agent: rewards.get(agent, 0.0) for agent in self.agents}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _terminate(self, offenders: list[int]):
        """End the episode on an illegal action, as PettingZoo's ``TerminateIllegalWrapper`` does:
        each offender gets ``illegal_reward``, the others 0; the game itself is left as it was."""
        named = {agent_name(seat) for seat in offenders}
        observations = self._observations()
        rewards = {agent: self.illegal_reward if agent in named else 0.0 for agent in self.agents}
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        infos = {agent: {"illegal_action": agent in named} for agent in self.agents}
        self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class HighStakesGym(gymnasium.Env):
    """One seat as a Gymnasium environment; the other seats are played by named bots.

    The observation is the same dictionary as the PettingZoo environments' (``observation``
    and ``action_mask``); ``action_masks()`` returns the mask too, as masked learners expect.
    The reward is the seat's, at the end.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, table: Table, seat: int, opponents: Sequence[str], render_mode: str | None = None,
                 illegal: str = "raise", illegal_reward: float = -1.0) -> None:
        if illegal not in ("raise", "terminate"):
            raise ValueError(f"illegal is 'raise' or 'terminate'; got {illegal!r}")
        self.illegal, self.illegal_reward = illegal, illegal_reward
        if not 0 <= seat < table.seats:
            raise ValueError(f"seat is from 0 to {table.seats - 1}; got {seat!r}")
        others = [s for s in range(table.seats) if s != seat]
        if len(opponents) == 1:
            opponents = list(opponents) * len(others)
        if len(opponents) != len(others):
            raise ValueError(
                f"name one bot, or one for each of the {len(others)} other seats; got {list(opponents)}")
        self.table = table
        self.seat = seat
        self.render_mode = render_mode
        self._bots = {s: make_bot(table.game_id, name) for s, name in zip(others, opponents, strict=True)}
        self.observation_space, self.action_space = _spaces(table)
        self.metadata = {**self.metadata, **_about(table)}
        self._bot_rng = random.Random(0)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.table.reset(seed)
        if seed is not None:
            self._bot_rng = random.Random(seed)
        self._play_others()
        return self.table.observe(self.seat), {}

    def action_masks(self) -> np.ndarray:
        return self.table.observe(self.seat)["action_mask"].astype(bool)

    def step(self, action: int):
        if self.illegal == "terminate" and not self.table.is_legal(self.seat, int(action)):
            return self.table.observe(self.seat), self.illegal_reward, True, False, {"illegal_action": True}
        self.table.act(self.seat, int(action))
        self._play_others()
        over = self.table.game.is_over
        reward = self.table.rewards()[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self.table.observe(self.seat), reward, over, False, {}

    def _play_others(self) -> None:
        """Let the bots move until this seat must act or the game is over."""
        game = self.table.game
        while not game.is_over and self.seat not in game.to_act:
            other = game.to_act[0]
            legal = game.legal_actions(other)
            game.act(other, self._bots[other].choose(game.view(other), legal, self._bot_rng))

    def render(self) -> str | None:
        text = self.table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text
