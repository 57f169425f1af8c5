"""API keys: used, narrowed, expired, revoked; the issuer's membership rechecked."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from casebook.db.models import ApiKey
from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.support.graphql_client import Api

CREATE = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) {
  secret apiKey { id name prefix scopes status } } }"""
VIEWER = "{ viewer { authenticatedBy permissions role } }"


async def _key(api: Api, scopes: list[str], name: str = "ci") -> tuple[str, str]:
    data = (await api(CREATE, {"i": {"name": name, "scopes": scopes}}))["createApiKey"]
    return data["secret"], data["apiKey"]["id"]


async def test_a_key_is_shown_once_and_acts_as_its_issuer_narrowed_to_its_scopes(
    owner: Api,
) -> None:
    secret, key_id = await _key(owner, ["datasets:view"])
    assert secret.startswith("cbk_")
    keyed = owner.with_key(secret)
    viewer = (await keyed(VIEWER))["viewer"]
    assert viewer == {
        "authenticatedBy": "api_key",
        "permissions": ["datasets:view"],
        "role": "OWNER",
    }
    listed = (await owner("{ apiKeys { edges { node { id prefix status } } } }"))["apiKeys"][
        "edges"
    ]
    assert listed == [{"node": {"id": key_id, "prefix": secret.split("_")[1], "status": "active"}}]
    assert secret not in str(listed)
    # The narrowed key may not do what its issuer's role could.
    errors = await keyed.errors("{ auditLog { edges { node { action } } } }")
    assert errors.codes == ["FORBIDDEN"]


async def test_a_key_needs_no_csrf_token_and_cannot_switch_organization(owner: Api, org) -> None:
    secret, _ = await _key(owner, ["datasets:view", "datasets:edit"])
    keyed = owner.with_key(secret)
    data = await keyed('mutation { ping(message: "hi") { job { status } } }')
    assert data["ping"]["job"]["status"] == "queued"
    errors = await keyed.errors(
        "mutation($o: ID!) { switchOrganization(organizationId: $o) { viewer { role } } }",
        {"o": org.global_id},
    )
    assert errors.codes == ["FORBIDDEN"]


async def test_scopes_beyond_the_role_or_unknown_are_refused_by_field(
    member_as: MemberFactory,
) -> None:
    member = await member_as(Role.MEMBER)
    errors = await member.errors(CREATE, {"i": {"name": "x", "scopes": ["runs:view"]}})
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "scopes"
    errors = await member.errors(CREATE, {"i": {"name": "x", "scopes": ["datasets:fly"]}})
    assert "unknown scope" in errors.errors[0]["message"]


async def test_a_revoked_key_is_refused_with_a_reason_never_read_as_anonymous(owner: Api) -> None:
    secret, key_id = await _key(owner, ["datasets:view"])
    revoked = await owner(
        "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }", {"id": key_id}
    )
    assert revoked["revokeApiKey"]["apiKey"]["status"] == "revoked"
    errors = await owner.with_key(secret).errors(VIEWER)
    assert errors.codes == ["UNAUTHENTICATED"]
    assert "revoked" in errors.errors[0]["message"]


async def test_an_expired_key_is_refused(owner: Api, sessionmaker) -> None:
    secret, _ = await _key(owner, ["datasets:view"])
    async with sessionmaker() as session, session.begin():
        await session.execute(
            update(ApiKey).values(expires_at=datetime.now(UTC) - timedelta(seconds=1))
        )
    errors = await owner.with_key(secret).errors(VIEWER)
    assert errors.codes == ["UNAUTHENTICATED"]
    assert "expired" in errors.errors[0]["message"]


async def test_a_key_past_its_issuers_membership_or_role_follows_the_membership(
    owner: Api, member_as: MemberFactory
) -> None:
    builder = await member_as(Role.BUILDER)
    secret, _ = await _key(builder, ["datasets:view", "datasets:edit", "runs:view"])
    keyed = builder.with_key(secret)
    builder_id = (await builder("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    # The issuer is demoted: the key's scopes never reach past the role they now hold.
    await owner(
        "mutation($u: ID!) { changeMemberRole(userId: $u, role: VIEWER) { member { role } } }",
        {"u": builder_id},
    )
    assert (await keyed(VIEWER))["viewer"]["permissions"] == ["datasets:view"]
    # The issuer leaves: the key stops working at once.
    await owner(
        "mutation($u: ID!) { removeMember(userId: $u) { removedUserId } }", {"u": builder_id}
    )
    errors = await keyed.errors(VIEWER)
    assert errors.codes == ["UNAUTHENTICATED"]
    assert "no longer a member" in errors.errors[0]["message"]


async def test_a_garbage_key_is_unauthenticated(owner: Api) -> None:
    assert (await owner.with_key("cbk_nope_nope").errors(VIEWER)).codes == ["UNAUTHENTICATED"]
    assert (await owner.with_key("sk-something").errors(VIEWER)).codes == ["UNAUTHENTICATED"]
