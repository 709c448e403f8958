"""Common tools (SPEC §2 /system/common-tools/tools): OSS upload and its unrestricted variant behind its own
permission, each upload audited; the unrestricted one has a hard size cap and is only ever served as a download."""

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.files import StoredFile
from domain.settings import get_settings

SCRIPT = b"<html><script>alert(document.cookie)</script></html>"


async def upload(client, headers, path, name="page.html", content=SCRIPT):
    return await client.post(f"/cms/common/{path}", headers=headers, files={"file": (name, content, "text/html")})


async def files_of(uploader: int | None) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(StoredFile).where(
            StoredFile.uploaded_by == uploader))


async def uploader_of(file_id: int) -> int | None:
    async with transaction() as db:
        return (await db.get(StoredFile, file_id)).uploaded_by


async def test_any_type_is_kept_and_served_only_as_a_download(client, login_as):
    me = await login_as("tools", "file#upload-unrestricted")
    reply = await upload(client, me, "upload-unrestricted-file")
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    assert (data["name"], data["contentType"], data["public"], data["expiresAt"]) == (
        "page.html", "application/octet-stream", True, None)
    served = await client.get(data["url"])
    assert served.status_code == 200 and served.content == SCRIPT
    assert served.headers["content-type"] == "application/octet-stream"
    assert served.headers["content-disposition"].startswith("attachment;")
    assert served.headers["x-content-type-options"] == "nosniff"
    exe = await upload(client, me, "upload-unrestricted-file", name="tool.exe", content=b"MZ\x90\x00binary")
    assert exe.status_code == 200, exe.text


async def test_the_unrestricted_upload_needs_its_own_permission(client, login_as):
    plain, public_only = await login_as(), await login_as("tools", "file#upload-public")
    for headers in (plain, public_only):
        reply = await upload(client, headers, "upload-unrestricted-file", name="notes.txt", content=b"hello")
        assert reply.status_code == 403 and reply.json()["code"] == "NO_PERMISSION"
    # and the unrestricted permission does not open the public (OSS) upload
    unrestricted = await login_as("tools", "file#upload-unrestricted")
    assert (await upload(client, unrestricted, "upload-public-file", name="notes.txt",
                         content=b"hello")).status_code == 403
    # the restricted uploads still refuse what the unrestricted one takes
    refused = await upload(client, await login_as("tools", "file#upload-public"), "upload-public-file")
    assert refused.status_code == 415 and refused.json()["code"] == "FILE_TYPE_NOT_ALLOWED"


async def test_the_unrestricted_upload_has_a_hard_size_cap(client, login_as, monkeypatch):
    monkeypatch.setattr(get_settings(), "upload_unrestricted_max_bytes", 1024 * 1024)
    me = await login_as("tools", "file#upload-unrestricted")
    reply = await upload(client, me, "upload-unrestricted-file", name="big.bin", content=b"\x01" * (1024 * 1024 + 1))
    assert reply.status_code == 413 and reply.json()["code"] == "FILE_TOO_LARGE" and "1 MB" in reply.json()["message"]
    small = await upload(client, me, "upload-unrestricted-file", name="small.bin", content=b"\x01" * 10)
    uploader = await uploader_of(small.json()["data"]["id"])
    assert await files_of(uploader) == 1  # the refused one left nothing behind


async def test_a_multipart_body_beyond_every_upload_limit_is_refused_before_any_route(client, login_as, monkeypatch):
    """No endpoint accepts more than the largest limit, so nothing bigger is spooled to disk, whatever the route."""
    for limit in ("upload_max_bytes", "upload_unrestricted_max_bytes", "import_max_bytes"):
        monkeypatch.setattr(get_settings(), limit, 1024 * 1024)
    me = await login_as()  # may not upload here at all: the 413 comes before the route's 403
    big = b"\x01" * (2 * 1024 * 1024)
    reply = await upload(client, me, "upload-unrestricted-file", name="big.bin", content=big)
    assert reply.status_code == 413 and reply.json()["code"] == "FILE_TOO_LARGE"

    async def chunks():  # no Content-Length: counted while it streams
        for _ in range(3):
            yield b"--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\n\r\n" + big

    streamed = await client.post("/cms/common/upload-unrestricted-file", content=chunks(),
                                 headers={**me, "Content-Type": "multipart/form-data; boundary=x"})
    assert streamed.status_code == 413 and streamed.json()["code"] == "FILE_TOO_LARGE"


async def test_every_upload_is_audited_with_its_transaction(client, login_as):
    me = await login_as("tools", "file#upload-public", "file#upload-unrestricted")
    for path, name, content, unrestricted in (
            ("upload-file", "notes.txt", b"hello", False),
            ("upload-public-file", "notes.txt", b"hello", False),
            ("upload-unrestricted-file", "page.html", SCRIPT, True)):
        reply = await upload(client, me, path, name=name, content=content)
        assert reply.status_code == 200, reply.text
        file_id = reply.json()["data"]["id"]
        async with transaction() as db:
            change = await db.scalar(select(EntityChange).where(EntityChange.entity == "File",
                                                                EntityChange.entity_id == str(file_id)))
        assert change is not None and change.action == "upload"
        assert change.transaction_id == reply.headers["x-transaction-id"]
        assert change.operator_id == await uploader_of(file_id)
        assert change.changes["name"]["after"] == name and change.changes["size"]["after"] == len(content)
        assert change.changes["unrestricted"]["after"] is unrestricted


async def test_a_public_upload_answers_its_link_at_the_consoles_configured_public_url(client, login_as, monkeypatch):
    """A mail's image or a shared link is opened away from the console: its address is the configured public URL,
    not the address the uploader's browser used. A private file's links expire, so it has none."""
    monkeypatch.setattr(get_settings(), "public_url", "https://omp.example.com/")
    me = await login_as("tools", "file#upload-public")
    public = (await upload(client, me, "upload-public-file", name="notes.txt", content=b"hello")).json()["data"]
    assert public["publicLink"] == f"https://omp.example.com{public['url']}"
    private = (await upload(client, me, "upload-file", name="notes.txt", content=b"hello")).json()["data"]
    assert private["publicLink"] is None
