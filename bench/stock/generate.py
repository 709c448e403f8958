"""Data for the stock benchmark, written by PostgreSQL itself (bench/harness/bulk.py): 5 merchants with 4
warehouses each (20), 200,000 SKUs in the product library, every SKU stocked in its merchant's 4 warehouses
(800,000 balances), and 5,000,000 change records spread over those balances in time order, then each balance
written as the sum of its records, so the ledger reconciles by construction (drift 0).

A balance's records follow one cycle: a first inbound of 200-999 units, then outbound, lock for an order,
inbound, release of that lock, ... so every bucket stays >= 0 and each record's original + change = new (the
running sum of its balance's changes, a window over the balance's records in time order).

A balance is numbered b = 0 .. balances-1: SKU `BENCH-<b / 4 + 1>` of merchant (sku - 1) % 5, in that merchant's
warehouse b % 4. `balance(b)` gives the same pair to the load clients, so they move stock that exists.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg

from bench.harness.bulk import Timed, indexes_built_after

MERCHANTS = 5
WAREHOUSES_PER_MERCHANT = 4  # 20 warehouses; every SKU is stocked in each of its merchant's
SKUS = 200_000
CHANGES = 5_000_000
SKU = "'BENCH-' || lpad(({s})::text, 6, '0')"  # the SKU text of SKU number s, in SQL
TABLES = ("wms_products", "stock_balances", "stock_changes")
BUCKETS = ("on_hand", "spare", "locked", "promotion", "transit")


class Layout:
    """Where the benchmark's stock is: the first warehouse's id and how many balances there are."""

    def __init__(self, first_warehouse: int, skus: int) -> None:
        self.first_warehouse, self.skus = first_warehouse, skus
        self.balances = skus * WAREHOUSES_PER_MERCHANT  # every one has records when changes >= balances

    def balance(self, b: int) -> tuple[int, str]:
        """(warehouse id, sku) of balance number b, as `warehouse_sql` and `sku_sql` compute them."""
        per = WAREHOUSES_PER_MERCHANT
        return self.first_warehouse + (b // per % MERCHANTS) * per + b % per, f"BENCH-{b // per + 1:06d}"

    def warehouse_sql(self, b: str) -> str:
        """The warehouse id of balance number `b` (an SQL expression), as `balance` computes it."""
        per = WAREHOUSES_PER_MERCHANT
        return f"({self.first_warehouse} + ((({b}) / {per}) % {MERCHANTS}) * {per} + ({b}) % {per})"

    def sku_sql(self, b: str) -> str:
        return SKU.format(s=f"({b}) / {WAREHOUSES_PER_MERCHANT} + 1")


def merchants_and_warehouses(conn: psycopg.Connection) -> tuple[list[int], int]:
    """The bench merchants and their warehouses (made once per database): the merchants' ids and the first
    warehouse's id."""
    ids = [conn.execute(
        "insert into merchants (email, phone, country, registration_source, package_state, created_at, updated_at) "
        "values (%s, %s, 'ID', 'SYS_WMS', 'BUSINESS', now(), now()) "
        "on conflict (email) do update set updated_at = now() returning id",
        (f"stockbench{m}@bench.example.com", f"+6281200000{m}")).fetchone()[0]  # type: ignore[index]
        for m in range(MERCHANTS)]
    warehouses = []
    for m, merchant in enumerate(ids):
        for w in range(WAREHOUSES_PER_MERCHANT):
            warehouses.append(conn.execute(
                "insert into warehouses (merchant_id, provider, code, name, owner, type, address, is_default, "
                "enabled, usage_mode) values (%s, 'GINEE_WMS', %s, %s, 'Bench owner', 'OWN', 'Jakarta', %s, true, "
                "'WMS_ONLY_USE_GINEE_WMS') on conflict (merchant_id, code) do update set enabled = true returning id",
                (merchant, f"BENCH-WH-{m}-{w}", f"Bench warehouse {m}-{w}", w == 0)).fetchone()[0])  # type: ignore[index]
    first = min(warehouses)
    if warehouses != list(range(first, first + len(warehouses))):
        raise SystemExit("the bench warehouses' ids are not consecutive: use a fresh console")
    return ids, first


def load(conn: psycopg.Connection, skus: int, changes: int) -> tuple[Layout, dict[str, Any]]:
    """The product library, the change records and the balances they add up to. Returns the layout and the
    rows written per table with the seconds of each step."""
    merchants, first_warehouse = merchants_and_warehouses(conn)
    layout = Layout(first_warehouse, skus)
    if changes < layout.balances:
        raise SystemExit(f"{changes} change records cannot give each of {layout.balances} balances its first one")
    run = Timed(conn)
    conn.execute("set session_replication_role = replica")  # as a restore: no triggers, no foreign-key checks
    conn.execute("set work_mem = '256MB'")
    begun = time.perf_counter()
    merchant_of = f"(array{merchants}::bigint[])[1 + (s - 1) % {MERCHANTS}]"
    with indexes_built_after(conn, TABLES):
        run("wms_products", f"""
            insert into wms_products (merchant_id, sku, name, variant, category, weight_g, length_cm, width_cm,
                height_cm, remark, created_at, updated_at)
            select {merchant_of}, {SKU.format(s='s')}, 'Bench product ' || s, 'Size ' || (s % 5),
                (1 + s % 23)::text, 100 + s % 900, 10 + s % 30, 10 + s % 20, 5 + s % 10, null,
                now(), now()
            from generate_series(1, {skus}) s""")
        run("stock_changes", changes_sql(layout, changes))
        run("stock_balances", f"""
            insert into stock_balances (warehouse_id, sku, {', '.join(BUCKETS)}, updated_at)
            select warehouse_id, sku, {', '.join(f'sum(change_{b})' for b in BUCKETS)}, max(created_at)
            from stock_changes where idempotency_key like 'bench-%' group by warehouse_id, sku""")
    run.seconds["indexes"] = round(time.perf_counter() - begun - sum(run.seconds.values()), 1)
    conn.execute("set session_replication_role = origin")
    conn.execute("select setval(pg_get_serial_sequence('stock_changes', 'id'), (select max(id) from stock_changes))")
    for table in TABLES:
        run("vacuum analyze", f"vacuum analyze {table}")  # as autovacuum leaves a table at rest
    return layout, {"merchants": MERCHANTS, "warehouses": MERCHANTS * WAREHOUSES_PER_MERCHANT, "skus": skus,
                    "balances": layout.balances, "changes": changes, "seconds": run.seconds}


def changes_sql(layout: Layout, changes: int) -> str:
    """Record j (1..changes) is step k = (j - 1) / balances of balance b = (j - 1) % balances: ids and times
    grow with j, so a balance's records interleave with every other's, as in life."""
    base = "(select coalesce(max(id), 0) from stock_changes)"
    balances = layout.balances
    kinds = ("case when k = 0 then 'manual_inbound' when k % 4 = 1 then 'manual_outbound' "
             "when k % 4 = 2 then 'lock_outbound' when k % 4 = 3 then 'manual_inbound' else 'release_outbound' end")
    # the signed change of on hand and of locked at step k (a release frees exactly what step k - 2 locked)
    on_hand = "case when k = 0 then 200 + b % 800 when k % 4 = 1 then -(1 + j % 20) when k % 4 = 3 then 1 + j % 10 " \
              "else 0 end"
    locked = f"case when k % 4 = 2 then 1 + j % 5 when k > 0 and k % 4 = 0 then -(1 + (j - {2 * balances}) % 5) " \
             "else 0 end"
    return f"""
        insert into stock_changes (id, warehouse_id, sku, movement_type, quantity, reason, document_no, actor_name,
            idempotency_key, created_at,
            {', '.join(f'original_{b}, change_{b}, new_{b}' for b in BUCKETS)})
        select {base} + j, {layout.warehouse_sql('b')}, {layout.sku_sql('b')}, kind, abs(d_on_hand + d_locked),
            'Bench', 'BENCH-DOC-' || j, 'bench', 'bench-' || j,
            now() - make_interval(secs => ({changes} - j) * 0.5),
            new_on_hand - d_on_hand, d_on_hand, new_on_hand, 0, 0, 0, new_locked - d_locked, d_locked, new_locked,
            0, 0, 0, 0, 0, 0
        from (
            select j, b, kind, d_on_hand, d_locked,
                sum(d_on_hand) over w as new_on_hand, sum(d_locked) over w as new_locked
            from (
                select j, b, {kinds} as kind, {on_hand} as d_on_hand, {locked} as d_locked
                from generate_series(1, {changes}) j,
                    lateral (select (j - 1) % {balances} as b, (j - 1) / {balances} as k) at_step
            ) steps
            window w as (partition by b order by j)
        ) running"""
