"""Uploads with a type allow-list and a size limit, and signed download links (SPEC §7)."""

import time

import pytest

from domain.settings import get_settings
from tests.image_samples import tiny_gif, tiny_png

PNG = tiny_png()


async def upload(client, headers, name="pixel.png", content=PNG, path="upload-file"):
    return await client.post(f"/cms/common/{path}", headers=headers, files={"file": (name, content, "image/png")})


async def test_upload_then_download_through_the_signed_link(client, login_as):
    me = await login_as()
    reply = await upload(client, me)
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    assert (data["name"], data["size"], data["contentType"], data["public"]) == ("pixel.png", len(PNG), "image/png",
                                                                                False)
    assert data["expiresAt"] is not None
    fetched = await client.get(data["url"])  # no token: the signature is the credential
    assert fetched.status_code == 200 and fetched.content == PNG
    assert fetched.headers["content-type"] == "image/png"
    fresh = (await client.get(f"/cms/common/generate-file-url/{data['id']}", headers=me)).json()["data"]
    assert (await client.get(fresh["url"])).content == PNG


async def test_a_tampered_or_expired_link_is_refused(client, login_as, monkeypatch):
    me = await login_as()
    data = (await upload(client, me)).json()["data"]
    assert (await client.get(data["url"].replace("signature=", "signature=0"))).status_code == 404
    other_file = data["url"].replace(f"/file/{data['id']}?", f"/file/{data['id'] + 1}?")
    assert (await client.get(other_file)).status_code == 404
    monkeypatch.setattr(get_settings(), "file_url_ttl_seconds", -10)
    expired = (await client.get(f"/cms/common/generate-file-url/{data['id']}", headers=me)).json()["data"]
    reply = await client.get(expired["url"])
    assert reply.status_code == 410 and reply.json()["code"] == "FILE_LINK_EXPIRED"


async def test_public_files_have_links_that_do_not_expire(client, login_as):
    uploader = await login_as("file#upload-public")
    data = (await upload(client, uploader, path="upload-public-file")).json()["data"]
    assert data["public"] is True and data["expiresAt"] is None and "expires=" not in data["url"]
    assert (await client.get(data["url"])).status_code == 200
    plain = await login_as()
    assert (await upload(client, plain, path="upload-public-file")).status_code == 403


async def test_types_outside_the_allow_list_and_disguised_files_are_refused(client, login_as):
    me = await login_as()
    reply = await upload(client, me, name="run.exe", content=b"MZ\x90\x00")
    assert reply.status_code == 415 and "run.exe" in reply.json()["message"]
    disguised = await upload(client, me, name="photo.png", content=b"MZ\x90\x00 not a png")
    assert disguised.status_code == 415
    assert (await upload(client, me, name="notes.txt", content=b"hello")).status_code == 200


async def test_files_over_the_size_limit_are_refused(client, login_as, monkeypatch):
    monkeypatch.setattr(get_settings(), "upload_max_bytes", 1024 * 1024)
    me = await login_as()
    reply = await upload(client, me, content=PNG + b"\x00" * (1024 * 1024))
    assert reply.status_code == 413 and "1 MB" in reply.json()["message"]


async def test_links_are_signed_per_file_and_expiry(client, login_as):
    from domain.rules.files import link_state, signature

    key = b"k"
    good = signature(key, 5, 100)
    assert link_state(key, 5, 100, good, 99) == "valid"
    assert link_state(key, 5, 100, good, 101) == "expired"
    assert link_state(key, 6, 100, good, 99) == "invalid"
    assert link_state(key, 5, 200, good, 99) == "invalid"
    assert link_state(key, 5, None, signature(key, 5, None), int(time.time())) == "valid"


async def test_a_private_link_is_given_only_to_who_may_read_the_file(client, login_as):
    """Ids are sequential: without this rule any staff member could ask for the link of any private file."""
    owner, stranger, admin = await login_as(), await login_as(), await login_as(super_user=True)
    file_id = (await upload(client, owner)).json()["data"]["id"]
    for who, status in ((owner, 200), (admin, 200), (stranger, 404)):
        reply = await client.get(f"/cms/common/generate-file-url/{file_id}", headers=who)
        assert reply.status_code == status, reply.text
    assert (await client.get("/cms/common/generate-file-url/999999999", headers=owner)).status_code == 404

    uploader = await login_as("file#upload-public")
    public_id = (await upload(client, uploader, path="upload-public-file")).json()["data"]["id"]
    assert (await client.get(f"/cms/common/generate-file-url/{public_id}", headers=stranger)).status_code == 200


PDF = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n"


async def test_the_content_must_be_what_the_extension_says(client, login_as):
    """The bytes are recognised (`filetype`), not just their first few compared: a PDF is not a text file."""
    me = await login_as()
    assert (await upload(client, me, name="notes.txt", content=PDF)).status_code == 415
    assert (await upload(client, me, name="scan.pdf", content=PNG)).status_code == 415
    assert (await upload(client, me, name="scan.pdf", content=PDF)).status_code == 200


async def test_only_images_open_in_the_browser(client, login_as):
    me = await login_as()
    image = (await upload(client, me)).json()["data"]
    gif = (await upload(client, me, name="dot.gif", content=tiny_gif())).json()["data"]
    assert (await client.get(gif["url"])).headers["content-disposition"].startswith("inline")
    document = (await upload(client, me, name="scan.pdf", content=PDF)).json()["data"]
    shown = await client.get(image["url"])
    assert shown.headers["content-disposition"].startswith("inline")
    downloaded = await client.get(document["url"])
    assert downloaded.headers["content-disposition"].startswith("attachment")
    assert downloaded.headers["x-content-type-options"] == "nosniff"


POLYGLOT = b"GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;<html><body><script>alert(document.domain)</script></body></html>"


@pytest.mark.parametrize(("name", "content"), [("cat.gif", POLYGLOT), ("cat.gif", tiny_gif() + b"<html><script>x()"),
                                               ("cat.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)])
@pytest.mark.parametrize("path", ["upload-file", "upload-public-file", "upload-unrestricted-file"])
async def test_an_image_that_is_more_than_an_image_is_only_ever_downloaded(client, login_as, name, content, path):
    """A GIF that is also an HTML page (or an image with more after its end, or not a whole image) is taken but
    served as a download that the browser does not sniff, never opened as a page of our origin."""
    me = await login_as("file#upload-public", "file#upload-unrestricted")
    stored = await upload(client, me, name=name, content=content, path=path)
    assert stored.status_code == 200, stored.text
    fetched = await client.get(stored.json()["data"]["url"])
    assert fetched.status_code == 200 and fetched.content == content
    assert fetched.headers["content-disposition"].startswith("attachment")
    assert fetched.headers["x-content-type-options"] == "nosniff"
    assert fetched.headers["content-type"] in ("image/gif", "image/png", "application/octet-stream")


async def test_names_with_control_or_direction_characters_are_refused(client, login_as):
    """U+202E shows "invoice\u202egpj.exe" as "invoiceexe.jpg": the name would lie about the file."""
    me = {**await login_as(), "Accept-Language": "en"}
    for name in ("invoice\u202egnp.png", "bell\x07.png", "zero\u200bwidth.png"):
        # written by hand: httpx would percent-encode the control character, as a browser may not
        body = (b'--b\r\nContent-Disposition: form-data; name="file"; filename="' + name.encode() +
                b'"\r\nContent-Type: image/png\r\n\r\n' + PNG + b"\r\n--b--\r\n")
        reply = await client.post("/cms/common/upload-file", content=body,
                                  headers={**me, "Content-Type": "multipart/form-data; boundary=b"})
        assert reply.status_code == 422, (name, reply.text)
        assert reply.json()["message"].startswith("File:")


async def test_link_attachments_are_only_web_links(client):
    from tests.integration.ticket_support import new_ticket_body, staff

    reporter = await staff("ticket-new", "ticket-list")
    for url in ("javascript:alert(1)", "data:text/html,<script>x</script>", "file:///etc/passwd", "https://"):
        reply = await client.post("/cms/ticket/add", headers=reporter.headers,
                                  json=new_ticket_body(attachments=[{"kind": "IMAGE", "url": url}]))
        assert reply.status_code == 422, url
        assert reply.json()["data"]["errors"][0]["rule"] == "url_http"
