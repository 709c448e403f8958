"""Temporal workflow definitions, one file a flow. No I/O here: see DESIGN.md, Temporal rules."""
