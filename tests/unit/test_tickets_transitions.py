"""SPEC §4 ticket actions against every state: the grid below is the one in docs/tickets.md.

Columns are the states (MRG: a closed ticket merged into another); a cell is the status the action
leads to, `=` when the status stays, `<` back to the status before the merge, `-` refused.
"""

import pytest

from domain.enums import TicketAction
from domain.errors import DomainError
from domain.rules import tickets as rules

GRID = """
action            NEW  PFO  WIP  RES  PFC  CLO  PEN  WFX  MRG
START_PROCESSING  WIP  WIP  -    -    -    -    WIP  -    -
CLAIM             PFO  =    =    -    -    -    =    -    -
HOLD              -    PEN  PEN  -    -    -    -    -    -
COMPLETE          -    -    RES  -    -    -    -    -    -
APPROVE           -    -    -    PFC  -    -    -    -    -
UNCONFIRM         -    -    -    WIP  WIP  -    -    -    -
CONFIRM           -    -    -    -    CLO  -    -    -    -
WONT_FIX          WFX  WFX  WFX  -    -    -    WFX  -    -
REOPEN            -    -    -    -    -    PFO  -    PFO  -
MERGE             CLO  CLO  CLO  -    -    -    CLO  -    -
UNMERGE           -    -    -    -    -    -    -    -    <
WATCH             =    =    =    =    =    =    =    =    =
UNWATCH           =    =    =    =    =    =    =    =    =
REMIND            =    =    =    =    =    -    =    -    -
COMMENT           =    =    =    =    =    =    =    =    -
CHANGE_PRIORITY   =    =    =    =    =    -    =    -    -
EDIT              =    =    =    =    =    -    =    -    -
ASSIGN            PFO  =    =    =    =    -    =    -    -
"""
SHORT = {"NEW": "NEW", "PFO": "PENDING_FOR_OPERATION", "WIP": "WORK_IN_PROCESS", "RES": "RESOLVED",
         "PFC": "PENDING_FOR_CONFIRMATION", "CLO": "CLOSED", "PEN": "PENDING", "WFX": "WONT_FIX",
         "MRG": rules.MERGED, "=": rules.KEEP, "<": rules.RESTORE}


def cases() -> list[tuple[str, str, str | None]]:
    header, *rows = [line.split() for line in GRID.strip().splitlines()]
    states = [SHORT[h] for h in header[1:]]
    out = []
    for action, *cells in rows:
        assert len(cells) == len(states), action
        out += [(action, state, None if cell == "-" else SHORT[cell])
                for state, cell in zip(states, cells, strict=True)]
    return out


CASES = cases()


def test_the_grid_covers_every_action_and_every_state():
    assert {a for a, _, _ in CASES} == {a.value for a in TicketAction}
    assert {s for _, s, _ in CASES} == set(rules.STATES)
    assert len(CASES) == len(TicketAction) * len(rules.STATES)


@pytest.mark.parametrize(("action", "state", "target"), [c for c in CASES if c[2] is not None])
def test_allowed(action, state, target):
    assert rules.ensure_allowed(state, action) == target
    assert TicketAction(action) in rules.allowed_actions(state)


@pytest.mark.parametrize(("action", "state"), [(a, s) for a, s, t in CASES if t is None])
def test_refused_with_a_translatable_conflict(action, state):
    with pytest.raises(DomainError) as refused:
        rules.ensure_allowed(state, action)
    assert (refused.value.code, refused.value.status) == ("TICKET_ILLEGAL_TRANSITION", 409)
    assert refused.value.params == {"state": state, "action": action}
    assert TicketAction(action) not in rules.allowed_actions(state)


def test_merged_is_a_closed_ticket_with_a_target():
    assert rules.state_of("CLOSED", 7) == rules.MERGED
    assert rules.state_of("CLOSED", None) == "CLOSED"
    assert rules.state_of("NEW", None) == "NEW"


def test_next_status_keeps_or_restores():
    """The merged ticket is closed; cancelling the merge restores it."""
    assert rules.next_status("WORK_IN_PROCESS", "MERGE", current="WORK_IN_PROCESS", before_merge=None) == "CLOSED"
    assert rules.next_status(rules.MERGED, "UNMERGE", current="CLOSED", before_merge="PENDING") == "PENDING"
    assert rules.next_status("PENDING", "COMMENT", current="PENDING", before_merge=None) == "PENDING"


def test_every_action_names_its_button():
    assert set(rules.PERMISSIONS) == set(TicketAction)
    assert all(p.startswith("ticket#") for p in rules.PERMISSIONS.values())


@pytest.mark.parametrize(("action", "actor", "submitter", "responds"), [
    ("CLAIM", 2, 1, True), ("START_PROCESSING", 1, 1, True), ("COMMENT", 2, 1, True),
    ("COMMENT", 1, 1, False), ("WATCH", 2, 1, False), ("REMIND", 2, 1, False), ("EDIT", 2, 1, False),
])
def test_what_counts_as_the_first_response(action, actor, submitter, responds):
    assert rules.counts_as_response(action, actor, submitter) is responds


def test_a_priority_change_keeps_the_elapsed_time():
    """A P3 ticket started at 10:00 in work time is due at 12:00; as P0 it is due at 10:15 (same start)."""
    from datetime import UTC, datetime, timedelta

    start = datetime(2021, 9, 28, 2, tzinfo=UTC)
    assert rules.deadlines("P3", start, True) == (start + timedelta(minutes=120), start + timedelta(minutes=2880))
    assert rules.deadlines("P0", start, True) == (start + timedelta(minutes=15), start + timedelta(minutes=120))
    assert rules.deadlines("P4", start, False) == (start + timedelta(minutes=1020), start + timedelta(minutes=2880))


def test_every_button_is_in_the_menu_tree_and_support_holds_them_all():
    from domain.seed.authorities import TREE
    from domain.seed.identity import ROLES
    from domain.seed.menu_kit import subtree

    buttons = subtree(TREE, "ticket-list")
    assert set(rules.PERMISSIONS.values()) <= buttons
    assert set(rules.PERMISSIONS.values()) <= ROLES["support"][3]
    assert {"ticket#comment", "ticket#confirm"} <= ROLES["sales"][3]
