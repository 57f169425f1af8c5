"""The audit log: written for each change, readable by admins, never holding a secret."""

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
