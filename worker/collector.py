"""Garbage collection in the worker, kept off the path of firing timers (bench/tickets/BREACH.md).

The worker caches every open ticket's flow (worker/main.py, CACHED_FLOWS): with 10,000 flows its heap holds more
than a million objects the cyclic collector tracks, nearly all of them alive for days. The interpreter runs a
full collection whenever a quarter more objects have survived into the oldest generation, and a full collection
walks every one of them holding the GIL: 0.5 to 2 s in which no workflow task, activity or poll of the worker
moves, and every timer firing meanwhile (an SLA breach) lands that much late.

So the worker moves its survivors out of the collector's sight every `EVERY` seconds (`gc.freeze`), after one
collection of what came since the last time (cheap: only those objects are walked). The interpreter's own full
collections then walk only recent objects. Cyclic garbage among frozen objects (a flow evicted from the cache, a
flow that ended) is only freed by a full collection of everything, run when the frozen objects have grown by
`REGROW` times their number after the last one: as rare as the heap lets it be, at the cost of holding that
garbage meanwhile (at most about twice the live heap).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("omp.worker")
EVERY = 60.0  # seconds between two freezes
REGROW = 1.0  # a full collection once the frozen objects have grown by this share since the last one
FLOOR = 200_000  # frozen objects below which a full collection is not worth a pause


class Collector:
    def __init__(self) -> None:
        self.frozen_after_full = 0

    def tick(self) -> None:
        """Collect what came since the last tick and freeze the survivors; a full collection when due."""
        frozen = gc.get_freeze_count()
        if frozen > max(FLOOR, self.frozen_after_full * (1 + REGROW)):
            begun = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.frozen_after_full = gc.get_freeze_count()
            log.info("full garbage collection of %d objects in %.0f ms", frozen,
                     (time.perf_counter() - begun) * 1000)
            return
        gc.collect()  # the unfrozen objects only
        gc.freeze()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            self.tick()
