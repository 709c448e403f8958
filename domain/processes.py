"""The launcher's record of the processes it supervises (pid, restarts), read by /cms/health.

A small JSON file in the var dir: the launcher and the API share only that directory, and a
restarted API must still see how often the worker (or it) was restarted before.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

FILE_NAME = "processes.json"


def state_path(var_dir: Path) -> Path:
    return var_dir / FILE_NAME


def write(var_dir: Path, processes: dict[str, dict[str, Any]]) -> None:
    """Atomic replace, so a reader never sees half a file."""
    path = state_path(var_dir)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(processes, indent=1), encoding="utf-8")
    tmp.replace(path)


def read(var_dir: Path) -> dict[str, dict[str, Any]] | None:
    """None when no launcher supervises this console (tests, an external process manager)."""
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(state_path(var_dir).read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return data
    return None


def remove(var_dir: Path) -> None:
    with contextlib.suppress(OSError):
        state_path(var_dir).unlink()
