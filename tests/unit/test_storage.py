"""The S3-compatible storage backend against botocore's stubbed client (no network)."""

import io

import boto3
from botocore.response import StreamingBody
from botocore.stub import Stubber

from domain.storage import LocalStorage, S3Storage


async def test_s3_backend_puts_streams_and_deletes_under_its_prefix():
    client = boto3.client("s3", region_name="us-east-1", aws_access_key_id="a", aws_secret_access_key="b")
    storage = S3Storage("bucket", "omp/", client)
    with Stubber(client) as stub:
        stub.add_response("put_object", {}, {"Bucket": "bucket", "Key": "omp/a/b.png", "Body": b"data",
                                             "ContentType": "image/png"})
        stub.add_response("get_object", {"Body": StreamingBody(io.BytesIO(b"data"), 4)},
                          {"Bucket": "bucket", "Key": "omp/a/b.png"})
        stub.add_response("delete_object", {}, {"Bucket": "bucket", "Key": "omp/a/b.png"})
        await storage.put("a/b.png", b"data", "image/png")
        assert b"".join([chunk async for chunk in storage.stream("a/b.png")]) == b"data"
        await storage.delete("a/b.png")
        stub.assert_no_pending_responses()


async def test_local_backend_round_trip_and_refuses_escaping_keys(tmp_path):
    storage = LocalStorage(tmp_path)
    await storage.put("x/y.txt", b"hello", "text/plain")
    assert b"".join([chunk async for chunk in storage.stream("x/y.txt")]) == b"hello"
    try:
        storage.path("../outside.txt")
    except ValueError:
        pass
    else:
        raise AssertionError("a key outside the directory was accepted")
