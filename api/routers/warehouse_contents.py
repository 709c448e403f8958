"""A warehouse's content (SPEC §2 /content-manage): notices and instructions for its staff or its consignors, in
the SPEC content states (DRAFT, ONLINE, OFFLINE; DELETE keeps the row out of the lists), rich text sanitised as the
notices' is. Data authority follows the warehouse's merchant."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from api.deps import Principal
from api.resource import Actions, Resource
from api.routers.after_sales import stamp_merchant, warehouse_name
from api.routers.merchants import through_merchant
from api.routers.warehouses import merchant_email
from api.schemas.after_sales import ContentCreate, ContentFilters, ContentPublic, ContentUpdate
from domain.enums import ContentState
from domain.models.after_sales import WarehouseContent
from domain.rules.rich_text import sanitize_html


async def prepare(db: AsyncSession, row: WarehouseContent, user: Principal) -> None:
    await stamp_merchant(db, row, user)
    row.body = sanitize_html(row.body)
    if row.state == ContentState.ONLINE and row.published_at is None:
        row.published_at = datetime.now(UTC)


def names() -> dict[str, Any]:
    return {"merchant_email": merchant_email(WarehouseContent.merchant_id),
            "warehouse_name": warehouse_name(WarehouseContent.warehouse_id)}


contents = Resource(
    name="WarehouseContent", model=WarehouseContent, public=ContentPublic, create=ContentCreate,
    update=ContentUpdate, filters=ContentFilters, permission="content-manage",
    actions=Actions(add="warehouse-content#add", edit="warehouse-content#edit", delete="warehouse-content#delete"),
    scope=through_merchant("WarehouseContent", WarehouseContent.merchant_id), computed=names, prepare=prepare,
    soft_delete=("state", ContentState.DELETE),
)
router = contents.router(prefix="/warehouse-content", tags=["warehouse_content"])
