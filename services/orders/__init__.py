"""Channel orders: how they enter, change state, and are counted and listed (SPEC §3)."""

from services.orders.store import lock, transition, upsert_channel_order

__all__ = ["lock", "transition", "upsert_channel_order"]
