"""SQLAlchemy models, one file a module; importing this package registers every table."""

from domain.models import audit, auth, authorities, couriers, departments, roles, users

__all__ = ["audit", "auth", "authorities", "couriers", "departments", "roles", "users"]
