"""SQLAlchemy models, one file a module; importing this package registers every table."""

from domain.models import (
    audit,
    auth,
    authorities,
    console,
    couriers,
    data_authority,
    departments,
    files,
    roles,
    tracking,
    users,
)

__all__ = ["audit", "auth", "authorities", "console", "couriers", "data_authority", "departments", "files", "roles",
           "tracking", "users"]
