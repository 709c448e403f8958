"""The worker's garbage collection (worker/collector.py): survivors frozen out of the collector's walks, and the
cyclic garbage among them freed once the frozen objects have grown enough."""

import gc
import weakref

import pytest

from worker import collector


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


@pytest.fixture(autouse=True)
def unfrozen():
    yield
    gc.unfreeze()


def test_a_tick_freezes_the_survivors_and_frees_recent_garbage(monkeypatch):
    monkeypatch.setattr(collector, "FLOOR", 10**9)
    kept, dropped = Node(), Node()
    gone = weakref.ref(dropped)
    del dropped
    collector.Collector().tick()
    assert gone() is None
    assert gc.get_freeze_count() > 0 and not gc.is_finalized(kept)


def test_garbage_frozen_meanwhile_is_freed_once_the_frozen_objects_have_grown(monkeypatch):
    monkeypatch.setattr(collector, "FLOOR", 10**9)
    ticks = collector.Collector()
    frozen = Node()
    ticks.tick()
    gone = weakref.ref(frozen)
    del frozen
    ticks.tick()
    assert gone() is not None  # frozen: out of the collector's sight
    monkeypatch.setattr(collector, "FLOOR", 0)
    ticks.tick()
    assert gone() is None
    assert ticks.frozen_after_full == gc.get_freeze_count()
