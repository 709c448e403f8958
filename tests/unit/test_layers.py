"""The layers of docs/architecture.md: api and activities call down into services, services into domain; nothing
below imports what sits above it.

Activities and workflows run in the worker, which must not load the web application; domain code is shared
by both. A module that reaches up into `api` couples the worker to FastAPI and hides a rule in a route.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOWER_LAYERS = ("domain", "services", "activities", "workflows", "worker", "demo")



def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def offenders(layer: str, above: tuple[str, ...]) -> dict[str, list[str]]:
    """The files of `layer` that import a module of a package in `above`, with what they import."""
    found = {
        str(path.relative_to(ROOT)): sorted(name for name in imported_modules(path) if name.split(".", 1)[0] in above)
        for path in (ROOT / layer).rglob("*.py")
    }
    return {path: names for path, names in found.items() if names}


@pytest.mark.parametrize("layer", LOWER_LAYERS)
def test_lower_layers_never_import_the_api(layer: str) -> None:
    assert offenders(layer, ("api",)) == {}


def test_domain_never_imports_the_layers_above_it() -> None:
    """Domain is shared by the API, the services and the worker: it reaches none of them (flow contracts are
    domain/flows, demo data that goes through a service is demo/)."""
    assert offenders("domain", ("api", "services", "activities", "workflows", "worker", "demo")) == {}


def test_services_import_neither_the_api_nor_activities_nor_workflows() -> None:
    """Services sit beneath both the API and the activities; a flow's contract comes from domain/flows."""
    assert offenders("services", ("api", "activities", "workflows", "worker", "demo")) == {}


def test_the_api_never_imports_activities() -> None:
    """A router reaches a module's statements, transactions and flow calls through its service."""
    assert offenders("api", ("activities",)) == {}


def test_activities_never_import_workflows() -> None:
    """An activity takes its inputs from the flow's contract (domain/flows), never from a workflow file."""
    assert offenders("activities", ("workflows",)) == {}
