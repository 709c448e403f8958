"""The schedules benchmark's arithmetic: each minute's burst drain, and the CPU a run costs less the idle use."""

from datetime import UTC, datetime, timedelta

from bench.ops.schedules import drains, per_run_cpu


def test_a_burst_drains_at_runs_begun_over_seconds_to_the_last_start():
    nominal = datetime(2026, 11, 25, 6, 0, tzinfo=UTC)
    rows = [(0, "SUCCEEDED", nominal, nominal + timedelta(seconds=s)) for s in (0.5, 1, 2, 4)]
    assert drains(rows) == [{"at": "06:00", "runs": 4, "lastStartS": 4.0, "runsPerSecond": 1.0}]


def test_the_cpu_of_a_run_leaves_out_what_the_console_uses_idle():
    before = ({"temporal": 10.0, "worker": 5.0}, 100.0)
    after = ({"temporal": 22.0, "worker": 8.0}, 110.0)  # 10 s later
    idle = {"temporal": 0.2, "worker": 0.0}  # 2 s of the temporal part's 12 s were idle work
    assert per_run_cpu(before, after, 100, idle) == {"temporal": 100.0, "worker": 30.0}
