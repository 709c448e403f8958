"""Temporal activities, one file a module: the only code in workflows' reach that does I/O."""
