from __future__ import annotations

from pydantic import BaseModel
from temporalio import activity


class EchoInput(BaseModel):
    text: str


@activity.defn
async def echo(request: EchoInput) -> str:
    return request.text
