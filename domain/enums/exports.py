"""Export tasks (SPEC §4 export states; docs/exports.md)."""

from __future__ import annotations

from enum import StrEnum


class ExportState(StrEnum):
    """An export task: PROCESSING while its workflow writes the file, ACTIVE once the file is ready to download,
    DOWNLOAD_FAILED when writing it failed (the reason kept; a retry writes it again), EXPIRED once the retention
    time has passed and the file is gone."""

    PROCESSING = "PROCESSING"
    ACTIVE = "ACTIVE"
    DOWNLOAD_FAILED = "DOWNLOAD_FAILED"
    EXPIRED = "EXPIRED"
