"""The release a process runs: the package version and the commit, read once (API info page and heartbeats)."""

from __future__ import annotations

import subprocess
from functools import cache
from importlib.metadata import PackageNotFoundError, version

from domain.settings import ROOT, get_settings


def git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=5, check=True)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


@cache
def package_version() -> str:
    try:
        return version("omp-console")
    except PackageNotFoundError:
        return "0.0.0"


@cache
def commit() -> str:
    return get_settings().commit or git("rev-parse", "--short", "HEAD") or "unknown"


def release() -> str:
    """`1.2.0+abc1234`: what a heartbeat reports as the process's version."""
    return f"{package_version()}+{commit()}"
