"""Every `# type: ignore` in the code mypy checks names its error code and says why.

The reason is a comment: after the ignore on its line (`# type: ignore[arg-type]  # why`) or on the line just
above it. A bare `# type: ignore` would also hide errors nobody has seen; mypy's `warn_unused_ignores` (pyproject)
drops the ones no longer needed.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("api", "activities", "workflows", "worker", "launcher", "services", "domain", "demo")
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<code>\[[\w\-, ]+\])?(?P<rest>.*)$")



def findings() -> tuple[list[str], dict[str, list[str]]]:
    """(ignores without a code, ignores without a reason by file), each as `path:line`."""
    no_code: list[str] = []
    no_reason: dict[str, list[str]] = {}
    for top in CHECKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            lines = path.read_text().splitlines()
            for number, line in enumerate(lines, start=1):
                found = IGNORE.search(line)
                if found is None:
                    continue
                if not found["code"]:
                    no_code.append(f"{name}:{number}")
                after = re.match(r"\s*#\s*\S", found["rest"]) is not None
                above = number > 1 and lines[number - 2].lstrip().startswith("#")
                if not (after or above):
                    no_reason.setdefault(name, []).append(f"{name}:{number}")
    return no_code, no_reason


def test_every_ignore_names_its_code() -> None:
    no_code, _ = findings()
    assert not no_code, f"`# type: ignore` without [code]: {no_code}"


def test_every_ignore_says_why() -> None:
    _, no_reason = findings()
    missing = [where for places in no_reason.values() for where in places]
    assert not missing, f"`# type: ignore[...]` without a reason comment (after it or on the line above): {missing}"

