"""The layers of docs/architecture.md: api and activities call down into services, services into domain; nothing
below imports what sits above it.

Activities and workflows run in the worker, which must not load the web application; domain code is shared
by both. A module that reaches up into `api` couples the worker to FastAPI and hides a rule in a route. A module
moved into services/ leaves the allow-lists below, which only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOWER_LAYERS = ("domain", "services", "activities", "workflows", "worker", "demo")

# api files that still import activities, each with the module whose service code is still to move there.
API_INTO_ACTIVITIES = {
    "api/deploy_ops.py": "deployments (deploy_store), tickets (ticket_flows.rpc_timeout)",
    "api/main.py": "tickets (ticket_flows.reconcile)",
    "api/prestart.py": "stock (stock_demo, to demo/)",
    "api/routers/jobs.py": "jobs (job_overlap, job_schedules)",
    "api/routers/mail.py": "mail (mail_schedules)",
    "api/routers/notices.py": "notices",
    "api/routers/notifications.py": "notifications",
    "api/routers/shelf_merges.py": "shelf merges (shelf_merge_store)",
    "api/routers/stock_sync_actions.py": "stock (stock_store), stock sync",
    "api/routers/ticket_actions.py": "tickets (ticket_store)",
    "api/shelf_merge_ops.py": "shelf merges (shelf_merge_store), tickets (ticket_flows.rpc_timeout)",
    "api/ticket_ops.py": "tickets (ticket_flows, ticket_store)",
}
# activities files that still import workflows (flow models not yet in domain/flows, or a workflow definition).
ACTIVITIES_INTO_WORKFLOWS = {
    "activities/deploy_jenkins.py": "deployments (deploy_models)",
    "activities/deploy_local.py": "deployments (deploy_models)",
    "activities/deploy_store.py": "deployments (deploy_models)",
    "activities/deployments.py": "deployments (deploy_models)",
    "activities/job_schedules.py": "jobs (job_models)",
    "activities/job_store.py": "jobs (job_models)",
    "activities/jobs.py": "deployments (deploy_models)",
    "activities/mail_fires.py": "mail (mail_models)",
    "activities/mail_schedules.py": "mail (mail_models)",
    "activities/notices.py": "notices (notice_models)",
    "activities/queue_alerts.py": "jobs (job_models), queue alerts (imports its workflow definition)",
    "activities/schedule_sync.py": "mail (mail_models)",
    "activities/shelf_merge_store.py": "shelf merges (shelf_merge_models)",
    "activities/shelf_merges.py": "shelf merges (shelf_merge_models)",
    "activities/stock.py": "jobs (job_models), stock (imports its workflow definition)",
    "activities/stock_sync.py": "stock sync (stock_sync_models)",
    "activities/ticket_flows.py": "tickets (ticket_models)",
    "activities/ticket_store.py": "tickets (ticket_models)",
    "activities/tickets.py": "tickets (ticket_models)",
}


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


def test_the_api_never_imports_activities_but_for_modules_still_to_move() -> None:
    """A router reaches a module's statements, transactions and flow calls through its service."""
    assert sorted(offenders("api", ("activities",))) == sorted(API_INTO_ACTIVITIES)


def test_activities_never_import_workflows_but_for_modules_still_to_move() -> None:
    """An activity takes its inputs from the flow's contract (domain/flows), never from a workflow file."""
    assert sorted(offenders("activities", ("workflows",))) == sorted(ACTIVITIES_INTO_WORKFLOWS)
