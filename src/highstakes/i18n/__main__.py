"""``python -m highstakes.i18n extract | update | compile | check``: keep the message catalogs."""

from __future__ import annotations

import argparse
import sys

from highstakes.i18n import catalogs


def main(argv: list[str] | None = None) -> int:
    summary = (catalogs.__doc__ or "").split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m highstakes.i18n", description=summary)
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    parser.add_argument("--game", action="append", help="only this game's domain (repeatable)")
    args = parser.parse_args(argv)
    selected = catalogs.domains()
    if args.game:
        selected = [d for d in selected if d.name in args.game]
    problems: list[str] = []
    for domain in selected:
        if args.command == "extract":
            template = catalogs.write_template(domain)
            print(f"{domain.name}: {len(template)} messages -> {domain.template}")
        elif args.command == "update":
            catalogs.update(domain)
        elif args.command == "compile":
            catalogs.compile_all(domain)
        else:
            problems += catalogs.check(domain)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
