"""`python -m bench.ops [--parts schedules ...]`: the operations benchmarks, each part on its own fresh console
(bench/harness/stack.py). A part is a module of bench/ops with `add_arguments(parser)` (optional),
`prepare(args)` (optional, before its console starts), `async measure(console, args) -> dict` and
`report(results) -> str`; its results go to
bench/out/ops-<part>-<time>.json and its table is printed as bench/ops/HISTORY.md shows it.

- schedules: 300 scheduled tasks firing every minute for 10 minutes, start lateness (bench/ops/schedules.py).
- logs: a 30 MB deploy log streamed to the browser, time to first line and page memory (bench/ops/logs.py).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Coroutine
from typing import Any

from bench.harness import stack

PARTS = ["schedules", "logs"]


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.ops", description=__doc__.split("\n")[0])
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=PARTS)
    parser.add_argument("--api-workers", type=int, default=1)
    for name in PARTS:
        adding = getattr(importlib.import_module(f"bench.ops.{name}"), "add_arguments", None)
        if adding is not None:
            adding(parser)
    return parser.parse_args()


def main() -> None:
    args = parse()
    for name in args.parts:
        part: Any = importlib.import_module(f"bench.ops.{name}")
        if hasattr(part, "prepare"):
            part.prepare(args)

        def measure(console: stack.Stack, part: Any = part) -> Coroutine[Any, Any, dict[str, Any]]:
            return part.measure(console, args)  # type: ignore[no-any-return]

        _, results = stack.run_once(f"ops-{name}", args.api_workers, measure)
        print(part.report(results))


if __name__ == "__main__":
    main()
