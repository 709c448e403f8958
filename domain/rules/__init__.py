"""Pure, deterministic business rules: no clock, no database, no I/O. Importable from workflows."""
