"""The shelf-merge module's service: `store` (the merge's rows, its plan, counts and end, and the reads of shelves
and shelf stock) and `flow` (the merge flow's start, status, progress query and cancel as flow client calls).
Beneath api/routers/shelf_merges.py and activities/shelf_merges.py."""
