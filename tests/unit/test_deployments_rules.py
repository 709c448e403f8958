"""The pure rules of deployments (domain/rules/deployments.py).

SPEC §5: "Deploy dialog: task name required; 1 minute gap between deployments."
SPEC §9: "Deploy 15 to 20 minutes, 1 minute minimum gap."
"""

from datetime import UTC, datetime, timedelta

import pytest

from domain.enums import DeployRunStatus, DeployTaskStatus
from domain.errors import DomainError, Invalid
from domain.rules import deployments as rules

T0 = datetime(2026, 11, 25, 8, 0, tzinfo=UTC)


def rule_of(call, *args):
    with pytest.raises(Invalid) as caught:
        call(*args)
    return caught.value.field, caught.value.params["rule"]


# ---- SPEC §5: task name required ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["", " ", "\t\n"])
def test_a_task_needs_a_name_and_blanks_are_none(name):
    """SPEC §5 deploy dialog: task name required."""
    assert rule_of(rules.task_name, name) == ("name", "required")


def test_a_task_name_is_kept_without_its_surrounding_blanks():
    assert rules.task_name("  Release 2.4  ") == "Release 2.4"


# ---- SPEC §5 and §9: a minute between the end of one deploy and the start of the next --------------

def test_the_gap_is_one_minute():
    """SPEC §5: 1 minute gap between deployments; §9: 1 minute minimum gap."""
    assert timedelta(minutes=1) == rules.GAP


def test_the_first_deploy_of_a_queue_starts_at_once():
    assert rules.next_start(None, T0) == T0


@pytest.mark.parametrize(("ended_ago", "wait"), [
    (timedelta(0), timedelta(minutes=1)),            # just ended: the whole minute
    (timedelta(seconds=20), timedelta(seconds=40)),  # the rest of the minute
    (timedelta(seconds=59), timedelta(seconds=1)),
])
def test_the_next_deploy_waits_the_rest_of_the_minute_after_the_last_end(ended_ago, wait):
    """SPEC §5: 1 minute gap between deployments, counted from the end of one to the start of the next."""
    assert rules.next_start(T0 - ended_ago, T0) == T0 + wait


@pytest.mark.parametrize("ended_ago", [timedelta(minutes=1), timedelta(minutes=1, seconds=1), timedelta(hours=5)])
def test_a_deploy_after_the_gap_has_passed_starts_at_once(ended_ago):
    assert rules.next_start(T0 - ended_ago, T0) == T0


def test_the_gap_never_lets_a_deploy_start_before_now():
    """A last end in the future of the clock (clocks of two machines) still gives a start a minute after it."""
    assert rules.next_start(T0 + timedelta(seconds=5), T0) == T0 + timedelta(minutes=1, seconds=5)


# ---- SPEC §3 Deployment: project, version, environment, server IP ---------------------------------

def test_server_ips_are_normalised_deduplicated_and_kept_in_order():
    assert rules.server_ips([" 10.0.0.2", "10.0.0.1", "10.0.0.2", "2001:DB8::1"]) == [
        "10.0.0.2", "10.0.0.1", "2001:db8::1"]


@pytest.mark.parametrize(("values", "rule"), [
    (["10.0.0.256"], "ip_address"), (["10.0.0"], "ip_address"), (["host.example"], "ip_address"), ([], "required"),
    ([f"10.0.{n // 250}.{n % 250}" for n in range(rules.MAX_SERVERS + 1)], "max_items"),
])
def test_server_ips_refuse_what_is_not_an_address(values, rule):
    assert rule_of(rules.server_ips, values) == ("serverIps", rule)


def test_params_keep_numbers_as_numbers():
    """SPEC §5: task params a number where labelled."""
    assert rules.params({"WORKERS": 4, "RATIO": 0.5, "DRY_RUN": False, "REGION": "ID"}) == {
        "WORKERS": 4, "RATIO": 0.5, "DRY_RUN": False, "REGION": "ID"}


@pytest.mark.parametrize(("values", "rule"), [
    ({"1ST": "x"}, "param_name"), ({"A-B": "x"}, "param_name"), ({"A B": "x"}, "param_name"),
    ({"LIST": [1]}, "param_value"), ({"MAP": {"a": 1}}, "param_value"), ({"NONE": None}, "param_value"),
    ({f"P{n}": n for n in range(rules.MAX_PARAMS + 1)}, "max_items"),
])
def test_params_are_shell_variable_names_with_scalar_values(values, rule):
    assert rule_of(rules.params, values) == ("params", rule)


# ---- review ----------------------------------------------------------------------------------------

def test_nobody_approves_their_own_task():
    with pytest.raises(DomainError) as caught:
        rules.ensure_reviewable(DeployTaskStatus.PENDING_REVIEW, authors={7}, reviewer_id=7, deciding=True)
    assert caught.value.code == "DEPLOY_SELF_REVIEW"


@pytest.mark.parametrize("status", [DeployTaskStatus.APPROVED, DeployTaskStatus.REJECTED, DeployTaskStatus.EXPIRED])
def test_only_a_task_waiting_for_review_is_decided(status):
    with pytest.raises(DomainError) as caught:
        rules.ensure_reviewable(status, authors={7}, reviewer_id=8, deciding=True)
    assert caught.value.code == "DEPLOY_NOT_PENDING_REVIEW"


def test_a_comment_is_open_to_the_author_and_on_any_status():
    rules.ensure_reviewable(DeployTaskStatus.EXPIRED, authors={7}, reviewer_id=7, deciding=False)
    rules.ensure_reviewable(DeployTaskStatus.PENDING_REVIEW, authors={7}, reviewer_id=8, deciding=True)


@pytest.mark.parametrize("status", [s for s in DeployTaskStatus if s != DeployTaskStatus.APPROVED])
def test_only_an_approved_task_is_deployed(status):
    rules.ensure_deployable(DeployTaskStatus.APPROVED)
    with pytest.raises(DomainError) as caught:
        rules.ensure_deployable(status)
    assert caught.value.code == "DEPLOY_NOT_APPROVED"


def test_the_review_diff_lists_the_changed_fields_in_the_form_order():
    before = {"name": "Release", "version": "2.4.0", "server_ips": ["10.0.0.1"], "params": {"WORKERS": 4}}
    after = {**before, "params": {"WORKERS": 8}, "version": "2.4.1"}
    assert rules.revision_diff(before, after) == [
        {"field": "version", "before": "2.4.0", "after": "2.4.1"},
        {"field": "params", "before": {"WORKERS": 4}, "after": {"WORKERS": 8}}]
    assert rules.revision_diff(before, dict(before)) == []


# ---- freeze windows -----------------------------------------------------------------------------------

def test_a_freeze_window_covers_its_environment_from_its_start_up_to_its_end():
    window = rules.Window("PRODUCTION", T0, T0 + timedelta(hours=2), "Harbolnas sale")
    windows = [rules.Window("STAGING", T0 - timedelta(days=1), T0 + timedelta(days=1), "other"), window]
    assert rules.freeze_at(windows, "PRODUCTION", T0) == window  # the start is inside
    assert rules.freeze_at(windows, "PRODUCTION", T0 + timedelta(hours=1)) == window
    assert rules.freeze_at(windows, "PRODUCTION", T0 + timedelta(hours=2)) is None  # the end is outside
    assert rules.freeze_at(windows, "PRODUCTION", T0 - timedelta(microseconds=1)) is None
    assert rules.freeze_at(windows, "TEST", T0) is None


# ---- runs: what is retried, what is finished, where a rollback goes ----------------------------------

def test_a_run_that_did_not_deploy_is_retried_and_nothing_else():
    """A withdrawn run can be retried, as a failed, cancelled or freeze-refused one; a success or a superseded
    run cannot."""
    assert {DeployRunStatus.FAILED, DeployRunStatus.CANCELLED, DeployRunStatus.WITHDRAWN,
            DeployRunStatus.FROZEN} == rules.RETRYABLE
    assert DeployRunStatus.QUEUED not in rules.FINISHED and DeployRunStatus.RUNNING not in rules.FINISHED


def test_the_log_tail_is_the_last_lines_without_the_final_break():
    text = "".join(f"line {n}\r\n" for n in range(1, 31))
    assert rules.log_tail(text) == [f"line {n}" for n in range(11, 31)]
    assert rules.log_tail("one\ntwo", lines=5) == ["one", "two"]
    assert rules.log_tail("") == []


def past(*runs):
    return [rules.PastRun(n, version, DeployRunStatus(status)) for n, (version, status) in enumerate(runs, 1)]


def test_a_rollback_goes_to_the_newest_success_of_another_version_than_the_one_in_place():
    runs = past(("1.0", "SUCCEEDED"), ("1.1", "SUCCEEDED"), ("1.2", "FAILED"), ("2.0", "SUCCEEDED"),
                ("2.0", "SUCCEEDED"))
    target = rules.rollback_target(runs)
    assert target is not None and (target.id, target.version) == (2, "1.1")


def test_a_rollback_skips_failed_runs_of_newer_versions():
    """What is in place is the latest success: a failed 3.0 never replaced 2.0."""
    target = rules.rollback_target(past(("1.0", "SUCCEEDED"), ("2.0", "SUCCEEDED"), ("3.0", "FAILED")))
    assert target is not None and target.version == "1.0"


@pytest.mark.parametrize("runs", [past(), past(("1.0", "FAILED")), past(("1.0", "SUCCEEDED"), ("1.0", "SUCCEEDED"))])
def test_no_rollback_without_an_earlier_good_version(runs):
    assert rules.rollback_target(runs) is None
