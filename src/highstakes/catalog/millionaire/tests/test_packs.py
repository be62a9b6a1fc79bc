"""Question packs as players meet them: the pack of their language by default, packs and
categories as options, no question twice in a game, the questions of the table's last games
avoided, and the user's own packs checked, imported and counted (``highstakes questions``)."""

from __future__ import annotations

import csv
import json
import random
import shutil
from pathlib import Path

import pytest

import highstakes as hs
from highstakes.catalog.millionaire.bank import CATEGORIES, LEVELS
from highstakes.catalog.millionaire.packfiles import read_csv, read_file_or_folder, read_opentdb
from highstakes.catalog.millionaire.packs import load_pack, user_packs, user_packs_dir
from highstakes.catalog.millionaire.rules import RECENT_GAMES, pack_levels
from highstakes.cli.main import main
from highstakes.engine.timeline import Timeline
from highstakes.i18n import use_language

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLE = str(FIXTURES / "opentdb-sample.json")
Output = pytest.CaptureFixture[str]


def play_randomly(game: hs.Game, seed: int = 0) -> hs.Game:
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game


def asked(game: hs.Game) -> list[str]:
    return list(game.full_state().used_questions)


# --- the players' language by default ------------------------------------------------------------
@pytest.mark.parametrize(("language", "pack"), [("en", "en"), ("es", "es"), ("it", "it"), ("uz", "uz")])
def test_the_pack_follows_the_language_of_whoever_sets_the_table(language: str, pack: str) -> None:
    """Each language with a pack of its own gets it: English, Spanish, Italian and Uzbek."""
    with use_language(language):
        game = hs.new_game("millionaire", 1, seed=3)
        spec = next(spec for spec in hs.definition("millionaire").option_specs if spec.name == "pack")
        assert spec.to_json()["default"] == pack and spec.to_json()["follows_language"] is True
    assert game.options["pack"] == pack
    question = game.view(None)["question"]["text"]
    assert question in {q.question for q in pack_levels(pack)[0].values()}


def test_the_record_keeps_the_resolved_pack_so_a_replay_in_another_language_is_exact() -> None:
    with use_language("es"):
        game = play_randomly(hs.new_game("millionaire", 2, seed=4))
    record = game.record()
    assert record["options"]["pack"] == "es"
    with use_language("en"):
        again = hs.replay(record)
    assert again.record() == record and again.options["pack"] == "es"


def test_a_pack_chosen_by_name_wins_over_the_language() -> None:
    with use_language("es"):
        assert hs.new_game("millionaire", 1, options={"pack": "en"}).options["pack"] == "en"


# --- packs and categories as options --------------------------------------------------------------
def test_categories_narrow_the_questions_drawn() -> None:
    game = play_randomly(hs.new_game("millionaire", 3, seed=8, options={"categories": "history, science",
                                                                        "rounds": 3}))
    assert game.options["categories"] == ["history", "science"]  # the bank's order, in the record
    questions = pack_levels("en")[0]
    assert asked(game) and {questions[qid].category for qid in asked(game)} <= {"history", "science"}
    assert hs.replay(game.record()).record() == game.record()


def test_a_list_of_categories_is_taken_as_json_too() -> None:
    game = hs.new_game("millionaire", 1, options={"categories": ["sport"]})
    assert game.options["categories"] == ["sport"]


@pytest.mark.parametrize("value", ["maths", ["history", "maths"], "", 7])
def test_a_bad_category_is_refused_naming_the_allowed_ones(value: object) -> None:
    with pytest.raises(ValueError, match="categories") as refusal:
        hs.new_game("millionaire", 1, options={"categories": value})
    if value in ("maths", ["history", "maths"]):
        assert "there is no category 'maths'" in str(refusal.value)
        assert ", ".join(CATEGORIES) in str(refusal.value)


def test_too_few_questions_at_a_level_is_said_when_the_game_is_created() -> None:
    """Five players each hosting five rounds play 25 rounds; the English pack has fewer
    mathematics questions than that at every level (counted here from the pack)."""
    ids = load_pack("en").level_ids(1, ["mathematics"])
    assert 0 < len(ids) < 25
    with pytest.raises(ValueError) as refusal:
        hs.new_game("millionaire", 5, options={"host": "rotating", "rounds": 5, "categories": "mathematics"})
    assert str(refusal.value) == (
        f"level 1 of the pack en has {len(ids)} questions in the categories chosen, and this game may "
        "ask 25 there, one a round: choose more categories, another pack or fewer rounds")
    # With every category there are enough; and a small choice serves a short game.
    hs.new_game("millionaire", 5, options={"host": "rotating", "rounds": 5})
    hs.new_game("millionaire", 1, options={"categories": "mathematics"})


def test_an_unknown_pack_is_refused_naming_the_packs() -> None:
    with pytest.raises(ValueError) as refusal:
        hs.new_game("millionaire", 1, options={"pack": "mine"})
    assert str(refusal.value) == (
        "option 'pack' must be one of 'en', 'es', 'it', 'uz', or the name of a pack you imported with "
        "'highstakes questions import': no pack called 'mine' has been imported (none has yet)")


# --- no repeats, and the last games avoided ------------------------------------------------------------
def test_no_question_repeats_within_a_game() -> None:
    """Eight players, five rounds: up to five questions a level, every one different; and a
    scripted draw of a question already asked is refused."""
    for seed in range(3):
        game = play_randomly(hs.new_game("millionaire", 8, seed=seed, options={"rounds": 5}), seed)
        assert len(asked(game)) == len(set(asked(game))) > 5
    scripted = hs.new_game("millionaire", 1, seed=1, options={"rounds": 2, "hunches": "off"},
                           auto_chance=False)
    first = pack_levels("en")[1][0][0]
    scripted.apply_chance(first)
    scripted.act(0, {"walk": True})
    with pytest.raises(hs.IllegalAction, match="not yet asked"):
        scripted.apply_chance(first)


def test_the_next_game_avoids_the_questions_of_the_last_one() -> None:
    definition = hs.definition("millionaire")
    first = play_randomly(hs.new_game("millionaire", 4, seed=1, options={"rounds": 3}))
    setup = definition.next_setup([first.record()])
    assert setup == {"recent": [asked(first)]}
    second = play_randomly(hs.new_game("millionaire", 4, seed=1, options={"rounds": 3}, setup=setup))
    assert not set(asked(first)) & set(asked(second))
    # The same seed without the setup asks some of the same questions: the setup made the difference.
    same_seed = play_randomly(hs.new_game("millionaire", 4, seed=1, options={"rounds": 3}))
    assert set(asked(first)) & set(asked(same_seed))
    # Recorded: the record's first entry, and the replay is exact.
    record = second.record()
    assert record["actions"][0] == {"setup": setup}
    assert hs.replay(record).record() == record
    assert Timeline(record).game_at(0).record()["actions"][0] == {"setup": setup}


def test_the_table_remembers_its_last_five_games() -> None:
    definition = hs.definition("millionaire")
    games: list[hs.Game] = []
    setup = None
    for seed in range(RECENT_GAMES + 2):
        game = play_randomly(hs.new_game("millionaire", 3, seed=seed, setup=setup), seed)
        games.append(game)
        setup = definition.next_setup([game.record()])
        assert setup is not None
        remembered = [asked(old) for old in reversed(games) if asked(old)][:RECENT_GAMES]
        assert setup == {"recent": remembered}
    assert len(setup["recent"]) == RECENT_GAMES


def test_when_every_question_of_a_level_was_seen_they_may_come_again() -> None:
    """A pack of one question a level: the next game cannot avoid it, and still plays."""
    assert main(["questions", "import", str(FIXTURES / "pack-good.csv"), "--name", "tiny"]) == 0
    first = play_randomly(hs.new_game("millionaire", 1, seed=2, options={"pack": "tiny", "hunches": "off"}))
    setup = hs.definition("millionaire").next_setup([first.record()])
    again = play_randomly(hs.new_game("millionaire", 1, seed=2, options={"pack": "tiny", "hunches": "off"},
                                      setup=setup))
    assert asked(again) == asked(first)[: len(asked(again))]


@pytest.mark.parametrize("setup", [{"recent": "L01-001"}, {"recent": [[1]]}, [], {"recent": [[]] * 6}])
def test_a_setup_that_is_not_one_is_refused(setup: object) -> None:
    with pytest.raises(ValueError, match="a setup lists the questions of the last games"):
        hs.new_game("millionaire", 1, setup=setup)  # type: ignore[arg-type]


# --- a record stands alone: no later change to a pack changes or breaks it ----------------------------------
def import_tiny(tmp_path: Path, *, rename: bool = False, move_answers: bool = False) -> None:
    """Import the 15-question fixture as the pack "tiny" (replacing one), its ids renamed or every
    correct answer moved to the next option when asked: the same name, another pack."""
    with (FIXTURES / "pack-good.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        if rename:
            row["id"] = "new-" + row["id"]
        if move_answers:
            row["answer"] = "ABCD"[("ABCD".index(row["answer"]) + 1) % 4]
    path = tmp_path / "tiny.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    assert main(["questions", "import", str(path), "--name", "tiny", "--force"]) == 0


def views(game: hs.Game) -> list[dict]:
    return [game.view(seat) for seat in [None, *range(game.seats)]]


def test_a_record_stands_alone_when_its_pack_is_imported_again_changed_or_deleted(tmp_path: Path) -> None:
    """Played with the user's pack "tiny"; then "tiny" is imported again with every answer moved,
    again with other ids, and deleted: the record replays to the same game each time, every
    position of it too, and says the same questions with the same answers."""
    import_tiny(tmp_path)
    game = play_randomly(hs.new_game("millionaire", 2, seed=3, options={"pack": "tiny", "hunches": "off"}))
    record = json.loads(json.dumps(game.record()))
    seen = views(game)
    asked_texts = [entry["chance"]["question"]["question"] for entry in record["actions"]
                   if isinstance(entry.get("chance"), dict)]
    assert asked_texts[0] == "How many days are there in a week?"

    def replays_alike() -> None:
        again = hs.replay(record)
        assert again.record() == record and views(again) == seen and again.result() == game.result()
        timeline = Timeline(record)
        steps = [timeline.step(position, None)["view"] for position in range(timeline.positions)]
        assert steps[-1] == seen[0]

    replays_alike()
    import_tiny(tmp_path, move_answers=True)
    assert load_pack("tiny").by_id["my-01"].answer != 2
    replays_alike()
    import_tiny(tmp_path, rename=True)
    assert "my-01" not in load_pack("tiny").by_id
    replays_alike()
    shutil.rmtree(user_packs_dir() / "tiny")
    assert user_packs() == []
    replays_alike()
    # What the table's next game avoids is read from the record alone too.
    assert hs.definition("millionaire").next_setup([record]) == {"recent": [asked(game)]}


@pytest.mark.parametrize("change", ["deleted", "answers moved"])
def test_a_record_whose_right_answers_needed_more_questions_replays_after_its_pack_went(
    tmp_path: Path, change: str,
) -> None:
    """A game in which right answers drew later questions: the record gives each of them, so it
    replays to its end once its pack is deleted or changed; only playing on is refused."""
    import_tiny(tmp_path)
    games = (play_randomly(hs.new_game("millionaire", 2, seed=seed, options={"pack": "tiny"}), seed)
             for seed in range(50))
    game = next(game for game in games if len(asked(game)) >= 3)
    record = json.loads(json.dumps(game.record()))
    if change == "deleted":
        shutil.rmtree(user_packs_dir() / "tiny")
    else:
        import_tiny(tmp_path, move_answers=True)
    again = hs.replay(record)
    assert again.record() == record and again.result() == game.result() and asked(again) == asked(game)


def test_a_game_under_way_whose_pack_changed_cannot_draw_another_question(tmp_path: Path) -> None:
    """A game stored with its first question on the table; the pack is then imported again with
    other answers. The stored game replays as it was, and may end (walking away), but a right
    answer, which would need the next question from a pack that is no longer the game's, is
    refused in words, changing nothing."""
    import_tiny(tmp_path)
    game = hs.new_game("millionaire", 1, seed=2, options={"pack": "tiny", "hunches": "off"})
    record = game.record()
    correct = "ABCD"[game.full_state().correct]
    import_tiny(tmp_path, move_answers=True)
    stored = hs.replay(record)
    assert views(stored) == views(game)
    before = (stored.record(), views(stored))
    with pytest.raises(hs.IllegalAction) as refusal:
        stored.act(0, {"answer": correct})
    assert refusal.value.code == "pack_changed" and refusal.value.rule == "§4.3"
    assert refusal.value.message == (
        "the question pack 'tiny' has changed since this game began, so its next question cannot "
        "be drawn; the game can be watched and replayed, not played on")
    assert (stored.record(), views(stored)) == before
    stored.act(0, {"walk": True})  # the game ends: no question is needed
    assert stored.is_over
    # While the pack is the game's, it plays on.
    import_tiny(tmp_path)
    again = hs.replay(record)
    again.act(0, {"answer": correct})
    assert again.view(None)["level"] == 2


def old_style(record: dict) -> dict:
    """A record as games were recorded before they kept their questions: each question by its id."""
    actions = [{"chance": entry["chance"]["question"]["id"]} if isinstance(entry.get("chance"), dict)
               else entry for entry in record["actions"]]
    return {**record, "actions": actions}


def test_an_old_record_of_a_shipped_pack_naming_its_questions_by_id_still_replays() -> None:
    game = play_randomly(hs.new_game("millionaire", 2, seed=4))
    old = old_style(json.loads(json.dumps(game.record())))
    assert isinstance(old["actions"][0]["chance"], str)
    assert views(hs.replay(old)) == views(game)


def test_an_old_record_of_an_imported_pack_is_refused_in_words_whether_the_pack_changed_or_went(
        tmp_path: Path) -> None:
    """Its questions are named by id only, so a changed pack would replay as another game: it is
    refused, saying why; with the pack gone, saying that."""
    import_tiny(tmp_path)
    game = play_randomly(hs.new_game("millionaire", 1, seed=2, options={"pack": "tiny", "hunches": "off"}))
    old = old_style(game.record())
    with pytest.raises(ValueError) as refusal:
        hs.replay(old)
    assert str(refusal.value).endswith(
        " cannot be replayed: this record names the questions of the imported pack 'tiny' by id only, "
        "and the pack may have changed since; records of imported packs replay only when they keep "
        "their questions")
    shutil.rmtree(user_packs_dir() / "tiny")
    with pytest.raises(ValueError) as refusal:
        hs.replay(old)
    assert str(refusal.value).endswith(
        " cannot be replayed: no pack called 'tiny' has been imported (none has yet)")


# --- reading question files -----------------------------------------------------------------------------
def test_a_csv_with_errors_says_each_with_its_row() -> None:
    reading = read_file_or_folder(FIXTURES / "pack-bad.csv")
    assert [str(problem) for problem in reading.problems] == [
        "pack-bad.csv, row 4 (id my-03): the answer is the correct option's letter, A, B, C or D; got 'E'",
        "pack-bad.csv, row 7 (id my-06): the category is one of: " + ", ".join(CATEGORIES),
        "pack-bad.csv: levels 3, 6 have no questions; a pack needs questions at every level, 1 to 15",
    ]
    assert len(reading.questions) == 13


def test_a_sound_csv_reads_every_row() -> None:
    reading = read_csv(FIXTURES / "pack-good.csv")
    assert reading.problems == []
    assert [question.level for question in reading.questions] == list(range(1, LEVELS + 1))
    raisins = reading.questions[2]
    assert raisins.correct == "Grapes" and raisins.category == "food"


def test_a_level_file_is_checked_field_by_field(tmp_path: Path) -> None:
    good = json.loads((FIXTURES.parent.parent / "questions" / "en" / "level-02.json").read_text())[:3]
    bad = [dict(good[0], level=3), {k: v for k, v in good[1].items() if k != "explanation"},
           dict(good[2], options=good[2]["options"][:3]), dict(good[2], id="x", colour="red"), "text"]
    path = tmp_path / "level-02.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert [str(problem) for problem in read_file_or_folder(path).problems] == [
        f"level-02.json, question 1 (id {good[0]['id']}): its level is 3, but it is in the file of level 2",
        f"level-02.json, question 2 (id {good[1]['id']}): the field explanation is missing",
        f"level-02.json, question 3 (id {good[2]['id']}): a question has four options, each text of 1 to "
        "400 characters",
        "level-02.json, question 4 (id x): unknown field 'colour'; the fields are id, level, category, "
        "question, options, answer, explanation",
        "level-02.json, question 5: each question is a JSON object with the fields id, level, category, "
        "question, options, answer, explanation",
    ]
    path.write_text("[{", encoding="utf-8")
    assert [str(problem) for problem in read_file_or_folder(path).problems] == [
        "level-02.json: it is not JSON: Expecting property name enclosed in double quotes at line 1"]


def test_a_shipped_pack_folder_is_clean() -> None:
    reading = read_file_or_folder(FIXTURES.parent.parent / "questions" / "es")
    assert reading.problems == [] and len(reading.questions) == 1080


def test_an_open_trivia_db_download_becomes_questions_of_the_bank() -> None:
    reading = read_opentdb(FIXTURES / "opentdb-sample.json", "quiz")
    assert reading.problems == [] and reading.skipped == 1  # the true/false question
    questions = reading.questions
    assert [question.id for question in questions] == [f"quiz-{n:04d}" for n in range(1, 16)]
    # Each difficulty dealt in turn to the five levels of its band, in the file's order.
    assert [question.level for question in questions] == list(range(1, 16))
    flag, parrot, times = questions[2], questions[1], questions[3]
    assert flag.question == "Which country's flag shows a red maple leaf?" and flag.correct == "Canada"
    assert parrot.question == 'Which bird is famous for "talking" like people?'
    assert parrot.category == "nature" and flag.category == "geography"
    assert times.question == "What is 7 × 8?" and sorted(times.options) == ["54", "56", "58", "64"]
    assert questions[8].options[questions[8].answer] == "Miguel de Cervantes"
    assert "Benito Pérez Galdós" in questions[8].options
    assert questions[14].category == "everyday"  # a category Open Trivia DB has and the bank lacks
    assert flag.explanation == "The answer is: Canada."
    # The same file always gives the same pack, and the answers are not all in one place.
    assert read_opentdb(FIXTURES / "opentdb-sample.json", "quiz").questions == questions
    assert len({question.answer for question in questions}) > 1


# --- the command line ------------------------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_says_problems_with_exit_1_and_clean_files_with_exit_0(capsys: Output) -> None:
    code, out, _err = run(capsys, "questions", "validate", str(FIXTURES / "pack-bad.csv"))
    assert code == 1
    assert "pack-bad.csv, row 4 (id my-03)" in out and "pack-bad.csv, row 7 (id my-06)" in out
    assert out.splitlines()[-1].endswith("pack-bad.csv: 3 problems")
    code, out, _err = run(capsys, "questions", "validate", str(FIXTURES / "pack-good.csv"))
    assert code == 0 and out.strip().endswith("pack-good.csv: 15 questions, no problems")


def test_import_keeps_a_pack_in_the_data_folder_and_a_game_plays_it(capsys: Output) -> None:
    code, out, _err = run(capsys, "questions", "import", SAMPLE, "--name", "quiz")
    assert code == 0, out
    assert "Imported 15 questions as the pack quiz" in out and "Skipped 1 question" in out
    folder = user_packs_dir() / "quiz"
    assert sorted(path.name for path in folder.iterdir()) == [f"level-{n:02d}.json" for n in range(1, 16)]
    assert user_packs() == ["quiz"]
    game = play_randomly(hs.new_game("millionaire", 2, seed=1, options={"pack": "quiz"}))
    assert asked(game) and all(qid.startswith("quiz-") for qid in asked(game))
    assert hs.replay(game.record()).record() == game.record()
    # The imported pack passes validation as a folder, and stats counts it.
    assert run(capsys, "questions", "validate", str(folder))[0] == 0
    code, out, _err = run(capsys, "questions", "stats", "quiz")
    assert code == 0 and out.splitlines()[0] == "pack quiz: 15 questions"
    assert "    level 15 ($1,000,000): 1" in out and "    nature: 1" in out and "    everyday: 2" in out


def test_import_refuses_to_overwrite_without_force(capsys: Output) -> None:
    assert run(capsys, "questions", "import", str(FIXTURES / "pack-good.csv"), "--name", "mine")[0] == 0
    code, out, err = run(capsys, "questions", "import", SAMPLE, "--name", "mine")
    assert code == 2 and out == ""
    assert err == "highstakes: error: there is already a pack called 'mine'; add --force to replace it\n"
    assert load_pack("mine").by_id.keys() >= {"my-01"}
    code, _out, _err = run(capsys, "questions", "import", SAMPLE, "--name", "mine", "--force")
    assert code == 0 and "my-01" not in load_pack("mine").by_id and "mine-0001" in load_pack("mine").by_id


def test_import_of_a_file_with_problems_stores_nothing(capsys: Output) -> None:
    code, out, _err = run(capsys, "questions", "import", str(FIXTURES / "pack-bad.csv"), "--name", "bad")
    assert code == 1 and "row 4 (id my-03)" in out and "nothing was imported" in out
    assert user_packs() == []


@pytest.mark.parametrize(("argv", "message"), [
    (["questions", "validate", "no-such-file.csv"], "there is no file or folder no-such-file.csv"),
    (["questions", "import", str(FIXTURES / "pack-good.csv"), "--name", "Bad Name!"],
     "a pack's name is 1 to 30 lower-case letters, digits, '-' or '_', beginning with a letter or digit; "
     "got 'Bad Name!'"),
    (["questions", "import", str(FIXTURES / "pack-good.csv"), "--name", "es"],
     "'es' is the name of a pack shipped with the game; choose another"),
    (["questions", "stats", "nope"], "there is no question pack called 'nope'; packs: en, es, it, uz"),
])
def test_usage_mistakes_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", f"highstakes: error: {message}\n")


def test_import_takes_only_open_trivia_db_or_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    level_file = tmp_path / "level-01.json"
    shutil.copy(FIXTURES.parent.parent / "questions" / "en" / "level-01.json", level_file)
    code, _out, err = run(capsys, "questions", "import", str(level_file), "--name", "x")
    assert code == 2 and "neither an Open Trivia DB download" in err and err.count("\n") == 1


def test_stats_counts_every_pack_by_level_and_category(capsys: Output) -> None:
    code, out, _err = run(capsys, "questions", "stats")
    assert code == 0
    blocks = out.split("\n\n")
    assert [block.splitlines()[0] for block in blocks] == [
        "pack en: 1,080 questions", "pack es: 1,080 questions", "pack it: 1,080 questions",
        "pack uz: 1,080 questions"]
    english = load_pack("en")
    history = sum(question.category == "history" for question in english.by_id.values())
    assert f"    history: {history}" in blocks[0] and "    level 7 ($4,000): 72" in blocks[0]


def test_the_commands_speak_the_readers_language(capsys: Output) -> None:
    code, out, _err = run(capsys, "--lang", "es", "questions", "validate", str(FIXTURES / "pack-good.csv"))
    assert code == 0 and "15 preguntas" in out
    code, _out, err = run(capsys, "questions", "stats", "nope", "--lang", "es")
    assert code == 2 and "nope" in err and "no hay" in err.lower()
