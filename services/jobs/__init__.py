"""The scheduled task module's service (docs/jobs.md): `schedules` (each task's Temporal Schedule, built from its
row), `flow` (run now, the incident flow), `store` (what a run writes: its record, the task's failures, pause and
alarm mails), `overlap` (one run of a task at once) and `purges` (the retention jobs' deletes). Beneath
api/routers/jobs.py and activities/jobs.py."""
