"""Fixtures shared by several integration modules, registered here once instead of imported by each module.
(own_time_skipping_env and the other servers are in tests/conftest.py.)"""

from tests.integration.subscription_support import subscription_worker

__all__ = ["subscription_worker"]
