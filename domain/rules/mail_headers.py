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


NO_IDNA = "the domain of this address has no IDNA (ASCII) form"
NO_SMTPUTF8 = ("the mail server does not offer SMTPUTF8, which this address needs: its part before the @ has "
               "letters beyond ASCII")


def envelope_address(address: str) -> tuple[str, bool]:
    """The address as the SMTP commands and the To/Cc header carry it, and whether it needs SMTPUTF8 (RFC 6531).

    A domain beyond ASCII (`exämple.de`) is written in IDNA (`xn--exmple-cua.de`), which every server takes; a
    local part beyond ASCII (`jörg`) has no such form, so it is sent as UTF-8 only to a server offering SMTPUTF8.
    Raises ValueError (NO_IDNA) for a domain with no IDNA form."""
    local, at, domain = address.rpartition("@")
    if not domain.isascii():
        import idna  # only for such a domain: the sending process keeps its imports small

        try:
            domain = idna.encode(domain, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError) as exc:
            raise ValueError(NO_IDNA) from exc
    return f"{local}{at}{domain}", not local.isascii()
