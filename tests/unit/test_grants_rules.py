"""domain/rules/grants.py and data_authority.within: no one grants more than they hold (SPEC §6, §7)."""

import pytest

from domain.rules.data_authority import UNRESTRICTED, merge, within
from domain.rules.grants import Granter, GrantRefused, check_gives, check_role_held, check_scope, check_self

HOLDER = Granter(id=7, is_super=False, permissions=frozenset({"user-management", "user#edit"}),
                 scope=merge([("COUNTRY", ["ID"]), ("OWN", [])]))
SUPER = Granter(id=1, is_super=True, permissions=frozenset(), scope=UNRESTRICTED)


def code(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(GrantRefused) as refused:
        call()
    assert refused.value.status == 403
    return refused.value.code


def test_only_held_authorities_and_no_super_role_from_a_non_super_user():
    check_gives(HOLDER, authorities={"user#edit"})
    assert code(lambda: check_gives(HOLDER, authorities={"user#edit", "user#grant"})) == "GRANT_NOT_HELD"
    assert code(lambda: check_gives(HOLDER, gives_super=True)) == "GRANT_SUPER"
    check_gives(SUPER, gives_super=True, authorities={"anything"})


def test_no_one_changes_their_own_grants():
    assert code(lambda: check_self(HOLDER, [3, 7])) == "GRANT_SELF"
    assert code(lambda: check_self(SUPER, [1])) == "GRANT_SELF"
    check_self(HOLDER, [3])
    assert code(lambda: check_role_held(HOLDER, {4, 5}, [5])) == "GRANT_OWN_ROLE"
    check_role_held(SUPER, {4, 5}, [5])


def test_a_scope_is_given_only_within_the_granters_own():
    assert within(merge([("COUNTRY", ["ID"]), ("OWN", [])]), HOLDER.scope)
    assert not within(merge([("COUNTRY", ["ID", "PH"]), ("OWN", [])]), HOLDER.scope)
    assert not within(merge([("COUNTRY", ["ID"])]), HOLDER.scope)  # the ownership dimension opened
    assert not within(merge([("COUNTRY", ["ID"]), ("DEPARTMENT", [])]), HOLDER.scope)
    assert not within(merge([]), HOLDER.scope)  # no grant at all: unrestricted
    assert within(merge([("COUNTRY", ["ID"]), ("TEAM", ["pre-sales"]), ("OWN", [])]), HOLDER.scope)
    assert code(lambda: check_scope(HOLDER, UNRESTRICTED)) == "GRANT_SCOPE_WIDER"
    check_scope(SUPER, UNRESTRICTED)


def test_roles_given_or_taken_leave_a_scope_no_wider_than_before_or_the_granters():
    from domain.rules.grants import check_scope_change

    mine, wider = merge([("COUNTRY", ["ID"]), ("OWN", [])]), merge([("COUNTRY", ["ID", "PH"])])
    check_scope_change(HOLDER, None, mine)
    check_scope_change(HOLDER, wider, wider)  # as wide as it was: an edit of someone wider than the granter
    assert code(lambda: check_scope_change(HOLDER, mine, wider)) == "GRANT_SCOPE_WIDER"
    assert code(lambda: check_scope_change(HOLDER, mine, UNRESTRICTED)) == "GRANT_SCOPE_WIDER"
    check_scope_change(SUPER, mine, UNRESTRICTED)
