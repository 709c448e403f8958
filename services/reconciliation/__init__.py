"""Financial reconciliation (docs/reconciliation.md): runs (services/reconciliation/runs.py), their comparison
(compare.py) and the resolution of their differences (resolve.py)."""
