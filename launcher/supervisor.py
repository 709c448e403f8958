"""Restart a part that died, with backoff, while the others keep running.

A killed worker must not take the API down with it (nor the API the worker): each part is
restarted on its own after 1, 2, 4 ... 30 s; a part that ran for a minute before dying starts
its backoff afresh. Every restart is recorded in var/processes.json for /cms/health.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from domain import processes
from launcher.process import Child, describe_exit, say

BACKOFF_FIRST = 1.0
BACKOFF_MAX = 30.0
STABLE_AFTER = 60.0


def backoff(failures_in_row: int) -> float:
    """Seconds to wait before the n-th restart in a row (n >= 1)."""
    return min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** max(0, failures_in_row - 1))


@dataclass
class Watch:
    child: Child
    started: float = field(default_factory=time.monotonic)
    restarts: int = 0
    failures_in_row: int = 0
    last_restart: str | None = None
    last_exit: str | None = None
    due: float | None = None  # when it died: the monotonic time of its next start

    def state(self) -> dict[str, object]:
        return {
            "status": "RESTARTING" if self.due is not None else "UP",
            "pid": self.child.pid,
            "restarts": self.restarts,
            "lastRestart": self.last_restart,
            "lastExit": self.last_exit,
        }


class Supervisor:
    def __init__(self, children: list[Child], var_dir: Path, console: TextIO) -> None:
        self.watches = [Watch(c) for c in children]
        self.var_dir = var_dir
        self.console = console
        self.record()

    def record(self) -> None:
        processes.write(self.var_dir, {w.child.name: w.state() for w in self.watches})

    def tick(self, now: float | None = None) -> None:
        """One look at every part: schedule the restart of a dead one, start those whose time came."""
        now = time.monotonic() if now is None else now
        changed = False
        for watch in self.watches:
            child = watch.child
            if watch.due is None and not child.running():
                self._died(watch, now)
                changed = True
            elif watch.due is not None and now >= watch.due:
                self._restart(watch, now)
                changed = True
        if changed:
            self.record()

    def _died(self, watch: Watch, now: float) -> None:
        if now - watch.started >= STABLE_AFTER:
            watch.failures_in_row = 0
        watch.failures_in_row += 1
        delay = backoff(watch.failures_in_row)
        watch.due = now + delay
        watch.last_exit = describe_exit(watch.child.returncode())
        say(
            f"\n{watch.child.name} exited unexpectedly ({watch.last_exit}); restarting it in {delay:.0f} s, "
            f"the rest keeps running. See {watch.child.log_path}",
            sys.stderr,
        )

    def _restart(self, watch: Watch, now: float) -> None:
        child = watch.child
        child.stop(0)  # reaps it and anything left in its process group
        try:
            child.start()
        except OSError as err:
            watch.failures_in_row += 1
            watch.due = now + backoff(watch.failures_in_row)
            say(f"{child.name} could not be restarted: {err}", sys.stderr)
            return
        watch.due = None
        watch.started = now
        watch.restarts += 1
        watch.last_restart = datetime.now(UTC).isoformat(timespec="seconds")
        say(f"{child.name} restarted (pid {child.pid}, restart {watch.restarts})", self.console)
