"""Every route of /cms/openapi.json, fuzzed by schemathesis from its declared schema against the console
as `make run` starts it, signed in as a super user: no reply is a server error and none hangs.

Besides the random examples, schemathesis' coverage phase (on by default, positive and negative modes) sends each
declared range's edges and the values just beyond them: every request field declares one (api/schemas/types.py,
tests/integration/test_input_bounds.py), so the integer, date and text limits are all tried. Examples per route are
bounded (EXAMPLES) so the whole walk stays a few minutes on two cores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from api.main import create_app
from tests.integration.launched import launched_stack

EXAMPLES = 8
CALL_TIMEOUT = 30.0  # a reply slower than this counts as a hang
# Calls that end the fuzzing user's own session would turn every later call into a 401.
SESSION_ENDING = ("/cms/auth/logout",)

schema = schemathesis.openapi.from_dict(create_app().openapi())
# Every other HTTP method on every path only meets FastAPI's uniform 405: not worth a third of the run.
schema.config.phases.coverage.unexpected_methods = set()
assert schema.config.phases.coverage.enabled  # the edges of every declared range


@pytest.fixture(scope="module")
def console() -> Iterator[dict[str, Any]]:
    with launched_stack() as info, requests.Session() as session:
        session.headers.update(info["headers"])
        info["session"] = session
        yield info


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_route_answers_a_server_error_or_hangs(case: Any, console: dict[str, Any]) -> None:
    if case.path in SESSION_ENDING:
        pytest.skip("ends the fuzzing session; covered by tests/integration/test_auth.py")
    case.call_and_validate(base_url=console["url"], session=console["session"], timeout=CALL_TIMEOUT,
                           checks=[not_a_server_error])
