"""SPEC §9: "Reminder days up to 14 or 30" before a plan's expire date; the plan expires at that date."""

from datetime import UTC, datetime, timedelta

from domain.rules import plans as rules

END = datetime(2027, 3, 31, 16, 0, tzinfo=UTC)


def test_the_next_event_is_the_30_day_reminder_then_the_14_day_one_then_the_expiry():
    assert rules.next_event(END, [], None) == (END - timedelta(days=30), "REMIND")
    assert rules.next_event(END, [30], None) == (END - timedelta(days=14), "REMIND")
    assert rules.next_event(END, [30, 14], None) == (END, "EXPIRE")


def test_an_expired_plan_waits_for_a_late_renewal_then_ends():
    expired_at = END + timedelta(seconds=3)
    assert rules.next_event(END, [30, 14], expired_at) == (expired_at + rules.LINGER, "END")


def test_the_reminder_due_is_the_one_nearest_the_end_never_two_at_once():
    assert rules.due_reminder(END, [], END - timedelta(days=31)) is None
    assert rules.due_reminder(END, [], END - timedelta(days=30)) == 30
    assert rules.due_reminder(END, [], END - timedelta(days=20)) == 30  # started 20 days before: 30-day one
    assert rules.due_reminder(END, [], END - timedelta(days=10)) == 14  # 10 days before: only the 14-day one
    assert rules.due_reminder(END, [30], END - timedelta(days=14)) == 14
    assert rules.due_reminder(END, [30, 14], END - timedelta(days=1)) is None
    assert rules.due_reminder(END, [], END) is None  # at the end the plan expires instead
    assert rules.passed_reminders(14) == [30, 14] and rules.passed_reminders(30) == [30]


def test_only_a_later_end_moves_the_plan():
    assert rules.renewal_moves(END, END + timedelta(days=30))
    assert not rules.renewal_moves(END, END)  # the same signal again
    assert not rules.renewal_moves(END, END - timedelta(days=30))  # an older one, late
