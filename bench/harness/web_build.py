"""The built web app a benchmark measures in the browser: `web/dist` as the console serves it, rebuilt first when
any source of the app is newer, so a benchmark of a page never measures an old build of it."""

from __future__ import annotations

import subprocess
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
SOURCES = ("src", "public", "index.html", "package-lock.json", "vite.config.ts", "tsconfig.json")


def newest_source(web: Path = WEB) -> float:
    """The latest change time of the app's sources (files under its folders, and its top-level files)."""
    times = []
    for name in SOURCES:
        path = web / name
        if path.is_dir():
            times += [f.stat().st_mtime for f in path.rglob("*") if f.is_file()]
        elif path.exists():
            times.append(path.stat().st_mtime)
    return max(times, default=0.0)


def is_stale(web: Path = WEB) -> bool:
    index = web / "dist" / "index.html"
    return not index.exists() or index.stat().st_mtime < newest_source(web)


def ensure_built(web: Path = WEB) -> bool:
    """Builds the app (`npm run build`) when web/dist is missing or older than a source; True if it built."""
    if not is_stale(web):
        return False
    print("web/dist is missing or older than web/src: npm run build", flush=True)
    subprocess.run(["npm", "--prefix", str(web), "run", "build"], check=True)
    return True
