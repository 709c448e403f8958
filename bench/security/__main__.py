"""`python -m bench.security [--seconds 10] [--logins-per-second 8] [--pause 15]`: one run on a fresh console.

1. Start the console (`launcher --ephemeral`), log in as admin.
2. Latency of two ordinary calls (ticket search, user/info), one caller each, alone and with logins (right and
   wrong passwords in turn) over a few accounts beside them; last of all, the same logins at one account.
3. Refusals: a 100,000-character sort and 2,000 nested objects, timed, with the operation-log rows they left.
4. Wedge attempt: concurrent comments with a NUL byte, then login, user/info and ticket/add right after and
   the database connections left idle in transaction.
5. The Temporal server paused (SIGSTOP) for a while: a new ticket and a ticket action meanwhile.
6. Login throttling: wrong passwords in a row on admin from one address, then the right one from two others.
Results go to bench/out/security-<time>.json and are printed as the table of bench/security/HISTORY.md.
"""

from __future__ import annotations

import argparse
import json
import os
from datetime import UTC, datetime
from typing import Any

from bench.harness import stack
from bench.harness.figures import load_average, machine
from bench.security import probes, report


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.security", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10, help="duration of each latency measurement")
    parser.add_argument("--logins-per-second", type=float, default=8)
    parser.add_argument("--login-accounts", type=int, default=8, help="accounts the logins are spread over")
    parser.add_argument("--wedge-calls", type=int, default=20, help="concurrent comments with a NUL byte")
    parser.add_argument("--pause", type=float, default=15, help="seconds the Temporal server stays stopped")
    parser.add_argument("--wrong-passwords", type=int, default=20)
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1,
                        help="API processes (OMP_WORKERS), one a core as deployed")
    return parser.parse_args()


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine()}
    token = console.login()
    await console.settle()

    async def probe(name: str, work: Any) -> None:
        results["loadAverages"][name] = load_average()
        results[name] = await work
        print(f"{name}: {json.dumps(results[name])[:800]}", flush=True)

    results["loadAverages"] = {}
    accounts = probes.login_accounts(console, "login", args.login_accounts)
    await probe("alone", probes.ordinary_calls(console, token, args.seconds))
    await probe("besideLogins", probes.beside_logins(console, token, args.seconds, args.logins_per_second, accounts,
                                                     "127.0.0.2"))
    await probe("longSort", probes.refusal(console, token, "/cms/ticket/search",
                                           json.dumps({"sort": "A" * 100_000}).encode()))
    await probe("nestedSearch", probes.refusal(console, token, "/cms/ticket/search", probes.nested(2000)))
    await probe("nestedAdd", probes.refusal(console, token, "/cms/ticket/add", probes.nested(2000)))
    await probe("wedge", probes.wedge(console, token, args.wedge_calls))
    await probe("pausedTemporal", probes.paused_temporal(console, token, args.pause))
    await probe("throttling", probes.throttling(console, args.wrong_passwords))
    # Last, as it may leave a queue of logins behind: the same rate of logins, all at one account.
    await probe("oneAccountLogins", probes.beside_logins(console, token, args.seconds, args.logins_per_second,
                                                         probes.login_accounts(console, "single", 1), "127.0.0.3"))
    results["loadAverages"]["end"] = load_average()
    return results


def main() -> None:
    args = parse()
    _, results = stack.run_once("security", args.api_workers, lambda console: run(args, console))
    print(report.render(results))


if __name__ == "__main__":
    main()
