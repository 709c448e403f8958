"""What tests of the lean read path (api/lean.py) share."""

import pytest

from api.lean import LeanRoutes


@pytest.fixture
def answered(monkeypatch):
    """Call by call: True when the lean path answered, False when it left the call to FastAPI."""
    seen: list[bool] = []
    original = LeanRoutes.answer

    async def spy(self, route, scope, body, parsed):
        reply = await original(self, route, scope, body, parsed)
        seen.append(reply is not None)
        return reply

    monkeypatch.setattr(LeanRoutes, "answer", spy)
    return seen
