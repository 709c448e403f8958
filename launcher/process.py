"""Child processes: own process group, output to a log file and to the console with a prefix."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO


def _load_prctl() -> Any:
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux
        return None


_prctl = _load_prctl()
_PR_SET_PDEATHSIG = 1


def _child_setup() -> None:
    """In the child before exec.

    A launcher started in the background by a script inherits SIGINT ignored, and exec keeps
    ignored signals ignored: give children the default back. Ask for SIGTERM if the launcher
    itself is killed (Linux only), so no child outlives it.
    """
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    if _prctl is not None:
        _prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM))


# Console output of all children and of the launcher itself goes through one lock so that
# lines from different processes never interleave mid-line. Reentrant: a signal handler that
# prints may interrupt the main thread while it holds the lock.
_console_lock = threading.RLock()


def say(message: str, stream: TextIO | None = None) -> None:
    with _console_lock:
        out = stream or sys.stdout
        out.write(message + "\n")
        out.flush()


class Child:
    """One long-running or one-shot command started by the launcher."""

    def __init__(
        self,
        name: str,
        argv: list[str],
        *,
        log_path: Path,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        console: TextIO | None = None,
    ) -> None:
        self.name = name
        self.argv = argv
        self.log_path = log_path
        self.env = env
        self.cwd = cwd
        self.console = console
        self.proc: subprocess.Popen[bytes] | None = None
        self._log_start = 0  # where this run's lines begin in the log file
        self._pump: threading.Thread | None = None
        self._stopping = False

    def start(self) -> Child:
        """Start (or, after it exited, start again: the supervisor restarts a dead part)."""
        self._stopping = False
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        # A process group of its own: Ctrl-C in the terminal reaches only the launcher,
        # which then stops the children in order; killpg also reaches grandchildren.
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=self.env,
            cwd=self.cwd,
            process_group=0,
            preexec_fn=_child_setup,
        )
        self._pump = threading.Thread(target=self._copy_output, name=f"pump-{self.name}", daemon=True)
        self._pump.start()
        return self

    def _copy_output(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        prefix = f"{self.name:<8}| "
        with self.log_path.open("a", encoding="utf-8") as log:
            log.write(f"--- {datetime.now().isoformat(timespec='seconds')} start: {' '.join(self.argv)}\n")
            log.flush()
            for raw in iter(self.proc.stdout.readline, b""):
                line = raw.decode("utf-8", errors="replace").rstrip("\n")
                log.write(line + "\n")
                log.flush()
                # Shutdown chatter (closed connections and the like) stays in the log file.
                if self.console is not None and not self._stopping:
                    say(prefix + line, self.console)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def returncode(self) -> int | None:
        """None while running, else the exit status."""
        return self.proc.poll() if self.proc else None

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    @property
    def stopping(self) -> bool:
        return self._stopping

    def wait(self, timeout: float | None = None) -> int:
        assert self.proc is not None
        code = self.proc.wait(timeout)
        if self._pump is not None:
            self._pump.join(timeout=2)
        return code

    def output(self) -> str:
        """What this run wrote (its lines in the log file), complete once it has exited and been waited for."""
        if not self.log_path.exists():
            return ""
        with self.log_path.open("rb") as log:
            log.seek(self._log_start)
            return log.read().decode("utf-8", errors="replace")

    def signal(self, sig: int) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM to the group, SIGKILL when it has not exited after `timeout` seconds."""
        self._stopping = True
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.signal(signal.SIGTERM)
            deadline = time.monotonic() + timeout
            while self.proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.proc.poll() is None:
                say(f"{self.name} did not stop within {timeout:.0f} s; killing it", sys.stderr)
                self.signal(signal.SIGKILL)
        code = self.wait()
        # Grandchildren (uvicorn's reloader, the file watcher) share the group: make sure
        # none outlives its parent.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        return code


def describe_exit(code: int | None) -> str:
    """'status 3' or 'signal SIGKILL': a negative return code means killed by a signal."""
    if code is None:
        return "no status"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"status {code}"
