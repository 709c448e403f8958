"""How data-authority grants add up (domain/rules/data_authority.py; SPEC §6)."""

from domain.rules.data_authority import UNRESTRICTED, merge


def test_no_grant_or_all_means_unrestricted():
    assert merge([]) == UNRESTRICTED
    assert merge([("COUNTRY", ["ID"]), ("ALL", [])]) == UNRESTRICTED


def test_the_same_dimension_widens():
    scope = merge([("COUNTRY", ["ID"]), ("COUNTRY", ["ph"])])
    assert scope.countries == {"ID", "PH"} and scope.teams is None and not scope.unrestricted


def test_different_dimensions_narrow_together():
    scope = merge([("COUNTRY", ["ID"]), ("TEAM", ["pre-sales"])])
    assert (scope.countries, scope.teams) == ({"ID"}, {"pre-sales"})


def test_own_and_department_restrict_ownership():
    assert merge([("OWN", [])]).own and not merge([("OWN", [])]).department
    scope = merge([("OWN", []), ("DEPARTMENT", [])])
    assert scope.owner_restricted and scope.department and scope.countries is None
