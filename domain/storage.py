"""Where uploaded files live: a local directory by default, S3-compatible storage when a bucket is set
(OMP_STORAGE_S3_*). Both are used through the same three calls, off the event loop."""

from __future__ import annotations

import asyncio
import secrets
import shutil
from collections.abc import AsyncIterator
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from domain.settings import get_settings

CHUNK = 256 * 1024


class Storage(Protocol):
    name: str

    async def put(self, key: str, data: bytes, content_type: str) -> None: ...

    async def put_file(self, key: str, path: Path, content_type: str) -> None: ...

    def stream(self, key: str) -> AsyncIterator[bytes]: ...

    async def delete(self, key: str) -> None: ...


class LocalStorage:
    name = "local"

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise ValueError(f"storage key outside the storage directory: {key}")
        return path

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        def write() -> None:
            path = self.path(key)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

        await asyncio.to_thread(write)

    async def put_file(self, key: str, path: Path, content_type: str) -> None:
        """A file written elsewhere (an export's workbook), copied in chunks: never whole in memory."""
        def copy() -> None:
            target = self.path(key)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)

        await asyncio.to_thread(copy)

    async def stream(self, key: str) -> AsyncIterator[bytes]:
        with self.path(key).open("rb") as fh:
            while chunk := await asyncio.to_thread(fh.read, CHUNK):
                yield chunk

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.path(key).unlink, True)


class S3Storage:
    """Any S3-compatible service (AWS S3, MinIO, OSS in S3 mode) through boto3."""

    name = "s3"

    def __init__(self, bucket: str, prefix: str, client: Any) -> None:
        self.bucket, self.prefix, self.client = bucket, prefix, client

    @classmethod
    def from_settings(cls) -> S3Storage:
        import boto3

        s = get_settings()
        client = boto3.client("s3", endpoint_url=s.storage_s3_endpoint, region_name=s.storage_s3_region,
                              aws_access_key_id=s.storage_s3_access_key,
                              aws_secret_access_key=s.storage_s3_secret_key)
        return cls(s.storage_s3_bucket or "", s.storage_s3_prefix, client)

    async def put(self, key: str, data: bytes, content_type: str) -> None:
        await asyncio.to_thread(self.client.put_object, Bucket=self.bucket, Key=self.prefix + key, Body=data,
                                ContentType=content_type)

    async def put_file(self, key: str, path: Path, content_type: str) -> None:
        await asyncio.to_thread(self.client.upload_file, str(path), self.bucket, self.prefix + key,
                                ExtraArgs={"ContentType": content_type})

    async def stream(self, key: str) -> AsyncIterator[bytes]:
        reply = await asyncio.to_thread(self.client.get_object, Bucket=self.bucket, Key=self.prefix + key)
        body = reply["Body"]
        while chunk := await asyncio.to_thread(body.read, CHUNK):
            yield chunk

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self.client.delete_object, Bucket=self.bucket, Key=self.prefix + key)


@lru_cache
def get_storage() -> Storage:
    settings = get_settings()
    if settings.storage_s3_bucket:
        return S3Storage.from_settings()
    return LocalStorage(settings.upload_dir)


def signing_key() -> bytes:
    """OMP_SECRET_KEY, else a random key made once and kept in var/secret-key (one machine only)."""
    settings = get_settings()
    if settings.secret_key:
        return settings.secret_key.encode()
    path = settings.var_dir.resolve() / "secret-key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip().encode()
