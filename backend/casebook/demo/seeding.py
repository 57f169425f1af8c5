"""The demo seeded by doing the job: on an empty database, the organization and its sample
agent and dataset (``services.demo``), then - through the API, served for the purpose, with
the Python client as a team would use it - version 1's eval run, version 2's run compared
with it (its flipped cases rerun and confirmed, the confirmed regression sent to review),
a few conversations recorded into Activity and rated, and the thumbs-down reply kept as a
case. Nothing is written into a table by hand; scoring needs no model."""

import os
import time
from dataclasses import dataclass
from pathlib import Path

from casebook.config import Settings
from casebook.db.engine import SessionMaker
from casebook.demo import sample_agent
from casebook.demo.answering import AnsweringKey
from casebook.demo.served import served_api
from casebook.graphql.ids import decode_id, encode_id
from casebook.services.demo import (
    DemoCredentials,
    DemoSetup,
    KnowledgeFile,
    add_rated_reply_as_case,
    create_demo,
    is_empty,
)
from casebook_client import AsyncCasebook, aevaluate
from casebook_client.api.enums import RatingValue, StepKind, ToolCallStatus, TurnRole
from casebook_client.api.input_types import (
    ConversationInput,
    ConversationTurnInput,
    RatingInput,
    RecordConversationsInput,
    RecordRatingsInput,
    RunInput,
    StepInput,
)

KEY_FILE = "sample_agent_key"


@dataclass(frozen=True)
class Conversation:
    """A customer's question as production would record it, the agent's reply, and how the
    customer rated it."""

    end_user: str
    question: str
    rating: RatingValue
    comment: str


CONVERSATIONS = (
    Conversation("anna", "How do I send a parcel back?", RatingValue.UP, "Clear, thanks."),
    Conversation("ben", "Where is my order 990?", RatingValue.UP, "Quick answer."),
    Conversation(
        "chloe",
        "My toaster stopped working after a month, what can I do?",
        RatingValue.DOWN,
        "It is a month old: the two-year warranty covers it, and it did not say so.",
    ),
)
# The rated-down reply, kept as a case: what its answer must say from now on.
KEPT_CASE_CHECKS = [{"type": "contains", "value": "two-year"}]


def key_path(settings: Settings) -> Path:
    return Path(settings.data_dir) / KEY_FILE


def _write_key(path: Path, content: str) -> None:
    """Readable by its owner only, as the secret key beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(content)


@dataclass(frozen=True)
class Seeded:
    credentials: DemoCredentials
    seconds: float


async def _evaluate_both_versions(url: str, setup: DemoSetup) -> None:
    agent = sample_agent.load()
    dataset_id = str(encode_id("Dataset", setup.dataset_id))
    agent_id = str(encode_id("Agent", setup.agent_id))
    common = {"url": url, "api_key": setup.api_key, "progress": False, "concurrency": 4}
    first = await aevaluate(dataset_id, agent_id, agent.answer, version_label="v1", **common)  # type: ignore[arg-type]
    await aevaluate(
        dataset_id,
        agent_id,
        agent.answer,
        version_label="v2",
        baseline=first.run_id,
        **common,  # type: ignore[arg-type]
    )


def _reply_input(question: str) -> RunInput:
    answered = sample_agent.load().reply(question, may_cancel=True)
    steps = [
        StepInput(
            kind=StepKind.TOOL_CALL,
            tool_name=call.name,
            arguments=dict(call.arguments or {}),
            status=ToolCallStatus(call.status.upper()),
            result=call.result,
        )
        for call in answered.tool_calls
    ]
    steps.append(StepInput(kind=StepKind.TEXT, text=answered.text))
    return RunInput(steps=steps, model="shop_agent.py (no model)")


async def _record_activity(url: str, setup: DemoSetup) -> list[int]:
    """The conversations and their ratings, recorded as an integrator's code records them;
    the reply runs' ids, in ``CONVERSATIONS`` order."""
    agent_id = str(encode_id("Agent", setup.agent_id))
    conversations = [
        ConversationInput(
            external_id=f"demo-{c.end_user}",
            agent_id=agent_id,
            end_user=c.end_user,
            turns=[
                ConversationTurnInput(external_id="1", role=TurnRole.USER, content=c.question),
                ConversationTurnInput(
                    external_id="2", role=TurnRole.AGENT, run=_reply_input(c.question)
                ),
            ],
        )
        for c in CONVERSATIONS
    ]
    async with AsyncCasebook(url, setup.api_key) as api:
        recorded = await api.record_conversations(
            RecordConversationsInput(conversations=conversations)
        )
        run_ids = [
            next(t.run_id for t in c.turns if t.run_id is not None)
            for c in recorded.record_conversations.conversations
        ]
        await api.record_ratings(
            RecordRatingsInput(
                ratings=[
                    RatingInput(
                        run_id=run_id, value=c.rating, comment=c.comment, end_user=c.end_user
                    )
                    for run_id, c in zip(run_ids, CONVERSATIONS, strict=True)
                ]
            )
        )
    return [decode_id(run_id, "Run") for run_id in run_ids]


async def seed_demo_if_empty(
    sessionmaker: SessionMaker,
    settings: Settings,
    *,
    email: str | None = None,
    password: str | None = None,
) -> Seeded | None:
    """The demo, on a database with no organization yet; None when it has one."""
    if not await is_empty(sessionmaker):
        return None
    started = time.monotonic()
    knowledge = [KnowledgeFile(p.name, p.read_bytes()) for p in sample_agent.knowledge_files()]
    setup = await create_demo(sessionmaker, settings, knowledge, email=email, password=password)
    answering = AnsweringKey(setup.api_key, str(encode_id("Agent", setup.agent_id)))
    _write_key(key_path(settings), answering.dump())
    with served_api(settings) as url:
        await _evaluate_both_versions(url, setup)
        run_ids = await _record_activity(url, setup)
    rated_down = next(i for i, c in enumerate(CONVERSATIONS) if c.rating is RatingValue.DOWN)
    await add_rated_reply_as_case(setup, run_ids[rated_down], KEPT_CASE_CHECKS)
    return Seeded(setup.credentials, time.monotonic() - started)
