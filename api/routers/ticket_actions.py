"""One POST a ticket action (`/ticket/{id}/claim`, ...), each guarded by its button and executed as the
ticket flow's Workflow Update; a refusal comes back as a translated 409 (docs/tickets.md).

No `from __future__ import annotations`: the routes are built in a loop and FastAPI must see real types.
"""

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Need, Principal, SessionDep, release
from api.envelope import Reply, ok
from api.file_access import ensure_readable
from api.flows import temporal_client
from api.merchant_scope import MERCHANT_SCOPE
from api.resource import refuse_nulls
from api.schemas.tickets import (
    ActionBody,
    AssignBody,
    CommentBody,
    CompleteBody,
    MergeBody,
    PriorityBody,
    PriorityPreview,
    TicketDetail,
    TicketEdit,
)
from api.ticket_ops import detail, visible_ticket
from api.user_center import ensure_people
from domain import audit
from domain.context import transaction_id
from domain.enums import TicketAction, TicketLevel
from domain.errors import DomainError
from domain.flows.tickets import AttachmentIn, TicketCommand
from domain.models.tickets import Ticket
from domain.models.users import User
from domain.rules import tickets as rules
from services.tickets.flow import execute, flow_running, restart
from services.tickets.store import ensure_account, ensure_listed, stand_ins

A = TicketAction
router = APIRouter(prefix="/ticket", tags=["tickets"])

# path, action, body: the request body each action takes
ACTIONS: list[tuple[str, TicketAction, type[BaseModel]]] = [
    ("start", A.START_PROCESSING, ActionBody), ("claim", A.CLAIM, ActionBody), ("hold", A.HOLD, ActionBody),
    ("complete", A.COMPLETE, CompleteBody), ("approve", A.APPROVE, ActionBody),
    ("unconfirm", A.UNCONFIRM, ActionBody), ("confirm", A.CONFIRM, ActionBody),
    ("wont-fix", A.WONT_FIX, ActionBody), ("reopen", A.REOPEN, ActionBody), ("merge", A.MERGE, MergeBody),
    ("unmerge", A.UNMERGE, ActionBody), ("watch", A.WATCH, ActionBody), ("unwatch", A.UNWATCH, ActionBody),
    ("remind", A.REMIND, ActionBody), ("comment", A.COMMENT, CommentBody),
    ("priority", A.CHANGE_PRIORITY, PriorityBody), ("modify", A.EDIT, TicketEdit), ("assign", A.ASSIGN, AssignBody),
]


async def command_of(db: AsyncSession, user: Principal, ticket: Ticket, action: TicketAction,
                     body: BaseModel) -> TicketCommand:
    """The update's input from the request body; references are checked here, where the database is."""
    values: dict[str, Any] = {"action": action, "actor_id": user.id, "actor_name": user.username,
                              "transaction_id": transaction_id.get()}
    if isinstance(body, ActionBody):
        values["content"] = body.reason
        if action == A.CLAIM and ticket.assignee_id == user.id:
            raise DomainError("TICKET_ALREADY_YOURS", status=409)
        if action == A.REMIND:
            values |= await reminded(db, ticket)
    elif isinstance(body, CompleteBody):
        values["solution"] = body.solution
    elif isinstance(body, CommentBody):
        values["content"] = body.content
        await ensure_readable(db, user, (a.file_id for a in body.attachments), "attachments")
        values["attachments"] = [AttachmentIn(**a.model_dump()) for a in body.attachments]
    elif isinstance(body, MergeBody):
        await check_merge_target(db, user, ticket, body.target_id)
        values["target_id"] = body.target_id
    elif isinstance(body, PriorityBody):
        values["level"] = TicketLevel(rules.ISSUE_LEVELS[body.issue_level])
    elif isinstance(body, AssignBody):
        assignee = (await ensure_people(db, user, {"assigneeId": body.assignee_id}, enabled=True))["assigneeId"]
        values |= {"assignee_id": assignee.id, "reached": name_of(assignee), "content": body.reason}
    elif isinstance(body, TicketEdit):
        refuse_nulls(Ticket, TicketEdit, body.model_dump(exclude_unset=True))
        values["edit"] = body.model_dump(mode="json", exclude_unset=True)
        await ensure_listed(db, values["edit"])
        await ensure_account(db, body.account_id, MERCHANT_SCOPE.conditions(user))
        await ensure_people(db, user, {"picId": body.pic_id, "rdId": body.rd_id})
    return TicketCommand(**values)


def name_of(user: User) -> str:
    return user.display_name or user.username


async def reminded(db: AsyncSession, ticket: Ticket) -> dict[str, Any]:
    """Whom a reminder reaches: the assignee; when nobody holds the ticket, its PIC, else the people on duty.
    Refused when there is nobody to remind."""
    if ticket.assignee_id is not None:
        people = [p for p in [await db.get(User, ticket.assignee_id)] if p is not None]
    else:
        people = await stand_ins(db, ticket.pic_id)
    if not people:
        raise DomainError("TICKET_NOBODY_TO_REMIND", status=409)
    return {"recipients": [] if ticket.assignee_id is not None else [p.id for p in people],
            "reached": ", ".join(name_of(p) for p in people)}


async def check_merge_target(db: AsyncSession, user: Principal, ticket: Ticket, target_id: int) -> None:
    """The target must be another ticket the user can see that is still open (not closed, declined or merged)."""
    if target_id == ticket.id:
        raise DomainError("TICKET_MERGE_SELF", status=409, field="targetId")
    target = await visible_ticket(db, user, target_id)
    if rules.state_of(target.status, target.merged_into_id) in rules.FINAL:
        raise DomainError("TICKET_MERGE_TARGET", status=409, field="targetId", target=target_id)


def register(path: str, action: TicketAction, body_type: type[BaseModel]) -> None:
    permission = rules.PERMISSIONS[action]

    # a type the kit builds at run time for each resource, read by FastAPI
    async def run_action(ticket_id: int, body: body_type, request: Request, db: SessionDep,  # type: ignore[valid-type]
                         user: Annotated[Principal, Need(permission)]) -> Reply[TicketDetail]:
        ticket = await visible_ticket(db, user, ticket_id)
        command = await command_of(db, user, ticket, action, body)
        await release(db)
        await execute(await temporal_client(request), ticket, command)
        ticket = await visible_ticket(db, user, ticket_id)  # re-read: the flow's activity has written it
        return ok(await detail(db, ticket, user, datetime.now(UTC)))

    router.add_api_route(f"/{{ticket_id}}/{path}", run_action, methods=["POST"], name=path.replace("-", "_"),
                         summary=f"{action.value.replace('_', ' ').capitalize()} (needs {permission})")


for entry in ACTIONS:
    register(*entry)


@router.post("/{ticket_id}/priority/preview", summary="The deadlines a priority change would give, and the clocks "
             "it would breach at once (needs ticket#priority)", openapi_extra={"x-audit": False})
async def priority_preview(ticket_id: int, body: PriorityBody, db: SessionDep,
                           user: Annotated[Principal, Need(rules.PERMISSIONS[A.CHANGE_PRIORITY])]
                           ) -> Reply[PriorityPreview]:
    ticket = await visible_ticket(db, user, ticket_id)
    level = rules.ISSUE_LEVELS[body.issue_level]
    preview = rules.priority_preview(
        level, ticket.sla_started_at, ticket.sla_work_time, datetime.now(UTC),
        first_response_running=ticket.first_response_at is None and not ticket.first_response_breached,
        resolve_running=ticket.resolved_at is None and not ticket.resolve_breached)
    return ok({"level": level, "firstResponseDue": preview.first_response_due, "resolveDue": preview.resolve_due,
               "breachesNow": list(preview.breaches_now)})


@router.post("/{ticket_id}/restart-flow", summary="Start again the flow of an open ticket whose flow was ended from "
             "outside (terminated or cancelled in the Temporal Web UI): its SLA clocks keep what was left of them "
             "(needs ticket#restart-flow)")
async def restart_flow(ticket_id: int, request: Request, db: SessionDep,
                       user: Annotated[Principal, Need("ticket#restart-flow")]) -> Reply[TicketDetail]:
    ticket = await visible_ticket(db, user, ticket_id)
    if rules.state_of(ticket.status, ticket.merged_into_id) in rules.FINAL:
        raise DomainError("TICKET_FLOW_FINAL", status=409, id=ticket.id,
                          state=f"enums.TicketStatus.{ticket.status}")
    await release(db)
    client = await temporal_client(request)
    if await flow_running(client, ticket.id):
        raise DomainError("TICKET_FLOW_RUNNING", status=409, id=ticket.id)
    await restart(client, [ticket.id])
    await audit.record_change(db, operator_id=user.id, operator_name=user.username, entity="Ticket",
                              entity_id=ticket.id, action="restart-flow", before=None, after=None)
    ticket = await visible_ticket(db, user, ticket_id)
    return ok(await detail(db, ticket, user, datetime.now(UTC)))
