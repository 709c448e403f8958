"""`make test`: every check in turn, each one's output as it runs, then one summary line.

A failing step does not stop the others, so one run shows everything that is wrong.
"""

from __future__ import annotations

import subprocess
import sys
import time

STEPS: list[tuple[str, list[str]]] = [
    ("ruff", [".venv/bin/ruff", "check", "."]),
    ("mypy", [".venv/bin/mypy"]),
    ("tsc", ["npm", "--prefix", "web", "run", "typecheck", "--silent"]),
    ("eslint", ["npm", "--prefix", "web", "run", "lint", "--silent"]),
    ("openapi", ["make", "--no-print-directory", "check-openapi"]),
    ("pytest", [".venv/bin/pytest", "-n", "auto", "--dist", "loadfile", "-q", "-p", "no:cacheprovider"]),
    ("vitest", ["npm", "--prefix", "web", "test", "--silent"]),
    ("size", ["make", "--no-print-directory", "size"]),
    ("e2e", ["make", "--no-print-directory", "e2e"]),
]


def main() -> int:
    only = set(sys.argv[1:])
    results: list[tuple[str, bool, float]] = []
    started = time.monotonic()
    for name, command in STEPS:
        if only and name not in only:
            continue
        print(f"\n=== {name}: {' '.join(command)}", flush=True)
        t0 = time.monotonic()
        ok = subprocess.run(command).returncode == 0
        results.append((name, ok, time.monotonic() - t0))
    failed = [n for n, ok, _ in results if not ok]
    parts = ", ".join(f"{n} {'ok' if ok else 'FAILED'} {s:.0f}s" for n, ok, s in results)
    total = time.monotonic() - started
    verdict = "FAILED: " + ", ".join(failed) if failed else "all passed"
    print(f"\nmake test: {verdict} in {total / 60:.1f} min ({parts})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
