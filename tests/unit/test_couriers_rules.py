import pytest

from domain.rules.couriers import is_letters_only


@pytest.mark.parametrize(("name", "ok"), [
    ("JNE", True), ("Ninja Van", True), ("顺丰", True), ("J&T", False), ("JNE2", False), ("", False),
    ("Ninja  Van", False), (" JNE", False), ("Ninja_Van", False),
])
def test_courier_name_letters_only(name, ok):
    """SPEC §5: Courier name required, at most 30, letters only."""
    assert is_letters_only(name) is ok
