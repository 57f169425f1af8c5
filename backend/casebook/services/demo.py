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


async def seed_demo_if_empty(sessionmaker: SessionMaker) -> DemoCredentials | None:
    async with sessionmaker() as session:
        if (await session.execute(select(func.count()).select_from(Organization))).scalar_one() > 0:
            return None
    password = secrets.token_urlsafe(12)
    await create_organization_with_owner(sessionmaker, organization_name="Demo organization",
                                         email=DEMO_EMAIL, name="Demo admin", password=password)
    return DemoCredentials(DEMO_EMAIL, password)
