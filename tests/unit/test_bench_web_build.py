"""The logs benchmark measures the app as built: web/dist is rebuilt when it is missing or older than a source."""

import os

from bench.harness.web_build import is_stale


def touch(path, at):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x")
    os.utime(path, (at, at))


def test_a_build_older_than_a_source_is_stale(tmp_path):
    touch(tmp_path / "src" / "modules" / "deploy" / "LogViewer.tsx", 2000)
    touch(tmp_path / "dist" / "index.html", 1000)
    assert is_stale(tmp_path)


def test_a_build_newer_than_every_source_is_kept(tmp_path):
    touch(tmp_path / "src" / "main.tsx", 1000)
    touch(tmp_path / "index.html", 1000)
    touch(tmp_path / "dist" / "index.html", 2000)
    assert not is_stale(tmp_path)


def test_no_build_at_all_is_stale(tmp_path):
    touch(tmp_path / "src" / "main.tsx", 1000)
    assert is_stale(tmp_path)
