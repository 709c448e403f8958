"""Merchants, accounts and shops written straight to PostgreSQL for tests of the lists and the detail."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from domain.db import transaction
from domain.enums import AccountSystem, AccountUserType
from domain.models.merchants import Merchant, MerchantAccount, Shop
from domain.rules.merchants import country_of_phone
from tests.conftest import unique

PHONE_PREFIX = {"ID": "+62812", "PH": "+63917", "MY": "+6012", "TH": "+6681", "VN": "+8491", "SG": "+659",
                "CN": "+86138"}
PHONE_LENGTH = {"ID": 14, "PH": 13, "MY": 12, "TH": 12, "VN": 12, "SG": 11, "CN": 14}


def phone_in(country: str) -> str:
    prefix = PHONE_PREFIX[country]
    return prefix + "".join(str(secrets.randbelow(10)) for _ in range(PHONE_LENGTH[country] - len(prefix)))


async def insert_merchant(country: str = "ID", *, erp_login: bool = True, staff: bool = False,
                          shops: list[dict[str, Any]] | None = None, **fields: Any) -> Merchant:
    """A merchant with its IAM and ERP accounts (and a staff login's if asked) and the given shops."""
    phone = fields.pop("phone", None) or phone_in(country)
    email = fields.pop("email", None) or f"{unique('m')}@shop.test".lower()
    async with transaction() as db:
        merchant = Merchant(email=email, phone=phone, country=country_of_phone(phone),
                            erp_first_login_at=datetime.now(UTC) if erp_login else None, **fields)
        db.add(merchant)
        await db.flush()
        logins = [(email, AccountUserType.MERCHANT)] + ([(f"staff.{email}", AccountUserType.STAFF)] if staff else [])
        for login, user_type in logins:
            for system in (AccountSystem.IAM, AccountSystem.ERP):
                db.add(MerchantAccount(merchant_id=merchant.id, system=system, email=login, user_type=user_type,
                                       activated_at=datetime.now(UTC)))
        for shop in shops or []:
            values = {"name": unique("shop"), "channel": "SHOPEE_ID", "country": merchant.country, **shop}
            db.add(Shop(merchant_id=merchant.id, external_shop_id=unique("x"), merchant_email=email, **values))
        await db.flush()
    return merchant
