"""Deal or No Deal as a state machine: both board-game versions (RULES.md §3, §7.1).

A match is a series of games (two in the duo version, one per seat in the party
version), each with a host (the banker) and a contestant:

* **fill**: 26 chance events put the values in the cases, unseen by anyone;
* **pick**: the contestant chooses a special case, opened only at the end;
* rounds 1 to 9: the contestant **calls** cases to open (6, 5, 4, 3, 2, 1, 1, 1, 1);
  in the party version the holder of a called case may **guess** its value first;
  after each round the host makes an **offer** and the two may negotiate;
* round 10 (two cases left): the final offer; if it is refused, the last holder
  guesses, the contestant **keeps or swaps**, and wins the chosen case's value.

Money lives in a ledger (players, bank, kitty), so the total never changes.
Case values are hidden from every seat until the case is opened (§7.2).
"""

from __future__ import annotations

import random
from typing import Any

from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.money import (
    BANK_FUND,
    DOLLAR,
    FINAL_ROUND,
    FREE_GUESS_PRIZE,
    HOLDER_WINS_KITTY,
    HOST_WINS_KITTY,
    KITTY_SEED,
    MAX_COUNTERS,
    MAX_OFFER,
    MILLION_BILL,
    MIN_OFFER,
    NUM_CASES,
    ROUND_SIZES,
    START_CASH,
    dollars,
    guess_price,
)
from highstakes.catalog.deal_or_no_deal.options import DealOptions
from highstakes.catalog.deal_or_no_deal.words import KIND_WORDS, _, one_of
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger
from highstakes.engine.parts import AmountEntry

BANK, KITTY = "bank", "kitty"
#: Offer and counter menus for bots and simple faces, as fractions of the mean left on the
#: board; any other amount in range is accepted too.
OFFER_FRACTIONS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25)
COUNTER_FACTORS = (1.1, 1.25, 1.5, 2.0)


def account(seat: int) -> str:
    return f"seat{seat}"


def _no_such_case(number: int) -> str:
    """Why there is no case ``number`` (§3.1), naming it only when it is a number people write."""
    if abs(number) < 1000:
        return _("cases are numbered 1 to {last}; there is no case {number}").format(
            last=NUM_CASES, number=number)
    return _("cases are numbered 1 to {last}").format(last=NUM_CASES)


def round_amount(cents: float) -> int:
    """Round an offer to whole dollars (to $100 above $10,000), within the allowed range."""
    step = 100 * 100 if cents >= 1_000_000 else 100
    return int(min(MAX_OFFER, max(100, round(cents / step) * step)))


class DealState(GameState):
    """The whole match: money, roles, and the game under way."""

    def __init__(self, seats: int, options: DealOptions) -> None:
        version = options.version_for(seats)
        if version == "duo" and seats != 2:
            message = _("the duo version is for 2 players; choose the party version for {seats}")
            raise ValueError(message.format(seats=seats))
        if version == "party" and seats < 3:
            raise ValueError(_("the party version is for 3 to 6 players; choose the duo version for 2"))
        self.seats = seats
        self.version = version
        self.options = options
        self.values: tuple[int, ...] = options.case_values
        self.literal_offers = options.offer_timing == "literal"
        self.guess_on_swap = options.round10_guess == "any"
        players = {account(seat): START_CASH if version == "party" else 0 for seat in range(seats)}
        self.ledger = Ledger({**players, BANK: BANK_FUND, KITTY: 0})
        self.hosted = [False] * seats
        self.games_total = 2 if version == "duo" else seats
        self.results: list[dict[str, JSON]] = []
        self.game_index = -1
        self._start_game(0)

    # --- set-up -------------------------------------------------------------------------------
    def _start_game(self, index: int) -> None:
        self.game_index = index
        self.host = index % self.seats
        self.contestant = (self.host + 1) % self.seats
        # Holders in seat order after the contestant, so the deal is the same at any table.
        self.holders = [
            (self.contestant + step) % self.seats for step in range(1, self.seats)
            if (self.contestant + step) % self.seats != self.host
        ] if self.version == "party" else []
        self.case_holder: list[int | None] = [None] * NUM_CASES
        if self.holders:
            centre = NUM_CASES % len(self.holders)  # 2 with 3 or 4 holders (D-3)
            for case in range(NUM_CASES - centre):
                self.case_holder[case] = self.holders[case % len(self.holders)]
        self.case_value: list[int | None] = [None] * NUM_CASES
        self.unplaced = sorted(self.values)
        self.opened = [False] * NUM_CASES
        self.special: int | None = None
        self.phase = "fill"
        self.round = 1
        self.to_open = ROUND_SIZES[0]
        self.called: int | None = None
        self.pending_guess: dict[str, Any] | None = None
        self.guesses: list[dict[str, JSON]] = []
        self.offer: int | None = None
        self.counter: int | None = None
        self.counters_used = 0
        self.stood_firm = False
        self.offers: list[dict[str, Any]] = []
        self.deal: int | None = None
        self.chosen: int | None = None  # the case the contestant takes after round 10
        self.log: list[dict[str, JSON]] = []
        if self.version == "party":
            self.hosted[self.host] = True  # the host may now spend the $1,000,000 bill (D-10)
            if self.ledger.balance(KITTY) == 0:
                self.ledger.transfer(BANK, KITTY, KITTY_SEED)  # a new host refills an empty kitty
        self.log.append({"event": "game", "number": index + 1, "host": self.host,
                         "contestant": self.contestant})

    # --- who acts -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in ("pick", "call", "respond", "keep_or_swap"):
            return (self.contestant,)
        if phase in ("offer", "counter", "host_guess"):
            return (self.host,)
        if phase in ("guess", "final_guess"):
            assert self.called is not None
            return (self.case_holder[self.called],)  # type: ignore[return-value]
        return ()

    def is_chance(self) -> bool:
        return self.phase == "fill"

    def is_over(self) -> bool:
        return self.phase == "over"

    # --- chance: filling the cases ---------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        share = 1 / len(self.unplaced)
        return [(value, share) for value in self.unplaced]

    def sample_chance(self, rng: random.Random) -> JSON:
        return self.unplaced[rng.randrange(len(self.unplaced))]

    def check_chance(self, outcome: JSON) -> int:
        if isinstance(outcome, bool) or not isinstance(outcome, int) or outcome not in self.unplaced:
            raise IllegalAction(
                "bad_chance",
                _("the next case must get one of the values not yet placed; got {outcome}").format(
                    outcome=repr(outcome)),
                "§3.3",
            )
        return outcome

    def apply_chance(self, outcome: int) -> None:
        case = self.case_value.index(None)
        self.case_value[case] = outcome
        self.unplaced.remove(outcome)
        if not self.unplaced:
            self.phase = "pick"

    # --- what may be done ----------------------------------------------------------------------------
    def in_play(self) -> list[int]:
        """Values still uncovered on the money board, ascending."""
        return sorted(v for case, v in enumerate(self.case_value) if not self.opened[case] and v is not None)

    def unopened_cases(self) -> list[int]:
        """Case indexes (0-based) not yet opened, the special case excluded."""
        return [case for case in range(NUM_CASES) if not self.opened[case] and case != self.special]

    def spendable(self, seat: int) -> int:
        """Cash a seat may spend on guesses: all of it once it has hosted (D-10)."""
        locked = 0 if self.hosted[seat] or self.version == "duo" else MILLION_BILL
        return max(0, self.ledger.balance(account(seat)) - locked)

    def price(self) -> int:
        return guess_price(self.round)

    def mean_in_play(self) -> float:
        values = self.in_play()
        return sum(values) / len(values) if values else 0.0

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == "pick":
            return [Move("pick", case + 1) for case in range(NUM_CASES)]
        if phase == "call":
            return [Move("open", case + 1) for case in self.unopened_cases()]
        if phase in ("guess", "final_guess"):
            moves = [Move("no_guess")] + [Move("guess", value) for value in self.in_play()]
            if self.spendable(seat) >= self.price():
                moves += [Move("paid_guess", value) for value in self.in_play()]
            return moves
        if phase == "host_guess":
            moves = [Move("no_guess")]
            if self.spendable(seat) >= self.price():
                moves += [Move("paid_guess", value) for value in self.in_play()]
            return moves
        if phase == "offer":
            return [Move("offer", amount) for amount in self._offer_menu()]
        if phase == "respond":
            moves = [Move("deal"), Move("no_deal")]
            if self._may_counter():
                assert self.offer is not None
                moves += [Move("counter", amount) for amount in self._counter_menu(self.offer)]
            return moves
        if phase == "counter":
            assert self.offer is not None and self.counter is not None
            better = sorted({round_amount((self.offer + self.counter) / 2), self.offer})
            return [Move("accept"), Move("stand")] + [
                Move("offer", amount) for amount in better if amount != self.offer
            ]
        if phase == "keep_or_swap":
            return [Move("keep"), Move("swap")]
        return []

    def _offer_menu(self) -> list[int]:
        mean = self.mean_in_play()
        return sorted({round_amount(mean * fraction) for fraction in OFFER_FRACTIONS})

    def _counter_menu(self, offer: int) -> list[int]:
        return sorted({round_amount(offer * factor) for factor in COUNTER_FACTORS} - {offer})

    def _may_counter(self) -> bool:
        return not self.stood_firm and self.counters_used < MAX_COUNTERS

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is not allowed now (§3, §7.1), or None. Amounts beyond the menus are fine."""
        if not isinstance(action, Move):
            message = _("{action} is not a Deal or No Deal move").format(action=action)
            return Refusal("illegal_action", message, "§3")
        phase, kind, amount = self.phase, action.kind, action.amount
        guesses = {"guess", "paid_guess", "no_guess"}
        allowed = {
            "pick": {"pick"}, "call": {"open"}, "guess": guesses, "final_guess": guesses,
            "host_guess": guesses, "offer": {"offer"}, "respond": {"deal", "no_deal", "counter"},
            "counter": {"accept", "stand", "offer"}, "keep_or_swap": {"keep", "swap"},
        }.get(phase, set())
        if kind not in allowed:
            if not allowed:
                return Refusal("wrong_move", _("nobody may move now"), "§3")
            expected = one_of(KIND_WORDS[name] for name in sorted(allowed))
            return Refusal("wrong_move", _("now is the time for {expected}, not {move}").format(
                expected=expected, move=_(KIND_WORDS[kind])), "§3")
        if kind in ("pick", "open"):
            assert amount is not None
            if not 1 <= amount <= NUM_CASES:
                return Refusal("no_such_case", _no_such_case(amount), "§3.1")
            case = amount - 1
            if kind == "open" and case == self.special:
                return Refusal("own_case", _("your own case is opened only at the end"), "§3.3")
            if kind == "open" and self.opened[case]:
                return Refusal(
                    "already_open", _("case {number} is already open").format(number=amount), "§3.3")
        if kind in ("guess", "paid_guess"):
            assert amount is not None
            if amount not in self.in_play():
                return Refusal("value_not_in_play",
                               _("guess one of the values still on the board; {value} is not").format(
                                   value=dollars(amount)),
                               "§3.6 (D-8)")
            if kind == "guess" and phase == "host_guess":
                return Refusal(
                    "host_guess_is_paid", _("after a deal the host may only make a paid guess"), "§3.5")
            if kind == "paid_guess" and self.spendable(seat) < self.price():
                can_spend = dollars(self.spendable(seat))
                return Refusal("cannot_afford",
                               _("a paid guess costs {price}; you can spend {money}").format(
                                   price=dollars(self.price()), money=can_spend),
                               "§3.6 (D-10)")
        if kind in ("offer", "counter"):
            assert amount is not None
            if not MIN_OFFER <= amount <= MAX_OFFER or amount % DOLLAR:
                shown = dollars(amount)
                return Refusal("bad_amount",
                               _("an amount is whole dollars from {low} to {high}; got {amount}").format(
                                   low=dollars(MIN_OFFER), high=dollars(MAX_OFFER), amount=shown), "§7.1")
        if kind == "counter" and not self._may_counter():
            if self.stood_firm:
                message = _("no counter-offer now: the host stands firm; take the offer or refuse it")
            else:
                message = _("no counter-offer now: {count} counter-offers were made; "
                            "take the offer or refuse it")
            return Refusal("no_more_counters", message.format(count=MAX_COUNTERS), "§7.1")
        return None

    # --- doing it --------------------------------------------------------------------------------------
    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        getattr(self, f"_do_{action.kind}")(seat, action.amount)

    def _do_pick(self, seat: int, number: int) -> None:
        case = number - 1
        self.special = case
        self.case_holder[case] = None  # its holder loses it to the contestant (D-3)
        self.log.append({"event": "pick", "seat": seat, "case": number})
        self.phase = "call"

    def _do_open(self, seat: int, number: int) -> None:
        case = number - 1
        self.log.append({"event": "call", "seat": seat, "case": number})
        holder = self.case_holder[case]
        if holder is not None:
            self.called = case
            self.phase = "guess"
        else:
            self._reveal(case)
            self._after_open()

    def _do_guess(self, seat: int, value: int) -> None:
        self._record_guess(seat, value, paid=False)

    def _do_paid_guess(self, seat: int, value: int) -> None:
        self.ledger.transfer(account(seat), KITTY, self.price())  # right or wrong (D-9)
        self._record_guess(seat, value, paid=True)

    def _do_no_guess(self, seat: int, _amount: None) -> None:
        if self.phase == "host_guess":
            self._finish_game()
            return
        self._after_guess()

    def _record_guess(self, seat: int, value: int, paid: bool) -> None:
        case = self.special if self.phase == "host_guess" else self.called
        assert case is not None
        self.pending_guess = {"seat": seat, "case": case + 1, "value": value, "paid": paid,
                              "price": self.price() if paid else 0}
        if self.phase == "host_guess":
            self._finish_game()
        else:
            self._after_guess()

    def _after_guess(self) -> None:
        if self.phase == "final_guess":
            # D-6: the last holder's guess comes before the keep-or-swap choice ("any"), or
            # after a keep and before any opening ("keep_only").
            if self.chosen is None:
                self.phase = "keep_or_swap"
            else:
                self._final_open()
            return
        assert self.called is not None
        case, self.called = self.called, None
        self._reveal(case)
        self._after_open()

    def _reveal(self, case: int) -> None:
        """Open a case: show its value, settle a guess on it and the kitty cards."""
        value = self.case_value[case]
        assert value is not None
        self.opened[case] = True
        holder = self.case_holder[case]
        self.log.append({"event": "open", "case": case + 1, "value": value, "holder": holder,
                         "round": self.round})
        self._settle_guess(case, value)
        if self.version != "party":
            return
        if value == HOLDER_WINS_KITTY and holder is not None:
            self._pay_kitty(holder, "holder")  # D-4, D-7
        elif value == HOST_WINS_KITTY and self.round < FINAL_ROUND:
            self._pay_kitty(self.host, "host")  # D-5: never in round 10

    def _settle_guess(self, case: int, value: int) -> None:
        guess = self.pending_guess
        if guess is None or guess["case"] != case + 1:
            return
        self.pending_guess = None
        right = guess["value"] == value
        won = (value if guess["paid"] else FREE_GUESS_PRIZE) if right else 0
        if won:
            self.ledger.transfer(BANK, account(guess["seat"]), won)
        entry = {"seat": guess["seat"], "case": case + 1, "guess": guess["value"], "paid": guess["paid"],
                 "price": guess["price"], "right": right, "won": won}
        self.guesses.append(entry)
        self.log.append({"event": "guess", **entry})

    def _pay_kitty(self, seat: int, card: str) -> None:
        amount = self.ledger.balance(KITTY)
        if amount:
            self.ledger.transfer(KITTY, account(seat), amount)
        self.log.append({"event": "kitty", "seat": seat, "card": card, "amount": amount})

    def _after_open(self) -> None:
        self.to_open -= 1
        if self.to_open > 0:
            self.phase = "call"
            return
        if self.round == len(ROUND_SIZES) and not self.literal_offers:
            self.round = FINAL_ROUND  # D-2: one final offer when two cases remain
        self._start_offer()

    def _start_offer(self) -> None:
        self.offer = self.counter = None
        self.counters_used = 0
        self.stood_firm = False
        self.offers.append({"round": self.round, "offers": [], "counters": [], "outcome": None})
        self.phase = "offer"

    def _do_offer(self, seat: int, amount: int) -> None:
        self.offer = amount
        self.counter = None
        self.offers[-1]["offers"].append(amount)
        self.log.append({"event": "offer", "seat": seat, "amount": amount, "round": self.round})
        self.phase = "respond"

    def _do_counter(self, seat: int, amount: int) -> None:
        self.counter = amount
        self.counters_used += 1
        self.offers[-1]["counters"].append(amount)
        self.log.append({"event": "counter", "seat": seat, "amount": amount})
        self.phase = "counter"

    def _do_stand(self, seat: int, _amount: None) -> None:
        self.stood_firm = True
        self.counter = None
        self.log.append({"event": "stand", "seat": seat, "amount": self.offer})
        self.phase = "respond"

    def _do_accept(self, seat: int, _amount: None) -> None:
        assert self.counter is not None
        self.log.append({"event": "accept", "seat": seat, "amount": self.counter})
        self._make_deal(self.counter)

    def _do_deal(self, seat: int, _amount: None) -> None:
        assert self.offer is not None
        self.log.append({"event": "deal", "seat": seat, "amount": self.offer})
        self._make_deal(self.offer)

    def _make_deal(self, amount: int) -> None:
        self.deal = amount
        self.offers[-1]["outcome"] = "deal"
        payer = account(self.host) if self.version == "party" else BANK
        self.ledger.transfer(payer, account(self.contestant), amount)
        if self.version == "party":
            self.phase = "host_guess"  # the host may buy a guess of the special case (§3.5.7)
        else:
            self._finish_game()

    def _do_no_deal(self, seat: int, _amount: None) -> None:
        self.offers[-1]["outcome"] = "no_deal"
        self.log.append({"event": "no_deal", "seat": seat, "round": self.round})
        if self.round >= FINAL_ROUND:
            self._final_refused()
        elif self.round == len(ROUND_SIZES):  # literal timing: round 9's offer, then the final one
            self.round = FINAL_ROUND
            self._start_offer()
        else:
            self.round += 1
            self.to_open = ROUND_SIZES[self.round - 1]
            self.phase = "call"

    def _last_other_case(self) -> int:
        (other,) = self.unopened_cases()
        return other

    def _final_refused(self) -> None:
        other = self._last_other_case()
        self.called = other
        if self.case_holder[other] is not None and self.guess_on_swap:
            self.phase = "final_guess"
        else:
            self.phase = "keep_or_swap"

    def _do_keep(self, seat: int, _amount: None) -> None:
        self._choose_final(seat, swap=False)

    def _do_swap(self, seat: int, _amount: None) -> None:
        self._choose_final(seat, swap=True)

    def _choose_final(self, seat: int, swap: bool) -> None:
        assert self.special is not None
        other = self._last_other_case()
        self.chosen = other if swap else self.special
        self.log.append({"event": "swap" if swap else "keep", "seat": seat})
        if not swap and not self.guess_on_swap and self.case_holder[other] is not None:
            self.phase = "final_guess"  # keep_only: the holder guesses now, before the opening
            return
        self._final_open()

    def _final_open(self) -> None:
        """Round 10 refused: open the other case, then the contestant's, and pay the chosen one."""
        assert self.special is not None and self.chosen is not None
        other = self._last_other_case()
        self.called = None
        self._reveal(other)  # a held $750 still pays the kitty here (D-7); $0.01 does not (D-5)
        self._reveal(self.special)
        won = self.case_value[self.chosen]
        assert won is not None
        payer = account(self.host) if self.version == "party" else BANK
        self.ledger.transfer(payer, account(self.contestant), won)
        self._finish_game(won=won)

    def _finish_game(self, won: int | None = None) -> None:
        """Settle the host's guess, show every case, record the game and start the next."""
        assert self.special is not None
        if self.phase == "host_guess" and self.pending_guess is not None:
            self._settle_guess(self.special, self.case_value[self.special])  # type: ignore[arg-type]
        amount = self.deal if won is None else won
        self.results.append({
            "game": self.game_index + 1, "host": self.host, "contestant": self.contestant,
            "won": amount, "deal": won is None, "special_case": self.special + 1,
            "special_value": self.case_value[self.special],
            "cases": list(self.case_value),
            "guesses": [dict(entry) for entry in self.guesses],
        })
        self.log.append({"event": "end", "won": amount, "deal": won is None})
        # The finished game's log goes with its result, so faces can show how it ended after
        # the next game has begun.
        self.results[-1]["log"] = list(self.log)
        if self.game_index + 1 < self.games_total:
            self._start_game(self.game_index + 1)
        else:
            self.phase = "over"

    # --- what people see -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        party = self.version == "party"
        over = self.phase == "over"
        cases = [
            {"case": case + 1, "holder": self.case_holder[case], "special": case == self.special,
             "opened": self.opened[case],
             "value": self.case_value[case] if self.opened[case] or over else None}
            for case in range(NUM_CASES)
        ]
        in_play = self.in_play() if self.phase != "fill" else sorted(self.values)
        board, remaining = [], list(in_play)
        for value in sorted(self.values):
            live = value in remaining
            if live:
                remaining.remove(value)
            board.append({"value": value, "in_play": live})
        own = self.pending_guess if self.pending_guess and self.pending_guess["seat"] == seat else None
        balances = [self.ledger.balance(account(s)) for s in range(self.seats)]
        return {
            "game": "deal_or_no_deal",
            "you": seat,
            "seats": self.seats,
            "version": self.version,
            "phase": self.phase,
            "game_number": self.game_index + 1,
            "games_total": self.games_total,
            "host": self.host,
            "contestant": self.contestant,
            "holders": list(self.holders),
            "cases": cases,
            "board": board,
            "mean_in_play": round(sum(in_play) / len(in_play)) if in_play else 0,
            "round": self.round,
            "to_open": self.to_open if self.phase in ("call", "guess") else 0,
            "price": self.price(),
            "called": self.called + 1 if self.called is not None else None,
            "offer": self.offer,
            "counter": self.counter,
            "counters_left": MAX_COUNTERS - self.counters_used,
            "stood_firm": self.stood_firm,
            "offers": [dict(entry, offers=list(entry["offers"]), counters=list(entry["counters"]))
                       for entry in self.offers],
            "deal": self.deal,
            "chosen": self.chosen + 1 if self.chosen is not None else None,
            "money": balances if party else None,
            "spendable": [self.spendable(s) for s in range(self.seats)] if party else None,
            "hosted": list(self.hosted) if party else None,
            "kitty": self.ledger.balance(KITTY) if party else None,
            "winnings": balances if not party else None,
            "bank": self.ledger.balance(BANK),
            "guesses": [dict(entry) for entry in self.guesses],
            "your_guess": dict(own) if own else None,
            "log": [dict(entry) for entry in self.log],
            "results": [dict(entry) for entry in self.results],
            "options": self.options.to_json(),
        }

    def result(self) -> dict[str, JSON]:
        scores = [self.ledger.balance(account(seat)) for seat in range(self.seats)]
        top = max(scores)
        return {
            "scores": scores,
            "winners": [seat for seat, score in enumerate(scores) if score == top],
            "games": [dict(entry) for entry in self.results],
        }

    # --- hooks for faces, bots and the conformance kit ------------------------------------------------
    def amount_entries(self, seat: int) -> list[AmountEntry]:
        """Offers and counters take any whole-dollar amount, beyond the menus (RULES.md §7.1)."""
        if seat not in self.to_act():
            return []
        kinds = {"offer": ["offer"], "counter": ["offer"],
                 "respond": ["counter"] if self._may_counter() else []}.get(self.phase, [])
        # Translators: what a typed amount is, at the head of a problem with it ("Offer: from $1 to ...").
        labels = {"offer": _("Offer"), "counter": _("Counter-offer")}
        return [AmountEntry(kind, labels[kind], MIN_OFFER, MAX_OFFER, step=DOLLAR, scale=DOLLAR,
                            currency="USD") for kind in kinds]

    def money(self) -> Ledger:
        return self.ledger

    def resample_hidden(self, seat: int | None, rng: random.Random) -> DealState:
        """The same game with the unopened cases filled anew, and other seats' unrevealed guesses.

        Nobody sees inside an unopened case (§7.2), the contestant's own included; which values
        are still in play is public (the money board). A holder's guess is known to that
        holder only until its case is opened; whether it was paid is public (the money moved).
        """
        world = self.clone()
        hidden = [case for case in range(NUM_CASES)
                  if not self.opened[case] and self.case_value[case] is not None]
        pool = sorted([self.case_value[case] for case in hidden] + self.unplaced)  # type: ignore[misc]
        rng.shuffle(pool)
        for case, value in zip(hidden, pool, strict=False):
            world.case_value[case] = value
        world.unplaced = sorted(pool[len(hidden):])
        guess = world.pending_guess
        if guess is not None and guess["seat"] != seat:
            world.pending_guess = {**guess, "value": rng.choice(world.in_play())}
        return world

    def clone(self) -> DealState:
        copy = DealState.__new__(DealState)
        copy.__dict__.update(self.__dict__)
        copy.ledger = self.ledger.clone()
        for name in ("hosted", "results", "holders", "case_holder", "case_value", "unplaced", "opened",
                     "guesses", "log"):
            setattr(copy, name, list(getattr(self, name)))
        copy.offers = [dict(entry, offers=list(entry["offers"]), counters=list(entry["counters"]))
                       for entry in self.offers]
        copy.pending_guess = dict(self.pending_guess) if self.pending_guess else None
        return copy
