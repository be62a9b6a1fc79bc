"""The ``highstakes`` command: one entry point, a subcommand per job.

Exit codes: 0 success, 1 the work failed, 2 bad usage or input (unknown game,
bad option, unreadable record).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from highstakes import __version__, i18n
from highstakes.cli.words import bot_about, bot_label, game_text, percent, speak_argparse
from highstakes.engine.options import parse_option_value
from highstakes.engine.parts import UsageError  # bad input from the user: one line, exit code 2
from highstakes.engine.registry import definition, games
from highstakes.i18n import LANGUAGES, N_, _, ngettext
from highstakes.i18n.numbers import format_number

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class Failure(Exception):
    """The work could not be done (a port taken, say): printed as one line, exit code 1."""


def _options(pairs: Sequence[str], game_id: str) -> dict[str, Any]:
    specs = {spec.name: spec for spec in definition(game_id).option_specs}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(_("options are written NAME=VALUE, e.g. -o dddd=800; got {pair}").format(
                pair=repr(pair)))
        spec = specs.get(name.strip())
        # One of the option's own words ("on" of an option offering "on" and "off") stays that
        # word, not the true or false "on" and "off" are read as elsewhere.
        own_word = spec is not None and value.strip() in spec.choices
        options[name.strip()] = value.strip() if own_word else parse_option_value(value)
    return options


def _game_id(text: str) -> str:
    try:
        definition(text)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return text


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()] if text else []


# --- subcommands ------------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps([describe_game(g) for g in games()], indent=2))
        return EXIT_OK
    # In a terminal every line wraps at its width and keeps its indentation; piped into a
    # file or another program, each game is one block of unwrapped lines.
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    print("\n".join(games_lines(width)))
    return EXIT_OK


def games_lines(width: int | None) -> list[str]:
    """Every game as a block of lines: title, summary, bots (short id and words) and options.

    Lines wrap at ``width`` (None: never), each keeping its indentation.
    """

    def line(text: str, indent: int, hanging: int = 0) -> list[str]:
        if width is None:
            return [" " * indent + text]
        return textwrap.wrap(text, width=max(width, indent + hanging + 20), initial_indent=" " * indent,
                             subsequent_indent=" " * (indent + hanging), break_on_hyphens=False)

    lines: list[str] = []
    for game_id in games():
        described = describe_game(game_id)
        if lines:
            lines.append("")
        players = ngettext("{low} to {high} player", "{low} to {high} players",
                           described["max_seats"]).format(low=described["min_seats"],
                                                          high=described["max_seats"])
        lines += line(f"{described['title']}  {game_id} · {players}", 0)
        lines += line(described["summary"], 2)
        lines += line(_("bots (--bots NAME,NAME):"), 2)
        longest = max(len(bot["name"]) for bot in described["bots"])
        for bot in described["bots"]:
            lines += line(f"{bot['name']:<{longest}}  {bot['label']}", 4, longest + 2)
        if described["options"]:
            lines += line(_("options (-o NAME=VALUE):"), 2)
        for option in described["options"]:
            choices = " | ".join(json.dumps(choice) for choice in option["choices"])
            lines += line(f"{option['name']}={choices}", 4, 2)
            lines += line(option["description"], 6)
            if option.get("also_accepts"):
                lines += line(_("also accepted: {other}").format(other=option["also_accepts"]), 6)
    return lines


def describe_game(game_id: str) -> dict[str, Any]:
    """A game's description with what it offers: its bots (by name and in words) and parts.

    Its words (title, summary, bots' names and sentences, options' meanings) are the reader's.
    """
    from highstakes.bots.registry import bot_catalog

    d = definition(game_id)
    described = d.describe()  # its own words already in the reader's language
    described["bots"] = [
        {"name": name, "label": bot_label(game_id, name), "about": bot_about(game_id, name)}
        for name in bot_catalog(game_id)
    ]
    described["advisor"] = d.advisor() is not None
    described["solver"] = d.solver() is not None
    return described


def cmd_rules(args: argparse.Namespace) -> int:
    text = definition(_game_id(args.game)).rules_text()
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        print(text)
    return EXIT_OK


def read_record(path: str) -> dict[str, Any]:
    """The game record in the file at ``path``, or a UsageError saying in words what is wrong."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError:
        raise UsageError(_("{path} is not a game record: it is not a text file").format(path=path)) from None
    except OSError as error:
        raise UsageError(_("cannot read {path}: {reason}").format(path=path, reason=error.strerror)) from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(_("{path} is not a game record: it is not JSON ({reason} at line {line})").format(
            path=path, reason=error.msg, line=error.lineno)) from None
    problem = record_problem(record)
    if problem:
        raise UsageError(_("{path} is not a game record: {problem}").format(path=path, problem=problem))
    return dict(record)


def record_problem(record: Any) -> str | None:
    """What keeps ``record`` from being a game record, in words, or None when its shape is right."""
    if not isinstance(record, dict):
        return _("a record is a JSON object with the keys game, seats and actions")
    for key in ("game", "seats", "actions"):
        if key not in record:
            return _("it has no {key}").format(key=key)
    if record["game"] not in games():
        return _("it is a record of {game}, which is not installed; installed games: {games}").format(
            game=repr(record["game"]), games=", ".join(games()))
    if not isinstance(record["actions"], list):
        return _("its actions are not a list")
    seats = record["seats"]
    for index, entry in enumerate(record["actions"]):
        if not isinstance(entry, dict):
            return _("entry {index} is not an object").format(index=index)
        if "chance" in entry or (index == 0 and "setup" in entry):
            continue
        for key in ("seat", "action"):
            if key not in entry:
                return _("entry {index} has no {key}").format(index=index, key=key)
        seat = entry["seat"]
        if isinstance(seats, int) and (type(seat) is not int or not 0 <= seat < seats):
            return _("entry {index} names seat {seat}; a record counts this game's {seats} seats "
                     "from 0 to {last}").format(index=index, seat=repr(seat), seats=seats, last=seats - 1)
    return None


def cmd_replay(args: argparse.Namespace) -> int:
    from highstakes.engine.timeline import Timeline

    record = read_record(args.file)
    try:
        timeline = Timeline(record)
    except ValueError as error:
        raise UsageError(f"{args.file}: {error}") from None
    if args.json or not sys.stdout.isatty():
        game = timeline.game_at(timeline.positions - 1)
        output = {
            "game": game.game_id,
            "over": game.is_over,
            "view": game.view(None),
            "result": game.result() if game.is_over else None,
        }
        print(json.dumps(output, indent=2))
        return EXIT_OK
    from highstakes.tui.replay import watch

    watch(timeline, title=os.path.basename(args.file))
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from highstakes.analysis.simulate import simulate

    game_id = _game_id(args.game)
    bot_names = _split(",".join(args.bots or ())) or ["random", "random"]
    if args.duplicate:
        return _simulate_duplicate(args, game_id, bot_names)
    if args.seats is not None:
        if len(bot_names) == 1:
            bot_names = bot_names * args.seats
        elif len(bot_names) != args.seats:
            raise UsageError(_("--seats {seats} but {count} bots given; give one bot per seat").format(
                seats=args.seats, count=len(bot_names)))
    elif len(bot_names) == 1:
        name = bot_names[0]
        seats = max(2, definition(game_id).usual_seats)
        raise UsageError(_("one bot cannot play alone: name a bot for each seat (--bots {name},random) "
                           "or fill every seat with it (--bots {name} --seats {seats})").format(
                               name=name, seats=seats))
    options = _options(args.option, game_id)
    _solve_first_if_needed(game_id, bot_names, options)

    def run(on_progress: Any, runner: Any) -> Any:
        return simulate(game_id, bot_names, args.games, seed=args.seed, options=options,
                        workers=args.workers or 1, on_progress=on_progress, runner=runner)

    summary = _run_with_progress(args, game_id, bot_names, run)
    data = summary.to_json()
    analysis = definition(game_id).analysis()  # the game's own statistics, if any
    details = None
    if analysis is not None:
        details = analysis.summarize(args.games, bot_names, args.seed, options)
        data["analysis"] = details
    if args.plot:
        if analysis is None or analysis.plot is None:
            with_plots = [g for g in games() if (a := definition(g).analysis()) is not None and a.plot]
            if not with_plots:
                raise UsageError(_("--plot is not available for {game}, nor for any game installed").format(
                    game=game_id))
            raise UsageError(_("--plot is not available for {game}; games with plots: {games}").format(
                game=game_id, games=", ".join(with_plots)))
        try:
            written = analysis.plot.draw(args.plot, details or {})
        except RuntimeError as error:  # matplotlib missing: the message says how to install it
            raise UsageError(str(error)) from None
        print(_("wrote {file}").format(file=written), file=sys.stderr)
    if args.json:
        print(json.dumps(data, indent=2))
        return EXIT_OK
    _print_summary(data)
    if analysis is not None and details is not None:
        print()
        print(analysis.describe(details))
    return EXIT_OK


def _run_with_progress(args: argparse.Namespace, game_id: str, bot_names: Sequence[str],
                       run: Callable[[Any, Any], Any]) -> Any:
    """Run a simulation, here or on ``--cluster``, with a progress bar when a person watches.

    ``run(on_progress, runner)`` is the simulation; its ValueErrors are bad input (exit 2),
    a cluster that cannot be reached or cannot play the games is a failure (exit 1).
    """
    from highstakes.analysis.cluster import ClusterError, ClusterUnavailable
    from highstakes.bots.runner import UnendingGame

    watched = not args.json and sys.stderr.isatty()
    title = f"{game_id}: {_(' vs ').join(bot_names)}"
    try:
        with contextlib.ExitStack() as stack:
            progress = task = None
            if watched:
                from rich.progress import Progress

                progress = stack.enter_context(Progress(transient=True))
                task = progress.add_task(title, total=args.games)
            runner = None
            if args.cluster is not None:
                from highstakes.analysis.cluster import RayCluster

                def connecting(now: bool) -> None:  # starting a local Ray takes some seconds
                    if progress is not None and task is not None:
                        progress.update(task, description=_("Connecting to Ray…") if now else title)

                runner = stack.enter_context(RayCluster(args.cluster, workers=args.workers,
                                                        on_connecting=connecting))
            if progress is None or task is None:
                return run(None, runner)
            return run(lambda n: progress.advance(task, n), runner)
    except (ValueError, ClusterUnavailable) as error:
        raise UsageError(str(error)) from None
    except ClusterError as error:
        raise Failure(str(error)) from None
    except UnendingGame as error:
        raise Failure(_unending(game_id, error.decisions)) from None


def _unending(game_id: str, decisions: int) -> str:
    """Why a simulation stopped at a game that went on and on, with the limits that would end it."""
    d = definition(game_id)
    title = game_text(game_id, d.title)
    if not d.bounded_play:
        return _("a game of {game} did not end after {moves} moves: these bots may never end it").format(
            game=title, moves=format_number(decisions))
    limits = " ".join(f"-o {name}={json.dumps(value)}" for name, value in d.bounded_play.items())
    return _("a game of {game} did not end after {moves} moves: these bots may never end it under the rules "
             "as written; to end every game as random play does, add {options}").format(
                 game=title, moves=format_number(decisions), options=limits)


def _solve_first_if_needed(game_id: str, bot_names: Sequence[str], options: dict[str, Any]) -> None:
    """Solve the game before a simulation in which a bot plays from its solution.

    Said in words, with the expected time, rather than left to the first game, which would
    hold the progress bar at 0 % for the whole solve.
    """

    d = definition(game_id)
    solver = d.solver()
    if solver is None or not any(bot.uses_solver and bot.name in bot_names for bot in d.bots()):
        return
    try:
        resolved = d.resolve_options(options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if solver.cached(resolved) is not None:
        return
    print(_("Solving {game} for these options, one time, about {seconds} s (kept for next time).").format(
        game=game_text(game_id, d.title), seconds=format_number(round(solver.seconds(resolved)))),
        file=sys.stderr)
    solver.solve(resolved, None)


def _print_summary(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    title = ngettext("{game}: {count} game (seed {seed})", "{game}: {count} games (seed {seed})",
                     data["games"]).format(game=data["game"], count=format_number(data["games"]),
                                           seed=data["seed"])
    table = Table(title=title)
    table.add_column(_("bot"))
    table.add_column(_("seat"))
    table.add_column(_("games"), justify="right")
    table.add_column(_("win rate"), justify="right")
    table.add_column(_("95% CI"), justify="right")
    for row in data["bots"]:
        table.add_row(
            row["bot"], _("all"), format_number(row["games"]), percent(row["win_rate"]),
            f"{percent(row['ci95'][0])} – {percent(row['ci95'][1])}", style="bold",
        )
        for seat in row["by_seat"]:
            if seat["games"]:
                table.add_row(
                    "", str(seat["seat"] + 1), format_number(seat["games"]), percent(seat["win_rate"]),
                    f"{percent(seat['ci95'][0])} – {percent(seat['ci95'][1])}",
                )
    console.print(table)
    decisions = format_number(round(data["mean_decisions"], 1))
    if data.get("mean_turns") is not None:
        length = _("mean game length: {decisions} decisions, {turns} turns").format(
            decisions=decisions, turns=format_number(round(data["mean_turns"], 1)))
    else:
        length = _("mean game length: {decisions} decisions").format(decisions=decisions)
    console.print(length)


def _simulate_duplicate(args: argparse.Namespace, game_id: str, bot_names: list[str]) -> int:
    from highstakes.analysis.simulate import simulate_duplicate

    if args.plot:
        raise UsageError(_("--plot draws a game's own chart of ordinary games, not of --duplicate"))
    options = _options(args.option, game_id)
    _solve_first_if_needed(game_id, bot_names, options)

    def run(on_progress: Any, runner: Any) -> Any:
        return simulate_duplicate(game_id, bot_names, args.games, seats=args.seats, seed=args.seed,
                                  options=options, workers=args.workers or 1, on_progress=on_progress,
                                  runner=runner)

    summary = _run_with_progress(args, game_id, bot_names, run)
    data = summary.to_json()
    if args.json:
        print(json.dumps(data, indent=2))
        return EXIT_OK
    _print_duplicate(data)
    return EXIT_OK


def _print_duplicate(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    title = ngettext("{game}: {count} deal played twice, the sides swapped (seed {seed})",
                     "{game}: {count} deals each played twice, the sides swapped (seed {seed})",
                     data["deals"]).format(game=data["game"], count=format_number(data["deals"]),
                                           seed=data["seed"])
    console.print(title)  # above the table rather than its title, which would wrap to its width
    table = Table()
    table.add_column(_("bot"))
    table.add_column(_("games"), justify="right")
    table.add_column(_("wins"), justify="right")
    table.add_column(_("win rate"), justify="right")
    for row in data["bots"]:
        table.add_row(row["bot"], format_number(row["games"]), format_number(row["wins"]),
                      percent(row["win_rate"]))
    console.print(table)
    difference = data["difference"]
    interval = difference["ci95"]
    names = {"first": difference["of"][0], "second": difference["of"][1],
             "mean": format_number(round(difference["mean"]))}
    if interval is None:  # one deal: no spread to measure
        console.print(_("mean score difference per deal, {first} minus {second}: {mean}").format(**names))
    else:
        console.print(_("mean score difference per deal, {first} minus {second}: {mean} "
                        "(95% CI {low} to {high})").format(
            **names, low=format_number(round(interval[0])), high=format_number(round(interval[1]))))
    console.print(_("mean game length: {decisions} decisions").format(
        decisions=format_number(round(data["mean_decisions"], 1))))


def cmd_solve(args: argparse.Namespace) -> int:
    game_id = _game_id(args.game)
    solver = definition(game_id).solver()
    if solver is None:
        solvable = [g for g in games() if definition(g).solver() is not None]
        if not solvable:
            raise UsageError(_("there is no solver for {game}, nor for any game installed").format(
                game=game_id))
        raise UsageError(_("there is no solver for {game}; solvable games: {games}").format(
            game=game_id, games=", ".join(solvable)))

    try:
        resolved = definition(game_id).resolve_options(_options(args.option, game_id))
    except ValueError as error:
        raise UsageError(str(error)) from None
    report = None if args.force else solver.cached(resolved)
    if report is None:
        if args.json or not sys.stderr.isatty():
            report = solver.solve(resolved, None)
        else:
            from rich.progress import Progress

            title = game_text(game_id, definition(game_id).title)
            print(_("Solving {game} for these options, one time, about {seconds} s.").format(
                game=title, seconds=format_number(round(solver.seconds(resolved)))), file=sys.stderr)
            with Progress(transient=True) as bar:
                task = bar.add_task(_("solving {game}").format(game=title), total=None)
                report = solver.solve(
                    resolved, lambda done, total: bar.update(task, completed=done, total=total)
                )
    if args.json:
        print(json.dumps(report.data, indent=2))
    else:
        width = max((len(label) for label, _value in report.lines), default=0)
        for label, value in report.lines:
            print(f"{label:<{width}}  {value}")
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from highstakes.bots.registry import available_bots, strongest_bot
    from highstakes.engine.game import new_game

    game_id = _game_id(args.game)
    d = definition(game_id)
    bot_names = _split(args.bots)
    seats = args.seats if args.seats is not None else max(d.usual_seats, len(bot_names) + 1)
    if not d.min_seats <= seats <= d.max_seats:
        raise UsageError(_("{game} is played by {low} to {high} seats; got {seats}").format(
            game=game_id, low=d.min_seats, high=d.max_seats, seats=seats))
    if len(bot_names) > seats:
        raise UsageError(ngettext("{count} bots do not fit in {seats} seat",
                                  "{count} bots do not fit in {seats} seats", seats).format(
                                      count=len(bot_names), seats=seats))
    options = _options(args.option, game_id)
    try:
        resolved = d.resolve_options(options)
        new_game(game_id, seats, options=resolved)  # options that do not fit the seats fail here
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.bots is None:
        bot_names = [strongest_bot(game_id, seats, resolved)] * (seats - 1)
    known = available_bots(game_id)
    for name in bot_names:
        if name not in known and name != "human":
            raise UsageError(_("unknown bot {bot} for {game}; available bots: {bots}").format(
                bot=repr(name), game=game_id, bots=", ".join([*known, "human"])))
    # People take the first seats, bots the last ones.
    seat_bots: list[str | None] = [None] * (seats - len(bot_names)) + [
        None if name == "human" else name for name in bot_names
    ]
    from highstakes.tui import play
    from highstakes.tui.records import new_record_path

    # Each finished game's record is kept, to be watched again with `highstakes replay`.
    play(game_id, seats, seat_bots, args.seed, options, record_path=new_record_path(game_id))
    return EXIT_OK


# The limits ``serve`` takes as flags: (field of Limits, flag, metavar, help).
SERVE_LIMITS: tuple[tuple[str, str, str, str], ...] = (
    ("rooms_per_minute", "--rooms-per-minute", "N", N_("rooms one client address may create a minute")),
    ("max_rooms", "--max-rooms", "N", N_("rooms open at once (in memory, game not over)")),
    ("max_bot_rooms", "--max-bot-rooms", "N", N_("games with bots under way at once")),
    ("max_spectators", "--max-spectators", "N", N_("spectators of one room")),
    ("connections_per_address", "--connections-per-address", "N",
     N_("connections (HTTP and WebSocket) one client address may hold")),
    ("messages_per_second", "--messages-per-second", "N",
     N_("WebSocket messages a second from one connection")),
    ("address_messages_per_second", "--address-messages-per-second", "N",
     N_("WebSocket messages a second from all connections of one client address")),
    ("requests_per_second", "--requests-per-second", "N",
     N_("API requests and WebSocket connections a second from one client address")),
    ("request_timeout", "--request-timeout", "SECONDS", N_("time a client has to send a request")),
    ("idle_room_seconds", "--idle-room-seconds", "SECONDS",
     N_("time a room nobody is connected to stays in memory (a finished one: a minute at most)")),
    ("compute_workers", "--compute-workers", "N", N_("processes that run bots, hints and solves")),
    ("compute_queue", "--compute-queue", "N",
     N_("hints and replays that may wait for a process, all clients together")),
    ("compute_seconds_per_address", "--compute-seconds-per-address", "SECONDS",
     N_("worker time a minute one client address may use (hints, replays) before its work waits behind "
        "the others'")),
    ("compute_seconds_per_room", "--compute-seconds-per-room", "SECONDS",
     N_("worker time a minute one room may use (its bots, its hints) before its work waits behind the "
        "others'")),
    ("max_solve_seconds", "--max-solve-seconds", "SECONDS",
     N_("longest one-off preparation (Greed's solve) the server starts, as the game estimates it from the "
        "options")),
    ("seats_per_address", "--seats-per-address", "N",
     N_("seats one client address may hold in games not over")),
    ("unclaimed_seat_seconds", "--unclaimed-seat-seconds", "SECONDS",
     N_("time after which a seat taken by someone who never connected to the room is free again")),
)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from highstakes.server.app import create_app
    from highstakes.server.limits import Limits
    from highstakes.server.security import Access
    from highstakes.server.storage import default_database_url
    from highstakes.server.transport import raise_open_file_limit, server_config

    if not 0 < args.port < 65536:
        raise UsageError(_("--port must be from 1 to 65535; got {port}").format(port=args.port))
    if args.bot_delay < 0:
        raise UsageError(_("--bot-delay must be 0 or more seconds; got {delay}").format(
            delay=format_number(args.bot_delay)))
    changed = {}
    for name, flag, *_rest in SERVE_LIMITS:
        value = getattr(args, name)
        if value is not None:
            if value <= 0:
                raise UsageError(_("{flag} must be more than 0; got {value}").format(
                    flag=flag, value=format_number(value)))
            changed[name] = value
    limits = Limits(**changed)
    try:
        access = Access(allowed_hosts=tuple(args.allowed_host), allowed_origins=tuple(args.allow_origin))
    except ValueError as error:
        raise UsageError(_("--allow-origin: {problem}").format(problem=error)) from None
    proxies = _split(args.forwarded_allow_ips)
    try:
        from highstakes.server.transport import Trusted

        Trusted(proxies)
    except ValueError:
        raise UsageError(
            _("--forwarded-allow-ips lists addresses or networks (127.0.0.1,10.0.0.0/8) or *; "
              "got {value}").format(value=repr(args.forwarded_allow_ips))
        ) from None
    url = args.db or default_database_url()
    _check_database(url)  # a mistake in --db is the flag's, whatever the port: said first
    listening = _listen(args.host, args.port)
    try:
        app = _open_app(
            create_app, url, bot_delay=args.bot_delay, seed=args.seed, limits=limits, access=access,
            start_workers=True,
        )
    except BaseException:
        listening.close()
        raise
    raise_open_file_limit()
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(_("High Stakes is serving at {address}  (database: {database})").format(
        address=f"http://{shown_host}:{args.port}/", database=_safe_url(url)))
    print(_("Press Ctrl+C to stop."))
    config = server_config(
        app, limits=limits, host=args.host, port=args.port, log_level=args.log_level,
        forwarded_allow_ips=proxies, ws_compression=args.ws_compression,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[listening])
    if not server.started:
        # uvicorn has logged why (the rooms could not be restored, say); only 0, 1 and 2 are ours.
        print("highstakes: " + _("the server could not start (see above)"), file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _open_app(create_app: Any, url: str, **settings: Any) -> Any:
    """The server application on the database at ``url``, or a UsageError saying what is wrong with it."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        return create_app(url, **settings)
    except (ValueError, SQLAlchemyError, ModuleNotFoundError) as error:
        # The storage may wrap the driver's error in a ValueError: judge by the original.
        wrapped = isinstance(error, ValueError) and isinstance(error.__cause__, Exception)
        cause = error.__cause__ if wrapped else error
        if isinstance(cause, SQLAlchemyError | ModuleNotFoundError):
            raise _database_error(url, cause) from None
        raise UsageError(str(error)) from None


def _check_database(url: str) -> None:
    """What can be told of a database URL without opening it: its form, its kind of database
    and, for SQLite, that its file's folder exists (a UsageError if not)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    try:
        make_url(url).get_dialect()
    except (ArgumentError, NoSuchModuleError) as error:
        raise _database_error(url, error) from None
    if url.startswith("sqlite:///"):
        folder = Path(url.removeprefix("sqlite:///")).parent
        if not folder.is_dir():
            raise _cannot_open(url, _("the folder {folder} does not exist").format(folder=folder))


def _database_error(url: str, error: Exception) -> UsageError:
    """Why the database at ``url`` cannot be had, in words, from the error that said so."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    shown = _safe_url(url)
    if isinstance(error, ArgumentError | NoSuchModuleError):
        return UsageError(_("--db takes sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME; "
                            "got {url}").format(url=shown))
    if isinstance(error, ModuleNotFoundError):
        return UsageError(_("the database {url} needs the module {module}: {command}").format(
            url=shown, module=error.name, command='pip install "highstakes[postgres]"'))
    return _cannot_open(url, _driver_reason(error))


def _cannot_open(url: str, reason: str) -> UsageError:
    return UsageError(_("cannot open the database {url}: {reason}").format(url=_safe_url(url), reason=reason))


def _driver_reason(error: Exception) -> str:
    """Why the driver did not open a database, in its own first line (SQLite's missing folder
    is said before opening, by ``_check_database``)."""
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return reason[0] if reason else type(error).__name__


def _listen(host: str, port: int) -> Any:
    """A socket listening on ``host``:``port``, or the reason it cannot be had (taken, forbidden)."""
    import errno
    import socket

    try:
        family, kind, protocol, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except socket.gaierror:
        raise UsageError(_("--host {host} is not an address of this machine").format(host=host)) from None
    listening = socket.socket(family, kind, protocol)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
        listening.listen(2048)
    except OSError as error:
        listening.close()
        if error.errno == errno.EADDRINUSE:
            raise Failure(_("port {port} on {host} is taken by another program; "
                            "stop it, or serve on another port with --port").format(
                                port=port, host=host)) from None
        if error.errno == errno.EACCES:
            raise Failure(_("this user may not listen on port {port} (ports below 1024 need "
                            "administrator rights); choose another with --port").format(port=port)) from None
        if error.errno == errno.EADDRNOTAVAIL:
            raise UsageError(_("--host {host} is not an address of this machine").format(host=host)) from None
        raise Failure(_("cannot listen on {address}: {reason}").format(
            address=f"{host}:{port}", reason=error.strerror)) from None
    listening.set_inheritable(True)
    return listening


def _safe_url(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest and ":" in rest.split("@", 1)[0]:
        user = rest.split("@", 1)[0].split(":", 1)[0]
        rest = f"{user}:***@{rest.split('@', 1)[1]}"
    return f"{scheme}{sep}{rest}"


# --- the parser ---------------------------------------------------------------------------------


class CommandParser(argparse.ArgumentParser):
    """The top-level parser, which knows each subcommand's own parser (for its usage)."""

    subcommands: dict[str, argparse.ArgumentParser]


def _help(text: str) -> str:
    """A translated help text as argparse wants it: a ``%`` of the language's own is not a placeholder."""
    return text.replace("%", "%%")


def add_language_flag(parser: argparse.ArgumentParser) -> None:
    """``--lang``, taken before or after the subcommand (``main`` reads it before anything else)."""
    parser.add_argument(
        "--lang", metavar="LANG", default=argparse.SUPPRESS,
        help=_help(_("language of the output: {languages} (default: from LANGUAGE, LC_ALL, "
                     "LC_MESSAGES or LANG, else en)").format(languages=", ".join(LANGUAGES))),
    )


def build_parser() -> CommandParser:
    """The whole command line, in the current language (set it first: see ``main``)."""
    speak_argparse()
    parser = CommandParser(
        prog="highstakes",
        description=_help(_("High Stakes: money-themed tabletop games with faithful rules and strong bots.")),
        epilog=_help(_("Run '{command}' for the options of a command.").format(
            command="highstakes COMMAND --help")),
    )
    parser.add_argument("--version", action="version", version=f"highstakes {__version__}",
                        help=_help(_("show the program's version and exit")))
    add_language_flag(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                     title=_("commands"))

    def add_options_flag(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "-o", "--option", action="append", default=[], metavar="NAME=VALUE",
            help=_help(_("a game option, e.g. {example} (repeatable; see '{command}')").format(
                example="-o dddd=800", command="highstakes games")),
        )

    def add_command(name: str, summary: str, description: str | None = None) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=_help(summary), description=_help(description or summary))
        add_language_flag(sub)
        return sub

    def game_argument(sub: argparse.ArgumentParser, text: str | None = None) -> None:
        sub.add_argument("game", metavar="GAME",
                         help=_help(text or _("game id, e.g. {example}").format(example="greed")))

    sub = add_command("games", _("list the games, their player counts, bots and options"))
    sub.add_argument("--json", action="store_true", help=_help(_("print JSON instead of a table")))
    sub.set_defaults(run=cmd_games)

    sub = add_command(
        "serve", _("serve the lobby and games in the browser, with friends and bots"),
        _("Serve the lobby and the games in the browser. The limits protect a server open to "
          "strangers; {page} explains each, with its default.").format(page="docs/server.md"),
    )
    sub.add_argument("--host", default="127.0.0.1", help=_help(_(
        "address to listen on (default {default}; {everywhere} lets other devices on the network "
        "join)").format(
            default="127.0.0.1", everywhere="0.0.0.0")))
    sub.add_argument("--port", type=int, default=8000, help=_help(_("port (default {default})").format(
        default=8000)))
    sub.add_argument("--db", metavar="URL", help=_help(_(
        "database URL: {forms} (default: SQLite in the user data directory)").format(
            forms="sqlite:///FILE | postgresql://USER:PASSWORD@HOST/NAME")))
    sub.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS", help=_help(_(
        "seconds a bot waits before acting (default {default})").format(default=format_number(0.6))))
    sub.add_argument("--seed", type=int, metavar="N",
                     help=_help(_("seed for the rooms' games, to make a session repeatable")))
    sub.add_argument(
        "--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"],
        help=_help(_("server log level (default {default})").format(default="warning")),
    )
    sub.add_argument(
        "--ws-compression", action="store_true",
        help=_help(_("compress WebSocket messages (off by default: it costs more processor time than "
                     "it saves)")),
    )
    access = sub.add_argument_group(_("who may use the server from a browser"))
    access.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help=_help(_("a host name to answer to, beyond IP addresses, localhost and this machine's name "
                     "(repeatable; {domain} for a whole domain, * for any name)").format(
                         domain="*.example.org")),
    )
    access.add_argument(
        "--allow-origin", action="append", default=[], metavar="ORIGIN",
        help=_help(_("another site whose pages may use the server, e.g. {example} (repeatable)").format(
            example="https://games.example.org")),
    )
    access.add_argument(
        "--forwarded-allow-ips", metavar="LIST",
        help=_help(_("addresses of reverse proxies whose {headers} headers to trust, comma-separated "
                     "(e.g. {example}); the limits per address then count the clients they name").format(
                         headers="X-Forwarded-For, X-Forwarded-Proto", example="127.0.0.1")),
    )
    from highstakes.server.limits import Limits  # the defaults; no heavy import

    defaults = Limits()
    limits = sub.add_argument_group(_("limits"))
    for name, flag, metavar, text in SERVE_LIMITS:
        default = getattr(defaults, name)
        limits.add_argument(
            flag, dest=name, type=type(default), metavar=metavar,
            help=_help(_("{meaning} (default {default})").format(
                meaning=_(text), default=format_number(default))),
        )
    sub.set_defaults(run=cmd_serve)

    sub = add_command("play", _("play in the terminal, hot-seat or against bots"))
    game_argument(sub)
    sub.add_argument("--seats", type=int, metavar="N",
                     help=_help(_("number of seats (default: you plus one per bot)")))
    sub.add_argument(
        "--bots", metavar="LIST", help=_help(_(
            "comma-separated bots for the last seats, e.g. {example}; '{human}' marks a hot-seat player "
            "(default: the game's strongest bot in every other seat)").format(
                example="optimal,heuristic", human="human")),
    )
    sub.add_argument("--seed", type=int, metavar="N",
                     help=_help(_("seed for chance (dice, cases), to replay a game exactly")))
    add_options_flag(sub)
    sub.set_defaults(run=cmd_play)

    sub = add_command("simulate", _("play many games between bots and compare them"))
    game_argument(sub)
    sub.add_argument("--games", type=int, default=1000, metavar="N",
                     help=_help(_("number of games (default {default})").format(default=format_number(1000))))
    sub.add_argument(
        "--bots", metavar="LIST", nargs="+",
        help=_help(_("comma-separated bot per seat, e.g. {example} (default {default})").format(
            example="optimal,heuristic", default="random,random")),
    )
    sub.add_argument("--seats", type=int, metavar="N",
                     help=_help(_("seat count; with one bot name, that bot fills every seat")))
    sub.add_argument("--duplicate", action="store_true", help=_help(_(
        "for a game of two partnerships: the first bot plays one side, the second the other, each deal "
        "twice with the sides' seats swapped; --games counts the deals")))
    sub.add_argument("--workers", type=int, default=None, metavar="N",
                     help=_help(_("processes to use (default {default}); with --cluster, games played "
                                  "at once (default: every CPU of the cluster)").format(default=1)))
    sub.add_argument("--cluster", metavar="ADDRESS", help=_help(_(
        "play the games on Ray: {auto} for the Ray of this machine (or one started for this run), "
        "{client} for a cluster's head node; needs {command}").format(
            auto="auto", client="ray://HOST:PORT", command='pip install "highstakes[cluster]"')))
    sub.add_argument("--seed", type=int, default=0, metavar="N",
                     help=_help(_("seed of the whole run (default {default})").format(default=0)))
    sub.add_argument("--json", action="store_true", help=_help(_("print the summary as JSON")))
    sub.add_argument("--plot", metavar="FILE.png",
                     help=_help(_("draw the game's own chart of the run, for games that have one")))
    add_options_flag(sub)
    sub.set_defaults(run=cmd_simulate)

    sub = add_command("solve", _("compute a game's optimal policy and cache it on disk"))
    game_argument(sub, _("game id of a game with a solver, e.g. {example}").format(example="greed"))
    sub.add_argument("--force", action="store_true",
                     help=_help(_("solve again even if a cached solution exists")))
    sub.add_argument("--json", action="store_true", help=_help(_("print the summary as JSON")))
    add_options_flag(sub)
    sub.set_defaults(run=cmd_solve)

    sub = add_command(
        "replay", _("watch a finished game again, move by move, from its record"),
        _("Open a game record (a JSON file such as '{command}' saves) in a viewer: step forward and back, "
          "play at a speed, jump to a move, see every seat's view.").format(command="highstakes play"),
    )
    sub.add_argument("file", metavar="FILE", help=_help(_(
        "a JSON game record, as written by {function} or '{command}'").format(
            function="Game.record()", command="highstakes play")))
    sub.add_argument("--json", action="store_true",
                     help=_help(_("print the final view and result as JSON instead of opening the viewer")))
    sub.set_defaults(run=cmd_replay)

    sub = add_command("rules", _("print a game's rules"))
    game_argument(sub)
    sub.set_defaults(run=cmd_rules)
    add_game_commands(commands, add_command)
    parser.subcommands = dict(commands.choices)
    return parser


def add_game_commands(commands: Any, add_command: Any) -> None:
    """Mount the commands games declare (``GameDefinition.commands()``), in the games' order.

    A name already taken, by the command line's own commands or an earlier game's, is refused
    with a warning and the command left out: no game can change what another command does.
    """
    for game_id in games():
        game = definition(game_id)
        for command in game.commands():
            if command.name in commands.choices:
                print("highstakes: " + _("warning: the command {command} of {game} is left out: the "
                                         "name is taken").format(command=command.name, game=game_id),
                      file=sys.stderr)
                continue
            sub = add_command(command.name, game.text(command.summary))
            command.build(sub)
            _language_flag_everywhere(sub)


def _language_flag_everywhere(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on every sub-command a game's command built, as on the command line's own."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                if not any("--lang" in other.option_strings for other in sub._actions):
                    add_language_flag(sub)
                _language_flag_everywhere(sub)


def _language_flag(argv: Sequence[str]) -> str | None:
    """The last ``--lang`` value (``--lang X``, ``--lang=X``) anywhere on the line; None if it has none."""
    found = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang":
            found = argv[index + 1] if index + 1 < len(argv) else ""
        elif word.startswith("--lang="):
            found = word.removeprefix("--lang=")
    return found


def choose_language(argv: Sequence[str]) -> str:
    """This run's language: ``--lang``, else the locale variables; raises UsageError if unknown."""
    explicit = _language_flag(argv)
    if explicit is not None and not explicit.strip():
        raise UsageError(_("--lang needs a language; available: {languages}").format(
            languages=", ".join(LANGUAGES)))
    try:
        return i18n.from_environment(explicit)
    except i18n.UnknownLanguage:
        raise UsageError(_("unknown language {language}; available: {languages}").format(
            language=repr(explicit), languages=", ".join(LANGUAGES))) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line. Its language is chosen first, before the parser is built, so that
    ``--help`` and argparse's own messages speak it too; it holds for this run only (a program
    that calls ``main`` keeps its own)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        language = choose_language(arguments)
    except UsageError as error:
        print("highstakes: " + _("error: {problem}").format(problem=error), file=sys.stderr)
        return EXIT_USAGE
    with i18n.use_language(language):
        return _run(arguments)


def _run(arguments: list[str]) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(arguments)
    if unknown:
        # Said by the subcommand's own parser, so that its usage is the one shown.
        parser.subcommands[args.command].error(_("unrecognized arguments: %s") % " ".join(unknown))
    try:
        return int(args.run(args))
    except UsageError as error:
        print("highstakes: " + _("error: {problem}").format(problem=error), file=sys.stderr)
        return EXIT_USAGE
    except Failure as error:
        print(f"highstakes: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. head): not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
