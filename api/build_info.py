"""Version, commit and build time shown at /cms/info, read once at start-up."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime
from functools import cache
from importlib.metadata import PackageNotFoundError, version

from domain.settings import ROOT, TEMPORAL_UI_PATH, get_settings


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=5, check=True)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


@cache
def build_info() -> dict[str, str]:
    settings = get_settings()
    try:
        ver = version("omp-console")
    except PackageNotFoundError:
        ver = "0.0.0"
    index = settings.web_dist / "index.html"
    built = (datetime.fromtimestamp(index.stat().st_mtime, UTC).isoformat(timespec="seconds")
             if index.exists() else None)
    return {
        "name": "omp-console",
        "version": ver,
        "commit": settings.commit or _git("rev-parse", "--short", "HEAD") or "unknown",
        "buildTime": settings.build_time or built or "unknown",
        "appTitle": settings.app_title,
        "temporalUi": f"{TEMPORAL_UI_PATH}/",  # through the console's proxy, for holders of temporal#operate
    }
