"""The ticket and plan workflows run unsandboxed (docs/decisions/ticket-workflow-unsandboxed.md), so this test
keeps what the sandbox would: no wall clock, randomness, UUIDs, files, sleeping or network in its modules."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = [ROOT / "workflows" / "tickets.py", ROOT / "domain" / "flows" / "tickets.py",
           ROOT / "workflows" / "plans.py", ROOT / "domain" / "flows" / "plans.py",
           ROOT / "domain" / "rules" / "plans.py"]
FORBIDDEN_CALLS = {"datetime.now", "datetime.utcnow", "datetime.today", "date.today", "time.time",
                   "time.monotonic", "time.sleep", "asyncio.sleep", "uuid.uuid4", "uuid.uuid1", "open",
                   "random.random", "random.randint", "random.choice", "os.getenv", "os.environ.get"}
FORBIDDEN_IMPORTS = ("sqlalchemy", "psycopg", "httpx", "smtplib", "socket", "random", "uuid", "time", "os",
                     "domain.db", "domain.settings", "api")


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


def outside_passthrough_imports(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:  # top level only: `with workflow.unsafe.imports_passed_through():` blocks are skipped
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_wall_clock_randomness_or_io(path):
    tree = ast.parse(path.read_text())
    calls = {dotted(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert calls & FORBIDDEN_CALLS == set()
    imported = outside_passthrough_imports(tree)
    assert [m for m in imported if any(m == f or m.startswith(f"{f}.") for f in FORBIDDEN_IMPORTS)] == []


def test_the_workflows_are_declared_unsandboxed_on_purpose():
    from workflows.plans import PlanWorkflow
    from workflows.tickets import TicketWorkflow

    for flow in (TicketWorkflow, PlanWorkflow):
        assert flow.__temporal_workflow_definition.sandboxed is False  # type: ignore[attr-defined]
