from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, String, func
from sqlalchemy.orm import Mapped, mapped_column

from domain.db import Base


class StoredFile(Base):
    """An uploaded file: the bytes live in the storage backend under `storage_key`, the facts live here."""

    __tablename__ = "stored_files"

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    backend: Mapped[str] = mapped_column(String(8))
    storage_key: Mapped[str] = mapped_column(String(256), unique=True)
    name: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(128))
    size: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))
    public: Mapped[bool] = mapped_column(default=False)
    uploaded_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
