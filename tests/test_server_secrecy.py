"""A seat never learns more than its own view, whatever the game.

Random games (several seat counts, people and bots) are played over real WebSockets
with every person's seat connected and a spectator watching. Every state message is
then compared with the game rebuilt by ``hs.replay`` from the stored action log, up
to that message's version: the view must be exactly that seat's (or the spectator's)
view, the legal actions must be that seat's and only on its turn, and no message may
carry a seat token or the game's seed. Nothing here is specific to one game, so the
games with hidden information are held to it as soon as they are registered.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest

import highstakes as hs
from highstakes.server.rooms import hash_token
from highstakes.table import Legal, TableContext, action_kind, table_for
from highstakes.table import to_json as table_json
from highstakes.testing.servers import (
    Client,
    Replayer,
    ThreadServer,
    assert_secrets_absent,
    check_states,
    decisions,
    game_over,
    play_to_end,
    stored_record,
    stored_room,
)

# docs/server.md: the keys of a state message and of a seat in it; anything more could leak.
STATE_KEYS = {
    "type", "room", "game", "game_number", "seat", "status", "version", "to_act", "view", "legal",
    "amounts", "table", "seats", "result", "event", "turn_deadline",
}
SEAT_KEYS = {"seat", "kind", "bot", "name", "connected"}


@dataclass
class Plan:
    game: str
    seats: list[str]
    options: dict[str, Any]


@dataclass
class Played:
    plan: Plan
    room: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    clients: dict[int | None, Client] = field(default_factory=dict)  # None: the spectator


def plans_for(game_id: str) -> list[Plan]:
    """Rooms of several sizes: all people, people among bots, and bots only; and the game's usual
    table (Make-A-Million's partnerships are played at four, whatever its range). Random play is
    given the limits the game declares for it, so that every room's game ends."""
    definition = hs.definition(game_id)
    low, high = definition.min_seats, definition.max_seats
    bot = "bot:random"  # every game has it, and it is quick
    middle = (low + high) // 2
    plans = [
        Plan(game_id, ["human"] * low, {}),
        Plan(game_id, [bot] + ["human"] * min(low, high - 1), {}),
        Plan(game_id, ["human" if seat % 2 == 0 else bot for seat in range(middle)], {}),
        Plan(game_id, [bot] + ["human"] + [bot] * (high - 3) + ["human"], {}),
        Plan(game_id, [bot] * low, {}),
        Plan(game_id, ["human" if seat % 2 else bot for seat in range(definition.usual_seats)], {}),
    ]
    plans = [plan for plan in plans if low <= len(plan.seats) <= high]
    for plan in plans[1::2]:
        plan.options = other_options(game_id, len(plan.seats))
    for plan in plans:
        plan.options = definition.bounded_options(plan.options)
    return plans


def other_options(game_id: str, seats: int) -> dict[str, Any]:
    """A value other than the default for every option that allows one with this many seats."""
    chosen: dict[str, Any] = {}
    for spec in hs.definition(game_id).option_specs:
        for choice in spec.choices:
            if choice == spec.default:
                continue
            try:
                hs.new_game(game_id, seats, seed=0, options={**chosen, spec.name: choice})
            except ValueError:
                continue  # a combination the game refuses, e.g. a version for other seat counts
            chosen[spec.name] = choice
            break
    return chosen


def play(server: ThreadServer, plan: Plan, seed: int, games: list[Played]) -> None:
    played = Played(plan)
    games.append(played)  # before any client connects, so that the test closes them all
    played.room = server.create_room(plan.seats, game=plan.game, options=plan.options)
    # The spectator comes first and stays to the end: it sees every position.
    played.clients[None] = server.client(played.room)
    for seat, kind in enumerate(plan.seats):
        if kind == "human":
            joined, token = server.join(played.room, f"P{seat}", seat=seat)
            assert joined == seat
            played.tokens[seat] = token
            played.clients[seat] = server.client(played.room, token)
    people = [client for seat, client in played.clients.items() if seat is not None]
    play_to_end(people, seed)
    spectator = played.clients[None]
    if not game_over(spectator.last_state()):
        spectator.recv_until(game_over, timeout=60)


def keys_anywhere(value: Any) -> set[str]:
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        return set(value).union(*(keys_anywhere(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys_anywhere(item) for item in value))
    return set()


def without_keys(value: Any) -> Any:
    """A table's JSON with its keys left out (they depend on the tables before it)."""
    if isinstance(value, dict):
        return {name: without_keys(item) for name, item in value.items() if name != "key"}
    if isinstance(value, list):
        return [without_keys(item) for item in value]
    return value


def acts_anywhere(value: Any) -> list[Any]:
    """Every action a table's widgets would send."""
    if isinstance(value, dict):
        own = [value["act"]] if value.get("act") is not None else []
        return own + [act for name, item in value.items() if name not in ("act", "args")
                      for act in acts_anywhere(item)]
    if isinstance(value, list):
        return [act for item in value for act in acts_anywhere(item)]
    return []


def assert_table_from_what_is_sent(plan: Plan, state: dict[str, Any]) -> None:
    """The state's table is what the game's declaration makes of the state's own view, legal actions
    and amounts (so it can show nothing more), and every action it sends is one of those."""
    definition = hs.definition(plan.game)
    options = definition.options_type(**definition.resolve_options(plan.options)).to_json()
    context = TableContext(seat=state["seat"], seats=len(state["seats"]), to_act=tuple(state["to_act"]),
                           over=state["status"] == "over", result=state["result"], options=options)
    legal = Legal.from_lists(state["legal"], state["amounts"])
    rebuilt, _keys = table_for(definition, state["view"], legal, context)
    table = state["table"]
    assert without_keys({**table, "extensions": {}}) == without_keys(table_json(rebuilt) | {"extensions": {}})
    for act in acts_anywhere(table):
        kind = action_kind(act)
        assert legal.allows(act) or legal.amount(kind or "") is not None, act


@pytest.mark.parametrize("game_id", hs.games())
def test_every_state_message_shows_exactly_the_seats_own_view(server: ThreadServer, game_id: str) -> None:
    plans = plans_for(game_id)
    assert len({len(plan.seats) for plan in plans}) >= 3, "several seat counts"
    games: list[Played] = []
    try:
        with ThreadPoolExecutor(max_workers=len(plans)) as pool:
            running = [pool.submit(play, server, plan, seed, games) for seed, plan in enumerate(plans)]
            for future in running:
                future.result()
        all_tokens = [token for played in games for token in played.tokens.values()]
        secrets = [*all_tokens, *(hash_token(token) for token in all_tokens)]
        for played in games:
            stored = stored_room(server.database_url, played.room)
            secrets.append(str(stored.seed))
        for played in games:
            record = stored_record(server.database_url, played.room)
            replayer = Replayer(record)
            for seat, client in played.clients.items():
                states = client.states()
                assert states, "every client hears of the game"
                for state in states:
                    assert set(state) == STATE_KEYS, sorted(set(state) ^ STATE_KEYS)
                    assert all(set(entry) == SEAT_KEYS for entry in state["seats"])
                    # What caused an update, never the action itself.
                    assert state["event"] is None or set(state["event"]) <= {"kind", "seat"}
                    assert state["game"] == played.plan.game and state["room"] == played.room
                    assert state["turn_deadline"] is None, "these rooms have no turn timer"
                    assert_table_from_what_is_sent(played.plan, state)
                    if state["status"] != "over":
                        # A record holds every secret (every chance outcome): never sent in play.
                        assert not keys_anywhere(state) & {"record", "actions", "seed", "chance"}
                assert check_states(replayer, seat, client.received) == len(states)
                final = states[-1]
                assert final["status"] == "over" and final["version"] == len(decisions(record))
                assert_secrets_absent(client.raw, secrets)
    finally:
        for played in games:
            for client in played.clients.values():
                client.close()
