"""Text that goes into a mail header line or an SMTP command: a subject, an address.

A line break there ends the header (or the command) and starts another of the writer's choosing; other control
characters garble it. Input from a person is refused (the timed mail's form); text a system mail composes from
stored data (a job's name in an alarm's subject) is made one line instead, so the alarm still goes out.
"""

from __future__ import annotations

import re

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]+")


def header_safe(text: str) -> bool:
    """No line break or other control character (C0, DEL, C1)."""
    return CONTROL.search(text) is None


def one_line(text: str) -> str:
    """Every run of control characters as one space."""
    return CONTROL.sub(" ", text).strip()
