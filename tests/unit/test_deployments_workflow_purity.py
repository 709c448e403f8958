"""The deploy flows run unsandboxed too (docs/decisions/deploy-queue.md): the same purity checks as the ticket
flow's keep their modules free of wall clock, randomness and I/O."""

import ast
from pathlib import Path

import pytest

from tests.unit.test_ticket_workflow_purity import (
    FORBIDDEN_CALLS,
    FORBIDDEN_IMPORTS,
    dotted,
    outside_passthrough_imports,
)

ROOT = Path(__file__).resolve().parents[2]
MODULES = [ROOT / "workflows" / "deployments.py", ROOT / "domain" / "flows" / "deployments.py"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_wall_clock_randomness_or_io(path):
    tree = ast.parse(path.read_text())
    calls = {dotted(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert calls & FORBIDDEN_CALLS == set()
    imported = outside_passthrough_imports(tree)
    assert [m for m in imported if any(m == f or m.startswith(f"{f}.") for f in FORBIDDEN_IMPORTS)] == []
