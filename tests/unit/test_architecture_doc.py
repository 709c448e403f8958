"""docs/architecture.md names files a newcomer opens: every one of them exists, so the whiteboard cannot drift from
the tree unnoticed.

Checked: every backticked path with a slash, and the cells of the module table ("Where a module's code goes"),
read as the table writes them: `x/{a,b}.py` is two files of package `x`; in the api column the files before a
semicolon are routers (`routers/tickets.py`, then `ticket_actions.py` beside it) and those after it sit in `api/`.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
COLUMNS = {"services": "services/", "activities": "activities/", "workflows": "workflows/",
           "domain/flows": "domain/flows/"}
PATHLIKE = re.compile(r"`((?:api|services|activities|workflows|domain|demo|worker|web|tests|docs)/[\w./{},-]+)`")


def expand(name: str) -> list[str]:
    """`x/{a,b}.py` -> x/a.py, x/b.py."""
    found = re.fullmatch(r"(.*)\{([^}]*)\}(.*)", name)
    return [f"{found[1]}{part}{found[3]}" for part in found[2].split(",")] if found else [name]


def names(cell: str) -> list[str]:
    return [path for name in re.findall(r"`([^`]+)`", cell) for path in expand(name)]


def table_files() -> list[str]:
    lines = DOC.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| module | api |"))
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    files: list[str] = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")), strict=True))
        routers, _, helpers = cells["api"].partition(";")
        files += [f"api/routers/{name.removeprefix('routers/')}" for name in names(routers)]
        files += [f"api/{name}" for name in names(helpers)]
        for column, prefix in COLUMNS.items():
            cell = re.sub(r"\([^)]*\)", "", cells[column])  # a remark in brackets names no file
            files += [prefix + name for name in names(cell)]
    return files


def test_the_module_table_lists_files_that_exist() -> None:
    files = table_files()
    assert len(files) > 60  # the table was read
    assert [path for path in files if not (ROOT / path).is_file()] == []


def test_every_path_the_document_names_exists() -> None:
    named = {path for found in PATHLIKE.findall(DOC.read_text()) for path in expand(found)}
    missing = sorted(path for path in named if "<" not in path and not (ROOT / path.rstrip("/")).exists())
    assert missing == []
