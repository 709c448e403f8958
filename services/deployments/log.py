"""A run's output on its way to PostgreSQL: whole lines gathered into numbered chunks of at most CHUNK_BYTES,
written at least every FLUSH_SECONDS while output comes, so a watcher sees it within a second."""

from __future__ import annotations

import time

from services.deployments import store

CHUNK_BYTES = 64 * 1024
FLUSH_SECONDS = 0.5


class LogWriter:
    def __init__(self, run_id: int, last_seq: int, offset: int) -> None:
        self.run_id, self.seq, self.offset = run_id, last_seq, offset
        self.pending = b""
        self.pending_since = time.monotonic()

    async def feed(self, data: bytes, *, final: bool = False) -> None:
        """Take output read at `self.offset + len(self.pending)`; write what is due."""
        if data and not self.pending:
            self.pending_since = time.monotonic()
        self.pending += data
        while len(self.pending) >= CHUNK_BYTES:
            cut = self.pending.rfind(b"\n", 0, CHUNK_BYTES) + 1 or CHUNK_BYTES
            await self.write(cut)
        due = final or time.monotonic() - self.pending_since >= FLUSH_SECONDS
        if self.pending and due:
            cut = len(self.pending) if final else self.pending.rfind(b"\n") + 1
            if cut:
                await self.write(cut)

    async def write(self, cut: int) -> None:
        part, self.pending = self.pending[:cut], self.pending[cut:]
        self.seq += 1
        self.offset += len(part)
        self.pending_since = time.monotonic()
        await store.append_chunk(self.run_id, self.seq, part.decode("utf-8", errors="replace"), self.offset)

    async def line(self, text: str) -> None:
        """A line of the console's own (time limit, cancellation), after whatever the runner wrote."""
        await self.feed(b"", final=True)
        self.seq += 1
        data = f"\x1b[33m[console] {text}\x1b[0m\n".encode()
        await store.append_chunk(self.run_id, self.seq, data.decode(), self.offset)
