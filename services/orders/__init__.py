"""Channel orders: how they enter, change state, and are counted and listed (SPEC §3)."""

from services.orders.page import enter_page
from services.orders.store import checked, lock, transition, upsert_channel_order

__all__ = ["checked", "enter_page", "lock", "transition", "upsert_channel_order"]
