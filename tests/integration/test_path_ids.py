"""A path id that no row can have, because its `integer` column cannot hold it (3,000,000,000 > 2**31 - 1), names
a record that does not exist: 404 in the reader's language, not the database's out-of-range refusal."""

import pytest

BEYOND = 3_000_000_000


@pytest.mark.parametrize(("method", "path", "said"), [
    ("GET", f"/cms/job/detail/{BEYOND}", "not found"),  # a kit detail: the resource's own name
    ("GET", f"/cms/queue-alert/rule/detail/{BEYOND}", "not found"),
    ("DELETE", f"/cms/job/delete/{BEYOND}", "not found"),  # hand-written routes: the shared net
    ("POST", f"/cms/job/{BEYOND}/run", "not found"),
    ("GET", f"/cms/deploy/run/{BEYOND}/log", "not found"),
])
async def test_an_id_beyond_its_column_is_a_record_not_found(client, login_as, method, path, said):
    admin = await login_as(super_user=True)
    reply = await client.request(method, path, headers={**admin, "Idempotency-Key": "path-ids"},
                                 json={} if method == "POST" else None)
    assert (reply.status_code, reply.json()["code"]) == (404, "NOT_FOUND"), reply.text
    assert said in reply.json()["message"]
    zh = await client.request(method, path, headers={**admin, "Accept-Language": "zh-CN",
                                                     "Idempotency-Key": "path-ids"},
                              json={} if method == "POST" else None)
    assert zh.json()["message"].startswith("未找到")
