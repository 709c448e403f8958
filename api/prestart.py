"""`python -m api.prestart`: wait for PostgreSQL, create the database if missing, migrate, seed once."""

from __future__ import annotations

import asyncio
import logging
import time

import psycopg
from alembic import command
from alembic.config import Config
from psycopg import sql
from sqlalchemy.engine import Connection, make_url

from domain.logging import configure_logging
from domain.settings import ROOT, get_settings

log = logging.getLogger("omp.prestart")


def libpq_url(database: str | None = None) -> str:
    url = make_url(get_settings().sqlalchemy_url).set(drivername="postgresql")
    if database is not None:
        url = url.set(database=database)
    return url.render_as_string(hide_password=False)


def wait_for_database(timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with psycopg.connect(libpq_url("postgres"), connect_timeout=3) as conn:
                conn.execute("select 1")
            return
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                raise SystemExit(f"PostgreSQL is not reachable: {exc}") from exc
            time.sleep(0.5)


def ensure_database() -> None:
    name = make_url(get_settings().sqlalchemy_url).database
    assert name, "the database URL names no database"
    with psycopg.connect(libpq_url("postgres"), autocommit=True) as conn:
        if not conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone():
            log.info("creating database %s", name)
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))


def migrate(connection: Connection | None = None) -> None:
    """Upgrade to the latest revision(s): the settings' database, or the given (sync) connection."""
    config = Config(str(ROOT / "alembic.ini"))
    if connection is not None:
        config.attributes["connection"] = connection
    command.upgrade(config, "heads")  # "heads": modules landing side by side may branch the history


async def seed() -> bool:
    """Authorities, roles and the admin account always; on the first start the demo data (per OMP_SEED_DEMO) and
    then the demo stock, goods, orders (demo/orders.py), returns (demo/after_sales.py) and WMS orders
    (demo/wms_orders.py), each in the next transaction: it moves stock through the stock ledger (demo/stock.py),
    which the domain's seeding may not import. True when the demo data was created now."""
    from demo import after_sales as after_sales_demo
    from demo import fulfilment as fulfilment_demo
    from demo import goods as goods_demo
    from demo import orders as orders_demo
    from demo import reconciliation as reconciliation_demo
    from demo import stock as stock_demo
    from demo import store_warehouses as store_warehouses_demo
    from demo import wms_orders as wms_demo
    from domain.db import transaction
    from domain.seed import demo_erp_settings
    from domain.seed import seed as seed_domain

    created = await seed_domain()
    if created:
        async with transaction() as db:
            await stock_demo.create(db)
            await demo_erp_settings.create(db)  # after the stock: a merchant's default warehouse is its own
            await goods_demo.create(db)
            await fulfilment_demo.create(db)  # before the orders: a store's orders need its warehouse
            await store_warehouses_demo.create(db)  # the stores of merchants without a warehouse get one
        async with transaction() as db:
            await orders_demo.create(db)
        async with transaction() as db:  # after the orders: returns are of shipped ones
            await after_sales_demo.create(db)
            await after_sales_demo.use_materials(db)
        async with transaction() as db:
            await wms_demo.create(db)  # after the orders: accepted ones enter their warehouse's order process
            await reconciliation_demo.create(db)
    return created


async def demo_subscriptions() -> None:
    """The demo merchants' subscriptions go through the apply transaction of approved requests, so they follow
    the subscription rules; their plan flows start when Temporal answers (else an operator resyncs them)."""
    from demo import subscriptions as subscription_demo
    from domain.temporal import connect

    try:
        client = await asyncio.wait_for(connect(), timeout=10)
    except Exception as exc:  # Temporal not up yet: the plans are in the database all the same
        log.warning("demo plan flows not started (Temporal unreachable): %s", exc)
        client = None
    await subscription_demo.create(client)


def main() -> None:
    settings = get_settings()
    configure_logging(settings.log_level, settings.log_json)
    wait_for_database()
    ensure_database()
    migrate()
    if asyncio.run(seed()):  # authorities, roles and the admin account always; demo data per OMP_SEED_DEMO
        asyncio.run(demo_subscriptions())
    log.info("database ready")


if __name__ == "__main__":
    from domain.temporal import exit_process

    main()
    exit_process(0)
