"""SPEC §5 Courier: name required, at most 30, letters only; channel required; shipping method required."""

from __future__ import annotations

import re

NAME_MAX = 30
# Letters of any script; single spaces between words are allowed ("Ninja Van"), digits and symbols are not.
_LETTERS = re.compile(r"^[^\W\d_]+( [^\W\d_]+)*$")


def is_letters_only(name: str) -> bool:
    return bool(_LETTERS.match(name))
