"""Orders for the order benchmark, written by PostgreSQL itself (INSERT ... SELECT FROM generate_series) straight
into the month partitions: each order with one or two lines and its key (shop, channel order number), spread over
the last 120 days across the merchants' shops, the tab counts made consistent by the trigger's own path (a +1
delta an order, then `order_counts_fold()`), and the order statistics rolled for the whole range.

Triggers and foreign-key checks are skipped while loading (session_replication_role = replica, as a restore does);
the values are consistent by construction. CHECK and UNIQUE constraints still hold."""

from __future__ import annotations

from typing import Any

import psycopg

from bench.harness.bulk import Timed, pick

STATUSES = ["PENDING", "PENDING", "READY", "SHIPPING", "SHIPPING", "COMPLETED", "COMPLETED", "COMPLETED",
            "COMPLETED", "CANCELLED", "ABNORMAL"]
CURRENCY = "(case b.country when 'ID' then 'IDR' when 'PH' then 'PHP' when 'MY' then 'MYR' when 'TH' then 'THB' " \
           "when 'VN' then 'VND' when 'CN' then 'CNY' else 'USD' end)"
DAYS = 120


def shops(conn: psycopg.Connection) -> int:
    """The bound shops, numbered 0..n-1 (a temporary table the loads join on)."""
    conn.execute("drop table if exists bench_shops")
    conn.execute("create unlogged table bench_shops as select (row_number() over (order by id) - 1)::int k, id, "
                 "merchant_id, channel, country from shops where bound")
    conn.execute("create unique index on bench_shops (k)")
    return int(conn.execute("select count(*) from bench_shops").fetchone()[0])  # type: ignore[index]


def load(conn: psycopg.Connection, count: int, *, at: str | None = None, tag: str = "B") -> dict[str, Any]:
    """`count` more orders over the last 120 days (or all in the hour starting at `at`, an SQL timestamptz)."""
    n_shops = shops(conn)
    run = Timed(conn)
    conn.execute("set session_replication_role = replica")
    # ids base+1..base+count reserved first: the console's own syncs keep taking ids from the sequence meanwhile
    base = int(conn.execute(
        "select greatest((select coalesce(max(id), 0) from orders), (select coalesce(max(order_id), 0) "
        "from order_keys), (select last_value from orders_id_seq))").fetchone()[0])  # type: ignore[index]
    conn.execute("select setval('orders_id_seq', %s)", (base + count,))
    when = (f"{at}::timestamptz + make_interval(secs => (i % 3600))" if at else
            f"now() - make_interval(secs => ({DAYS} * 86400.0 * i / {count}))")
    status = pick(STATUSES, "i * 7")
    run("orders", f"""
        insert into orders (id, ordered_at, merchant_id, shop_id, channel, country, channel_order_no, status, cause,
            buyer_name, recipient_name, city, currency, subtotal, shipping_fee, total, created_at, updated_at)
        select {base} + i, {when}, b.merchant_id, b.id, b.channel, b.country, '{tag}' || ({base} + i), {status},
            case when {status} = 'ABNORMAL' then 'OUT_OF_STOCK' end, 'Buyer ' || i, 'Buyer ' || i, 'Jakarta',
            {CURRENCY}, 10000 + (i % 90) * 1000, 9000, 19000 + (i % 90) * 1000, now(), now()
        from generate_series(1, {count}) i join bench_shops b on b.k = (i::bigint * 7919) % {n_shops}""")
    run("order_keys", f"""
        insert into order_keys (shop_id, channel_order_no, order_id, ordered_at)
        select shop_id, channel_order_no, id, ordered_at from orders where id > {base} and id <= {base + count}""")
    run("order_lines", f"""
        insert into order_lines (order_id, ordered_at, line_no, sku, quantity, unit_price)
        select o.id, o.ordered_at, l, 'SKU-' || (o.id % 500), 1, case l when 1 then o.subtotal - 5000 else 5000 end
        from orders o, generate_series(1, 2) l where o.id > {base} and o.id <= {base + count}
            and (l = 1 or o.id % 2 = 0)""")
    run("order_count_deltas", f"""
        insert into order_count_deltas (merchant_id, shop_id, channel, status, hour, delta)
        select merchant_id, shop_id, channel, status, date_trunc('hour', ordered_at, 'UTC'), 1
        from orders where id > {base} and id <= {base + count}""")
    conn.execute("set session_replication_role = origin")
    run("order_counts_fold", "select order_counts_fold()")
    # the queue's table held every delta of the load at once: its pages stay, empty, and every tab count reads them
    # (a seq scan) until vacuum gives them back; in life it holds the few minutes of changes between two folds
    run("vacuum", "vacuum full order_count_deltas")
    for table in ("orders", "order_lines", "order_keys", "order_counts"):
        run("analyze", f"analyze {table}")
    return {"orders": count, "shops": n_shops, "seconds": run.seconds}
