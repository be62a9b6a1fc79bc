"""Train a small masked policy to play two-player Greed, with NumPy only, and plot its win rate.

An actor-critic: REINFORCE (Williams, 1992) with a learned value as its baseline and an
entropy bonus (advantages scaled per batch of 16 games, the step's size capped and shrinking
to a tenth over the run), on a one-hidden-layer network over Greed's own observation encoding
(dice as counts, the scores from the player's seat). The network scores all 79 moves of
Greed's action catalogue, the illegal ones masked out before the softmax, and estimates the
chance of winning from the position; each game's reward is 1 for a win and 0 for a loss. It
trains against the rule-of-thumb ("heuristic") bot three games in four and the random bot in
the fourth, from both seats, and every so often plays a batch of evaluation games (its most
likely move, no learning) against each, so the plot shows the win rates rising.

    python examples/rl_greed/train.py --minutes 3 --plot greed-win-rate.png
    python examples/rl_greed/train.py --seconds 10          # a smoke run
    python examples/rl_greed/train.py --games 4000          # a repeatable run

Needs ``pip install "highstakes[rl,plot]"``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field

import numpy as np

import highstakes.rl as rl

OPPONENTS = ("random", "heuristic")
ENTROPY_WEIGHT = 0.02
VALUE_WEIGHT = 0.5


@dataclass
class Batch:
    """Decisions of some games: each one's observation, mask, action and its game's reward."""

    xs: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    rewards: np.ndarray


@dataclass
class Policy:
    """A masked softmax policy with a value head: observation -> tanh hidden layer -> one
    score per action, and the chance of winning from there (the critic)."""

    inputs: int
    actions: int
    hidden: int = 64
    entropy_weight: float = ENTROPY_WEIGHT
    value_weight: float = VALUE_WEIGHT
    rng: np.random.Generator = field(default_factory=lambda: np.random.default_rng(0))

    def __post_init__(self) -> None:
        scale = 1 / np.sqrt(self.inputs)
        self.params = {
            "w1": self.rng.normal(0, scale, (self.inputs, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": self.rng.normal(0, 0.01, (self.hidden, self.actions)),
            "b2": np.zeros(self.actions),
            "wv": np.zeros(self.hidden),
            "bv": np.full(1, 0.5),  # a coin toss before anything is learnt
        }
        self._moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self._steps = 0

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The legal moves' probabilities, the positions' values and the hidden layer."""
        hidden = np.tanh(x @ self.params["w1"] + self.params["b1"])
        logits = hidden @ self.params["w2"] + self.params["b2"]
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        weights = np.exp(logits)
        values = hidden @ self.params["wv"] + self.params["bv"][0]
        return weights / weights.sum(axis=-1, keepdims=True), values, hidden

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self.forward(x, mask)[0]

    def advantages(self, batch: Batch) -> np.ndarray:
        """How much better each game went than the critic expected from each position, on one
        scale for the batch (the critic's baseline lowers the gradient's noise far more than
        one running mean for every position: most of a game's luck is already in its value)."""
        _probabilities, values, _hidden = self.forward(batch.xs, batch.masks)
        advantages = batch.rewards - values
        return advantages / (advantages.std() + 1e-8)

    def objective(self, batch: Batch, advantages: np.ndarray) -> float:
        """What a step climbs, the advantages held fixed: the mean of advantage x log pi(action),
        plus the entropy bonus (it keeps the policy trying moves it has not yet found good: without
        it, the policy settles early on banking the first roll), minus the critic's squared error."""
        probabilities, values, _hidden = self.forward(batch.xs, batch.masks)
        logs, entropy = _logs_and_entropy(probabilities)
        chosen = logs[np.arange(len(batch.actions)), batch.actions]
        errors = batch.rewards - values
        return float(np.mean(advantages * chosen) + self.entropy_weight * entropy.mean()
                     - self.value_weight * 0.5 * np.mean(errors**2))

    def gradients(self, batch: Batch, advantages: np.ndarray) -> dict[str, np.ndarray]:
        """The objective's gradient with respect to every parameter (by hand: NumPy only)."""
        probabilities, values, hidden = self.forward(batch.xs, batch.masks)
        count = len(batch.actions)
        dlogits = -probabilities
        dlogits[np.arange(count), batch.actions] += 1.0
        dlogits *= advantages[:, None]
        logs, entropy = _logs_and_entropy(probabilities)
        dlogits -= self.entropy_weight * probabilities * (logs + entropy[:, None])
        dlogits /= count
        dvalues = self.value_weight * (batch.rewards - values) / count
        grads = {"w2": hidden.T @ dlogits, "b2": dlogits.sum(axis=0),
                 "wv": hidden.T @ dvalues, "bv": np.array([dvalues.sum()])}
        dhidden = (dlogits @ self.params["w2"].T + np.outer(dvalues, self.params["wv"])) * (1 - hidden**2)
        grads["w1"] = batch.xs.T @ dhidden
        grads["b1"] = dhidden.sum(axis=0)
        return grads

    def gradient_step(self, batch: Batch, learning_rate: float) -> None:
        """One Adam step up the objective."""
        grads = self.gradients(batch, self.advantages(batch))
        # One noisy batch must not throw the policy far: the step's overall size is capped.
        norm = np.sqrt(sum(float((grad**2).sum()) for grad in grads.values()))
        if norm > 1.0:
            grads = {key: grad / norm for key, grad in grads.items()}
        self._steps += 1
        for key, grad in grads.items():
            first, second = self._moments[key]
            first[...] = 0.9 * first + 0.1 * grad
            second[...] = 0.999 * second + 0.001 * grad**2
            corrected = first / (1 - 0.9**self._steps), second / (1 - 0.999**self._steps)
            self.params[key] += learning_rate * corrected[0] / (np.sqrt(corrected[1]) + 1e-8)


def _logs_and_entropy(probabilities: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each move's log-probability (0 for a masked move, which is never chosen) and each
    decision's entropy."""
    logs = np.log(np.where(probabilities > 0, probabilities, 1.0))
    return logs, -(probabilities * logs).sum(axis=1)


def play(env, policy: Policy, rng: np.random.Generator, seed: int, greedy: bool):
    """One game for the policy's seat: its (observation, mask, action) steps and its reward."""
    observation, _info = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        x, mask = observation["observation"], observation["action_mask"]
        chances = policy.probabilities(x[None, :], mask[None, :])[0]
        action = int(np.argmax(chances)) if greedy else int(rng.choice(len(mask), p=chances))
        steps.append((x, mask, action))
        observation, reward, done, _truncated, _info = env.step(action)
    return steps, reward


def train(seconds: float | None, evaluations: int, evaluation_games: int, seed: int,
          learning_rate: float = 0.003, games_budget: int | None = None) -> list[dict]:
    """Train for ``seconds`` of training (evaluations not counted) or for ``games_budget``
    games, evaluating ``evaluations`` times along the way and once at the start. A budget of
    games repeats a run for a seed (another machine's floating point may still move it a
    little); a budget of time depends on the machine's speed."""
    budget = float(games_budget) if games_budget is not None else float(seconds or 0)
    environments = {(name, seat): rl.gym_env("greed", seats=2, seat=seat, opponents=[name], reward="win")
                    for name in OPPONENTS for seat in (0, 1)}
    some = next(iter(environments.values()))
    policy = Policy(some.observation_space["observation"].shape[0], some.action_space.n,
                    rng=np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 1)
    history: list[dict] = []
    games, batch, trained = 0, [], 0.0
    played = dict.fromkeys(OPPONENTS, 0)
    checkpoints = [budget * k / evaluations for k in range(evaluations + 1)]

    def spent() -> float:  # of the budget: games or seconds of training
        return games if games_budget is not None else trained

    try:
        while True:
            if spent() >= checkpoints[0]:
                checkpoints.pop(0)
                rates = {name: _win_rate(environments, name, policy, rng, evaluation_games)
                         for name in OPPONENTS}
                history.append({"games": games, "seconds": round(trained, 1), **rates})
                print(f"{games:6d} games, {trained:6.0f} s of training: win rate " +
                      ", ".join(f"{rate:.0%} against {name}" for name, rate in rates.items()), flush=True)
                if not checkpoints:
                    return history
            started = time.monotonic()
            # Three games of four against the heuristic bot, the harder teacher; each bot's seats alternate.
            name = "random" if games % 4 == 0 else "heuristic"
            key = (name, played[name] % 2)
            played[name] += 1
            steps, reward = play(environments[key], policy, rng, seed=seed * 1_000_003 + games, greedy=False)
            games += 1
            batch.extend((x, mask, action, reward) for x, mask, action in steps)
            if games % 16 == 0:
                xs, masks, actions, rewards = (np.array(column) for column in zip(*batch, strict=True))
                # The step shrinks to a tenth over the budget, so the policy settles instead of swinging.
                progress = spent() / budget if budget else 1.0
                step_size = learning_rate * max(0.1, 1 - 0.9 * progress)
                policy.gradient_step(Batch(xs, masks, actions, rewards.astype(float)), step_size)
                batch = []
            trained += time.monotonic() - started
    except KeyboardInterrupt:  # Ctrl-C ends the run early; what was measured is still plotted
        print(f"stopped after {games} games of training", flush=True)
        return history


def _win_rate(environments, name: str, policy: Policy, rng: np.random.Generator, games: int) -> float:
    # The same evaluation deals every time (seeds from 10**9), half from each seat.
    wins = sum(play(environments[(name, game % 2)], policy, rng, seed=10**9 + game, greedy=True)[1]
               for game in range(games))
    return wins / games


def plot(history: list[dict], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for name in OPPONENTS:
        games, rates = [h["games"] for h in history], [h[name] for h in history]
        axes.plot(games, rates, marker="o", label=f"against {name}")
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axes.set(xlabel="training games", ylabel="win rate (greedy play)", ylim=(0, 1),
             title="Greed, two players: a masked actor-critic policy learning")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--seconds", type=float, help="training time in seconds (overrides --minutes)")
    parser.add_argument("--games", type=int, help="train for this many games instead of a time")
    parser.add_argument("--evaluations", type=int, default=8, help="evaluations after the first (default 8)")
    parser.add_argument("--evaluation-games", type=int, default=200, help="games per evaluation and opponent")
    parser.add_argument("--learning-rate", type=float, default=0.003)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", help="write the win rates to this PNG file")
    parser.add_argument("--json", help="write the win rates to this JSON file")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else args.minutes * 60
    history = train(seconds, evaluations=args.evaluations, evaluation_games=args.evaluation_games,
                    seed=args.seed, learning_rate=args.learning_rate, games_budget=args.games)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(history, out, indent=1)
    if args.plot:
        plot(history, args.plot)
        print(f"plot written to {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
