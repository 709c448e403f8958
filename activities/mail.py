"""The activities of a timed mail's fire (workflows/mail.py): thin adapters over services/mail/fires.py, which writes
the outbox rows and hands each batch to the sending process."""

from __future__ import annotations

from temporalio import activity

from domain.flows.mail import BatchResult, FireRef, Prepared
from services.mail import fires


@activity.defn
async def prepare_mail_fire(ref: FireRef) -> Prepared:
    """The fire's row (with its BI report, built once) and one PENDING outbox row per recipient; a retry adds
    nothing twice."""
    return await fires.prepare(ref)


@activity.defn
async def send_mail_batch(ref: FireRef) -> BatchResult:
    """The next batch of pending rows, each sent once; heartbeats while the sending process sends."""
    return await fires.send_batch(activity.client(), ref, activity.heartbeat)
