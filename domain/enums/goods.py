"""Goods: the listing states of a shop's channel products and how their variations map to master SKUs (SPEC §4)."""

from __future__ import annotations

from enum import StrEnum


class ListingState(StrEnum):
    """SPEC §4 product listing (the list's 'all' tab is every state but DELETED)."""

    IN_PROCESS = "IN_PROCESS"
    LIVE = "LIVE"
    SOLD_OUT = "SOLD_OUT"
    BANNED = "BANNED"
    DISABLED = "DISABLED"
    DRAFT = "DRAFT"
    DELETED = "DELETED"
    PUBLISH_FAILED = "PUBLISH_FAILED"
    UNPUBLISHED = "UNPUBLISHED"


class MappingStatus(StrEnum):
    """Whether every variation of a channel product names the master SKU the ledger counts."""

    MAPPED = "MAPPED"
    PARTLY = "PARTLY"
    UNMAPPED = "UNMAPPED"


class ListingAction(StrEnum):
    """What the console does to a listing."""

    ENABLE = "ENABLE"
    DISABLE = "DISABLE"
    DELETE = "DELETE"


class GoodsEntity(StrEnum):
    """Whose change a goods history row records (the audit trail's entity names)."""

    CHANNEL_PRODUCT = "ChannelProduct"
    MASTER_PRODUCT = "WmsProduct"


class GoodsChange(StrEnum):
    """What a goods history row records (the audit trail's actions)."""

    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
