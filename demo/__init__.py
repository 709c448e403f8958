"""Demo data seeded on a first `make run` (api/prestart.py) that goes through a module's service, one module per
module name: the records it writes are the ones the module itself would write. Plain seed rows that need no
service are domain/seed/."""
