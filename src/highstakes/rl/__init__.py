"""The reinforcement-learning face: any registered game as a PettingZoo or Gymnasium environment.

    import highstakes.rl
    env = highstakes.rl.env("greed", seats=2, seed=0)          # PettingZoo AEC
    env.reset(seed=0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else env.action_space(agent).sample(mask)
        env.step(action)

Needs the optional extra ``rl`` (``pip install "highstakes[rl]"``: PettingZoo and Gymnasium).
Agents are seats (``seat_1``...); observations are ``{"observation": float32 vector,
"action_mask": int8 vector}``; actions are numbers of a fixed discrete space (the game's
action catalogue, the actions met in sampled games, or the current menu: see ``actions.py``);
chance is resolved inside; rewards are the result's scores at the end, or with
``reward="win"`` 1 for a win (shared between tied sides) and 0 otherwise. See
``docs/research.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from highstakes.rl.table import Table, agent_name

if TYPE_CHECKING:
    from highstakes.rl.environments import HighStakesAEC, HighStakesGym, HighStakesParallel

__all__ = ["Table", "agent_name", "env", "gym_env", "parallel_env"]


def _environments() -> Any:
    try:
        return importlib.import_module("highstakes.rl.environments")
    except ImportError as error:  # PettingZoo or Gymnasium missing
        raise ImportError(
            f"highstakes.rl needs the 'rl' extra: pip install \"highstakes[rl]\" ({error})") from None


def env(
    game_id: str,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    reward: str = "score",
    actions: str = "auto",
    encoder: str = "auto",
    render_mode: str | None = None,
) -> HighStakesAEC:
    """A PettingZoo AEC environment of ``game_id`` for ``seats`` seats (default: the game's usual).

    ``options`` are the game's options by name; ``seed`` seeds the games of successive
    resets (``reset(seed=...)`` reseeds). ``reward`` is ``"score"`` or ``"win"``;
    ``actions`` is ``"auto"``, ``"catalogue"``, ``"sampled"`` or ``"menu"``; ``encoder`` is
    ``"auto"`` (the game's own when it declares one) or ``"generic"``.
    """
    table = Table(game_id, seats, options, seed, reward=reward, actions=actions, encoder=encoder)
    return _environments().HighStakesAEC(table, render_mode)


def parallel_env(
    game_id: str,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    reward: str = "score",
    actions: str = "auto",
    encoder: str = "auto",
    render_mode: str | None = None,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
) -> HighStakesParallel:
    """A PettingZoo parallel environment: at each step every seat that must act acts (see ``env``).

    Seats not to act may send anything: it is ignored. An action a seat's mask does not allow
    raises ValueError, or with ``illegal="terminate"`` ends the episode, the offender getting
    ``illegal_reward`` and the others 0 (as PettingZoo's ``TerminateIllegalWrapper``).
    """
    table = Table(game_id, seats, options, seed, reward=reward, actions=actions, encoder=encoder)
    return _environments().HighStakesParallel(table, render_mode, illegal, illegal_reward)


def gym_env(
    game_id: str,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    seat: int = 0,
    opponents: Sequence[str] = ("random",),
    reward: str = "score",
    actions: str = "auto",
    encoder: str = "auto",
    render_mode: str | None = None,
    illegal: str = "raise",
    illegal_reward: float = -1.0,
) -> HighStakesGym:
    """A Gymnasium environment for one seat (``seat``, from 0); the others are played by
    ``opponents``: one bot name for all of them, or one per other seat in seat order.
    ``illegal`` as for ``parallel_env``."""
    table = Table(game_id, seats, options, seed, reward=reward, actions=actions, encoder=encoder)
    return _environments().HighStakesGym(table, seat, opponents, render_mode, illegal, illegal_reward)
