import cProfile, pstats, time, orjson
from tests.conftest import unique
from tests.integration.stock_support import insert_warehouse
from tests.integration.ticket_support import staff


async def call(app, path, body, headers):
    raw = orjson.dumps(body)
    hs = [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())] + [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http", "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": hs, "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000)}
    sent = [False]
    async def receive():
        if not sent[0]:
            sent[0] = True
            return {"type": "http.request", "body": raw, "more_body": False}
        return {"type": "http.disconnect"}
    out = {}
    async def send(m):
        if m["type"] == "http.response.start": out["status"] = m["status"]
    await app(scope, receive, send)
    return out["status"]


async def test_profile(app, client):
    me, place = await staff("stock-change-record", "stock#move"), await insert_warehouse()
    sku = unique("SKU")
    h = me.headers
    await call(app, "/cms/stock/movement", {"warehouseId": place.warehouse_id, "sku": sku, "movementType": "manual_inbound", "quantity": 100000}, {**h, "Idempotency-Key": "in"})
    body = {"warehouseId": place.warehouse_id, "sku": sku, "movementType": "manual_outbound", "quantity": 1, "reason": "Bench"}
    for i in range(50):
        assert await call(app, "/cms/stock/movement", body, {**h, "Idempotency-Key": f"w{i}"}) == 200
    t0 = time.process_time()
    for i in range(300):
        assert await call(app, "/cms/stock/movement", body, {**h, "Idempotency-Key": f"p{i}"}) == 200
    plain = (time.process_time() - t0) / 300 * 1000
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for i in range(300):
        await call(app, "/cms/stock/movement", body, {**h, "Idempotency-Key": f"k{i}"})
    prof.disable()
    with open("/tmp/perfapi/profile2.txt", "w") as f:
        f.write(f"app cpu ms per call without profiler: {plain:.2f}\n")
        st = pstats.Stats(prof, stream=f)
        st.sort_stats("cumulative").print_stats(70)
