"""The export task flow runs unsandboxed like the deploy flows: the same purity checks keep its modules free of
wall clock, randomness and I/O."""

from pathlib import Path

import pytest

from tests.unit.test_deployments_workflow_purity import test_no_wall_clock_randomness_or_io as check_purity

ROOT = Path(__file__).resolve().parents[2]
MODULES = [ROOT / "workflows" / "exports.py", ROOT / "domain" / "flows" / "exports.py"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_wall_clock_randomness_or_io(path):
    check_purity(path)
