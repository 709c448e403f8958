"""python -m launcher [--ephemeral] [--dev]: the whole console on one machine (`make run`)."""

from __future__ import annotations

import argparse
import sys

from domain.settings import get_settings
from launcher.plan import make_plan
from launcher.stack import Stack

DESCRIPTION = """\
Start OMP Console: embedded PostgreSQL, the Temporal dev server and an SMTP sink (each
only when OMP_DATABASE_URL, OMP_TEMPORAL_ADDRESS or OMP_SMTP_HOST is unset), then
migrations and demo data, the worker and the API. State lives under OMP_VAR_DIR (./var).
Ctrl-C stops everything."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m launcher", description=DESCRIPTION)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--ephemeral",
        action="store_true",
        help="fresh temporary var dir and free ports; print one JSON line when ready; "
        "delete everything on exit (for end-to-end tests)",
    )
    parser.add_argument(
        "--dev",
        action="store_true",
        help="reload the API and restart the worker when Python files change",
    )
    args = parser.parse_args(argv)
    plan = make_plan(get_settings(), ephemeral=args.ephemeral, dev=args.dev)
    # In ephemeral mode stdout is reserved for the JSON line a harness reads.
    console = sys.stderr if args.ephemeral else sys.stdout
    return Stack(plan, console).run()


if __name__ == "__main__":
    raise SystemExit(main())
