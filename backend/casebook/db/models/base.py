"""Column helpers shared by the tables."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Identity, func, text
from sqlalchemy.dialects.postgresql import JSONB


def utcnow() -> datetime:
    return datetime.now(UTC)


def id_column() -> Any:
    return Column(BigInteger, Identity(always=False), primary_key=True)


def created_at_column() -> Any:
    return Column(DateTime(timezone=True), nullable=False, server_default=func.now())


def timestamp_column(*, nullable: bool = True) -> Any:
    return Column(DateTime(timezone=True), nullable=nullable)


def jsonb_column(*, nullable: bool = False, default: str = "{}") -> Any:
    if nullable:
        return Column(JSONB, nullable=True)
    return Column(JSONB, nullable=False, server_default=text(f"'{default}'::jsonb"))
