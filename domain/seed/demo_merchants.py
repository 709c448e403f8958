"""Demo merchants for a first `make run`: a few hundred across the countries of SPEC §3, each with a phone of its
country (the country is derived from it, as everywhere), IAM and ERP accounts, some WMS accounts and staff
logins, shops on the channels sold in its country, and payment records. Seeded from a fixed random, so every
first start shows the same console. Plans and subscriptions come from the subscription flow's own apply code."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import phonenumbers
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import (
    AccountStatus,
    AccountSystem,
    AccountType,
    AccountUserType,
    Channel,
    ContactStatus,
    Country,
    Currency,
    MerchantType,
    NotRenewReason,
    PaymentStatus,
    SalesTeam,
    ShopConnectionStatus,
    SourceSystem,
)
from domain.models.merchants import Merchant, MerchantAccount, Shop
from domain.models.subscriptions import Payment
from domain.models.users import User
from domain.models.whatsapp_groups import WhatsappGroup
from domain.rules.merchants import country_of_phone

MERCHANTS = 300
# how many of every hundred merchants are in each country: the markets the console mostly serves come first
WEIGHTS = {Country.ID: 40, Country.PH: 12, Country.MY: 10, Country.TH: 10, Country.VN: 10, Country.SG: 6,
           Country.CN: 6, Country.TW: 3, Country.US: 3}
CHANNELS = {
    Country.ID: [Channel.SHOPEE_ID, Channel.TOKOPEDIA_ID, Channel.LAZADA_ID, Channel.TIKTOK_ID, Channel.BLIBLI_ID,
                 Channel.BUKALAPAK_ID, Channel.ZALORA_ID, Channel.AKULAKU_ID],
    Country.PH: [Channel.SHOPEE_ID, Channel.LAZADA_ID, Channel.TIKTOK_ID, Channel.SHOPIFY_ID],
    Country.MY: [Channel.SHOPEE_ID, Channel.LAZADA_ID, Channel.TIKTOK_ID, Channel.WOO_COMMERCE_ID],
    Country.TH: [Channel.SHOPEE_ID, Channel.LAZADA_ID, Channel.LINE_SHOPPING_TH, Channel.TIKTOK_ID],
    Country.VN: [Channel.SHOPEE_ID, Channel.LAZADA_ID, Channel.TIKI_ID, Channel.TIKTOK_ID],
    Country.SG: [Channel.SHOPEE_ID, Channel.LAZADA_ID, Channel.SHOPIFY_ID],
    Country.CN: [Channel.ALIBABA_CN, Channel.ALIBABA_INTL_CN, Channel.JD_ID],
    Country.TW: [Channel.SHOPEE_ID, Channel.SHOPIFY_ID],
    Country.US: [Channel.SHOPIFY_ID, Channel.MAGENTO, Channel.WOO_COMMERCE_ID],
}
CURRENCY = {Country.ID: Currency.IDR, Country.PH: Currency.PHP, Country.MY: Currency.MYR, Country.TH: Currency.THB,
            Country.VN: Currency.VND, Country.SG: Currency.SGD, Country.CN: Currency.CNY, Country.TW: Currency.USD,
            Country.US: Currency.USD}
PRICE = {Currency.IDR: 1_500_000, Currency.PHP: 5_500, Currency.MYR: 450, Currency.THB: 3_500, Currency.VND: 2_500_000,
         Currency.SGD: 130, Currency.CNY: 680, Currency.USD: 99}
SHOP_WORDS = ["Toko", "Store", "Mart", "Official", "Shop", "Outlet", "Gallery", "House"]
SHOP_THEMES = ["Batik", "Gadget", "Beauty", "Kopi", "Sneaker", "Baby", "Home", "Sport", "Fashion", "Snack", "Pet"]
CATEGORIES = ["Fashion", "Beauty care", "Electronics", "Food and beverage", "Home living", "Baby product", "Sport"]


def phone_of(country: Country, rng: random.Random) -> str:
    """A valid mobile number of the country: its example number with the last digits drawn."""
    example = phonenumbers.example_number_for_type(country.value, phonenumbers.PhoneNumberType.MOBILE)
    assert example is not None
    national = str(example.national_number)
    while True:
        digits = national[:-6] + "".join(str(rng.randrange(10)) for _ in range(6))
        number = phonenumbers.parse(f"+{example.country_code}{digits}", None)
        if phonenumbers.is_valid_number(number):
            return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _accounts(merchant: Merchant, rng: random.Random, now: datetime) -> list[MerchantAccount]:
    account_type = rng.choices(list(AccountType), weights=[90, 7, 3])[0]
    status = rng.choices([AccountStatus.ENABLED, AccountStatus.DISABLED, AccountStatus.BLACKLISTED],
                         weights=[92, 6, 2])[0]
    systems = [AccountSystem.IAM, AccountSystem.ERP]
    if merchant.erp_first_login_at is not None and rng.random() < 0.35:
        systems.append(AccountSystem.WMS)
    logins = [(merchant.email, AccountUserType.MERCHANT)]
    if rng.random() < 0.3:
        logins.append((f"staff.{merchant.email}", AccountUserType.STAFF))
    return [MerchantAccount(merchant_id=merchant.id, system=system, email=email, user_type=user_type,
                            status=status, account_type=account_type,
                            activated_at=merchant.registered_at + timedelta(hours=rng.randrange(1, 240))
                            if system != AccountSystem.ERP or merchant.erp_first_login_at else None)
            for email, user_type in logins for system in systems
            if not (system == AccountSystem.WMS and user_type == AccountUserType.STAFF)]


def _shops(merchant: Merchant, rng: random.Random, now: datetime, number: int) -> list[Shop]:
    shops = []
    for index in range(rng.choices([0, 1, 2, 3, 4], weights=[15, 35, 25, 15, 10])[0]):
        channel = rng.choice(CHANNELS[merchant.country])
        name = f"{rng.choice(SHOP_THEMES)} {rng.choice(SHOP_WORDS)} {number}-{index + 1}"
        state = rng.choices(list(ShopConnectionStatus), weights=[70, 10, 10, 3, 4, 3])[0]
        synced = now - timedelta(minutes=rng.randrange(5, 60 * 24 * 20))
        shops.append(Shop(
            merchant_id=merchant.id, name=name, channel=channel, country=merchant.country,
            external_shop_id=f"{channel.value[:3]}{rng.randrange(10**9, 10**10)}", external_shop_name=name,
            merchant_email=merchant.email, connection_type="MARKETPLACE", connection_status=state,
            latest_order_sync_at=synced, latest_product_sync_at=synced - timedelta(hours=2),
            chat_url=None, bound=rng.random() > 0.08))
    for shop in shops:
        shop.unbound_at = None if shop.bound else now - timedelta(days=rng.randrange(1, 90))
    return shops


def _payments(merchant: Merchant, rng: random.Random, now: datetime) -> list[Payment]:
    currency = CURRENCY[merchant.country]
    payments = []
    for _ in range(rng.choices([0, 1, 2, 3], weights=[40, 30, 20, 10])[0]):
        status = rng.choices(list(PaymentStatus), weights=[70, 12, 10, 8])[0]
        created = now - timedelta(days=rng.randrange(1, 360))
        months = rng.choice([1, 3, 6, 12])
        payments.append(Payment(
            merchant_id=merchant.id, amount=Decimal(PRICE[currency] * months), currency=currency, status=status,
            payment_serial=f"DEMO-{merchant.id}-{rng.randrange(10**8, 10**9)}", created_at=created,
            paid_at=created + timedelta(hours=2) if status == PaymentStatus.PAID else None))
    return payments


async def create(db: AsyncSession) -> None:
    rng = random.Random(11)
    now = datetime.now(UTC)
    admin = await db.scalar(select(User.id).where(User.username == "admin"))
    countries = [c for c, weight in WEIGHTS.items() for _ in range(weight)]
    merchants = []
    for number in range(1, MERCHANTS + 1):
        phone = phone_of(rng.choice(countries), rng)
        registered = now - timedelta(days=rng.randrange(1, 720), minutes=rng.randrange(1440))
        logged_in = rng.random() < 0.85
        merchants.append(Merchant(
            email=f"seller{number:03d}@{rng.choice(['gmail.com', 'yahoo.com', 'outlook.com', 'shop.example'])}",
            phone=phone, country=country_of_phone(phone), registered_at=registered,
            registration_source=rng.choice([SourceSystem.SYS_ERP, SourceSystem.GENIE_SAAS_OFFICIAL_SITE,
                                             SourceSystem.MKT_ADS, SourceSystem.SYS_POS]),
            merchant_type=rng.choice(list(MerchantType)), business_category=rng.choice(CATEGORIES),
            order_usage=rng.randrange(0, 4000), orders_30d=rng.choice([0, rng.randrange(1, 9000)]),
            active_days=rng.randrange(0, 365), contact_status=rng.choice([None, *ContactStatus]),
            not_renew_reason=rng.choice([None, None, None, *NotRenewReason]),
            sales_id=admin if rng.random() < 0.3 else None, retention_id=admin if rng.random() < 0.2 else None,
            team=rng.choice([None, *SalesTeam]), tags=rng.sample(["vip", "key-account", "churn-risk", "new"],
                                                                  rng.randrange(0, 3)),
            whatsapp_link=f"https://chat.whatsapp.com/demo{number:03d}" if rng.random() < 0.4 else None,
            erp_merchant_id=f"ERP-{100000 + number}", iam_user_id=f"IAM-{100000 + number}",
            erp_first_login_at=registered + timedelta(hours=3) if logged_in else None))
    db.add_all(merchants)
    await db.flush()
    for number, merchant in enumerate(merchants, start=1):
        accounts = _accounts(merchant, rng, now)
        if any(a.system == AccountSystem.WMS for a in accounts):
            merchant.wms_merchant_id = f"WMS-{merchant.id}"
        payments = _payments(merchant, rng, now)
        paid = sorted(p.paid_at for p in payments if p.paid_at)
        merchant.first_payment_at, merchant.last_payment_at = (paid[0], paid[-1]) if paid else (None, None)
        db.add_all([*accounts, *_shops(merchant, rng, now, number), *payments])
    await db.flush()
    await _whatsapp_groups(db, merchants)


async def _whatsapp_groups(db: AsyncSession, merchants: list[Merchant]) -> None:
    """A sellers' group per country; the merchants who have a WA link were invited to their country's."""
    groups = {country: WhatsappGroup(name=f"Ginee sellers {country}", country=country,
                                     link=f"https://chat.whatsapp.com/GineeDemoSellers{country}2026")
              for country in sorted({m.country for m in merchants})}
    db.add_all(groups.values())
    await db.flush()
    for merchant in merchants:
        if merchant.whatsapp_link:
            merchant.whatsapp_group_id = groups[merchant.country].id
    await db.flush()
