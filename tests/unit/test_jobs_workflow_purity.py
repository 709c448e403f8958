"""The scheduled task flows run unsandboxed (docs/decisions/job-run-local-steps.md): the same purity checks as the
ticket flow's keep their modules free of wall clock, randomness and I/O."""

from pathlib import Path

import pytest

from tests.unit.test_deployments_workflow_purity import test_no_wall_clock_randomness_or_io as check_purity

ROOT = Path(__file__).resolve().parents[2]
MODULES = [ROOT / "workflows" / "jobs.py", ROOT / "domain" / "flows" / "jobs.py"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_wall_clock_randomness_or_io(path):
    check_purity(path)


def test_the_run_is_declared_unsandboxed_on_purpose():
    from workflows.jobs import JobRunWorkflow

    assert JobRunWorkflow.__temporal_workflow_definition.sandboxed is False  # type: ignore[attr-defined]
