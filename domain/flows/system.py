"""The echo flow's contract: a round trip through the worker (workflows/system.py), the smallest flow to test
against."""

from __future__ import annotations

from pydantic import BaseModel

WORKFLOW = "echo"  # EchoWorkflow's registered name


class EchoRequest(BaseModel):
    text: str


class EchoInput(BaseModel):
    text: str
