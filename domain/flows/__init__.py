"""Each flow's contract: its inputs and outputs, its workflow name, its Update and signal names and its id
function, one module per module name. The API, services, the workflow and its activities all import it
downward; it imports nothing above domain."""

from enum import Enum


def ended_unfinished(status: Enum | str | None) -> str:
    """What a record says whose flow ended without finishing it (terminated or cancelled in the Temporal Web UI,
    timed out, or forgotten by Temporal: `status` None): nothing else would ever finish it."""
    name = status.name if isinstance(status, Enum) else status
    return f"the flow ended without finishing its run (Temporal: {name or 'NOT_FOUND'})"
