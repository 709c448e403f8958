"""Version, commit and build time shown at /cms/info, read once at start-up."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache

from domain.build import commit, package_version
from domain.settings import TEMPORAL_UI_PATH, get_settings


@cache
def build_info() -> dict[str, str]:
    settings = get_settings()
    index = settings.web_dist / "index.html"
    built = (datetime.fromtimestamp(index.stat().st_mtime, UTC).isoformat(timespec="seconds")
             if index.exists() else None)
    return {
        "name": "omp-console",
        "version": package_version(),
        "commit": commit(),
        "buildTime": settings.build_time or built or "unknown",
        "appTitle": settings.app_title,
        "temporalUi": f"{TEMPORAL_UI_PATH}/",  # through the console's proxy, for holders of temporal#operate
    }
