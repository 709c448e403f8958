"""SQLAlchemy models, one file a module; importing this package registers every table."""

from domain.models import (
    audit,
    auth,
    authorities,
    calendars,
    console,
    couriers,
    data_authority,
    departments,
    files,
    health,
    idempotency,
    notifications,
    roles,
    ticket_settings,
    tickets,
    tracking,
    users,
)

__all__ = ["audit", "auth", "authorities", "calendars", "console", "couriers", "data_authority", "departments", "files",
           "health", "idempotency", "notifications", "roles", "ticket_settings", "tickets", "tracking", "users"]
