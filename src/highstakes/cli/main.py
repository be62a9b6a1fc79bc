"""The ``highstakes`` command: one entry point, a subcommand per job.

Exit codes: 0 success, 1 the work failed, 2 bad usage or input (unknown game,
bad option, unreadable record).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from highstakes import __version__
from highstakes.engine.options import parse_option_value
from highstakes.engine.registry import definition, games

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"options are written NAME=VALUE, e.g. -o dddd=800; got {pair!r}")
        options[name.strip()] = parse_option_value(value)
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
    from rich.console import Console
    from rich.text import Text

    # One block per game: it reads at any width, in a terminal or piped into a file.
    console = Console(soft_wrap=not sys.stdout.isatty())
    for index, game_id in enumerate(games()):
        described = describe_game(game_id)
        if index:
            console.print()
        heading = Text(described["title"], style="bold")
        players = f"{described['min_seats']} to {described['max_seats']} players"
        heading.append(f"  ({game_id}, {players})", style="dim")
        console.print(heading)
        console.print(Text(described["summary"]), style="")
        bots = ", ".join(f"{bot['name']} ({bot['label']})" for bot in described["bots"])
        console.print(Text("  bots: ", style="dim") + Text(bots))
        for option in described["options"]:
            choices = " | ".join(json.dumps(choice) for choice in option["choices"])
            line = Text("  -o ", style="dim") + Text(f"{option['name']}=", style="bold") + Text(choices)
            line.append(f"  {option['description']}", style="dim")
            console.print(line)
    return EXIT_OK


def describe_game(game_id: str) -> dict[str, Any]:
    """A game's description with what it offers: its bots (by name and in words) and parts."""
    from highstakes.bots.registry import bot_catalog

    d = definition(game_id)
    described = d.describe()
    described["bots"] = [
        {"name": bot.name, "label": bot.label, "about": bot.about} for bot in bot_catalog(game_id).values()
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


def cmd_replay(args: argparse.Namespace) -> int:
    from highstakes.engine.game import replay

    try:
        with open(args.file, encoding="utf-8") as handle:
            record = json.load(handle)
    except OSError as error:
        raise UsageError(f"cannot read {args.file}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise UsageError(f"{args.file} is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise UsageError(f"{args.file} does not hold a game record (a JSON object)")
    try:
        game = replay(record)
    except ValueError as error:
        raise UsageError(f"{args.file}: {error}") from None
    output = {
        "game": game.game_id,
        "over": game.is_over,
        "view": game.view(None),
        "result": game.result() if game.is_over else None,
    }
    print(json.dumps(output, indent=2))
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from highstakes.analysis.simulate import simulate

    game_id = _game_id(args.game)
    bot_names = _split(args.bots) or ["random", "random"]
    if args.seats is not None:
        if len(bot_names) == 1:
            bot_names = bot_names * args.seats
        elif len(bot_names) != args.seats:
            raise UsageError(f"--seats {args.seats} but {len(bot_names)} bots given; give one bot per seat")
    options = _options(args.option)
    workers = args.workers or 1
    try:
        if args.json or not sys.stderr.isatty():
            summary = simulate(
                game_id, bot_names, args.games, seed=args.seed, options=options, workers=workers
            )
        else:
            from rich.progress import Progress

            with Progress(transient=True) as progress:
                task = progress.add_task(f"{game_id}: {' vs '.join(bot_names)}", total=args.games)
                summary = simulate(
                    game_id, bot_names, args.games, seed=args.seed, options=options, workers=workers,
                    on_progress=lambda n: progress.advance(task, n),
                )
    except ValueError as error:
        raise UsageError(str(error)) from None
    data = summary.to_json()
    analysis = definition(game_id).analysis()  # the game's own statistics, if any
    details = None
    if analysis is not None:
        details = analysis.summarize(args.games, bot_names, args.seed, options)
        data["analysis"] = details
    if args.plot:
        if analysis is None or analysis.plot is None:
            with_plots = [g for g in games() if (a := definition(g).analysis()) is not None and a.plot]
            raise UsageError(
                f"--plot is not available for {game_id}; games with plots: {', '.join(with_plots) or 'none'}"
            )
        try:
            written = analysis.plot.draw(args.plot, details or {})
        except RuntimeError as error:  # matplotlib missing: the message says how to install it
            raise UsageError(str(error)) from None
        print(f"wrote {written}", file=sys.stderr)
    if args.json:
        print(json.dumps(data, indent=2))
        return EXIT_OK
    _print_summary(data)
    if analysis is not None and details is not None:
        print()
        print(analysis.describe(details))
    return EXIT_OK


def _print_summary(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"{data['game']}: {data['games']} games (seed {data['seed']})")
    table.add_column("bot")
    table.add_column("seat")
    table.add_column("games", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for row in data["bots"]:
        table.add_row(
            row["bot"], "all", str(row["games"]), f"{row['win_rate']:.1%}",
            f"{row['ci95'][0]:.1%} – {row['ci95'][1]:.1%}", style="bold",
        )
        for seat in row["by_seat"]:
            if seat["games"]:
                table.add_row(
                    "", str(seat["seat"]), str(seat["games"]), f"{seat['win_rate']:.1%}",
                    f"{seat['ci95'][0]:.1%} – {seat['ci95'][1]:.1%}",
                )
    console.print(table)
    length = f"mean game length: {data['mean_decisions']:.1f} decisions"
    if data.get("mean_turns") is not None:
        length += f", {data['mean_turns']:.1f} turns"
    console.print(length)


def cmd_solve(args: argparse.Namespace) -> int:
    game_id = _game_id(args.game)
    solver = definition(game_id).solver()
    if solver is None:
        solvable = [g for g in games() if definition(g).solver() is not None]
        raise UsageError(f"there is no solver for {game_id}; solvable games: {', '.join(solvable) or 'none'}")
    from highstakes.engine.options import resolve_options

    try:
        resolved = resolve_options(game_id, definition(game_id).option_specs, _options(args.option))
    except ValueError as error:
        raise UsageError(str(error)) from None
    report = None if args.force else solver.cached(resolved)
    if report is None:
        if args.json or not sys.stderr.isatty():
            report = solver.solve(resolved, None)
        else:
            from rich.progress import Progress

            title = definition(game_id).title
            print(f"Solving {title} for these options, one time, about {solver.seconds(resolved):.0f} s.",
                  file=sys.stderr)
            with Progress(transient=True) as bar:
                task = bar.add_task(f"solving {title}", total=None)
                report = solver.solve(
                    resolved, lambda done, total: bar.update(task, completed=done, total=total)
                )
    if args.json:
        print(json.dumps(report.data, indent=2))
    else:
        width = max((len(label) for label, _ in report.lines), default=0)
        for label, value in report.lines:
            print(f"{label:<{width}}  {value}")
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    from highstakes.bots.registry import available_bots, strongest_bot
    from highstakes.engine.game import new_game

    game_id = _game_id(args.game)
    d = definition(game_id)
    bot_names = _split(args.bots)
    seats = args.seats if args.seats is not None else max(d.min_seats, len(bot_names) + 1)
    if not d.min_seats <= seats <= d.max_seats:
        raise UsageError(f"{game_id} is played by {d.min_seats} to {d.max_seats} seats; got {seats}")
    if len(bot_names) > seats:
        raise UsageError(f"{len(bot_names)} bots do not fit in {seats} seats")
    options = _options(args.option)
    try:
        from highstakes.engine.options import resolve_options

        resolved = resolve_options(game_id, d.option_specs, options)
        new_game(game_id, seats, options=resolved)  # options that do not fit the seats fail here
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.bots is None:
        bot_names = [strongest_bot(game_id, seats, resolved)] * (seats - 1)
    known = available_bots(game_id)
    for name in bot_names:
        if name not in known and name != "human":
            raise UsageError(f"unknown bot {name!r} for {game_id}; available bots: {', '.join(known)}, human")
    # People take the first seats, bots the last ones.
    seat_bots: list[str | None] = [None] * (seats - len(bot_names)) + [
        None if name == "human" else name for name in bot_names
    ]
    from highstakes.tui import play

    play(game_id, seats, seat_bots, args.seed, options)
    return EXIT_OK


# The limits ``serve`` takes as flags: (field of Limits, flag, metavar, help).
SERVE_LIMITS: tuple[tuple[str, str, str, str], ...] = (
    ("rooms_per_minute", "--rooms-per-minute", "N", "rooms one client address may create a minute"),
    ("max_rooms", "--max-rooms", "N", "rooms open at once (in memory, game not over)"),
    ("max_bot_rooms", "--max-bot-rooms", "N", "games with bots under way at once"),
    ("max_spectators", "--max-spectators", "N", "spectators of one room"),
    ("connections_per_address", "--connections-per-address", "N",
     "connections (HTTP and WebSocket) one client address may hold"),
    ("messages_per_second", "--messages-per-second", "N", "WebSocket messages a second from one connection"),
    ("address_messages_per_second", "--address-messages-per-second", "N",
     "WebSocket messages a second from all connections of one client address"),
    ("requests_per_second", "--requests-per-second", "N",
     "API requests and WebSocket connections a second from one client address"),
    ("request_timeout", "--request-timeout", "SECONDS", "time a client has to send a request"),
    ("idle_room_seconds", "--idle-room-seconds", "SECONDS",
     "time a room nobody is connected to stays in memory (a finished one: a minute at most)"),
    ("compute_workers", "--compute-workers", "N", "processes that run bots, hints and solves"),
    ("compute_queue", "--compute-queue", "N", "bot moves and hints that may wait for a process"),
)


def cmd_serve(args: argparse.Namespace) -> int:
    from highstakes.server.app import create_app
    from highstakes.server.limits import Limits
    from highstakes.server.security import Access
    from highstakes.server.storage import default_database_url
    from highstakes.server.transport import raise_open_file_limit, serve

    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535; got {args.port}")
    if args.bot_delay < 0:
        raise UsageError(f"--bot-delay must be 0 or more seconds; got {args.bot_delay:g}")
    changed = {}
    for name, flag, *_rest in SERVE_LIMITS:
        value = getattr(args, name)
        if value is not None:
            if value <= 0:
                raise UsageError(f"{flag} must be more than 0; got {value:g}")
            changed[name] = value
    limits = Limits(**changed)
    try:
        access = Access(allowed_hosts=tuple(args.allowed_host), allowed_origins=tuple(args.allow_origin))
    except ValueError as error:
        raise UsageError(f"--allow-origin: {error}") from None
    proxies = _split(args.forwarded_allow_ips)
    try:
        from highstakes.server.transport import Trusted

        Trusted(proxies)
    except ValueError:
        raise UsageError(
            f"--forwarded-allow-ips lists addresses or networks (127.0.0.1,10.0.0.0/8) or *; "
            f"got {args.forwarded_allow_ips!r}"
        ) from None
    url = args.db or default_database_url()
    try:
        app = create_app(
            url, bot_delay=args.bot_delay, seed=args.seed, limits=limits, access=access, start_workers=True,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
    raise_open_file_limit()
    shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"High Stakes is serving at http://{shown_host}:{args.port}/  (database: {_safe_url(url)})")
    print("Press Ctrl+C to stop.")
    serve(
        app, limits=limits, host=args.host, port=args.port, log_level=args.log_level,
        forwarded_allow_ips=proxies, ws_compression=args.ws_compression,
    )
    return EXIT_OK


def _safe_url(url: str) -> str:
    """The database URL without its password, for printing."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest and ":" in rest.split("@", 1)[0]:
        user = rest.split("@", 1)[0].split(":", 1)[0]
        rest = f"{user}:***@{rest.split('@', 1)[1]}"
    return f"{scheme}{sep}{rest}"


# --- the parser ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="highstakes",
        description="High Stakes: money-themed tabletop games with faithful rules and strong bots.",
        epilog="Run 'highstakes COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"highstakes {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add_options_flag(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "-o", "--option", action="append", default=[], metavar="NAME=VALUE",
            help="a game option, e.g. -o dddd=800 (repeatable; see 'highstakes games')",
        )

    sub = commands.add_parser("games", help="list the games, their player counts, bots and options")
    sub.add_argument("--json", action="store_true", help="print JSON instead of a table")
    sub.set_defaults(run=cmd_games)

    sub = commands.add_parser(
        "serve", help="serve the lobby and games in the browser, with friends and bots",
        description="Serve the lobby and the games in the browser. The limits protect a server open to "
        "strangers; docs/server.md explains each, with its default.",
    )
    sub.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                     "0.0.0.0 lets other devices on the network join)")
    sub.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sub.add_argument("--db", help="database URL: sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME "
                     "(default: SQLite in the user data directory)")
    sub.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits before acting (default 0.6)"
    )
    sub.add_argument("--seed", type=int, help="seed for the rooms' games, to make a session repeatable")
    sub.add_argument(
        "--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"],
        help="server log level (default warning)",
    )
    sub.add_argument(
        "--ws-compression", action="store_true",
        help="compress WebSocket messages (off by default: it costs more processor time than it saves)",
    )
    access = sub.add_argument_group("who may use the server from a browser")
    access.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help="a host name to answer to, beyond IP addresses, localhost and this machine's name "
        "(repeatable; *.example.org for a whole domain, * for any name)",
    )
    access.add_argument(
        "--allow-origin", action="append", default=[], metavar="ORIGIN",
        help="another site whose pages may use the server, e.g. https://games.example.org (repeatable)",
    )
    access.add_argument(
        "--forwarded-allow-ips", metavar="LIST",
        help="addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto headers to trust, "
        "comma-separated (e.g. 127.0.0.1); the limits per address then count the clients they name",
    )
    from highstakes.server.limits import Limits  # the defaults; no heavy import

    defaults = Limits()
    limits = sub.add_argument_group("limits")
    for name, flag, metavar, text in SERVE_LIMITS:
        default = getattr(defaults, name)
        limits.add_argument(
            flag, dest=name, type=type(default), metavar=metavar, help=f"{text} (default {default:g})"
        )
    sub.set_defaults(run=cmd_serve)

    sub = commands.add_parser("play", help="play in the terminal, hot-seat or against bots")
    sub.add_argument("game", help="game id, e.g. greed")
    sub.add_argument("--seats", type=int, help="number of seats (default: you plus one per bot)")
    sub.add_argument(
        "--bots", help="comma-separated bots for the last seats, e.g. optimal,heuristic; "
        "'human' marks a hot-seat player (default: the game's strongest bot in every other seat)",
    )
    sub.add_argument("--seed", type=int, help="seed for the dice, to replay a game exactly")
    add_options_flag(sub)
    sub.set_defaults(run=cmd_play)

    sub = commands.add_parser("simulate", help="play many games between bots and compare them")
    sub.add_argument("game", help="game id, e.g. greed")
    sub.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    sub.add_argument(
        "--bots", help="comma-separated bot per seat, e.g. optimal,heuristic (default random,random)"
    )
    sub.add_argument("--seats", type=int, help="seat count; with one bot name, that bot fills every seat")
    sub.add_argument("--workers", type=int, default=None, help="processes to use (default 1)")
    sub.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")
    sub.add_argument("--plot", metavar="FILE.png",
                     help="draw the game's own chart of the run, for games that have one")
    add_options_flag(sub)
    sub.set_defaults(run=cmd_simulate)

    sub = commands.add_parser("solve", help="compute a game's optimal policy and cache it on disk")
    sub.add_argument("game", help="game id of a game with a solver, e.g. greed")
    sub.add_argument("--force", action="store_true", help="solve again even if a cached solution exists")
    sub.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_options_flag(sub)
    sub.set_defaults(run=cmd_solve)

    sub = commands.add_parser("replay", help="rebuild a game from its record and print the result")
    sub.add_argument("file", help="a JSON game record, as written by Game.record()")
    sub.set_defaults(run=cmd_replay)

    sub = commands.add_parser("rules", help="print a game's rules")
    sub.add_argument("game", help="game id, e.g. greed")
    sub.set_defaults(run=cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as error:
        print(f"highstakes: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into a program that stopped reading (e.g. head): not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
