"""Who asks a service: the console's caller (the API's Principal has these), as much as a service reads of it."""

from __future__ import annotations

from typing import Protocol


class Actor(Protocol):
    """Its id and user name go into the audit entries and the flow commands a service writes."""

    @property
    def id(self) -> int: ...

    @property
    def username(self) -> str: ...
