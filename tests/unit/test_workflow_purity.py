"""Every workflow the worker registers without the sandbox (docs/decisions/ticket-workflow-unsandboxed.md) keeps
what the sandbox would: no wall clock, randomness, UUIDs, files, sleeping or network, in its own module and in
the pure modules it reads (other workflow modules, its flow contract in domain/flows, its rules in domain/rules).
The workflows are found through worker/registry.py, so a new unsandboxed workflow is checked without a list."""

from __future__ import annotations

import ast
import importlib.util
import inspect
from pathlib import Path

import pytest

from tests.unit.test_ticket_workflow_purity import (
    FORBIDDEN_CALLS,
    FORBIDDEN_IMPORTS,
    dotted,
    outside_passthrough_imports,
)
from worker.registry import queues

ROOT = Path(__file__).resolve().parents[2]
PURE_PACKAGES = ("workflows.", "domain.flows.", "domain.rules.")


def unsandboxed() -> list[type]:
    return [flow for queue in queues() for flow in queue.workflows
            if flow.__temporal_workflow_definition.sandboxed is False]  # type: ignore[attr-defined]


def modules_read(path: Path) -> set[Path]:
    """The pure modules a workflow module imports (anywhere in it, passed through or not)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
        if isinstance(node, ast.ImportFrom) and node.module in ("workflows", "domain.flows", "domain.rules"):
            names = [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            spec = importlib.util.find_spec(name) if name.startswith(PURE_PACKAGES) else None
            if spec is not None and spec.origin:
                found.add(Path(spec.origin))
    return found


def pure_modules() -> list[Path]:
    paths = {Path(inspect.getfile(flow)) for flow in unsandboxed()}
    return sorted(paths | {read for path in paths for read in modules_read(path)})


def test_the_registry_has_unsandboxed_workflows_to_check() -> None:
    names = {flow.__name__ for flow in unsandboxed()}
    assert names >= {"TicketWorkflow", "PlanWorkflow", "SubscriptionRequestWorkflow"}


@pytest.mark.parametrize("path", pure_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_wall_clock_randomness_or_io(path: Path) -> None:
    tree = ast.parse(path.read_text())
    calls = {dotted(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert calls & FORBIDDEN_CALLS == set()
    imported = outside_passthrough_imports(tree)
    assert [m for m in imported if any(m == f or m.startswith(f"{f}.") for f in FORBIDDEN_IMPORTS)] == []
