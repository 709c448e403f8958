"""`python -m bench.security.report bench/out/security-<time>.json`: one run's figures as the Markdown table of
bench/security/HISTORY.md, beside what the same request did before the fixes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench.harness.figures import tally, verdict

PROMPT_MS = 2000  # a refusal or an ordinary call answers within this, however busy the machine
LOGIN_LOAD_P50_MS = 200  # an ordinary call's median while logins run beside it (880 ms before the fixes)
TEMPORAL_MS = 11_000  # OMP_TEMPORAL_RPC_SECONDS (10 s) and a second for the rest of the call


def call(found: dict[str, Any]) -> str:
    return f"{found['status']} in {found['ms']} ms"


def clean(found: dict[str, Any], within: float = PROMPT_MS) -> bool:
    return 0 < found["status"] < 500 and found["ms"] < within


def counts(statuses: dict[str, int]) -> str:
    return ", ".join(f"{n} x {status}" for status, n in sorted(statuses.items()))


def latency(figures: dict[str, Any]) -> str:
    errors = sum(n for status, n in figures["statuses"].items() if status != "200")
    return (f"p50 {figures['p50']} ms, p95 {figures['p95']} ms ({figures['count']} calls"
            f"{f', {errors} not 200' if errors else ''})")


def failed(figures: dict[str, Any]) -> str:
    """What the calls without a clean answer met (status 0: no HTTP reply, with the client's error)."""
    return f" ({', '.join(figures['failures'])})" if figures.get("failures") else ""


def latency_rows(r: dict[str, Any]) -> list[str]:
    rate, lines = r["args"]["logins_per_second"], []
    for key, name in (("search", "ticket/search"), ("userInfo", "user/info")):
        alone = r["alone"][key]
        lines.append(f"| {name}, 1 caller, alone | | {latency(alone)} | | |")
        for run, where in (("besideLogins", f"over {r['besideLogins']['accounts']} accounts"),
                           ("oneAccountLogins", "at one account")):
            if run not in r:
                continue
            beside = r[run][key]
            ok = beside["p50"] < LOGIN_LOAD_P50_MS and set(beside["statuses"]) == {"200"}
            lines.append(f"| {name}, 1 caller, {rate:g} logins/s {where} beside it | p50 880 ms | {latency(beside)} "
                         f"| p50 < {LOGIN_LOAD_P50_MS} ms, all 200 | {verdict(ok)} |")
    for run, where in (("besideLogins", f"over {r['besideLogins']['accounts']} accounts"),
                       ("oneAccountLogins", "at one account")):
        if run in r:
            logins = r[run]["logins"]
            answered = all(0 < int(status) < 500 for status in logins["statuses"])
            lines.append(f"| those logins {where} (right and wrong in turn; one password check took "
                         f"{r[run].get('argon2Ms', '?')} ms just before) | | p50 {logins['p50']} ms, "
                         f"p95 {logins['p95']} ms; {counts(logins['statuses'])}{failed(logins)} "
                         f"| every one answered, no 5xx | {verdict(answered)} |")
    return lines


def refusal_rows(r: dict[str, Any]) -> list[str]:
    sort, search, add = r["longSort"], r["nestedSearch"], r["nestedAdd"]
    return [
        f"| ticket/search, sort of 100,000 characters | 156 s | {call(sort)} ({sort['code']}) | 4xx < {PROMPT_MS} ms "
        f"| {verdict(clean(sort))} |",
        f"| ticket/search, 2,000 nested objects | connection reset, no log row | {call(search)} ({search['code']}), "
        f"{search['logRows']} log rows | 4xx < {PROMPT_MS} ms; searches are not logged | {verdict(clean(search))} |",
        f"| ticket/add, 2,000 nested objects | connection reset, no log row | {call(add)} ({add['code']}), "
        f"{add['logRows']} log row | 4xx < {PROMPT_MS} ms, 1 log row "
        f"| {verdict(clean(add) and add['logRows'] == 1)} |",
    ]


def wedge_rows(r: dict[str, Any]) -> list[str]:
    w = r["wedge"]
    bad, after = w["bad"], w["after"]
    lines = [
        f"| {bad['count']} concurrent comments with a NUL byte | never answered | {counts(bad['statuses'])} "
        f"({', '.join(bad['codes'])}); p50 {bad['p50']} ms, slowest {bad['p99']} ms | 4xx < {PROMPT_MS} ms "
        f"| {verdict(all(s.startswith('4') for s in bad['statuses']) and bad['p99'] < PROMPT_MS)} |",
    ]
    names = {"login": "login", "userInfo": "user/info", "ticketAdd": "ticket/add",
             "commentAfter": "a valid comment on the same ticket"}
    for key, name in names.items():
        lines.append(f"| right after: {name} | 500 after 30 s | {call(after[key])} | 200 < {PROMPT_MS} ms "
                     f"| {verdict(after[key]['status'] == 200 and after[key]['ms'] < PROMPT_MS)} |")
    lines.append(f"| connections idle in transaction | 9 (pool exhausted) | {w['idleInTransaction']} | 0 "
                 f"| {verdict(w['idleInTransaction'] == 0)} |")
    return lines


def temporal_rows(r: dict[str, Any]) -> list[str]:
    p = r["pausedTemporal"]
    pause = f"Temporal stopped for {p['pauseSeconds']:g} s"
    comment = p["comment"]
    return [
        f"| {pause}: ticket/add | 30 s, connection held | {call(p['ticketAdd'])} ({p['ticketAdd']['code']}, "
        f"flow pending: {p['ticketAdd'].get('flowPending', '-')}) "
        f"| saved or refused < {TEMPORAL_MS // 1000} s | {verdict(clean(p['ticketAdd'], TEMPORAL_MS))} |",
        f"| {pause}: comment on a ticket | 30 s | {call(comment)} ({comment['code']}) "
        f"| 503 < {TEMPORAL_MS // 1000} s | {verdict(comment['status'] != 0 and comment['ms'] < TEMPORAL_MS)} |",
        f"| ticket/add once Temporal runs again | | {call(p['ticketAddAfter'])} | 200 "
        f"| {verdict(p['ticketAddAfter']['status'] == 200)} |",
    ]


def throttle_rows(r: dict[str, Any]) -> list[str]:
    t = r["throttling"]
    first, rest = t["wrong"][:5], t["wrong"][5:]
    waits = [w.get("retryAfter", "-") for w in rest]
    statuses = tally([w["status"] for w in rest])
    slowest = max((w["ms"] for w in rest), default=0)
    return [
        f"| wrong passwords 1-5 on admin, one address | | {', '.join(str(w['status']) for w in first)}; "
        f"slowest {max(w['ms'] for w in first)} ms | 4xx | |",
        f"| wrong passwords 6-{len(t['wrong'])} | admin locked for 15 min | {counts(statuses)}; slowest {slowest} ms; "
        f"Retry-After {waits[0]} .. {waits[-1]} s | 429 < {PROMPT_MS} ms | "
        f"{verdict(all(w['status'] == 429 for w in rest) and slowest < PROMPT_MS)} |",
        f"| right password, admin's usual address | refused (locked) | {call(t['usualAddress'])} | 200 "
        f"| {verdict(t['usualAddress']['status'] == 200)} |",
        f"| right password, an address admin never used | refused (locked) | {call(t['newAddress'])} | 200 "
        f"| {verdict(t['newAddress']['status'] == 200)} |",
    ]


def render(r: dict[str, Any]) -> str:
    loads = "; ".join(f"{name} {values}" for name, values in r["loadAverages"].items())
    return "\n".join([
        f"Run at {r['at']}, arguments {json.dumps(r['args'])}.",
        f"Machine: {json.dumps(r['machine'])}.",
        f"Load averages (1, 5, 15 min) before each probe: {loads}.",
        "",
        "| figure | before the fixes | measured | expected | |",
        "| --- | --- | --- | --- | --- |",
        *latency_rows(r), *refusal_rows(r), *wedge_rows(r), *temporal_rows(r), *throttle_rows(r),
    ])


if __name__ == "__main__":
    print(render(json.loads(Path(sys.argv[1]).read_text())))
