"""domain/rules/jobs.py: the catalogue, the cron rule, parameters (SPEC §5 'task params must be a number where
labelled') and what a finished run means for its task (SPEC §3 pause-after-failure)."""

from __future__ import annotations

import pytest

from activities.job_code import CODE
from domain.enums import JobAlarm, JobStatus
from domain.errors import Invalid
from domain.rules import jobs as rules


def test_every_job_of_the_catalogue_has_code_and_nothing_else_does():
    assert set(CODE) == set(rules.JOBS)


@pytest.mark.parametrize("cron", ["*/5 * * * *", "0 3 * * *", "0 9-18/2 * * 1-5", "  0  3 1,15 * * "])
def test_a_plain_five_field_cron_is_taken_with_single_spaces(cron):
    assert rules.check_cron(cron) == " ".join(cron.split())


@pytest.mark.parametrize(("cron", "rule"), [
    ("* * * *", "cron_fields"), ("0 0 * * * *", "cron_fields"), ("@daily", "cron_fields"),
    ("0 3 * * MON", "cron_value"), ("0 3 L * *", "cron_value"), ("0 5-1 * * *", "cron_value"),
    ("60 * * * *", "cron_range"), ("0 0 32 * *", "cron_range"), ("0 3 1 * 1", "cron_days"),
])
def test_a_cron_temporal_and_the_preview_could_read_apart_is_refused(cron, rule):
    with pytest.raises(Invalid) as refused:
        rules.check_cron(cron)
    assert (refused.value.field, refused.value.params["rule"]) == ("cron", rule)


PURGE = rules.JOBS["operationLog.purge"]


@pytest.mark.parametrize(("given", "field", "rule"), [
    ({"keepDays": "30"}, "params.keepDays", "param_number"),
    ({"keepDays": True}, "params.keepDays", "param_number"),
    ({"keepDays": 30.5}, "params.keepDays", "param_number"),
    ({"keepDays": 29}, "params.keepDays", "param_range"),
    ({"keepDays": 90, "drop": 1}, "params.drop", "param_unknown"),
])
def test_params_must_be_a_number_where_labelled(given, field, rule):
    with pytest.raises(Invalid) as refused:
        rules.check_params(PURGE, given)
    assert (refused.value.field, refused.value.params["rule"]) == (field, rule)


def test_defaults_fill_what_is_left_out_but_not_in_an_override():
    assert rules.check_params(PURGE, {}) == {"keepDays": 365}
    assert rules.check_params(PURGE, {"keepDays": 90.0}) == {"keepDays": 90}
    assert rules.check_params(rules.JOBS["http.probe"], {"url": "http://x"}, partial=True) == {"url": "http://x"}


def test_an_unknown_handler_or_method_is_refused_by_name():
    with pytest.raises(Invalid) as handler:
        rules.job_of("os", "system")
    with pytest.raises(Invalid) as method:
        rules.job_of("console", "exec")
    assert (handler.value.field, method.value.field) == ("handler", "method")


def test_n_failures_in_a_row_pause_the_task_and_the_alarm_opens_once_and_closes_on_a_pass():
    first = rules.verdict(False, 0, JobAlarm.OK, JobStatus.RUNNING, 3)
    assert (first.failures, first.pause, first.opened, first.alarm) == (1, False, True, JobAlarm.FAILING)
    second = rules.verdict(False, 1, JobAlarm.FAILING, JobStatus.RUNNING, 3)
    assert (second.pause, second.opened) == (False, False)
    third = rules.verdict(False, 2, JobAlarm.FAILING, JobStatus.RUNNING, 3)
    assert third.pause and third.failures == 3
    assert not rules.verdict(False, 3, JobAlarm.FAILING, JobStatus.PAUSED, 3).pause  # paused already
    assert not rules.verdict(False, 50, JobAlarm.FAILING, JobStatus.RUNNING, 0).pause  # 0: never pauses
    passed = rules.verdict(True, 3, JobAlarm.FAILING, JobStatus.PAUSED, 3)
    assert (passed.failures, passed.closed, passed.alarm) == (0, True, JobAlarm.OK)
    assert not rules.verdict(True, 0, JobAlarm.OK, JobStatus.RUNNING, 3).closed
