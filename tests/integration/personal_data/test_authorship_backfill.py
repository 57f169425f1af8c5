"""Cases written before authorship was kept get it filled from the links they still hold
(migration 0009); one whose conversation was already gone has none."""

import importlib.util
from pathlib import Path
from typing import Any

from sqlalchemy import text

import casebook.db.migrations.versions as versions
from casebook.domain.access.catalog import Role
from tests.integration.agents.helpers import user_id, webhook_agent
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import create_dataset
from tests.integration.personal_data.helpers import (
    DELETE_CONVERSATION,
    add_from,
    db_id,
    exchange,
    held_with,
    rate,
    rows,
)
from tests.support.graphql_client import Api

COLUMNS = """question_user_id, question_end_user, turn_user_ids, turn_end_users, note_user_id,
  note_end_user"""


def _backfill_sql() -> str:
    path = Path(versions.__path__[0]) / "0009_personal_data.py"
    spec = importlib.util.spec_from_file_location("migration_0009", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.BACKFILL_AUTHORSHIP)


async def test_older_cases_get_authorship_from_their_links_and_orphans_get_none(
    owner: Api, member_as: MemberFactory, sessionmaker: Any
) -> None:
    agent_id = (await webhook_agent(owner, "https://a.example.com"))["agent"]["id"]
    mia = await member_as(Role.MEMBER)
    critic = await member_as(Role.OPERATOR)
    turns = exchange(1, "Hi, I'm Mia", "Hello!") + exchange(2, "Where is it?", "Tomorrow.")
    held = await held_with(owner, agent_id, "m", turns, member_id=await user_id(mia))
    await rate(critic, held["turns"][3]["runId"], "DOWN", "Wrong day.")
    gone = await held_with(owner, agent_id, "g", exchange(1, "Lost?", "No."), end_user="ana")
    dataset_id = await create_dataset(owner)
    kept = await add_from(owner, held["turns"][3]["runId"], dataset_id, withHistory=True)
    short = await add_from(owner, held["turns"][3]["runId"], await create_dataset(owner, "B"))
    orphan = await add_from(owner, gone["turns"][1]["runId"], dataset_id)
    await owner(DELETE_CONVERSATION, {"id": gone["conversationId"]})
    ids = {
        name: db_id(c["id"], "Case")
        for name, c in (("kept", kept), ("short", short), ("orphan", orphan))
    }
    before = {
        r[0]: tuple(r[1:])
        for r in await rows(sessionmaker, f"SELECT case_id, {COLUMNS} FROM case_authorship")
    }
    assert set(before) == set(ids.values())
    async with sessionmaker() as session, session.begin():
        await session.execute(text("DELETE FROM case_authorship"))
        await session.execute(text(_backfill_sql()))
    after = {
        r[0]: tuple(r[1:])
        for r in await rows(sessionmaker, f"SELECT case_id, {COLUMNS} FROM case_authorship")
    }
    assert after == {ids["kept"]: before[ids["kept"]], ids["short"]: before[ids["short"]]}
    mia_id, critic_id = db_id(await user_id(mia), "User"), db_id(await user_id(critic), "User")
    assert after[ids["kept"]] == (mia_id, None, [mia_id, None], [None, None], critic_id, None)
    assert after[ids["short"]][2] == [] and after[ids["short"]][4] == critic_id
    # Filling it again adds nothing.
    async with sessionmaker() as session, session.begin():
        await session.execute(text(_backfill_sql()))
    (count,) = await rows(sessionmaker, "SELECT count(*) FROM case_authorship")
    assert count[0] == 2
