"""Port checks and choices.

A port chosen free may be taken by someone else (a parallel test run, a second copy) before the part that
listens on it binds it: no check closes that window. So the launcher starts each listening part, and when the
part exits because an address was in use, an ephemeral stack picks new ports and starts it again
(launcher/stack.py `_start_listening`); a stack on configured ports says which setting to change.
"""

from __future__ import annotations

import re
import socket
import time

import psutil

# How uvicorn and aiosmtpd ("[Errno 98] ... address already in use") and Go's net package (Temporal:
# "bind: address already in use") report a port someone else holds.
ADDRESS_IN_USE = re.compile(r"address already in use|EADDRINUSE|\[Errno 98\]", re.IGNORECASE)


class PortInUseError(RuntimeError):
    pass


def is_free(host: str, port: int) -> bool:
    """True when nothing listens on host:port (a socket in TIME_WAIT does not count)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str = "127.0.0.1") -> int:
    """A port the kernel just handed out; free unless someone grabs it in between."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def free_ports(count: int, host: str = "127.0.0.1") -> list[int]:
    """Distinct free ports: all sockets stay open until every port is picked."""
    socks = []
    try:
        for _ in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((host, 0))
            socks.append(sock)
        return [int(s.getsockname()[1]) for s in socks]
    finally:
        for sock in socks:
            sock.close()


def bind_refused(output: str) -> bool:
    """True when a part's output says it could not bind an address someone else holds."""
    return ADDRESS_IN_USE.search(output) is not None


def held_by(pid: int, ports: list[int]) -> bool:
    """True when the process or one of its descendants listens on every port: a probe that gets an answer on a
    port someone else took would otherwise take the other's server (a parallel run's Temporal) for ours."""
    try:
        root = psutil.Process(pid)
        family = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return False
    listening: set[int] = set()
    for process in family:
        try:
            listening |= {c.laddr.port for c in process.net_connections("tcp") if c.status == psutil.CONN_LISTEN}
        except psutil.NoSuchProcess:
            continue
        except psutil.AccessDenied:  # a system that will not tell: the connection probe alone must do
            return True
    return set(ports) <= listening


def require_free(wanted: list[tuple[str, str, int, str]]) -> None:
    """Check (what, host, port, env var) entries; one message lists every taken port."""
    taken = [
        f"  {what}: {host}:{port} is already in use (set {env} to another port)"
        for what, host, port, env in wanted
        if not is_free(host, port)
    ]
    if taken:
        raise PortInUseError("some ports are taken. Is OMP Console already running?\n" + "\n".join(taken))


def accepts(host: str, port: int) -> bool:
    """True when something listens on host:port (a TCP connection is accepted)."""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_listening(host: str, port: int, timeout: float) -> bool:
    """Poll until host:port accepts a TCP connection."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if accepts(host, port):
            return True
        time.sleep(0.1)
    return False
