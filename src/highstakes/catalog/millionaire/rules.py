"""Who Wants to Be a Millionaire as a state machine (RULES.md §4, §7.1 to §7.3).

A game is a number of rounds. In each round the contestants (every seat with the app as
host; every seat but the host with the rotating host) climb the 15-step money tree together,
one question at a time:

* **question** (chance): a question of the step's level is drawn from the pack, never one
  already asked in this game; the record keeps it whole, so that no later change to the pack
  changes or breaks the record (``source``);
* **hunches** (chance, option ``hunches``, WM-5): each seat that may answer, vote or be phoned
  and is dealt hunches (the bots' seats by default; every seat with ``everyone``) gets a
  private hunch, four clue letters each pointing at the correct answer with a chance that
  falls with the level (see README.md, "Hunches");
* **answers** (simultaneous): every contestant still in the round locks in a letter or walks
  away, in secret, after any lifelines (§4.4, §4.5, WM-2). A lifeline that needs other
  players (Ask the Audience, Phone a Friend) asks them while the round waits;
* **reveal**: when the last one has locked in, everything shows at once. Right answers go up
  a step; wrong answers leave with the safe haven; walkers leave with what they reached.
  Each player is paid by the bank, through the ledger, as they leave the round.

The game ends when the agreed rounds are played, or after a reveal that brings a player's
total to $1,000,000 (WM-1). The richest wins; ties share the win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.catalog.millionaire.actions import AUDIENCE, FIFTY, LETTERS, WALK, Move
from highstakes.catalog.millionaire.bank import LEVELS, Question
from highstakes.catalog.millionaire.knowledge import hand_likelihood
from highstakes.catalog.millionaire.money import (
    BANK_FUND,
    LADDER,
    MILLION,
    SAFE_STEPS,
    STEPS,
    reached,
    safe_haven,
)
from highstakes.catalog.millionaire.options import APP_SEATS, ROTATING_SEATS, MillionaireOptions
from highstakes.catalog.millionaire.packs import load_pack
from highstakes.catalog.millionaire.source import QuestionSource
from highstakes.catalog.millionaire.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger

BANK = "bank"
LIFELINES = ("fifty", "audience", "phone")
#: Clue letters in a hunch.
HUNCH_CLUES = 4
#: Simulated voters when fewer than two players can vote (§7.1).
SIMULATED_VOTERS = 3
#: Games whose questions the next game of a table avoids where it can.
RECENT_GAMES = 5


def account(seat: int) -> str:
    return f"seat{seat}"


def clue_accuracy(level: int) -> float:
    """The chance that one clue of a hunch names the correct answer: 80 % at the $100 question,
    falling evenly to 31 % at the $1,000,000 one (a blind guess is 25 %)."""
    return 0.80 - (level - 1) * 0.035


def audience_accuracy(level: int) -> float:
    """The chance that one simulated voter is right: 75 % at the $100 question, 30 % at the last."""
    return 0.75 - (level - 1) * (0.45 / (LEVELS - 1))


def letter_odds(letters: str, correct: int, accuracy: float) -> float:
    """The probability of independent letters, each right with ``accuracy``, else any wrong one."""
    odds = 1.0
    wrong = (1 - accuracy) / 3
    for letter in letters:
        odds *= accuracy if LETTERS.index(letter) == correct else wrong
    return odds


def draw_letters(rng: random.Random, count: int, correct: int, accuracy: float) -> str:
    """``count`` letters, each right with ``accuracy``, else one of the three wrong ones."""
    wrong = [letter for index, letter in enumerate(LETTERS) if index != correct]
    return "".join(LETTERS[correct] if rng.random() < accuracy else rng.choice(wrong) for _ in range(count))


def pack_levels(name: str) -> tuple[dict[str, Question], tuple[tuple[str, ...], ...]]:
    """A pack: its questions by id, and each level's ids in sorted order."""
    pack = load_pack(name)
    return pack.by_id, pack.levels


class MillionaireState(GameState):
    """The whole game: money, rounds, the question on the table and every secret of it."""

    def __init__(self, seats: int, options: MillionaireOptions) -> None:
        low, high = ROTATING_SEATS if options.host == "rotating" else APP_SEATS
        if not low <= seats <= high:
            if options.host == "rotating":
                message = _("the rotating host is for 3 to 5 players; let the app host {seats}")
            else:
                message = _("the app hosts 1 to 8 players; got {seats}")
            raise ValueError(message.format(seats=seats))
        self.seats = seats
        self.options = options
        self.rotating = options.host == "rotating"
        self.rounds_total = options.total_rounds(seats)
        # The pack, read once, and each level's questions of the chosen categories: the draws'
        # pool. Clones share it. Why no question can be drawn now, in words, or None.
        self.source = QuestionSource(options, self.rounds_total)
        self.draw_problem: str | None = self.source.problem
        #: Whether the questions come from outside (a record replayed): then a game whose pack
        #: has gone or changed still plays the moves whose next question the record gives.
        self.chance_scripted = False
        #: Every question asked in this game, as the record gives it (the pack may have changed since).
        self.asked: dict[str, Question] = {}
        #: Questions the table saw in its last games, most recent first: a draw avoids them
        #: while the level has others left (set from the game's setup, see ``apply_setup``).
        self.recent: tuple[tuple[str, ...], ...] = ()
        self.avoid: frozenset[str] = frozenset()
        self.per_game = options.lifelines == "per_game"
        #: The seats dealt hunches (WM-5): the bots' by default (``set_bot_seats``), or every seat.
        self.hunch_seats: frozenset[int] = (
            frozenset(range(seats)) if options.hunches == "everyone" else frozenset())
        self.ledger = Ledger({**{account(seat): 0 for seat in range(seats)}, BANK: BANK_FUND})
        self.used_questions: list[str] = []
        self.used_lifelines: list[list[str]] = [[] for _ in range(seats)]
        self.reveals: list[dict[str, Any]] = []  # every reveal of the game, public
        self.rounds: list[dict[str, Any]] = []  # what each finished round paid
        self.over = False
        self.round = 0
        self._start_round(0)

    # --- rounds and questions --------------------------------------------------------------------
    def _start_round(self, index: int) -> None:
        self.round = index
        self.level = 1  # the step being played, 1 to 15
        self.host: int | None = index % self.seats if self.rotating else None
        self.contestants = [seat for seat in range(self.seats) if seat != self.host]
        self.steps = [0] * self.seats
        self.in_round = [seat in self.contestants for seat in range(self.seats)]
        self.paid = [0] * self.seats  # what each seat collected this round
        if not self.per_game:
            self.used_lifelines = [[] for _ in range(self.seats)]
        self._start_question()

    def _start_question(self) -> None:
        self.question: str | None = None
        self.correct = -1  # the correct option's index (a secret until the reveal)
        self.locked: list[str | None] = [None] * self.seats  # a letter, or "walk"
        self.hunch: list[str | None] = [None] * self.seats
        self.kept: list[list[str] | None] = [None] * self.seats  # the two letters a 50:50 leaves
        self.audience_cards: list[list[str] | None] = [None] * self.seats
        self.phone_cards: list[list[str] | None] = [None] * self.seats
        self.friend: list[int | None] = [None] * self.seats
        # The lifeline waiting for other players' cards: kind, asker, voters and the cards
        # passed so far ({seat: letter}); each goes to ``passed`` once every card is in.
        self.asking: dict[str, Any] | None = None
        self.passed: list[dict[str, Any]] = []
        self.chance: list[tuple[str, int]] = [("question", -1)]

    def players(self) -> list[int]:
        """Seats that may answer, vote or be phoned on this question: everyone but the host."""
        return self.contestants

    def question_of(self, question_id: str) -> Question:
        """A question asked in this game."""
        return self.asked[question_id]

    def _unused(self) -> list[str]:
        """The questions the next draw may give: this level's, in the chosen categories, never one
        already asked in this game (the value packs of §4.3 are dealt from, never put back); of
        those, the ones not seen in the table's last games when any are left."""
        if self.draw_problem is not None:
            return []
        used = set(self.used_questions)
        unused = [qid for qid in self.source.pools[self.level - 1] if qid not in used]
        fresh = [qid for qid in unused if qid not in self.avoid]
        return fresh or unused

    def _drawable(self) -> list[str]:
        """The questions a draw may give now; a ValueError in words when the pack cannot give any."""
        if self.draw_problem is not None:
            raise ValueError(self.draw_problem)
        return self._unused()

    def set_bot_seats(self, seats: tuple[int, ...]) -> None:
        """WM-5: hunches go to the bots' seats, unless the table deals them to everyone or nobody."""
        if self.options.hunches == "bots":
            self.hunch_seats = frozenset(seats)

    def apply_setup(self, setup: JSON) -> None:
        """The table's last games: ``{"recent": [[ids of the last game], [the one before], ...]}``."""
        recent = setup.get("recent") if isinstance(setup, dict) else None
        if (not isinstance(recent, list) or len(recent) > RECENT_GAMES
                or not all(isinstance(ids, list) and all(isinstance(qid, str) for qid in ids)
                           for ids in recent)):
            raise ValueError(_("a setup lists the questions of the last games: {example}").format(
                example='{"recent": [["L01-001", "L02-017"]]}'))
        self.recent = tuple(tuple(ids) for ids in recent)
        self.avoid = frozenset(qid for ids in self.recent for qid in ids)

    # --- who acts ---------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.over or self.chance:
            return ()
        if self.asking is not None:
            return tuple(seat for seat in self.asking["voters"] if seat not in self.asking["votes"])
        return tuple(seat for seat in self.contestants if self.in_round[seat] and self.locked[seat] is None)

    def is_chance(self) -> bool:
        return bool(self.chance) and not self.over

    def is_over(self) -> bool:
        return self.over

    # --- chance -------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        kind, _seat = self.chance[0]
        if kind == "question":
            ids = self._drawable()
            return [(self.source.outcome(qid), 1 / len(ids)) for qid in ids]
        if kind == "fifty":
            wrong = [letter for index, letter in enumerate(LETTERS) if index != self.correct]
            return [(letter, 1 / 3) for letter in wrong]
        count, accuracy = self._letters_event(kind)
        outcomes = [""]
        for _clue in range(count):
            outcomes = [prefix + letter for prefix in outcomes for letter in LETTERS]
        return [(letters, letter_odds(letters, self.correct, accuracy)) for letters in outcomes]

    def _letters_event(self, kind: str) -> tuple[int, float]:
        if kind == "hunch":
            return HUNCH_CLUES, clue_accuracy(self.level)
        return SIMULATED_VOTERS, audience_accuracy(self.level)

    def _draw_question(self, rng: random.Random) -> str:
        """A question of the pool, taking one random number whatever the pool (``skip_chance``)."""
        ids = self._drawable()
        return ids[int(rng.random() * len(ids))]

    def draw_chance(self, rng: random.Random) -> tuple[JSON, Any]:
        if self.chance[0][0] == "question":
            question_id = self._draw_question(rng)
            return self.source.outcome(question_id), self.source.drawn(question_id)
        return super().draw_chance(rng)

    def skip_chance(self, rng: random.Random) -> None:
        """A replay applies the record's question without the pack: it takes the one number a draw takes."""
        if self.chance[0][0] == "question":
            rng.random()
        else:
            super().skip_chance(rng)

    def sample_chance(self, rng: random.Random) -> JSON:
        kind, _seat = self.chance[0]
        if kind == "question":
            return self.source.outcome(self._draw_question(rng))
        if kind == "fifty":
            return rng.choice([letter for index, letter in enumerate(LETTERS) if index != self.correct])
        count, accuracy = self._letters_event(kind)
        return draw_letters(rng, count, self.correct, accuracy)

    def check_chance(self, outcome: JSON) -> Any:
        kind, _seat = self.chance[0]
        if kind == "question":
            return self.source.read(outcome, self.level, self.used_questions, self._unused)
        if kind == "fifty":
            if (not isinstance(outcome, str) or outcome not in LETTERS
                    or LETTERS.index(outcome) == self.correct):
                raise IllegalAction("bad_chance", _(
                    "a 50:50 keeps one wrong answer, a letter A to D; got {outcome}").format(
                    outcome=repr(outcome)), "§4.5")
            return outcome
        count, _accuracy = self._letters_event(kind)
        if not isinstance(outcome, str) or len(outcome) != count or any(c not in LETTERS for c in outcome):
            raise IllegalAction("bad_chance", _("expected {count} letters A to D; got {outcome}").format(
                count=count, outcome=repr(outcome)), "§4.5")
        return outcome

    def apply_chance(self, outcome: Any) -> None:
        kind, seat = self.chance.pop(0)
        if kind == "question":
            version, question = outcome
            if version != self.source.version:  # a record made before its pack changed
                self.draw_problem = self.source.changed()
            self.asked[question.id] = question
            self.question = question.id
            self.correct = question.answer
            self.used_questions.append(question.id)
            self.chance = [("hunch", player) for player in self.players() if player in self.hunch_seats]
        elif kind == "hunch":
            self.hunch[seat] = outcome
        elif kind == "fifty":
            self.kept[seat] = sorted([LETTERS[self.correct], outcome])
        else:  # a simulated audience
            self.audience_cards[seat] = sorted([*outcome, LETTERS[self.correct]])

    # --- what may be done -----------------------------------------------------------------------------
    def friends(self, seat: int) -> list[int]:
        """Who ``seat`` may phone: any other player, in the round or out of it, never the host."""
        return [other for other in self.players() if other != seat]

    def voters(self, seat: int) -> list[int]:
        """Who votes when ``seat`` asks the audience: every other player, the host excepted (WM-4)."""
        return self.friends(seat)

    def simulated_audience(self, seat: int) -> bool:
        """Whether the app's simulated audience answers ``seat`` (§7.1): with the app as host only,
        when fewer than two others can vote. With a rotating host the other contestants vote,
        however few: in a game of three, the one other player (WM-4)."""
        return not self.rotating and len(self.voters(seat)) < 2

    def lifeline_left(self, seat: int, name: str) -> bool:
        return name not in self.used_lifelines[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.asking is not None:
            return [Move("card", letter) for letter in LETTERS]
        letters = self.kept[seat] or list(LETTERS)
        moves: list[Action] = [Move("answer", letter) for letter in letters]
        moves.append(WALK)
        if self.lifeline_left(seat, "fifty"):
            moves.append(FIFTY)
        if self.lifeline_left(seat, "audience"):
            moves.append(AUDIENCE)
        if self.lifeline_left(seat, "phone"):
            moves += [Move("phone", friend) for friend in self.friends(seat)]
        return moves

    def why_not_to_act(self, seat: int) -> Refusal | None:
        """Why a seat that is not asked to act waits: it hosts, a lifeline's cards are being
        passed, it is out of the round, or it has locked in."""
        if self.over:
            return None
        if self.host == seat:
            return Refusal("host_sits_out", _("the host reads the questions and sits this round out"), "§4.4")
        if self.asking is not None:
            return Refusal("waiting", _("the round waits while the lifeline's cards are passed"), "§4.5")
        if not self.in_round[seat]:
            return Refusal(
                "out_of_round", _("you are out of this round; you play again in the next one"), "§4.2")
        if self.locked[seat] is not None:
            return Refusal("locked_in", _("you have locked in; a final answer cannot be changed"), "§4.4")
        return None

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is not allowed for ``seat`` now (§4.2 to §4.6), or None."""
        if not isinstance(action, Move):
            return Refusal(
                "illegal_action", _("{action} is not a Millionaire move").format(action=action), "§4.4")
        kind = action.kind
        if self.over:
            return Refusal("game_over", _("the game is over"), "§4.4")
        if self.host == seat:
            return Refusal("host_sits_out", _("the host reads the questions and sits this round out"), "§4.4")
        if self.asking is not None:
            if seat in self.asking["voters"] and seat not in self.asking["votes"]:
                if kind == "card":
                    return None
                return Refusal("pass_a_card", _("a player has asked for your help: pass a card A, B, C or D"),
                               "§4.5")
            return Refusal("waiting", _("the round waits while the lifeline's cards are passed"), "§4.5")
        if kind == "card":
            return Refusal("nobody_asked", _("nobody has asked you for a card"), "§4.5")
        if not self.in_round[seat]:
            return Refusal(
                "out_of_round", _("you are out of this round; you play again in the next one"), "§4.2")
        if self.locked[seat] is not None:
            return Refusal("locked_in", _("you have locked in; a final answer cannot be changed"), "§4.4")
        if kind == "answer":
            letters = self.kept[seat]
            if letters is not None and action.value not in letters:
                left = _("{first} or {second}").format(first=letters[0], second=letters[1])
                return Refusal("covered", _("the 50:50 covered answer {letter}; choose {left}").format(
                    letter=action.value, left=left), "§4.5")
            return self._needs_a_draw(seat, action)
        if kind == "walk":
            return self._needs_a_draw(seat, action)
        name = kind
        if not self.lifeline_left(seat, name):
            if self.per_game:
                return Refusal(
                    "lifeline_used", _("you have used that lifeline; each serves once per game"), "§4.6")
            return Refusal(
                "lifeline_used", _("you have used that lifeline this round; it comes back next round"),
                "§4.6")
        if kind == "phone":
            friend = action.value
            if friend == seat:
                return Refusal(
                    "phone_yourself", _("you cannot phone yourself; choose another player"), "§4.5")
            if not isinstance(friend, int) or not 0 <= friend < self.seats:
                return Refusal(
                    "no_such_seat", _("there is no such seat; the seats are numbered 1 to {last}").format(
                        last=self.seats), "§4.5")
            if friend == self.host:
                return Refusal(
                    "phone_host", _("the host cannot be your friend; choose another player"), "§4.5")
        return None

    def set_chance_scripted(self, scripted: bool) -> None:
        self.chance_scripted = scripted

    def _needs_a_draw(self, seat: int, move: Move) -> Refusal | None:
        """A move that would need the next question when the pack cannot give it (a game replayed
        after its pack changed, see ``source``, and now played on): refused, so that nothing
        changes. While the record is replayed, it gives the next question itself."""
        if self.draw_problem is None or self.chance_scripted:
            return None
        probe = self.clone()
        probe.apply_action(seat, move)
        if probe.chance and probe.chance[0][0] == "question" and not probe.over:
            return Refusal("pack_changed", self.draw_problem, "§4.3")
        return None

    # --- doing it ------------------------------------------------------------------------------------------
    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        kind = action.kind
        if kind == "card":
            self._pass_card(seat, str(action.value))
            return
        if kind in ("answer", "walk"):
            self.locked[seat] = "walk" if kind == "walk" else str(action.value)
            if not self.to_act():
                self._reveal()
            return
        self.used_lifelines[seat].append(kind)
        if kind == "fifty":
            self.chance.append(("fifty", seat))
        elif kind == "audience":
            if self.simulated_audience(seat):
                self.chance.append(("audience", seat))
            else:
                self.asking = {"kind": "audience", "asker": seat, "voters": self.voters(seat), "votes": {}}
        else:
            friend = int(action.value or 0)
            self.friend[seat] = friend
            self.asking = {"kind": "phone", "asker": seat, "voters": [friend], "votes": {}}

    def _pass_card(self, seat: int, letter: str) -> None:
        asking = self.asking
        assert asking is not None
        asking["votes"][seat] = letter
        if len(asking["votes"]) < len(asking["voters"]):
            return
        # The host adds the correct card and shuffles (§4.5): sorted cards tell the asker as much.
        cards = sorted([*asking["votes"].values(), LETTERS[self.correct]])
        if asking["kind"] == "audience":
            self.audience_cards[asking["asker"]] = cards
        else:
            self.phone_cards[asking["asker"]] = cards
        self.passed.append(asking)
        self.asking = None

    def _reveal(self) -> None:
        """Every console shown at once (§4.4): pay those who leave, move the rest up a step."""
        assert self.question is not None
        correct = LETTERS[self.correct]
        entries = []
        for seat in self.contestants:
            if not self.in_round[seat]:
                continue
            choice = self.locked[seat]
            before = self.steps[seat]
            if choice == "walk":
                outcome, paid = "walked", reached(before)
            elif choice == correct:
                self.steps[seat] = before + 1
                outcome, paid = ("millionaire", MILLION) if before + 1 == STEPS else ("right", 0)
            else:
                outcome, paid = "wrong", safe_haven(before)
            if outcome != "right":
                self._leave(seat, paid)
            entries.append({"seat": seat, "answer": choice, "outcome": outcome, "paid": paid,
                            "step": self.steps[seat]})
        self.reveals.append({"round": self.round + 1, "level": self.level, "question": self.question,
                             "correct": correct, "answers": entries})
        balances = [self.ledger.balance(account(seat)) for seat in range(self.seats)]
        if max(balances) >= MILLION:  # WM-1: the game ends at once
            for entry in entries:
                seat = entry["seat"]
                if self.in_round[seat]:  # right, and still climbing: leaves with what it reached
                    entry["paid"] = reached(self.steps[seat])
                    self._leave(seat, entry["paid"])
            self._finish_round()
            self.over = True
            return
        if not any(self.in_round):
            self._finish_round()
            if self.round + 1 < self.rounds_total:
                self._start_round(self.round + 1)
            else:
                self.over = True
            return
        self.level += 1
        self._start_question()

    def _leave(self, seat: int, amount: int) -> None:
        """A player leaves the round and the bank pays them (§4.4)."""
        self.in_round[seat] = False
        self.paid[seat] = amount
        if amount:
            self.ledger.transfer(BANK, account(seat), amount)

    def _finish_round(self) -> None:
        self.rounds.append({"round": self.round + 1, "host": self.host,
                            "steps": list(self.steps), "paid": list(self.paid)})

    # --- what people see ---------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        question = self.question_of(self.question) if self.question else None
        shown = self.over or (seat is not None and seat == self.host)
        mine = seat is not None and seat != self.host
        request = None
        if self.asking is not None and seat in self.asking["voters"] and seat not in self.asking["votes"]:
            request = {"lifeline": self.asking["kind"], "asker": self.asking["asker"]}
        last = self.reveals[-1] if self.reveals else None
        return {
            "game": "millionaire",
            "you": seat,
            "host_mode": self.options.host,
            "round": self.round + 1,
            "rounds": self.rounds_total,
            "host": self.host,
            "level": self.level,
            "playing_for": LADDER[min(self.level, STEPS) - 1],
            "question": None if question is None else {
                "category": question.category,
                "text": question.question,
                "options": [{"letter": letter, "text": text}
                            for letter, text in zip(LETTERS, question.options, strict=True)],
            },
            "ladder": [{"step": step + 1, "amount": amount, "safe": step + 1 in SAFE_STEPS}
                       for step, amount in enumerate(LADDER)],
            "players": [{
                "seat": other, "in_round": self.in_round[other], "step": self.steps[other],
                "reached": reached(self.steps[other]), "locked_in": self.locked[other] is not None,
                "lifelines_used": list(self.used_lifelines[other]),
                "money": self.ledger.balance(account(other)),
                "hunches": other in self.hunch_seats,
            } for other in range(self.seats)],
            "waiting_for": list(self.to_act()),
            "helping": None if self.asking is None else {"lifeline": self.asking["kind"],
                                                         "asker": self.asking["asker"]},
            "asked_of_you": request,
            "your_answer": self.locked[seat] if mine else None,
            "your_hunch": self.hunch[seat] if mine else None,
            "your_options": (self.kept[seat] or list(LETTERS)) if mine else None,
            "your_audience_cards": self.audience_cards[seat] if mine else None,
            "your_phone_cards": self.phone_cards[seat] if mine else None,
            "your_friend": self.friend[seat] if mine else None,
            "your_card": self.asking["votes"].get(seat) if mine and self.asking else None,
            "correct": LETTERS[self.correct] if shown and self.question else None,
            "last_reveal": None if last is None else self._reveal_view(last),
            "rounds_played": [dict(entry, steps=list(entry["steps"]), paid=list(entry["paid"]))
                              for entry in self.rounds],
            "money": [self.ledger.balance(account(other)) for other in range(self.seats)],
            "winners": self._winners() if self.over else [],
            "options": self.options.to_json(),
        }

    def _reveal_view(self, reveal: dict[str, Any]) -> dict[str, JSON]:
        question = self.question_of(reveal["question"])
        return {"round": reveal["round"], "level": reveal["level"], "question": question.question,
                "correct": reveal["correct"],
                "answer_text": question.options[LETTERS.index(reveal["correct"])],
                "explanation": question.explanation,
                "answers": [dict(entry) for entry in reveal["answers"]]}

    def _winners(self) -> list[int]:
        money = [self.ledger.balance(account(seat)) for seat in range(self.seats)]
        return [seat for seat, amount in enumerate(money) if amount == max(money)]

    def result(self) -> dict[str, JSON]:
        return {"scores": [self.ledger.balance(account(seat)) for seat in range(self.seats)],
                "winners": self._winners(),
                "rounds": [dict(entry, steps=list(entry["steps"]), paid=list(entry["paid"]))
                           for entry in self.rounds],
                "questions": list(self.used_questions)}

    # --- hooks ---------------------------------------------------------------------------------------------
    def money(self) -> Ledger:
        return self.ledger

    def resample_hidden(self, seat: int | None, rng: random.Random) -> MillionaireState:
        """The same game with everything ``seat`` cannot see drawn anew (§7.2).

        Hidden from a seat: the correct answer (but from the host), every other seat's hunch,
        locked answer or walk-away, 50:50 and lifeline cards, and the cards other players
        passed. The correct answer is drawn from the letters the seat's own 50:50 and cards
        allow, weighted by its own hunch and cards as evidence; the rest is drawn around it.
        """
        world = self.clone()
        if self.question is None or self.over:
            return world
        mine = seat is not None and seat != self.host
        if not (seat is not None and seat == self.host):
            world.correct = self._draw_correct(seat if mine else None, rng)
        correct, right = world.correct, LETTERS[world.correct]
        wrong = [letter for index, letter in enumerate(LETTERS) if index != correct]
        for other in self.players():
            if other == seat:
                continue
            if self.hunch[other] is not None:
                world.hunch[other] = draw_letters(rng, HUNCH_CLUES, correct, clue_accuracy(self.level))
            if self.kept[other] is not None:
                world.kept[other] = sorted([right, rng.choice(wrong)])
            if self.locked[other] is not None:
                world.locked[other] = rng.choice([*(world.kept[other] or LETTERS), "walk"])
        # Cards passed for lifelines: the seat's own card stays, the others are drawn anew, and
        # the asker's cards follow from them (the seat's own cards stay as it saw them).
        real = {entry["asker"] for entry in self.passed if entry["kind"] == "audience"}
        simulated = [other for other in self.players()
                     if self.audience_cards[other] is not None and other not in real]
        world.passed = []
        for entry in self.passed:
            asker, kind = entry["asker"], entry["kind"]
            cards_of = world.audience_cards if kind == "audience" else world.phone_cards
            if asker == seat:
                rest = list(cards_of[asker])  # type: ignore[arg-type]
                rest.remove(right)
                rng.shuffle(rest)
                votes = dict(zip(entry["voters"], rest, strict=True))
            else:
                votes = {voter: entry["votes"][voter] if voter == seat else rng.choice(LETTERS)
                         for voter in entry["voters"]}
                cards_of[asker] = sorted([*votes.values(), right])
            world.passed.append({**entry, "votes": votes})
        for other in simulated:
            if other != seat:
                world.audience_cards[other] = sorted(
                    [*draw_letters(rng, SIMULATED_VOTERS, correct, audience_accuracy(self.level)), right])
        if self.asking is not None:
            asking = self.asking
            world.asking = {**asking, "votes": {voter: letter if voter == seat else rng.choice(LETTERS)
                                                for voter, letter in asking["votes"].items()}}
        return world

    def _draw_correct(self, seat: int | None, rng: random.Random) -> int:
        """A correct answer as likely as the seat's own evidence makes it (uniform for the spectator)."""
        return rng.choices(range(4), weights=self.evidence_weights(seat))[0]

    def evidence_weights(self, seat: int | None) -> list[float]:
        """How likely each option is to be correct from what ``seat`` saw: its 50:50, its hunch and its
        lifeline cards (the votes in them taken as honest, right half the time; see ``knowledge``)."""
        weights = [1.0] * 4
        if seat is None:
            return weights
        for index, letter in enumerate(LETTERS):
            if self.kept[seat] is not None and letter not in self.kept[seat]:  # type: ignore[operator]
                weights[index] = 0.0
                continue
            hunch = self.hunch[seat]
            if hunch is not None:
                weights[index] *= letter_odds(hunch, index, clue_accuracy(self.level))
            for cards in (self.audience_cards[seat], self.phone_cards[seat]):
                if cards is not None:
                    weights[index] *= hand_likelihood(cards, letter, 0.5)
        return weights

    def clone(self) -> MillionaireState:
        copy = MillionaireState.__new__(MillionaireState)
        copy.__dict__.update(self.__dict__)
        copy.ledger = self.ledger.clone()
        copy.asked = dict(self.asked)
        for name in ("used_questions", "reveals", "rounds", "contestants", "steps", "in_round", "paid",
                     "locked", "hunch", "kept", "audience_cards", "phone_cards", "friend", "chance"):
            setattr(copy, name, list(getattr(self, name)))
        copy.used_lifelines = [list(used) for used in self.used_lifelines]
        copy.passed = [dict(entry, votes=dict(entry["votes"])) for entry in self.passed]
        copy.asking = None if self.asking is None else dict(self.asking, votes=dict(self.asking["votes"]))
        return copy


def next_setup(records: Sequence[Mapping[str, Any]]) -> dict[str, JSON] | None:
    """What a table's next game avoids: the questions of its last games (records oldest first),
    with those the last one was already avoiding, up to the last ``RECENT_GAMES`` games."""
    from highstakes.engine.game import replay

    recent: list[list[str]] = []
    for record in records:
        if record.get("game") != "millionaire":
            continue
        game = replay(record)  # refuses a record that is not one, its setup included
        entries = record["actions"]
        carried = entries[0]["setup"]["recent"] if entries and "setup" in entries[0] else []
        # A finished game says which questions it asked; a game set up without its table's
        # past (the first, or one started afresh) carries on what the records before it showed.
        asked = list(game.result()["questions"]) if game.is_over else []
        recent = [asked, *(carried or recent)]
    recent = [list(ids) for ids in recent if ids][:RECENT_GAMES]
    return {"recent": recent} if recent else None
