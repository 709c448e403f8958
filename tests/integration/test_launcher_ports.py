"""An ephemeral stack's ports are chosen free, but someone (a parallel test run, a second copy) may take one before
the part binds it: the launcher then starts that part again on new ports instead of failing, and never takes the
other's server for its own. Real Temporal and SMTP sink; the API is a stand-in that binds OMP_PORT like it."""

from __future__ import annotations

import io
import socket
import sys
from contextlib import ExitStack

from temporalio.api.workflowservice.v1 import GetSystemInfoRequest

import launcher.temporal
from domain.settings import get_settings
from launcher.plan import LOOPBACK, PORTS, Commands, make_plan
from launcher.ports import free_ports, held_by
from launcher.stack import Stack
from launcher.temporal import serve_on_free_ports

# What the launcher needs of the API: it listens on OMP_PORT and answers /cms/health.
API = """
import http.server, os
class Health(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b'{"code": "SUCCESS"}')
http.server.HTTPServer(("127.0.0.1", int(os.environ["OMP_PORT"])), Health).serve_forever()
"""


def taken(held: ExitStack, port: int) -> int:
    sock = held.enter_context(socket.socket())
    sock.bind((LOOPBACK, port))
    sock.listen()
    return port


def test_a_part_whose_port_was_taken_meanwhile_starts_again_on_new_ports() -> None:
    plan = make_plan(get_settings(), ephemeral=True)
    plan.smtp_host = None  # the launcher's own sink, whatever the environment says
    plan.temporal_address = None
    plan.commands = Commands(prestart=[sys.executable, "-c", "pass"],
                             worker=[sys.executable, "-c", "import time; time.sleep(600)"],
                             api=[sys.executable, "-c", API])
    console = io.StringIO()
    stack = Stack(plan, console)
    with ExitStack() as held:
        # Someone takes every port chosen for the API, Temporal and the SMTP sink before the parts bind them.
        busy = {taken(held, getattr(plan, field)) for fields in PORTS.values() for field in fields}
        try:
            stack.start()
            for part, fields in PORTS.items():
                now = [getattr(plan, field) for field in fields]
                assert not busy & set(now), f"{part} still on a taken port"
                child = next(c for c in stack.children if c.name == part)
                assert held_by(child.pid or 0, now), f"{part} does not hold {now}"
            assert plan.temporal_ui_url == f"http://{LOOPBACK}:{plan.temporal_ui_port}"
            worker = next(c for c in stack.children if c.name == "worker")
            assert worker.running() and worker.env and worker.env["OMP_PORT"] == str(plan.port)
        finally:
            stack.shutdown()
    said = console.getvalue()
    assert said.count("was taken since it was chosen") == len(PORTS), said


async def test_a_dev_server_of_a_test_s_own_starts_again_when_its_port_was_taken(tmp_path, monkeypatch) -> None:
    with ExitStack() as held:
        first, ui = free_ports(2)
        taken(held, ui)  # a parallel test's server bound it between the pick and ours
        picks = iter([[first, ui]])
        monkeypatch.setattr(launcher.temporal, "free_ports", lambda count: next(picks, None) or free_ports(count))
        server = await serve_on_free_ports(log_path=tmp_path / "temporal.log", search_attributes={})
        try:
            assert ui not in (server.port, server.ui_port)
            assert held_by(server.child.pid or 0, [server.port, server.ui_port])
            assert (await server.client.workflow_service.get_system_info(GetSystemInfoRequest())).server_version
        finally:
            server.child.stop(10)
