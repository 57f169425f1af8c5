"""An end user erased by the name an integrator gave them; a person's data export as a file;
retention deleting old conversations through the same path as a person deleting one."""

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from casebook.domain.erasure.rules import ERASED_TEXT
from casebook.services.erasure.retention import apply_retention
from tests.integration.agents.helpers import webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.personal_data.helpers import (
    add_from,
    case_node,
    db_id,
    erase,
    exchange,
    held_with,
    rate,
    rows,
)
from tests.integration.personal_data.scenario import MARK, build
from tests.support.graphql_client import Api
from tests.support.loopback_http import LoopbackHttp
from tests.support.marker_search import columns_holding

EXPORT = """query($p: PersonInput!) { personDataExport(person: $p) { filename contentType
  content } }"""
RETENTION = "mutation($d: Int) { setConversationRetention(days: $d) { days } }"
ANA = "ana@example.com"


async def test_an_end_user_is_erased_by_name_and_the_job_keeps_no_name(
    owner: Api, run_worker: Any, sessionmaker: Any
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    held = await held_with(
        owner, agent_id, "ana-1", exchange(1, f"I am Ana {MARK}", f"Hi Ana {MARK}"), end_user=ANA
    )
    other = await held_with(
        owner, agent_id, "bo-1", exchange(1, "Where is my refund?", "Soon."), end_user="bo"
    )
    await rate(owner, held["turns"][1]["runId"], "UP")
    dataset_id = await create_dataset(owner)
    asked = await add_from(owner, held["turns"][1]["runId"], dataset_id)
    kept = await add_from(owner, other["turns"][1]["runId"], dataset_id)

    job = await erase(owner, run_worker, endUser=ANA)
    assert job["result"]["cases_anonymised"] == 1
    erased = await case_node(owner, asked["id"])
    assert erased["input"] == ERASED_TEXT and erased["anonymisedAt"] is not None
    assert (await case_node(owner, kept["id"]))["input"] == "Where is my refund?"
    assert await columns_holding(sessionmaker, MARK) == []
    assert await columns_holding(sessionmaker, ANA) == []
    (conversations,) = await rows(sessionmaker, "SELECT count(*) FROM conversations")
    assert conversations[0] == 1  # Bo's stays


async def test_a_persons_export_holds_what_they_wrote_and_their_scores_answer_copies(
    owner: Api,
    member_as: MemberFactory,
    endpoint: LoopbackHttp,
    run_worker: Any,
    sessionmaker: Any,
) -> None:
    seen = await build(owner, member_as, endpoint, run_worker, sessionmaker)
    exported = (await owner(EXPORT, {"p": {"memberId": seen.mia_id}}))["personDataExport"]
    assert exported["contentType"] == "application/json"
    assert exported["filename"].endswith(".json")
    document = json.loads(exported["content"])
    assert document["person"]["member"]["email"] == "operator1@acme.test"
    assert len(document["conversations"]) == 1  # the other was deleted before
    messages = [m["content"] for m in document["conversations"][0]["messages"]]
    assert f"Hi, I'm Mia {MARK}" in messages
    assert {r["comment"] for r in document["ratings"]} == {
        f"It never came {MARK}",
        f"Noah was told wrong {MARK}",
    }
    cases = {c["case_id"]: c for c in document["cases"]}
    assert set(cases) == {
        db_id(seen.asked, "Case"),
        db_id(seen.orphan, "Case"),
        db_id(seen.noahs, "Case"),
    }
    # "A case keeps whose words it holds ... This is never shown or exported": no entry
    # says whether they asked it, wrote a turn of it or left its note.
    for entry in cases.values():
        assert set(entry) == {"case_id", "dataset_id", "dataset", "revisions"}
    assert "asked_by_them" not in exported["content"]
    assert len(cases[db_id(seen.asked, "Case")]["revisions"]) == 2
    (copy,) = document["score_answer_copies"]
    assert copy["score_id"] == db_id(seen.score_id, "Score") and MARK in copy["answer"]
    assert "turn_user_ids" not in exported["content"]  # authorship is never exported
    audit = await owner("{ auditLog(first: 5) { edges { node { action } } } }")
    assert audit["auditLog"]["edges"][0]["node"]["action"] == "person.export"


async def test_retention_deletes_old_conversations_through_the_same_path(
    owner: Api, sessionmaker: Any
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    old = await held_with(
        owner, agent_id, "old", exchange(1, "Old question?", "Old."), end_user=ANA
    )
    new = await held_with(
        owner, agent_id, "new", exchange(1, "New question?", "New."), end_user=ANA
    )
    dataset_id = await create_dataset(owner)
    case = await add_from(owner, old["turns"][1]["runId"], dataset_id)
    async with sessionmaker() as session, session.begin():
        from sqlalchemy import text

        await session.execute(
            text("UPDATE conversations SET updated_at = :t, created_at = :t WHERE id = :c"),
            {
                "t": datetime.now(UTC) - timedelta(days=40),
                "c": db_id(old["conversationId"], "Conversation"),
            },
        )
    assert await apply_retention(sessionmaker) == {}  # no retention set: kept
    assert (await owner(RETENTION, {"d": 30}))["setConversationRetention"]["days"] == 30
    removed = await apply_retention(sessionmaker)
    assert list(removed.values()) == [1]
    left = await rows(sessionmaker, "SELECT id FROM conversations")
    assert [r[0] for r in left] == [db_id(new["conversationId"], "Conversation")]
    kept = await case_node(owner, case["id"])
    assert kept["sourceLink"] is None and kept["input"] == "Old question?"
    audit = await owner("{ auditLog(first: 5) { edges { node { action summary } } } }")
    entry = audit["auditLog"]["edges"][0]["node"]
    assert entry["action"] == "conversation.retention" and entry["summary"]["removed"] == 1
    assert (await owner(RETENTION, {}))["setConversationRetention"]["days"] is None


async def test_the_erasure_reports_progress_after_each_chunk(
    app: Any, owner: Api, sessionmaker: Any, monkeypatch: Any
) -> None:
    from casebook.domain.access.catalog import Role
    from casebook.domain.access.policy import Actor
    from casebook.services.erasure import case_text
    from casebook.services.erasure.erasure import erase_person
    from casebook.services.erasure.person import Person
    from casebook.services.kernel.context import ServiceContext

    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    dataset_id = await create_dataset(owner)
    for n in range(3):
        held = await held_with(
            owner, agent_id, f"ana-{n}", exchange(1, f"Question {n}?", "Yes."), end_user=ANA
        )
        await add_from(owner, held["turns"][1]["runId"], dataset_id)
    monkeypatch.setattr(case_text, "CHUNK", 1)
    me = await owner("{ viewer { user { id } organization { id } } }")
    actor = Actor(
        db_id(me["viewer"]["user"]["id"], "User"),
        db_id(me["viewer"]["organization"]["id"], "Organization"),
        Role.OWNER,
    )
    state = app.state.casebook
    reports: list[dict[str, Any]] = []

    async def progress(report: dict[str, Any]) -> None:
        reports.append(dict(report))

    ctx = ServiceContext(state.sessionmaker, state.redis, state.settings, actor)
    await erase_person(ctx, Person(end_user=ANA), progress)
    assert [r["done"] for r in reports if r["phase"] == "cases"] == [0, 1, 2, 3]
    assert reports[-1]["done"] == reports[-1]["total"] == 6  # 3 cases, 3 conversations
    assert [r["phase"] for r in reports][-1] == "conversations"


def test_the_worker_applies_retention_periodically(settings: Any) -> None:
    from casebook.jobs.worker import retention, worker_settings

    crons = worker_settings(settings)["cron_jobs"]
    assert any(job.coroutine is retention for job in crons)
