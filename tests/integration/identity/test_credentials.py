"""Credentials held under attack: keys that mint keys, adding members, the secret key."""

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from casebook import cli
from casebook.config import PUBLIC_DEFAULT_SECRET_KEY, Settings
from casebook.services.identity.members import create_organization_with_owner
from tests.integration.conftest import PASSWORD
from tests.support.graphql_client import Api

CREATE = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) {
  secret apiKey { id scopes expiresAt } } }"""
REVOKE = "mutation($id: ID!) { revokeApiKey(id: $id) { apiKey { status } } }"
ADD = (
    """mutation($i: AddMemberInput!) { addMember(input: $i) { member { role user { email } } } }"""
)


async def _key(api: Api, scopes: list[str], **fields: Any) -> dict[str, Any]:
    body = await api.raw(CREATE, {"i": {"name": "k", "scopes": scopes, **fields}})
    return body


async def test_a_key_scoped_only_to_reading_cannot_mint_or_revoke_keys(owner: Api) -> None:
    reader = (await _key(owner, ["datasets:view", "runs:view"]))["data"]["createApiKey"]
    other = (await _key(owner, ["datasets:view"]))["data"]["createApiKey"]
    keyed = owner.with_key(reader["secret"])
    minted = await _key(keyed, ["datasets:view"])
    assert minted["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    assert minted["errors"][0]["message"] == (
        "this API key's scopes do not allow createApiKey: it needs a scope that changes "
        "something, not only reading"
    )
    revoked = await keyed.raw(REVOKE, {"id": other["apiKey"]["id"]})
    assert revoked["errors"][0]["extensions"]["code"] == "FORBIDDEN"
    listed = (await owner("{ apiKeys { edges { node { status } } } }"))["apiKeys"]["edges"]
    assert [edge["node"]["status"] for edge in listed] == ["active", "active"]


async def test_a_key_mints_only_within_its_scopes_and_its_lifetime(owner: Api) -> None:
    until = (datetime.now(UTC) + timedelta(days=2)).replace(microsecond=0)
    writer = await _key(owner, ["datasets:edit", "datasets:view"], expiresAt=until.isoformat())
    keyed = owner.with_key(writer["data"]["createApiKey"]["secret"])
    wider = await _key(keyed, ["datasets:edit", "runs:view"])
    assert wider["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    later = await _key(keyed, ["datasets:view"], expiresAt=(until + timedelta(days=1)).isoformat())
    assert later["errors"][0]["extensions"]["fields"][0]["path"] == "expiresAt"
    minted = (await _key(keyed, ["datasets:view"]))["data"]["createApiKey"]["apiKey"]
    assert datetime.fromisoformat(minted["expiresAt"]) == until


async def test_adding_a_member_does_not_tell_whether_the_email_has_an_account_elsewhere(
    owner: Api, http: httpx.AsyncClient, sessionmaker: Any
) -> None:
    await create_organization_with_owner(
        sessionmaker,
        organization_name="Elsewhere",
        email="known@elsewhere.test",
        name="Known Person",
        password=PASSWORD,
    )
    answers = []
    for email in ("known@elsewhere.test", "unknown@elsewhere.test"):
        without = await owner.raw(ADD, {"i": {"email": email, "role": "VIEWER"}})
        answers.append((without["errors"][0]["extensions"], without["errors"][0]["message"]))
    assert answers[0] == answers[1]
    shapes = []
    for email in ("known@elsewhere.test", "unknown@elsewhere.test"):
        added = await owner(
            ADD, {"i": {"email": email, "role": "VIEWER", "password": "set-by-the-admin"}}
        )
        shapes.append(added["addMember"]["member"])
    assert [s["role"] for s in shapes] == ["VIEWER", "VIEWER"]
    # The existing account keeps its own password: the admin's does not sign in as its owner.
    stranger = Api(httpx.AsyncClient(transport=http._transport, base_url="http://api.test"))
    login = "mutation($i: LoginInput!) { login(input: $i) { viewer { role } } }"
    refused = await stranger.raw(
        login, {"i": {"email": "known@elsewhere.test", "password": "set-by-the-admin"}}
    )
    assert refused["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    await stranger.http.aclose()


def test_serve_and_worker_refuse_the_public_default_secret_key(settings: Settings) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(DATABASE_URL=settings.database_url, REDIS_URL=settings.redis_url)
    for command in ("serve", "worker"):
        done = subprocess.run(
            [sys.executable, "-m", "casebook.cli", command],
            env={**env, "SECRET_KEY": PUBLIC_DEFAULT_SECRET_KEY},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert "SECRET_KEY is the public default" in done.stderr
        assert "casebook dev" in done.stderr


def test_dev_makes_a_secret_key_once_and_keeps_it_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It sets SECRET_KEY for the parts it starts; set one here so the test leaves none behind.
    monkeypatch.setenv("SECRET_KEY", "restored-when-the-test-ends")
    settings = Settings(data_dir=str(tmp_path), database_url="x", redis_url="y")
    made = cli._dev_secret_key(settings)
    kept = cli._dev_secret_key(settings)
    assert made.secret_key == kept.secret_key
    assert made.secret_key_is_usable
    assert (tmp_path / cli.SECRET_KEY_FILE).stat().st_mode & 0o777 == 0o600
    chosen = Settings(secret_key="x" * 48, data_dir=str(tmp_path))
    assert cli._dev_secret_key(chosen).secret_key == "x" * 48
    with pytest.raises(cli.UnusableSecretKey):
        cli._refuse_unusable_secret_key(Settings(secret_key="short"))
