"""The demo organization `make run` creates on an empty database, with a sample dataset."""

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.db.models import Organization
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.services.datasets import cases, datasets
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext

DEMO_EMAIL = "admin@demo.casebook.local"

SAMPLE_CASES: list[dict[str, Any]] = [
    {
        "input": "How long is the return window?",
        "reference_answer": "30 days from delivery, for unused items in their original packaging.",
        "checks": [{"type": "contains", "value": "30 days"}],
        "tags": ["returns"],
        "note": "The most asked question in the shop's chat.",
    },
    {
        "input": "Can I return a kettle I already used?",
        "reference_answer": "No: only unused items can be returned. A faulty kettle is covered by the warranty.",
        "counter_example": "Yes, any item can be returned within 30 days.",
        "tags": ["returns", "warranty"],
        "note": "The agent once promised a refund for a used kettle.",
    },
    {
        "input": "Please cancel order 12345.",
        "reference_answer": "Order 12345 is cancelled; the refund reaches your card in 5 working days.",
        "expected_tool_calls": [{"tool": "cancel_order", "args": {"order_id": "12345"}}],
        "order_mode": "any",
        "tags": ["orders"],
    },
    {
        "input": "And can you change the delivery address instead?",
        "history": [
            {"role": "user", "content": "I ordered a toaster yesterday, order 881."},
            {"role": "assistant", "content": "Thanks! Order 881 is being packed. How can I help?"},
        ],
        "reference_answer": "Yes, until it ships: which address should order 881 go to?",
        "expected_tool_calls": [{"tool": "lookup_order", "args": {"order_id": "881"}}],
        "tags": ["orders", "follow-up"],
    },
    {
        "input": "Write a haiku about our prices.",
        "reference_answer": "A polite refusal that brings the customer back to their order or a product question.",
        "checks": [{"type": "length", "unit": "words", "max": 60}],
        "tags": ["refusal"],
        "note": "Guards against the agent wandering off topic.",
    },
]


@dataclass(frozen=True)
class DemoCredentials:
    email: str
    password: str


async def seed_demo_if_empty(
    sessionmaker: SessionMaker,
    settings: Settings,
    *,
    email: str | None = None,
    password: str | None = None,
) -> DemoCredentials | None:
    async with sessionmaker() as session:
        if (await session.execute(select(func.count()).select_from(Organization))).scalar_one() > 0:
            return None
    email = email or DEMO_EMAIL
    password = password or secrets.token_urlsafe(12)
    org, user = await create_organization_with_owner(
        sessionmaker,
        organization_name="Demo organization",
        email=email,
        name="Demo admin",
        password=password,
    )
    assert org.id is not None and user.id is not None
    ctx = ServiceContext(sessionmaker, None, settings, Actor(user.id, org.id, Role.OWNER))
    dataset = await datasets.create_dataset(
        ctx,
        name="Shop assistant (sample)",
        description="A few cases for a shop's support agent, to try Casebook with.",
    )
    assert dataset.id is not None
    for raw in SAMPLE_CASES:
        await cases.add_case(ctx, dataset.id, raw)
    return DemoCredentials(email, password)
