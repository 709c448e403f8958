"""Port checks: fail before starting anything rather than half-way through."""

from __future__ import annotations

import socket
import time


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


def require_free(wanted: list[tuple[str, str, int, str]]) -> None:
    """Check (what, host, port, env var) entries; one message lists every taken port."""
    taken = [
        f"  {what}: {host}:{port} is already in use (set {env} to another port)"
        for what, host, port, env in wanted
        if not is_free(host, port)
    ]
    if taken:
        raise PortInUseError("some ports are taken. Is OMP Console already running?\n" + "\n".join(taken))


def wait_listening(host: str, port: int, timeout: float) -> bool:
    """Poll until host:port accepts a TCP connection."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return False
