"""After-sales (docs/after_sales.md): returns and their steps (returns.py), the by-hour tallies the by-day screen
sums (tallies.py), packing materials' usage and the merchants' charges for them (materials.py)."""

from services.after_sales.materials import material_charges, record_usage
from services.after_sales.returns import NewLine, act, create_return, returnable

__all__ = ["NewLine", "act", "create_return", "material_charges", "record_usage", "returnable"]
