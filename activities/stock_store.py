"""Moved to services/stock/store.py: this name stays only until the modules that still import it from here (the
stock reconciliation, its demo data, stock sync and shelf merges) import it from there."""

from services.stock.store import *  # noqa: F403
from services.stock.store import _balance_sql as _balance_sql
