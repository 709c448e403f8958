"""The code uses FastAPI, Starlette and pydantic through their public names only: no module or name with a leading
underscore (`fastapi._compat`, `fastapi.routing._IncludedRouter`, ...) is imported anywhere, so the pinned range of
those packages (pyproject.toml) can move to a new release without the code breaking on its private parts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORKS = {"fastapi", "starlette", "pydantic"}
SKIPPED = {".venv", ".venv-new", "node_modules", "web", ".git"}


def python_files() -> list[Path]:
    return [path for path in ROOT.rglob("*.py") if not SKIPPED & set(path.relative_to(ROOT).parts)]


def private_imports(source: str) -> list[str]:
    """Every framework import of a private module or name in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
            names: list[str] = []
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules, names = [node.module], [alias.name for alias in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] in FRAMEWORKS and (any(p.startswith("_") for p in parts) or
                                           any(n.startswith("_") for n in names)):
                found.append(f"{module}: {', '.join(names) or module}")
    return found


def test_the_check_finds_a_private_import() -> None:
    assert private_imports("from fastapi._compat import Undefined") == ["fastapi._compat: Undefined"]
    assert private_imports("from fastapi.routing import APIRoute, _IncludedRouter")
    assert private_imports("import starlette._utils")
    assert private_imports("from fastapi import APIRouter\nimport pydantic") == []


def test_no_private_framework_name_is_imported() -> None:
    offenders = {str(path.relative_to(ROOT)): found for path in python_files()
                 if (found := private_imports(path.read_text(encoding="utf-8")))}
    assert offenders == {}
