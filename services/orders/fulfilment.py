"""What an order's actions do to stock (reserve on accept, consume on ship, release on cancel, resume on release),
called by services/orders.transition in its transaction, under the order's row lock, BEFORE the order's status
changes: `order.status` is still the state the action is taken from (a cancel from READY releases a reservation,
one from PENDING has none). A hook refuses by raising a DomainError; nothing is then written.

These are the seams the stock ledger plugs into; here they do nothing."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.models.orders import Order
from domain.rules.orders import Hold


async def on_accept(db: AsyncSession, order: Order) -> Hold | None:
    """Reserve the order's lines at the shop's warehouse; a Hold (short of stock, intercepted) sends the order to
    ABNORMAL instead of READY. None: accepted."""
    return None


async def on_ship(db: AsyncSession, order: Order) -> None:
    """Create or join the outbound order of the warehouse and consume the reservation."""
    return None


async def on_cancel(db: AsyncSession, order: Order) -> None:
    """Release what the order reserved, once."""
    return None


async def on_release(db: AsyncSession, order: Order) -> None:
    """An abnormal order resumes (goes back to PENDING)."""
    return None
