"""The layers of docs/architecture.md: the API calls down into domain, activities and workflows, never the reverse.

Activities and workflows run in the worker, which must not load the web application; domain code is shared
by both. A module that reaches up into `api` couples the worker to FastAPI and hides a rule in a route.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOWER_LAYERS = ("domain", "activities", "workflows", "worker")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", LOWER_LAYERS)
def test_lower_layers_never_import_the_api(layer: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path)
                                            if name == "api" or name.startswith("api."))
        for path in (ROOT / layer).rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_domain_never_imports_the_layers_above_it() -> None:
    """Domain is shared by the API and the worker: it reaches neither activities nor workflows (the demo stock,
    which moves stock through the ledger in activities, is seeded from activities/stock_demo.py)."""
    above = ("api", "activities", "workflows", "worker")
    offenders = {
        str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path)
                                            if name.split(".", 1)[0] in above)
        for path in (ROOT / "domain").rglob("*.py")
    }
    assert {path: names for path, names in offenders.items() if names} == {}
