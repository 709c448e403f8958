"""The Temporal Web UI behind the console: a dev server started as `make run` starts it (UI under /temporal,
on loopback only), reached through the console's proxy by holders of temporal#operate and nobody else."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from api.page_security import script_hashes
from api.security import TOKEN_COOKIE
from launcher.temporal import serve_on_free_ports
from tests.integration.people import create_user, token_for


@pytest.fixture
async def ui_port(app, tmp_path: Path) -> AsyncIterator[int]:  # type: ignore[no-untyped-def]
    server = await serve_on_free_ports(log_path=tmp_path / "temporal.log")
    previous = getattr(app.state, "temporal_ui", None)
    app.state.temporal_ui = httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.ui_port}")
    try:
        await ui_answers(app.state.temporal_ui)
        yield server.ui_port
    finally:
        await app.state.temporal_ui.aclose()
        app.state.temporal_ui = previous
        server.child.stop(10)


async def ui_answers(ui: httpx.AsyncClient, timeout: float = 60) -> None:
    """The UI server listens before it has reached the frontend; until then its API answers 503."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (await ui.get("/temporal/api/v1/namespaces")).status_code != 200:
        assert asyncio.get_running_loop().time() < deadline, "the Temporal Web UI never reached its server"
        await asyncio.sleep(0.5)


async def cookie_of(*permissions: str) -> dict[str, str]:
    """The session cookie a signed-in browser sends (no Authorization header)."""
    return {"Cookie": f"{TOKEN_COOKIE}={await token_for(await create_user(*permissions))}"}


async def test_only_operators_reach_the_ui_and_its_api_through_the_console(client, ui_port) -> None:
    operator = await cookie_of("temporal#operate")
    page = await client.get("/temporal/", headers=operator)
    assert page.status_code == 200, page.text
    assert 'href="/temporal/_app/' in page.text  # the UI's own assets, under the proxied path
    # The console forbids inline script; the UI's page admits its own start-up script by hash, and no other.
    script_src = page.headers["content-security-policy"].split("script-src ", 1)[1].split(";", 1)[0]
    assert script_src.split() == ["'self'", *script_hashes(page.text)] and len(script_src.split()) == 2
    asset = page.text.split('href="/temporal/_app/', 1)[1].split('"', 1)[0]
    assert (await client.get(f"/temporal/_app/{asset}", headers=operator)).status_code == 200
    namespaces = await client.get("/temporal/api/v1/namespaces", headers=operator)
    assert namespaces.status_code == 200
    assert "default" in [n["namespaceInfo"]["name"] for n in namespaces.json()["namespaces"]]
    # The UI's writes carry its own CSRF token, not the console's: they reach the UI, which checks its own.
    write = await client.post("/temporal/api/v1/namespaces/default/workflows/no-such-flow/terminate",
                              headers=operator, json={"reason": "test"})
    assert "CSRF_FAILED" not in write.text, write.text

    # Checked on every request, pages and API calls alike: a staff member without the authority is refused.
    staff = await cookie_of("ticket-list", "ticket#claim")
    for path in ("/temporal/", f"/temporal/_app/{asset}", "/temporal/api/v1/namespaces"):
        refused = await client.get(path, headers=staff)
        assert refused.status_code == 403, path
        assert refused.json()["code"] == "NO_PERMISSION"
    terminate = await client.post("/temporal/api/v1/namespaces/default/workflows/ticket-1/terminate",
                                  headers=staff, json={"reason": "no"})
    assert terminate.status_code == 403
    assert (await client.get("/temporal/api/v1/namespaces")).status_code == 401  # signed out


def outward_address() -> str | None:
    """This machine's address on its network (no packet is sent), or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


async def test_the_ui_port_listens_on_loopback_only(ui_port) -> None:
    assert httpx.get(f"http://127.0.0.1:{ui_port}/temporal/", timeout=10).status_code == 200
    address = outward_address()
    if address is None:
        pytest.skip("no network address besides loopback on this machine")
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://{address}:{ui_port}/temporal/", timeout=10)


async def test_a_browser_without_the_authority_gets_the_console_401_page_and_api_calls_json(client) -> None:
    page = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    staff = await cookie_of("ticket-list")
    for path in ("/temporal", "/temporal/", "/temporal/namespaces/default/workflows"):
        opened = await client.get(path, headers={**staff, **page})
        assert opened.status_code in (303, 307), (path, opened.text)
        assert opened.headers["location"] == "/401", path
    signed_out = await client.get("/temporal/namespaces/default/workflows", headers=page)
    assert signed_out.headers["location"] == "/login?redirect=%2Ftemporal%2Fnamespaces%2Fdefault%2Fworkflows"
    # the UI's own calls, and any other client, keep the JSON envelope
    api = await client.get("/temporal/api/v1/namespaces", headers={**staff, "Accept": "application/json"})
    assert api.status_code == 403 and api.json()["code"] == "NO_PERMISSION"
    write = await client.post("/temporal/namespaces/default/workflows", headers={**staff, **page})
    assert write.status_code == 403
