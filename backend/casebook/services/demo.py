"""The demo organization `make run` creates on an empty database."""

import secrets
from dataclasses import dataclass

from sqlalchemy import func, select

from casebook.db.engine import SessionMaker
from casebook.db.models import Organization
from casebook.services.members import create_organization_with_owner

DEMO_EMAIL = "admin@demo.casebook.local"


@dataclass(frozen=True)
class DemoCredentials:
    email: str
    password: str


async def seed_demo_if_empty(
    sessionmaker: SessionMaker, *, email: str | None = None, password: str | None = None
) -> DemoCredentials | None:
    async with sessionmaker() as session:
        if (await session.execute(select(func.count()).select_from(Organization))).scalar_one() > 0:
            return None
    email = email or DEMO_EMAIL
    password = password or secrets.token_urlsafe(12)
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Demo organization",
        email=email,
        name="Demo admin",
        password=password,
    )
    return DemoCredentials(email, password)
