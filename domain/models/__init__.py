"""SQLAlchemy models, one file a module; importing this package registers every table.

Every module of this package is imported here by itself, so a new module's tables are registered (and seen by
Alembic) without a list to keep.
"""

from importlib import import_module
from pkgutil import iter_modules

__all__ = sorted(module.name for module in iter_modules(__path__))

for _name in __all__:
    import_module(f"{__name__}.{_name}")
