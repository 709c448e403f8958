"""`python -m bench.mail [--recipients 10000] [--kills 20]`: one run on a fresh console (bench/harness).

1. Start the console (`launcher --ephemeral`, its own SMTP sink writing .eml files), log in as admin.
2. One fire to N recipients: a timed mail sent now (repeat ONCE) through the API; mails/s from the save until
   the sink holds all N.
3. A plain aiosmtplib loop (one connection, one message after another) sending the same message to the same N
   addresses through the same sink: mails/s, and the ratio of the two.
4. A second fire to N recipients while the worker is killed (SIGKILL) K times, each while mails flow; the
   launcher restarts it each time. Once the fire has nothing left to send: the mails the sink received per
   recipient, duplicates and missing counted from the sink, and the outbox rows by status (SENDING: handed to the
   server, reply not recorded).
Results go to bench/out/mail-<time>.json and are printed as the tables of bench/mail/HISTORY.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import time
from collections import Counter
from datetime import UTC, datetime
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

import aiosmtplib
import httpx
import psycopg

from bench.harness import stack
from bench.harness.figures import load_average, machine, verdict

HEADERS = BytesHeaderParser()


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.mail", description=__doc__.split("\n")[0])
    parser.add_argument("--recipients", type=int, default=10_000)
    parser.add_argument("--kills", type=int, default=20, help="worker kills during the second fire")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds a fire may take")
    parser.add_argument("--api-workers", type=int, default=1)
    return parser.parse_args()


def addresses(tag: str, count: int) -> list[str]:
    return [f"{tag}-{i:05d}@bench.example.com" for i in range(count)]


def received(mail_dir: Path, subject: str) -> Counter[str]:
    """Mails the sink holds for a subject, by envelope recipient."""
    return Counter(to for to, _ in stored(mail_dir, subject))


def stored(mail_dir: Path, subject: str) -> list[tuple[str, float]]:
    """(envelope recipient, time the sink stored it) of every mail with that subject."""
    found = []
    for path in mail_dir.glob("*.eml"):
        with path.open("rb") as fh:
            head = HEADERS.parse(fh)
        if head.get("Subject") == subject:
            found.append((str(head.get("X-Envelope-To")), path.stat().st_mtime))
    return found


def count_files(mail_dir: Path) -> int:
    return sum(1 for _ in os.scandir(mail_dir))


async def send_now(console: stack.Stack, token: str, subject: str, recipients: list[str]) -> int:
    async with httpx.AsyncClient(base_url=console.url, timeout=120) as http:
        reply = await http.post("/cms/mail/add", headers={"Authorization": f"Bearer {token}"}, json={
            "recipients": recipients, "cc": [], "subject": subject, "kind": "COMMON", "attachmentIds": [],
            "content": "<p>The figures of the day: <b>all green</b>.</p>", "repeat": "ONCE",
            "timeZone": "Asia/Jakarta"})
    body = reply.json()
    if body["code"] != "SUCCESS":
        raise SystemExit(f"mail/add refused: {body['message']}")
    return int(body["data"]["id"])


async def wait_for_files(mail_dir: Path, total: int, timeout: float) -> float:
    begun = time.perf_counter()
    while count_files(mail_dir) < total:
        if time.perf_counter() - begun > timeout:
            break
        await asyncio.sleep(0.2)
    return time.perf_counter()


async def one_fire(console: stack.Stack, token: str, count: int, timeout: float) -> dict[str, Any]:
    """From the save to the last mail in the sink; also the save alone, and the rate from the first mail to the
    last (the sending without the fixed costs: the save, the flow's start, the outbox rows)."""
    assert console.mail_dir is not None
    before = count_files(console.mail_dir)
    subject = "Bench fire"
    begun, wall = time.perf_counter(), time.time()
    await send_now(console, token, subject, addresses("fire", count))
    saved = time.perf_counter()
    ended = await wait_for_files(console.mail_dir, before + count, timeout)
    mails = stored(console.mail_dir, subject)
    first, last = min(t for _, t in mails), max(t for _, t in mails)
    seconds = ended - begun
    return {"recipients": count, "received": len(mails), "distinct": len({to for to, _ in mails}),
            "seconds": round(seconds, 2), "mailsPerSecond": round(len(mails) / seconds, 1),
            "saveSeconds": round(saved - begun, 2), "firstMailAfter": round(first - wall, 2),
            "sendingMailsPerSecond": round((len(mails) - 1) / max(last - first, 1e-3), 1)}


async def plain_loop(console: stack.Stack, count: int) -> dict[str, Any]:
    """The same message to the same addresses through the same sink, one after another on one connection."""
    assert console.mail_dir is not None
    message = EmailMessage()
    message["From"], message["Subject"] = "omp-console@localhost", "Bench plain loop"
    message.set_content("The figures of the day: all green.")
    message.add_alternative("<p>The figures of the day: <b>all green</b>.</p>", subtype="html")
    body = message.as_bytes()
    host, port = "127.0.0.1", console.smtp_port
    before = count_files(console.mail_dir)
    begun = time.perf_counter()
    async with aiosmtplib.SMTP(hostname=host, port=port) as smtp:
        for address in addresses("plain", count):
            await smtp.sendmail("omp-console@localhost", [address], f"To: {address}\r\n".encode() + body)
    ended = await wait_for_files(console.mail_dir, before + count, 120)
    seconds = ended - begun
    return {"recipients": count, "seconds": round(seconds, 2), "mailsPerSecond": round(count / seconds, 1)}


def outbox(console: stack.Stack, task_id: int) -> dict[str, int]:
    with psycopg.connect(console.database_url) as conn:
        rows = conn.execute("select status, count(*) from mail_outbox where task_id = %s group by status",
                            (task_id,)).fetchall()
    return {status: count for status, count in rows}


async def killed_fire(console: stack.Stack, token: str, count: int, kills: int, timeout: float) -> dict[str, Any]:
    """Each kill lands while mails are flowing: after the sink has received new mail from the worker running
    now, at a random moment of the next second (so kills fall anywhere in a mail's cycle: between claims, in
    DATA, around the "." and its commit, before the marks)."""
    assert console.mail_dir is not None
    subject = "Bench fire with worker kills"
    begun = time.perf_counter()
    task_id = await send_now(console, token, subject, addresses("kill", count))
    done_kills = 0
    rng = random.Random(7)
    while done_kills < kills and time.perf_counter() - begun < timeout:
        pid = console.pid_running("worker")
        if pid is None:
            await asyncio.sleep(0.2)
            continue
        if not await flowing(console, task_id, timeout - (time.perf_counter() - begun)):
            break  # the fire finished before all kills: fewer kills are reported
        await asyncio.sleep(rng.uniform(0.0, 1.0))
        try:
            os.kill(pid, signal.SIGKILL)
            done_kills += 1
        except ProcessLookupError:
            continue
        while console.pid_running("worker") in (None, pid):
            await asyncio.sleep(0.2)
    while time.perf_counter() - begun < timeout:
        state = outbox(console, task_id)
        if state and not state.get("PENDING"):
            break
        await asyncio.sleep(1)
    await asyncio.sleep(3)  # the last replies' files
    seconds = time.perf_counter() - begun
    got = received(console.mail_dir, subject)
    wanted = addresses("kill", count)
    return {"recipients": count, "kills": done_kills, "received": sum(got.values()),
            "duplicates": sum(n - 1 for n in got.values() if n > 1), "missing": sum(1 for a in wanted if not got[a]),
            "outbox": outbox(console, task_id), "seconds": round(seconds, 1)}


async def flowing(console: stack.Stack, task_id: int, timeout: float) -> bool:
    """Waits until the sink receives more mail (the current worker has taken the batch up); False when nothing
    is left to send."""
    assert console.mail_dir is not None
    before = count_files(console.mail_dir)
    begun = time.perf_counter()
    while time.perf_counter() - begun < timeout:
        await asyncio.sleep(0.1)
        if count_files(console.mail_dir) > before:
            return True
        state = outbox(console, task_id)
        if state and not state.get("PENDING"):
            return False
    return False


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine(),
                               "loadAverages": {}}
    token = console.login()
    await console.settle()
    results["loadAverages"]["fire"] = load_average()
    results["fire"] = await one_fire(console, token, args.recipients, args.timeout)
    print(f"fire: {results['fire']}", flush=True)
    await console.settle()
    results["loadAverages"]["plain"] = load_average()
    results["plain"] = await plain_loop(console, args.recipients)
    print(f"plain: {results['plain']}", flush=True)
    results["ratio"] = round(results["fire"]["mailsPerSecond"] / results["plain"]["mailsPerSecond"], 2)
    await console.settle()
    results["loadAverages"]["kills"] = load_average()
    results["kills"] = await killed_fire(console, token, args.recipients, args.kills, args.timeout)
    print(f"kills: {results['kills']}", flush=True)
    results["loadAverages"]["end"] = load_average()
    return results


def render(results: dict[str, Any]) -> str:
    fire, plain, kills = results["fire"], results["plain"], results["kills"]
    rows = [
        "| measure | figure | target | verdict |", "| --- | --- | --- | --- |",
        f"| one fire to {fire['recipients']:,} recipients through the local sink | {fire['mailsPerSecond']} mails/s "
        f"({fire['seconds']} s, {fire['received']:,} received) | | |",
        f"| of which: the save; the first mail after; first to last mail | {fire['saveSeconds']} s; "
        f"{fire['firstMailAfter']} s; {fire['sendingMailsPerSecond']} mails/s | | |",
        f"| plain aiosmtplib loop, same mails, same sink | {plain['mailsPerSecond']} mails/s "
        f"({plain['seconds']} s) | | |",
        f"| ratio fire / plain loop | {results['ratio']} | ≥ 0.5 | {verdict(results['ratio'] >= 0.5)} |",
        f"| {kills['kills']} worker kills during a fire to {kills['recipients']:,}: duplicates | {kills['duplicates']} "
        f"| 0 | {verdict(kills['duplicates'] == 0)} |",
        f"| same fire: missing | {kills['missing']} | 0 | {verdict(kills['missing'] == 0)} |",
        f"| same fire: received, outbox rows by status | {kills['received']:,}; {kills['outbox']} "
        f"({kills['seconds']} s) | | |",
    ]
    return "\n".join(rows) + f"\n\nMachine: {results['machine']}; load averages: {results['loadAverages']}\n"


def main() -> None:
    args = parse()
    _, results = stack.run_once("mail", args.api_workers, lambda console: run(args, console))
    print(render(results))


if __name__ == "__main__":
    main()
