"""Data for the merchant benchmark, written by PostgreSQL itself (INSERT ... SELECT FROM generate_series): no row
crosses the wire, so 100,000 merchants, 300,000 shops and 1,000,000 subscription records (with their requests,
base-package periods and payments) take seconds, not minutes.

Triggers and foreign-key checks are skipped while loading (session_replication_role = replica, as a restore
does); the values are consistent by construction (shop counts written with the merchants, ids in range).
Every CHECK, UNIQUE and EXCLUDE constraint still holds, as PostgreSQL checks those whatever the role."""

from __future__ import annotations

import time
from typing import Any

import psycopg

from bench.harness.bulk import Timed, indexes_built_after, pick, sql_array

COUNTRIES = ["ID", "ID", "ID", "ID", "PH", "MY", "TH", "VN", "CN"]  # Indonesia first, as in life
CURRENCY = {"ID": "IDR", "PH": "PHP", "MY": "MYR", "TH": "THB", "VN": "VND", "CN": "CNY"}
PLANS = ["BASIC", "PRO", "BUSINESS", "OMNICHANNEL", "FREE_TRIAL"]
STATES = {"BASIC": "BASIC", "PRO": "PRO", "BUSINESS": "BUSINESS", "OMNICHANNEL": "PLUS", "FREE_TRIAL": "BASIC"}
CHANNELS = ["SHOPEE_ID", "TOKOPEDIA_ID", "LAZADA_ID", "TIKTOK_ID", "BLIBLI_ID", "SHOPIFY_ID"]
TEAMS = ["SALES", "RETENTION", "SELLER_SUCCESS", "ONBOARDING_SPECIALIST"]
MERCHANT_TYPES = ["SOUTHEAST_ASIA_LOCAL_SELLERS", "SINGLE_MARKETPLACE", "MULTIPLE_MARKETPLACE", "DISTRIBUTOR"]
SHOPS_PER_MERCHANT = 3
SUBSCRIPTIONS_PER_MERCHANT = 10  # consecutive monthly base periods, the last one running now


def users(conn: psycopg.Connection, count: int) -> list[int]:
    """Sales and retention persons (login disabled: the password hash matches nothing)."""
    rows = conn.execute(
        "insert into users (username, real_name, display_name, email, password_hash, status) "
        "select 'merchbench' || i, 'Sales ' || i, 'Sales ' || i, 'merchbench' || i || '@bench.local', '!', 'ENABLED' "
        "from generate_series(1, %s) i on conflict (username) do update set status = excluded.status "
        "returning id", (count,)).fetchall()
    return sorted(r[0] for r in rows)


def packages(conn: psycopg.Connection, created_by: int) -> dict[str, int]:
    """One enabled basic ERP package a country (monthly, 1,000 orders), version 1; country -> version id."""
    versions: dict[str, int] = {}
    for country, currency in CURRENCY.items():
        package_id = conn.execute(
            "insert into packages (kind, name, country, scene, package_type, plan_name, status, current_version, "
            "created_by) values ('ERP', 'Bench Basic', %s, 'ERP', 'BASIC', 'BASIC', 'ENABLED', 1, %s) "
            "on conflict (kind, name, country) do update set status = excluded.status returning id",
            (country, created_by)).fetchone()[0]  # type: ignore[index]
        versions[country] = conn.execute(
            "insert into package_versions (package_id, version, display_name, subscription_method, payment_period, "
            "priority, currency, amount, tax_rate, tax, discount_percentage, discounted_price, total_price, "
            "actual_payment, free_days, monthly_orders, daily_orders, store_count, sub_account_count, msku_count, "
            "created_by) values (%s, 1, 'Basic', 'OFFLINE', 'MONTH', 0, %s, 300000, 0, 0, 0, 0, 300000, 300000, 0, "
            "1000, 33, -1, -1, -1, %s) "
            "on conflict (package_id, version) do update set display_name = excluded.display_name returning id",
            (package_id, currency, created_by)).fetchone()[0]  # type: ignore[index]
    return versions


def load(conn: psycopg.Connection, merchants: int, people: list[int], versions: dict[str, int]) -> dict[str, Any]:
    """Merchants, their shops, accounts, subscription requests and records, base periods and payments.
    Returns the rows written per table and the seconds of each step."""
    first, last = people[0], people[-1]
    person = f"{first} + (i * 7) % {last - first + 1}"
    version = "(case m.country " + " ".join(f"when '{c}' then {v}" for c, v in versions.items()) + " end)"
    currency = "(case m.country " + " ".join(f"when '{c}' then '{v}'" for c, v in CURRENCY.items()) + " end)"
    plan = pick(PLANS, "i / 7")
    run = Timed(conn)
    conn.execute("set session_replication_role = replica")
    base = conn.execute("select coalesce(max(id), 0) from merchants").fetchone()[0]  # type: ignore[index]
    tables = ("merchants", "shops", "merchant_accounts", "subscription_requests", "subscriptions", "entitlements",
              "payments")
    begun = time.perf_counter()
    with indexes_built_after(conn, tables):
        run("merchants", f"""
            insert into merchants (id, email, phone, country, registered_at, registration_source, merchant_type,
                business_category, plan_name, package_state, subscription_state, expire_at, shop_count, order_usage,
                order_limit, contact_status, sales_id, retention_id, team, tags, erp_first_login_at, first_payment_at,
                last_payment_at, active_days, orders_30d, created_at, updated_at)
            select {base} + i, 'merchant' || ({base} + i) || '@bench' || (i % 50) || '.example.com',
                '+62812' || lpad(({base} + i)::text, 8, '0'), {pick(COUNTRIES, 'i')},
                now() - make_interval(days => 400 - (i * 400 / {merchants})::int), 'SYS_ERP',
                {pick(MERCHANT_TYPES, 'i / 3')}, 'Fashion', {plan},
                case when i % 10 = 0 then 'EXPIRED' else ({sql_array(list(STATES.values()))})[1 + (i / 7) % 5] end,
                case when i % 10 = 0 then 'EXPIRED' else 'PAID' end,
                case when i % 10 = 0 then now() - make_interval(days => 1 + i % 60)
                    else now() + make_interval(days => 1 + i % 365) end,
                {SHOPS_PER_MERCHANT}, (i * 37) % 3000, 3000, null,
                {person}, {first} + (i * 11) % {last - first + 1}, {pick(TEAMS, 'i / 5')},
                array['t' || (i % 20)], now() - interval '300 days', now() - interval '300 days',
                now() - interval '20 days', i % 300, (i * 13) % 9000, now(), now()
            from generate_series(1, {merchants}) i""")
        run("shops", f"""
            insert into shops (merchant_id, name, channel, country, external_shop_id, merchant_email, connection_status,
                bound, created_at, updated_at)
            select m.id, 'Shop ' || s || ' of ' || m.id, {pick(CHANNELS, 'm.id + s')}, m.country,
                'bench-' || m.id || '-' || s, m.email, case when (m.id + s) % 9 = 0 then 'EXPIRED' else 'CONNECTED' end,
                true, now(), now()
            from merchants m, generate_series(1, {SHOPS_PER_MERCHANT}) s where m.id > {base}""")
        run("merchant_accounts", f"""
            insert into merchant_accounts (merchant_id, system, email, user_type, status, account_type, activated_at,
                created_at, updated_at)
            select m.id, sys, m.email, 'MERCHANT',
                case when m.package_state = 'EXPIRED' then 'EXPIRED' else 'ENABLED' end, 'OFFICIAL',
                now() - interval '300 days', now(), now()
            from merchants m, unnest(array['IAM', 'ERP', 'WMS']) sys where m.id > {base}""")
        # One request per record (k = 1..10, month k ends 10 - k months before the merchant's end)
        requests = run("subscription_requests", f"""
            insert into subscription_requests (workflow_id, kind, merchant_id, state, requested_by, approver_id,
                receipt_number, payment_serial, payload, decided_at, created_at, updated_at)
            select 'subscription-' || m.id || '-R' || m.id || '-' || k, 'SUBSCRIBE', m.id, 'APPLIED', {first}, {last},
                'R' || m.id || '-' || k, 'S' || m.id || '-' || k, '{{}}'::jsonb,
                m.expire_at - make_interval(months => 11 - k), m.expire_at - make_interval(months => 11 - k),
                m.expire_at - make_interval(months => 11 - k)
            from merchants m, generate_series(1, {SUBSCRIPTIONS_PER_MERCHANT}) k where m.id > {base}""")
        run("subscriptions", f"""
            insert into subscriptions (request_id, merchant_id, kind, package_version_id, quantity, plan_name, unit,
                currency, payment_period, effective_at, expire_at, amount, tax, discounted_price, actual_payment,
                payment_at, payment_serial, receipt_number, free_days, created_by, approved_by, created_at)
            select r.id, m.id, 'SUBSCRIBE', {version}, 1, m.plan_name, 'MONTH', {currency}, 'MONTH',
                m.expire_at - make_interval(months => 11 - k), m.expire_at - make_interval(months => 10 - k),
                300000, 0, 0, 300000, r.created_at, r.payment_serial, r.receipt_number, 0, {first}, {last}, r.created_at
            from subscription_requests r join merchants m on m.id = r.merchant_id,
                lateral (select split_part(r.receipt_number, '-', 2)::int k) kk
            where m.id > {base}""")
        run("entitlements", f"""
            insert into entitlements (merchant_id, subscription_id, package_version_id, line, period)
            select s.merchant_id, s.id, s.package_version_id, 'BASE', tstzrange(s.effective_at, s.expire_at, '[)')
            from subscriptions s where s.merchant_id > {base}""")
        run("payments", f"""
            insert into payments (merchant_id, subscription_id, amount, currency, status, payment_serial, paid_at,
                created_at, updated_at)
            select s.merchant_id, s.id, s.actual_payment, s.currency, 'PAID', s.payment_serial, s.payment_at,
                s.created_at, s.created_at
            from subscriptions s where s.merchant_id > {base}""")
    run.seconds["indexes"] = round(time.perf_counter() - begun - sum(run.seconds.values()), 1)
    conn.execute("set session_replication_role = origin")
    conn.execute("select setval(pg_get_serial_sequence('merchants', 'id'), (select max(id) from merchants))")
    for table in tables:
        run("vacuum analyze", f"vacuum analyze {table}")  # as autovacuum leaves a table at rest
    return {"merchants": merchants, "shops": merchants * SHOPS_PER_MERCHANT, "accounts": merchants * 3,
            "subscriptions": requests, "seconds": run.seconds}
