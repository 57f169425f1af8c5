"""One organization where Mia's words are everywhere Casebook copies them: her
conversations, cases she asked (one whose conversation is already deleted), her turn and
her comment in a case Noah asked, an eval run that recorded answers to them all, and a
score of her run she asked for. Each text she wrote or was answered holds MARK."""

from dataclasses import dataclass
from typing import Any

from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import user_id
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import UPDATE, add_case, create_dataset
from tests.integration.evals.helpers import agent_at, answering_agent, run_input, start
from tests.integration.personal_data.helpers import (
    DELETE_CONVERSATION,
    SCORE_RUN,
    add_from,
    db_id,
    exchange,
    held_with,
    rate,
)
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp

MARK = "ZQX7MARKER"
CHECKS = [{"contains": {"value": "yes"}}]


@dataclass
class Scenario:
    mia: Api
    mia_id: str
    noah_id: str
    dataset_id: str
    asked: str  # Mia's case, its conversation still there
    orphan: str  # Mia's case whose conversation was deleted before the erasure
    noahs: str  # Noah's case holding Mia's turn and her comment as note
    eval_run_id: str
    score_id: str
    scored_dataset_id: str


async def _with_checks(owner: Api, case_id: str, base: int) -> None:
    await owner(UPDATE, {"id": case_id, "base": base, "c": {"checks": CHECKS}})


async def build(
    owner: Api,
    member_as: MemberFactory,
    endpoint: LoopbackHttp,
    run_worker: Any,
    sessionmaker: Any,
) -> Scenario:
    from tests.integration.personal_data.helpers import rows

    endpoint.answer_with(answering_agent())
    agent_id = await agent_at(owner, endpoint)
    mia, noah = await member_as(Role.OPERATOR), await member_as(Role.MEMBER)
    mia_id, noah_id = await user_id(mia), await user_id(noah)

    first = exchange(1, f"Hi, I'm Mia {MARK}", f"Hello Mia {MARK}")
    second = exchange(2, f"Where is order {MARK}-1?", f"It ships tomorrow {MARK}.")
    held = await held_with(owner, agent_id, "mia-1", first + second, member_id=mia_id)
    mias_run = held["turns"][3]["runId"]
    await rate(mia, mias_run, "DOWN", f"It never came {MARK}")
    lost = await held_with(
        owner,
        agent_id,
        "mia-2",
        exchange(1, f"My parcel {MARK} is lost", f"Sorry {MARK}"),
        member_id=mia_id,
    )
    noahs_turns = exchange(1, f"Mia here for Noah {MARK}", f"Hi Mia {MARK}") + exchange(
        2, "When is my refund due?", "In 5 days."
    )
    noahs_held = await held_with(owner, agent_id, "noah-1", noahs_turns, member_id=noah_id)
    # A turn Mia wrote in Noah's conversation.
    async with sessionmaker() as session, session.begin():
        from sqlalchemy import text

        await session.execute(
            text("UPDATE messages SET author_user_id = :mia WHERE id = :m"),
            {
                "mia": db_id(mia_id, "User"),
                "m": db_id(noahs_held["turns"][0]["messageId"], "Message"),
            },
        )
    noahs_run = noahs_held["turns"][3]["runId"]
    await rate(mia, noahs_run, "DOWN", f"Noah was told wrong {MARK}")

    dataset_id = await create_dataset(owner)
    asked = (await add_from(owner, mias_run, dataset_id, withHistory=True))["id"]
    orphan = (await add_from(owner, lost["turns"][1]["runId"], dataset_id))["id"]
    noahs = (await add_from(owner, noahs_run, dataset_id, withHistory=True))["id"]
    for base, case_id in enumerate((asked, orphan, noahs), start=3):
        await _with_checks(owner, case_id, base)
    await owner(DELETE_CONVERSATION, {"id": lost["conversationId"]})

    run = await start(owner, run_input(dataset_id, [agent_id]))
    await run_worker()
    recorded = await rows(
        sessionmaker, "SELECT count(*) FROM messages WHERE content LIKE :m", m=f"%{MARK}%"
    )
    assert recorded[0][0] > 0

    scored_dataset_id = await create_dataset(owner, "Scored")
    # A case the curator wrote (not Mia's words), named when scoring her run against it.
    scored_case = await add_case(
        owner, scored_dataset_id, {"input": "Where is an order?", "checks": CHECKS}
    )
    given = {"runId": mias_run, "datasetId": scored_dataset_id, "caseId": scored_case["case"]["id"]}
    score = (await mia(SCORE_RUN, {"i": given}))["scoreRun"]["score"]
    assert MARK in score["answer"]
    return Scenario(
        mia,
        mia_id,
        noah_id,
        dataset_id,
        asked,
        orphan,
        noahs,
        run["id"],
        score["id"],
        scored_dataset_id,
    )
