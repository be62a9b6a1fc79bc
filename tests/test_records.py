"""A game record from anyone: ``hs.replay`` and ``Timeline`` refuse a malformed one in words.

A record may come from a file, a page or a stranger's request (``POST /api/replay``), so
whatever it holds, replaying it either gives the game or raises ValueError saying what is
wrong: never another exception, never Python's own words. The shape is checked once, in the
engine (``check_record``); what the values mean, the game judges while it replays.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highstakes as hs
from highstakes.engine.game import check_record
from highstakes.engine.timeline import Timeline
from highstakes.i18n import use_language
from hostile_records import JSON_VALUES, RECORD_KEYS, RECORD_LIKE, finished_record, mutate

GREED = hs.definition("greed")
GREED_SEATS = f"Greed is played by {GREED.min_seats} to {GREED.max_seats} players; got"


def greed_record() -> dict[str, Any]:
    return copy.deepcopy(finished_record("greed"))


def refusal(record: Any) -> str:
    """The words ``hs.replay`` and ``Timeline`` both refuse ``record`` with."""
    with pytest.raises(ValueError) as replayed:
        hs.replay(record)
    with pytest.raises(ValueError) as timeline:
        Timeline(record)
    assert str(replayed.value) == str(timeline.value)
    return str(replayed.value)


# --- the cases the stranger found --------------------------------------------------------------------
@pytest.mark.parametrize("options", [5, [1, 2], 1e30, "abc", True])
def test_options_that_are_not_an_object_are_refused_in_words(options: Any) -> None:
    message = refusal({**greed_record(), "options": options})
    assert message.startswith("the options are a JSON object of option names and their values; got ")
    assert "dictionary update" not in message and "iterable" not in message


def test_a_chance_entry_that_also_names_a_seat_is_refused_for_its_form() -> None:
    record = greed_record()
    record["actions"][0] = {**record["actions"][0], "seat": 0}
    message = refusal(record)
    assert message.startswith("record entry 0 cannot be replayed: an entry is a decision")
    assert message.endswith("this one has the keys 'chance', 'seat'")


# --- every field of a record ---------------------------------------------------------------------------
@pytest.mark.parametrize(("change", "words"), [
    ({"format": True}, "this record has format True; this version reads formats 1 and 2"),
    ({"format": 2.0}, "this record has format 2.0; this version reads formats 1 and 2"),
    ({"format": "2"}, "this record has format '2'; this version reads formats 1 and 2"),
    ({"game": 5}, "a game record's 'game' is the id of a game; got 5"),
    ({"game": ["greed"]}, "a game record's 'game' is the id of a game; got ['greed']"),
    ({"game": "poker"}, "unknown game 'poker'; available games: "),
    ({"seats": "3"}, f"{GREED_SEATS} '3'"),
    ({"seats": True}, f"{GREED_SEATS} True"),
    ({"seats": 10**30}, f"{GREED_SEATS} 1000000000000000000000000000000"),
    ({"seed": "x"}, "the seed must be a whole number; got 'x'"),
    ({"seed": 1.5}, "the seed must be a whole number; got 1.5"),
    ({"auto_chance": 1}, "a game record's 'auto_chance' is true or false"),
    ({"actions": {}}, "a game record's 'actions' is a list"),
    ({"seat_names": ["Ann"]}, "a game record's 'seat_names' lists a name (a text) for each of its 3 seats"),
    ({"seat_names": ["Ann", "Bob", 3]}, "a game record's 'seat_names' lists a name (a text) for each"),
    ({"options": {"goal": "far"}}, "option 'goal' must be one of "),
    ({"options": {"speed": 1}}, "unknown option 'speed'; allowed options: "),
])
def test_each_field_of_a_record_is_checked_and_named(change: dict[str, Any], words: str) -> None:
    assert refusal({**greed_record(), **change}).startswith(words)


@pytest.mark.parametrize("key", ["game", "seats", "actions"])
def test_a_record_without_a_key_it_needs_says_which(key: str) -> None:
    record = greed_record()
    del record[key]
    assert refusal(record) == f"a game record needs the key '{key}'"


@pytest.mark.parametrize("record", [None, [1, 2], "greed", 5])
def test_a_record_is_a_json_object(record: Any) -> None:
    assert refusal(record) == "a game record is a JSON object"


FORMS = ('an entry is a decision {"seat": ..., "action": ...}, a chance outcome {"chance": ...}, '
         'or first of all a setup {"setup": ...}')


@pytest.mark.parametrize(("entry", "problem"), [
    (5, f"{FORMS}; got 5"),
    ({}, f"{FORMS}; this one is empty"),
    ({"action": {"bank": True}}, "it has no 'seat'"),
    ({"seat": 0}, "it has no 'action'"),
    ({"seat": 0, "action": {"bank": True}, "label": "bank"}, f"{FORMS}; this one has the keys 'action', "
                                                              "'label', 'seat'"),
    ({"seat": 3, "action": {"bank": True}}, "a seat is a whole number from 0 to 2; got 3"),
    ({"seat": True, "action": {"bank": True}}, "a seat is a whole number from 0 to 2; got True"),
    ({"seat": "0", "action": {"bank": True}}, "a seat is a whole number from 0 to 2; got '0'"),
    ({"setup": {"recent": []}}, f"{FORMS}; this one has the keys 'setup'"),
])
def test_each_entry_has_one_of_the_forms_of_a_record(entry: Any, problem: str) -> None:
    record = greed_record()
    record["actions"].insert(1, entry)
    assert refusal(record) == f"record entry 1 cannot be replayed: {problem}"


def test_a_setup_is_only_for_a_game_that_carries_something_over() -> None:
    record = {**greed_record(), "actions": [{"setup": {"recent": []}}]}
    assert refusal(record) == ("record entry 0 cannot be replayed: this game carries nothing over from "
                               "one game to the next, so its records have no setup")
    millionaire = finished_record("millionaire")
    record = {**millionaire, "actions": [{"setup": 5}, *millionaire["actions"]]}
    assert refusal(record).startswith("the setup (a record's first entry) cannot be read: a setup lists the "
                                      "questions of the last games")


@pytest.mark.parametrize("bots", [[[]], [0, 0], [3], [True], "0", {"0": 1}, 5])
def test_the_seats_a_record_says_bots_played_are_checked_in_words(bots: Any) -> None:
    assert refusal({**greed_record(), "bots": bots}).startswith(
        "'bots' lists the seats that bots play, each once, as numbers from 0 to 2; got ")


def test_a_long_value_is_shown_cut_short() -> None:
    message = refusal({**greed_record(), "game": ["x" * 100_000]})
    assert len(message) < 200 and message.endswith("…")


@pytest.mark.parametrize(("language", "words"), [
    ("es", "la entrada 1 del registro no se puede reproducir: un asiento es un número entero de 0 a 2; "
           "se recibió 7"),
    ("it", "la voce 1 del registro non si può rigiocare: un posto è un numero intero da 0 a 2, non 7"),
    ("uz", "yozuvning 1-elementini qayta oʻynab boʻlmadi: oʻrin 0 dan 2 gacha butun son boʻladi; "
           "berilgan: 7"),
])
def test_the_refusal_is_in_the_readers_language(language: str, words: str) -> None:
    record = greed_record()
    record["actions"].insert(1, {"seat": 7, "action": {"bank": True}})
    with use_language(language):
        assert refusal(record) == words


def test_a_chance_outcome_a_game_cannot_read_is_refused_not_a_crash() -> None:
    record = copy.deepcopy(finished_record("deal_or_no_deal"))
    record["actions"][0] = {"chance": {"case": [1]}}
    assert refusal(record).startswith("record entry 0 cannot be replayed: ")


def test_check_record_passes_every_real_record() -> None:
    for game_id in hs.games():
        check_record(finished_record(game_id))
        assert hs.replay(finished_record(game_id)).is_over


# --- whatever a record holds ----------------------------------------------------------------------------
def replays_or_refuses_in_words(record: Any) -> None:
    """Replaying ``record`` gives a game or a ValueError in words; so does its timeline."""
    try:
        game = hs.replay(record)
    except ValueError as problem:
        assert str(problem) and "Traceback" not in str(problem)
        with pytest.raises(ValueError):
            Timeline(record)
        return
    assert isinstance(game, hs.Game)
    timeline = Timeline(record)
    for position in {0, timeline.positions - 1}:
        timeline.step(position, None)
    timeline.summary()


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON_VALUES, RECORD_LIKE))
def test_any_json_replays_or_is_refused_in_words(record: Any) -> None:
    replays_or_refuses_in_words(record)


@pytest.mark.parametrize("field", RECORD_KEYS)
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(game_id=st.sampled_from(hs.games()), value=JSON_VALUES)
def test_any_field_of_a_real_record_set_to_anything_replays_or_is_refused_in_words(
    field: str, game_id: str, value: Any
) -> None:
    replays_or_refuses_in_words({**finished_record(game_id), field: value})


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(hs.games()), st.data())
def test_a_real_record_changed_anywhere_replays_or_is_refused_in_words(
    game_id: str, data: st.DataObject
) -> None:
    replays_or_refuses_in_words(mutate(finished_record(game_id), data.draw))
