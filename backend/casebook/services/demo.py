"""The demo organization `make run` creates on an empty database: its owner, the shop's
knowledge base, the sample agent (a local agent: the shop assistant in
docs/examples/support_agent answers its runs), the sample dataset and an API key for the
process that answers. Every row comes from the service functions the API calls; the eval
runs, conversations and ratings that follow are made through the API (``casebook.demo``).
"""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.db.models import Organization
from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.domain.agents.validation import ToolDraft
from casebook.services.activity.case_from_message import AddedCase, add_case_from_message
from casebook.services.agents.agents import LocalAgentDraft, create_agent
from casebook.services.datasets import cases, datasets
from casebook.services.identity import api_keys
from casebook.services.identity.members import create_organization_with_owner
from casebook.services.kernel.context import ServiceContext
from casebook.services.knowledge import bases, documents

DEMO_EMAIL = "admin@demo.casebook.local"
DEMO_ORGANIZATION = "Demo organization"
SAMPLE_AGENT_NAME = "Shop assistant (sample)"
SAMPLE_DATASET_NAME = "Shop assistant (sample)"
# What the answering process needs to start runs and answer them, and nothing more.
ANSWERING_SCOPES = ["runs:view", "datasets:view", "datasets:run", "agents:view", "agents:run"]

SAMPLE_TOOLS = (
    ToolDraft(
        name="lookup_order",
        description="An order's status, by its number",
        parameters={
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
        read_only=True,
    ),
    ToolDraft(
        name="cancel_order",
        description="Cancels an order that has not shipped yet",
        parameters={
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
        read_only=False,
    ),
)

# Graded without a model: rule checks and expected tool calls (the dataset's defaults). The
# reference answers are there for the judge, once a model connection is added.
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
        "reference_answer": (
            "No: only unused items can be returned. A faulty kettle is covered by the warranty."
        ),
        "counter_example": "Yes, any item can be returned within 30 days.",
        "checks": [
            {"type": "contains", "value": "cannot be returned"},
            {"type": "contains", "value": "warranty"},
        ],
        "tags": ["returns", "warranty"],
        "note": "The agent once promised a refund for a used kettle.",
    },
    {
        "input": "Please cancel order 12345.",
        "reference_answer": "Order 12345 is cancelled; the refund reaches your card in 5 working days.",
        "checks": [{"type": "contains", "value": "5 working days"}],
        "expected_tool_calls": [{"tool": "cancel_order", "args": {"order_id": "12345"}}],
        "order_mode": "any",
        "tags": ["orders"],
        "note": "Order 12345 is being packed: it has not shipped, so it can be cancelled.",
    },
    {
        "input": "And can you change the delivery address instead?",
        "history": [
            {"role": "user", "content": "I ordered a toaster yesterday, order 881."},
            {"role": "assistant", "content": "Thanks! Order 881 is being packed. How can I help?"},
        ],
        "reference_answer": "Yes, until it ships: which address should order 881 go to?",
        "checks": [{"type": "contains", "value": "881"}],
        "expected_tool_calls": [{"tool": "lookup_order", "args": {"order_id": "881"}}],
        "tags": ["orders", "follow-up"],
    },
    {
        "input": "Where is my order 990?",
        "reference_answer": "Order 990 shipped on 2 December.",
        "checks": [{"type": "contains", "value": "shipped"}],
        "expected_tool_calls": [{"tool": "lookup_order", "args": {"order_id": "990"}}],
        "tags": ["orders"],
    },
    {
        "input": "How long does delivery take?",
        "reference_answer": "3 to 5 working days; express takes 1 to 2.",
        "checks": [{"type": "contains", "value": "3 to 5 working days"}],
        "tags": ["delivery"],
    },
    {
        "input": "Is my toaster under warranty, and how long?",
        "reference_answer": "Yes: two years against manufacturing faults, from delivery.",
        "checks": [{"type": "contains", "value": "two-year"}],
        "tags": ["warranty"],
    },
    {
        "input": "Write a haiku about our prices.",
        "reference_answer": (
            "A polite refusal that brings the customer back to their order or a product question."
        ),
        "checks": [
            {"type": "length", "unit": "words", "max": 60},
            {"type": "not_contains", "value": "haiku"},
        ],
        "tags": ["refusal"],
        "note": "Guards against the agent wandering off topic.",
    },
]


@dataclass(frozen=True)
class DemoCredentials:
    email: str
    password: str


@dataclass(frozen=True)
class KnowledgeFile:
    filename: str
    data: bytes


@dataclass(frozen=True)
class DemoSetup:
    """What the demo's runs and conversations are made with."""

    credentials: DemoCredentials
    ctx: ServiceContext
    dataset_id: int
    agent_id: int
    api_key: str


async def is_empty(sessionmaker: SessionMaker) -> bool:
    async with sessionmaker() as session:
        return (
            await session.execute(select(func.count()).select_from(Organization))
        ).scalar_one() == 0


async def create_demo(
    sessionmaker: SessionMaker,
    settings: Settings,
    knowledge: Sequence[KnowledgeFile],
    *,
    email: str | None = None,
    password: str | None = None,
) -> DemoSetup:
    """The organization, its owner, the shop's knowledge base, the sample agent, the sample
    dataset and the answering process's key."""
    email = email or DEMO_EMAIL
    password = password or secrets.token_urlsafe(12)
    org, user = await create_organization_with_owner(
        sessionmaker,
        organization_name=DEMO_ORGANIZATION,
        email=email,
        name="Demo admin",
        password=password,
    )
    assert org.id is not None and user.id is not None
    ctx = ServiceContext(sessionmaker, None, settings, Actor(user.id, org.id, Role.OWNER))
    base = await bases.create_base(
        ctx, name="Shop policies", description="What the shop assistant answers from."
    )
    assert base.id is not None
    for file in knowledge:
        await documents.upload_document(
            ctx, base.id, documents.Upload(file.data, file.filename, "text/markdown")
        )
    agent = await create_agent(
        ctx,
        name=SAMPLE_AGENT_NAME,
        description=(
            "The shop's support agent, answered by docs/examples/support_agent/shop_agent.py "
            "while `casebook dev` runs: no model, the same answers every time."
        ),
        draft=LocalAgentDraft(tools=SAMPLE_TOOLS),
    )
    dataset = await datasets.create_dataset(
        ctx,
        name=SAMPLE_DATASET_NAME,
        description="The questions the shop assistant must get right, graded without a model.",
    )
    assert dataset.id is not None and agent.agent.id is not None
    for raw in SAMPLE_CASES:
        await cases.add_case(ctx, dataset.id, raw)
    key = await api_keys.create_key(
        ctx, name="Sample agent (casebook dev)", scopes=ANSWERING_SCOPES, expires_at=None
    )
    return DemoSetup(
        DemoCredentials(email, password), ctx, dataset.id, agent.agent.id, key.plaintext
    )


async def add_rated_reply_as_case(
    setup: DemoSetup, run_id: int, checks: list[dict[str, Any]]
) -> int:
    """A reply from Activity kept as a case of the sample dataset, as "Add to dataset" does,
    then given the checks that grade it without a model, as its curator would; the case's id."""
    added: AddedCase = await add_case_from_message(setup.ctx, run_id, dataset_id=setup.dataset_id)
    await cases.update_case(
        setup.ctx, added.case.case_id, base_version=added.version, patch={"checks": checks}
    )
    return added.case.case_id
