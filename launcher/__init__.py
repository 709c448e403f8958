"""Starts the whole console on one machine: `make run` calls `python -m launcher`.

Embedded PostgreSQL, the Temporal dev server and a local SMTP sink stand in for the real
services unless OMP_DATABASE_URL, OMP_TEMPORAL_ADDRESS or OMP_SMTP_HOST point elsewhere.
"""
