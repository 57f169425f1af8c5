"""The audit log: written for each change, readable by admins, never holding a secret."""

from typing import Any

from sqlalchemy import select

from casebook.db.models import AuditEntry
from casebook.services.kernel import audit
from tests.support.graphql_client import Api

AUDIT = "{ auditLog(first: 50) { edges { node { action resourceType summary actorUserId requestId } } } }"


async def test_changes_are_audited_without_secrets(owner: Api) -> None:
    created = await owner("""mutation { createApiKey(input: {name: "ci", scopes: ["datasets:view"]}) {
        secret apiKey { id } } }""")
    secret = created["createApiKey"]["secret"]
    await owner(
        "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }",
        {"id": created["createApiKey"]["apiKey"]["id"]},
    )
    await owner(
        'mutation { addMember(input: {email: "new@acme.test", role: VIEWER, password: "a-long-password"}) { member { role } } }'
    )
    entries = [e["node"] for e in (await owner(AUDIT))["auditLog"]["edges"]]
    actions = [e["action"] for e in entries]
    assert actions[:3] == ["member.add", "api_key.revoke", "api_key.create"]
    assert "session.login" in actions
    assert all(e["requestId"] for e in entries[:3])
    assert secret not in str(entries) and secret.split("_", 2)[2] not in str(entries)
    assert "a-long-password" not in str(entries)
    assert entries[0]["summary"] == {"email": "new@acme.test", "role": "viewer"}


async def test_the_log_records_a_summary_with_every_text_redacted(
    sessionmaker: Any, org: Any
) -> None:
    key = "ghp" + "_" + "A1b2C3d4E5f6G7h8J9k0" * 2
    async with sessionmaker() as session:
        await audit.record(
            session,
            None,
            "test.summary",
            organization_id=org.id,
            summary={"note": f"said {key}", "nested": [{key: key}], "token": key},
        )
        await session.commit()
        entry = (
            await session.execute(select(AuditEntry).where(AuditEntry.action == "test.summary"))
        ).scalar_one()
    assert entry.summary == {
        "note": "said [redacted:github_token]",
        "nested": [{"[redacted:github_token]": "[redacted:github_token]"}],
    }
