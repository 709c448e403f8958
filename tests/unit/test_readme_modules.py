"""README.md's "What you can use today" says which screens work: it follows web/src/app/views.ts.

A screen is live when `VIEWS` loads it from `web/src/modules/<module>/`; it waits while its identifier is listed
under a key of `PENDING_MODULES`. The first table of the section names, in its last column, every web module that
serves a live screen (and no other); the second table names exactly the keys of `PENDING_MODULES`. So a module
that lands (its screens leave `PENDING_MODULES` for a page of their own) fails here until the README lists it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VIEWS = ROOT / "web" / "src" / "app" / "views.ts"
README = ROOT / "README.md"
SECTION = "## What you can use today"


def live_modules() -> set[str]:
    """The web modules a screen of `VIEWS` is loaded from."""
    return set(re.findall(r"import\('\.\./modules/([\w-]+)/", VIEWS.read_text()))


def pending_modules() -> set[str]:
    text = VIEWS.read_text()
    block = re.search(r"export const PENDING_MODULES = \{(.*?)\} as const;", text, re.S)
    assert block, "PENDING_MODULES not found in web/src/app/views.ts"
    return set(re.findall(r"^\s*(\w+):", block.group(1), re.M))


def section_tables() -> list[list[list[str]]]:
    """The section's tables, each a list of rows (header and separator left out), each row its cells."""
    text = README.read_text()
    assert SECTION in text, f"README.md has no section {SECTION!r}"
    body = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    tables: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in body.splitlines():
        if not line.startswith("|"):
            current = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if current is None:
            current = []
            tables.append(current)
            continue  # the header
        if set("".join(cells)) <= set("-: "):
            continue  # the separator
        current.append(cells)
    return tables


def named(cell: str) -> set[str]:
    return set(re.findall(r"`([\w-]+)`", cell))


def test_views_are_read() -> None:
    assert {"tickets", "merchants"} <= live_modules()
    assert "crm" in pending_modules()


def test_every_live_module_has_a_row_and_no_row_names_another() -> None:
    tables = section_tables()
    assert len(tables) == 2, "the section has the table of what exists and the table of what is pending"
    listed = set().union(*(named(row[-1]) for row in tables[0]))
    live = live_modules()
    assert not live - listed, f"live web modules without a README row: {sorted(live - listed)}"
    assert not listed - live, f"README rows name modules that serve no screen: {sorted(listed - live)}"


def test_the_pending_table_names_pending_modules_exactly() -> None:
    pending_table = section_tables()[1]
    listed = set().union(*(named(row[0]) for row in pending_table))
    assert listed == pending_modules(), (
        f"README lists {sorted(listed)} as pending; PENDING_MODULES holds {sorted(pending_modules())}")
