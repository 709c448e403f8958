"""Starts the parts in order, watches them, and stops them in reverse order."""

from __future__ import annotations

import asyncio
import fcntl
import os
import shutil
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, TextIO

import httpx

from domain import processes
from domain.settings import ROOT
from launcher import report
from launcher.health import failing_parts
from launcher.plan import LOOPBACK, PORTS, SETTINGS, Plan
from launcher.ports import accepts, bind_refused, held_by, require_free
from launcher.postgres import EmbeddedPostgres, start_embedded
from launcher.process import Child, describe_exit, say
from launcher.search_attributes import TypeClashError
from launcher.supervisor import Supervisor
from launcher.temporal import dev_server_argv, wait_ready

TEMPORAL_TIMEOUT = 60.0
# aiosmtpd reports a bind failure only after its own 10 s ready timeout; a busy machine adds its start-up.
SMTP_TIMEOUT = 60.0
PRESTART_TIMEOUT = 600.0  # migrations and the first demo seeding
# The API imports ~420 routes and warms its caches; on two cores busy with other work that took over 120 s.
HEALTH_TIMEOUT = 300.0
STOP_TIMEOUT = 10.0
PORT_ATTEMPTS = 5  # starts of one part whose port someone took between choosing and binding
# The worker finishes running activities first (its graceful shutdown is 10 s).
STOP_TIMEOUTS = {"worker": 25.0}


class StartError(RuntimeError):
    """A part failed to start; the message says which and where its log is."""


class Interrupted(Exception):
    """SIGINT or SIGTERM arrived while starting."""


class Stack:
    def __init__(self, plan: Plan, console: TextIO | None = None) -> None:
        self.plan = plan
        self.console = console or sys.stdout
        self.children: list[Child] = []  # in start order
        self.postgres: EmbeddedPostgres | None = None
        self.database_url = plan.database_url
        self.stop_requested = threading.Event()
        self.stopping = False
        self._lock_file: Any = None

    # -- entry point -------------------------------------------------------------------------

    def run(self) -> int:
        """Start, supervise until a signal or a crash, stop. Returns the exit status."""
        self._install_signal_handlers()
        try:
            self.start()
            report.ready(self.plan, self.database_url, self.console)
            return self.supervise()
        except Interrupted:
            return 0
        except (StartError, OSError) as err:
            self.say(f"\nOMP Console did not start: {err}", sys.stderr)
            return 1
        except Exception:
            self.say(f"\nOMP Console did not start:\n{traceback.format_exc()}", sys.stderr)
            return 1
        finally:
            self.shutdown()

    def say(self, message: str, stream: TextIO | None = None) -> None:
        say(message, stream or self.console)

    # -- starting ----------------------------------------------------------------------------

    def start(self) -> None:
        plan = self.plan
        self._preflight()
        if plan.embedded_db:
            self.say(f"Starting PostgreSQL (data in {plan.var_dir / 'pg'}) ...")
            self.postgres = start_embedded(plan.var_dir / "pg", plan.db_name)
            self.database_url = self.postgres.url
        self._check_interrupted()
        if plan.embedded_temporal:
            self._start_listening("temporal", self._temporal_argv, TEMPORAL_TIMEOUT,
                                  lambda child: asyncio.run(self._wait_temporal(child)))
        if plan.smtp_sink:
            self._start_listening("smtp", self._sink_argv, SMTP_TIMEOUT, lambda _child: None)
        if plan.local_marketplace:
            self._start_listening("marketplace", self._marketplace_argv, SMTP_TIMEOUT, lambda _child: None)
        self.say("Running migrations and demo data (api.prestart) ...")
        self._run_prestart()
        self._spawn("worker", plan.commands.worker)
        self._start_listening("api", lambda: plan.commands.api, HEALTH_TIMEOUT, lambda _child: self._wait_healthy())

    def _start_listening(self, part: str, argv: Callable[[], list[str]], timeout: float,
                         ready: Callable[[Child], None]) -> None:
        """Start a part that listens on the plan's ports of `part`, wait until it holds them, then until `ready`.
        A part that exits because a port was taken since it was chosen starts again on new ports (ephemeral
        stacks; launcher/ports.py), or the refusal names the setting to change."""
        for attempt in range(1, PORT_ATTEMPTS + 1):
            ports = {field: getattr(self.plan, field) for field in PORTS[part]}
            self.say(f"Starting {part} on port {', '.join(map(str, ports.values()))} ...")
            child = self._spawn(part, argv())
            try:
                host = self.plan.local_host if part == "api" else LOOPBACK
                self._wait_bound(child, host, list(ports.values()), timeout)
                ready(child)
                return
            except StartError:
                if child.running() or not bind_refused(self._ended_output(child)):
                    raise
            self.children.remove(child)
            taken = ", ".join(f"{SETTINGS[field]}={port}" for field, port in ports.items())
            if not self.plan.ephemeral:
                raise StartError(f"{part} found a port already in use ({taken}): set it to a free port; "
                                 f"see {child.log_path}")
            if attempt == PORT_ATTEMPTS:
                raise StartError(f"{part} found its ports taken {attempt} times in a row; see {child.log_path}")
            self.say(f"{part}: a port was taken since it was chosen ({taken}); trying new ones")
            self.plan.repick(part)
            self._respawn_readers()

    def _respawn_readers(self) -> None:
        """Parts already running (the worker) have the old ports in their environment: start them again."""
        for child in [c for c in self.children if c.name not in PORTS]:
            child.stop(STOP_TIMEOUTS.get(child.name, STOP_TIMEOUT))
            self.children.remove(child)
            self._spawn(child.name, child.argv)

    def _wait_bound(self, child: Child, host: str, ports: list[int], timeout: float) -> None:
        # A connection attempt costs microseconds; which process listens (~15 ms) is asked once one answers.
        def bound() -> bool:
            return all(accepts(host, port) for port in ports) and held_by(child.pid or 0, ports)

        self._wait_for(bound, child, timeout, child.name)

    @staticmethod
    def _ended_output(child: Child) -> str:
        child.wait(timeout=10)  # its last lines reach the log
        return child.output()

    def _preflight(self) -> None:
        plan = self.plan
        plan.log_dir.mkdir(parents=True, exist_ok=True)
        plan.mail_dir.mkdir(parents=True, exist_ok=True)
        self._lock_var_dir()
        if plan.ephemeral:
            return  # its ports were just chosen; one taken meanwhile is chosen again (`_start_listening`)
        wanted = [("console API", plan.host, plan.port, "OMP_PORT")]
        if plan.embedded_temporal:
            wanted += [
                ("Temporal gRPC", LOOPBACK, plan.temporal_port, "OMP_TEMPORAL_PORT"),
                ("Temporal Web UI", LOOPBACK, plan.temporal_ui_port, "OMP_TEMPORAL_UI_PORT"),
            ]
        if plan.smtp_sink:
            wanted.append(("SMTP sink", LOOPBACK, plan.smtp_port, "OMP_SMTP_PORT"))
        if plan.local_marketplace:
            wanted.append(("demo marketplace", LOOPBACK, plan.marketplace_port, "OMP_MARKETPLACE_PORT"))
        try:
            require_free(wanted)
        except RuntimeError as err:
            raise StartError(str(err)) from None

    def _lock_var_dir(self) -> None:
        """Two launchers on one var dir would fight over the same PostgreSQL and SQLite files."""
        path = self.plan.var_dir / "launcher.lock"
        self._lock_file = path.open("a+")
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._lock_file.seek(0)
            other = self._lock_file.read().strip() or "?"
            self._lock_file.close()
            self._lock_file = None
            raise StartError(f"another launcher (pid {other}) is already using {self.plan.var_dir}") from None
        self._lock_file.truncate(0)
        self._lock_file.write(str(os.getpid()))
        self._lock_file.flush()

    def _temporal_argv(self) -> list[str]:
        plan = self.plan
        return dev_server_argv(
            port=plan.temporal_port,
            ui_port=plan.temporal_ui_port,
            # An ephemeral stack is thrown away, so its history can stay in memory (faster).
            db_file=None if plan.ephemeral else plan.var_dir / "temporal.db",
            namespace=plan.temporal_namespace,
        )

    def _sink_argv(self) -> list[str]:
        plan = self.plan
        return [sys.executable, "-m", "launcher.smtp_sink", "--host", LOOPBACK,
                "--port", str(plan.smtp_port), "--dir", str(plan.mail_dir)]  # fmt: skip

    def _marketplace_argv(self) -> list[str]:
        return [sys.executable, "-m", "launcher.marketplace", "--host", LOOPBACK,
                "--port", str(self.plan.marketplace_port)]  # fmt: skip

    async def _wait_temporal(self, child: Child) -> None:
        task = asyncio.ensure_future(
            wait_ready(self.plan.temporal_target, self.plan.temporal_namespace, timeout=TEMPORAL_TIMEOUT, child=child)
        )
        while not task.done():
            if self.stop_requested.is_set():
                task.cancel()
                raise Interrupted
            await asyncio.wait({task}, timeout=0.2)
        try:
            task.result()
        except (RuntimeError, TypeClashError) as err:
            raise StartError(str(err)) from None

    def _run_prestart(self) -> None:
        child = self._spawn("prestart", self.plan.commands.prestart)
        deadline = time.monotonic() + PRESTART_TIMEOUT
        while child.running():
            self._check_interrupted()
            if time.monotonic() > deadline:
                raise StartError(f"prestart did not finish within {PRESTART_TIMEOUT:.0f} s; see {child.log_path}")
            time.sleep(0.1)
        code = child.wait()
        self.children.remove(child)
        if code != 0:
            raise StartError(
                f"prestart (database migrations and demo data) failed ({describe_exit(code)}); see {child.log_path}"
            )

    def _wait_healthy(self) -> None:
        url = f"{self.plan.url}/cms/health"
        deadline = time.monotonic() + HEALTH_TIMEOUT
        last, body = "no answer yet", ""
        answered = False
        with httpx.Client(timeout=2.0) as http:
            while time.monotonic() < deadline:
                self._check_interrupted()
                self._check_alive("before the console became healthy")
                try:
                    reply = http.get(url)
                    answered = True
                    if reply.status_code == 200:
                        return
                    last, body = f"HTTP {reply.status_code}: {reply.text[:500]}", reply.text
                except httpx.HTTPError as err:
                    last = f"no answer ({type(err).__name__})"
                time.sleep(0.5)
        if not answered:
            api = self._child("api")
            raise StartError(f"the API never answered at {url} within {HEALTH_TIMEOUT:.0f} s; see {api.log_path}")
        raise StartError(
            f"{url} still reports a problem after {HEALTH_TIMEOUT:.0f} s: {last}\n" + self._log_hints(body)
        )

    def _log_hints(self, reply: str) -> str:
        logs = {c.name: str(c.log_path) for c in self.children}
        if self.postgres is not None:
            logs["postgres"] = str(self.postgres.pgdata / "log")
        failing = failing_parts(reply)
        if failing:
            return "\n".join(
                f"  {part} is down{f' ({detail})' if detail else ''}; see {logs.get(part, 'its own logs')}"
                for part, detail in failing.items()
            )
        return "  logs: " + ", ".join(f"{name}: {path}" for name, path in logs.items())

    # -- children ----------------------------------------------------------------------------

    def _spawn(self, name: str, argv: list[str]) -> Child:
        child = Child(
            name, argv, log_path=self.plan.log_dir / f"{name}.log",
            env=self._child_env(), cwd=ROOT, console=self.console,
        )  # fmt: skip
        self.children.append(child)
        try:
            return child.start()
        except OSError as err:
            self.children.remove(child)
            raise StartError(f"cannot run {name} ({argv[0]}): {err}") from None

    def _child(self, name: str) -> Child:
        return next(c for c in self.children if c.name == name)

    def _child_env(self) -> dict[str, str]:
        plan = self.plan
        env = dict(os.environ)
        env.update(
            PYTHONUNBUFFERED="1",  # log lines reach the console as they are written
            OMP_VAR_DIR=str(plan.var_dir),
            OMP_HOST=plan.host,
            OMP_PORT=str(plan.port),
            OMP_TEMPORAL_ADDRESS=plan.temporal_target,
            OMP_TEMPORAL_NAMESPACE=plan.temporal_namespace,
            OMP_TEMPORAL_PORT=str(plan.temporal_port),
            OMP_TEMPORAL_UI_PORT=str(plan.temporal_ui_port),
            OMP_SMTP_HOST=plan.smtp_host or LOOPBACK,
            OMP_SMTP_PORT=str(plan.smtp_port),
            OMP_MARKETPLACE_URL=plan.marketplace_target,
        )
        if self.database_url:
            env["OMP_DATABASE_URL"] = self.database_url
        if plan.temporal_ui_url:
            env["OMP_TEMPORAL_UI_URL"] = plan.temporal_ui_url
        if plan.smtp_sink:
            env["OMP_SMTP_SINK_DIR"] = str(plan.mail_dir)  # mail the sink took can be looked up there
        return env

    def _wait_for(self, ready: Any, child: Child, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            self._check_interrupted()
            if not child.running():
                raise StartError(f"{what} exited ({describe_exit(child.returncode())}); see {child.log_path}")
            if time.monotonic() > deadline:
                raise StartError(f"{what} did not come up within {timeout:.0f} s; see {child.log_path}")
            time.sleep(0.1)

    def _check_alive(self, when: str) -> None:
        for child in self.children:
            if not child.running():
                raise StartError(
                    f"{child.name} exited ({describe_exit(child.returncode())}) {when}; see {child.log_path}"
                )

    def _check_interrupted(self) -> None:
        if self.stop_requested.is_set():
            raise Interrupted

    # -- running and stopping ----------------------------------------------------------------

    def supervise(self) -> int:
        """Until Ctrl-C: a part that dies is restarted with backoff while the rest keeps serving."""
        supervisor = Supervisor(self.children, self.plan.var_dir, self.console)
        while not self.stop_requested.wait(0.5):
            supervisor.tick()
        return 0

    def _install_signal_handlers(self) -> None:
        def handle(signum: int, _frame: Any) -> None:
            if self.stopping or self.stop_requested.is_set():
                # A second Ctrl-C: no more waiting for graceful exits.
                self.say("Stopping at once.", sys.stderr)
                for child in self.children:
                    child.signal(signal.SIGKILL)
                return
            self.say(f"\n{signal.Signals(signum).name} received, stopping OMP Console ...", sys.stderr)
            self.stop_requested.set()

        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, handle)

    def shutdown(self) -> None:
        self.stopping = True
        started = bool(self.children or self.postgres)
        for child in reversed(self.children):
            if child.running():
                self.say(f"Stopping {child.name} ...")
            child.stop(STOP_TIMEOUTS.get(child.name, STOP_TIMEOUT))
        if self.postgres is not None:
            self.say("Stopping PostgreSQL ...")
            try:
                self.postgres.stop()
            except Exception as err:  # still remove the lock and temp dir below
                self.say(f"PostgreSQL did not stop cleanly: {err}", sys.stderr)
        if self._lock_file is not None:  # the var dir is ours: so is its process record
            processes.remove(self.plan.var_dir)
            self._lock_file.close()
        if self.plan.ephemeral:
            shutil.rmtree(self.plan.var_dir, ignore_errors=True)
        if started:
            self.say("OMP Console stopped.")
