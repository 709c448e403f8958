"""The embedded default runner: the project's deploy command in a subprocess on the worker's machine (its process
and files here; activities/deploy_local.py follows it as the run's activity).

The command runs in its own session, detached from the worker, with its output in a file under
var/deploys/<run>/ and its exit status written next to it when it ends. A worker that dies mid-deploy leaves
it running; the next attempt of the activity finds the files and follows the same process to its end
instead of starting a second deploy. A worker asked to stop also leaves it (to the next worker); a user's
cancellation or the time limit ends it, the whole process group.

Idempotent per run: the wrapper first claims the run (`mkdir claimed`, atomic), then writes its own pid and
start time. An attempt that finds no pid spawns a wrapper again, whatever an earlier attempt did: when that
one had spawned its wrapper (even one that has not run yet), one of the two claims the run and the other exits
untouched, so the command runs exactly once; the attempt then follows whichever holds the claim.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

from domain.settings import get_settings
from services.deployments.log import LogWriter
from services.deployments.store import RunContext

READ_BYTES = 1024 * 1024
# A wrapper that finds the run claimed leaves at once; the claimant records its pid (its process group, as
# the session's leader) and start, and keeps the command's exit status even if nobody waits for it.
WRAPPER = ('mkdir "$OMP_DEPLOY_CLAIM" 2>/dev/null || exit 0; '
           'echo "$$ $(date +%s)" > "$OMP_DEPLOY_PID.tmp"; mv "$OMP_DEPLOY_PID.tmp" "$OMP_DEPLOY_PID"; '
           'sh -c "$OMP_DEPLOY_COMMAND" >> "$OMP_DEPLOY_LOG" 2>&1; echo $? > "$OMP_DEPLOY_EXIT.tmp"; '
           'mv "$OMP_DEPLOY_EXIT.tmp" "$OMP_DEPLOY_EXIT"')
# A claim whose pid never shows up: its wrapper was killed between the two (nothing of the command ran).
CLAIM_WAIT_SECONDS = 60


def run_dir(run_id: int) -> Path:
    return get_settings().var_dir / "deploys" / str(run_id)


# The console's own settings (OMP_*: its database URL, secret key, SMTP and storage passwords) are not the deploy's:
# a command that prints its environment would put them in a log every deploy reader sees.
CONSOLE_SETTINGS = "OMP_"


def inherited() -> dict[str, str]:
    """The worker's environment without the console's own settings."""
    return {name: value for name, value in os.environ.items() if not name.startswith(CONSOLE_SETTINGS)}


def environment(ctx: RunContext, paths: dict[str, Path]) -> dict[str, str]:
    """What the command learns of its run: DEPLOY_* variables, and each parameter as DEPLOY_PARAM_<NAME>; the
    wrapper's OMP_DEPLOY_* paths are set after the console's settings are left out."""
    values = {"DEPLOY_RUN_ID": str(ctx.run_id), "DEPLOY_PROJECT": ctx.project, "DEPLOY_VERSION": ctx.version,
              "DEPLOY_ENVIRONMENT": ctx.environment, "DEPLOY_SERVERS": ",".join(ctx.server_ips),
              "OMP_DEPLOY_COMMAND": ctx.command, "OMP_DEPLOY_LOG": str(paths["log"]),
              "OMP_DEPLOY_EXIT": str(paths["exit"]), "OMP_DEPLOY_PID": str(paths["pid"]),
              "OMP_DEPLOY_CLAIM": str(paths["claim"])}
    values |= {f"DEPLOY_PARAM_{name.upper()}": str(value) for name, value in ctx.params.items()}
    return {**inherited(), **values}


def alive(pid: int) -> bool:
    with contextlib.suppress(ChildProcessError):  # our own child: reap it, or it stays a zombie that looks alive
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_group(pid: int) -> None:
    """TERM the command's process group, then KILL what is left a few seconds later."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and alive(pid):
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def paths_of(run_id: int) -> dict[str, Path]:
    base = run_dir(run_id)
    return {"dir": base, "log": base / "output.log", "exit": base / "exit", "pid": base / "pid",
            "claim": base / "claimed"}


def spawn(ctx: RunContext, paths: dict[str, Path]) -> None:
    """Start a wrapper; it runs the command only if no other wrapper of the run claimed it first."""
    paths["dir"].mkdir(parents=True, exist_ok=True)
    subprocess.Popen(["/bin/sh", "-c", WRAPPER], env=environment(ctx, paths), cwd=paths["dir"],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


async def drain(paths: dict[str, Path], writer: LogWriter) -> None:
    """Everything the command wrote up to now, into chunks."""
    with contextlib.suppress(FileNotFoundError), paths["log"].open("rb") as log:
        log.seek(writer.offset + len(writer.pending))
        while data := log.read(READ_BYTES):
            await writer.feed(data)
    await writer.feed(b"", final=True)


async def drain_some(paths: dict[str, Path], writer: LogWriter) -> None:
    with contextlib.suppress(FileNotFoundError), paths["log"].open("rb") as log:
        log.seek(writer.offset + len(writer.pending))
        data = log.read(READ_BYTES)
        await writer.feed(data)
