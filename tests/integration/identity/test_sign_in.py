"""Signing in held under attack: exact e-mails, throttling, cross-site forms."""

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from asgi_lifespan import LifespanManager

from casebook.app import create_app
from casebook.config import Settings
from tests.integration.conftest import PASSWORD, Org
from tests.support.graphql_client import Api

LOGIN = "mutation($i: LoginInput!) { login(input: $i) { viewer { role } } }"


async def _sign_in(api: Api, email: str, password: str = PASSWORD) -> dict[str, Any]:
    return await api.raw(LOGIN, {"i": {"email": email, "password": password}})


def _code(body: dict[str, Any]) -> str | None:
    errors = body.get("errors") or []
    return errors[0]["extensions"]["code"] if errors else None


@pytest.mark.parametrize(
    "email",
    ["%", "%@acme.test", "owner@acme.tes_", "_wner@acme.test", "owner@%", "OWNER@ACME.TEST%"],
)
async def test_an_email_is_matched_exactly_never_as_a_pattern(
    http: httpx.AsyncClient, org: Org, email: str
) -> None:
    body = await _sign_in(Api(http), email)
    assert _code(body) == "UNAUTHENTICATED"
    assert "casebook_session" not in http.cookies


async def test_letter_case_and_surrounding_spaces_aside_the_email_signs_in(
    http: httpx.AsyncClient, org: Org
) -> None:
    body = await _sign_in(Api(http), "  Owner@ACME.test ")
    assert body["data"]["login"]["viewer"]["role"] == "OWNER"


@pytest.fixture
async def strict_http(settings: Settings, sessionmaker: Any) -> AsyncIterator[httpx.AsyncClient]:
    """The app with low sign-in limits: 3 failures an account, 5 an address, in 60 seconds."""
    limited = settings.model_copy(
        update={
            "sign_in_failures_per_account": 3,
            "sign_in_failures_per_address": 5,
            "sign_in_window_seconds": 60,
        }
    )
    application = create_app(limited)
    async with LifespanManager(application):
        await application.state.casebook.redis.flushdb()
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as client:
            yield client


async def test_failed_sign_ins_are_throttled_per_account_with_when_to_retry(
    strict_http: httpx.AsyncClient, org: Org
) -> None:
    api = Api(strict_http)
    for _ in range(3):
        assert _code(await _sign_in(api, org.owner_email, "wrong-password")) == "UNAUTHENTICATED"
    throttled = await _sign_in(api, org.owner_email)  # the right password, too late
    assert _code(throttled) == "LIMIT_EXCEEDED"
    error = throttled["errors"][0]
    assert 0 < error["extensions"]["retryAfterSeconds"] <= 60
    assert "too many failed sign-ins for this account; try again in" in error["message"]
    assert "casebook_session" not in strict_http.cookies
    # An e-mail without an account is counted the same: nothing tells which exist.
    for _ in range(3):
        await _sign_in(api, "nobody@acme.test", "wrong-password")
    assert _code(await _sign_in(api, "nobody@acme.test", "x")) == "LIMIT_EXCEEDED"


async def test_failed_sign_ins_are_throttled_per_address_and_a_success_clears_its_account(
    strict_http: httpx.AsyncClient, org: Org
) -> None:
    api = Api(strict_http)
    for _ in range(2):
        await _sign_in(api, org.owner_email, "wrong-password")
    assert _code(await _sign_in(api, org.owner_email)) is None
    strict_http.cookies.clear()
    # The account's count was cleared; the address keeps its 2, and 3 more reach its 5.
    for n in range(3):
        await _sign_in(api, f"someone{n}@acme.test", "wrong-password")
    refused = await _sign_in(api, org.owner_email)
    assert _code(refused) == "LIMIT_EXCEEDED"
    assert "for this address" in refused["errors"][0]["message"]


async def test_a_cross_site_form_cannot_run_a_mutation(http: httpx.AsyncClient, org: Org) -> None:
    operations = {
        "query": LOGIN,
        "variables": {"i": {"email": org.owner_email, "password": PASSWORD}},
    }
    form = {"operations": json.dumps(operations), "map": "{}"}
    # What an HTML form can send: multipart or urlencoded, no custom header.
    refused = await http.post("/graphql", data=form, files={"x": ("x.txt", b"x", "text/plain")})
    assert refused.status_code == 400
    assert "multipart request must carry one of the headers" in refused.text
    urlencoded = await http.post("/graphql", data=form)
    assert urlencoded.status_code == 400
    plain = await http.post(
        "/graphql", content=json.dumps(operations), headers={"content-type": "text/plain"}
    )
    assert plain.status_code == 400
    assert "casebook_session" not in http.cookies
    # A client that says it is one (a header a form cannot set) is served.
    allowed = await http.post(
        "/graphql",
        data=form,
        files={"x": ("x.txt", b"x", "text/plain")},
        headers={"apollo-require-preflight": "true"},
    )
    assert allowed.status_code == 200, allowed.text
    assert allowed.json()["data"]["login"]["viewer"]["role"] == "OWNER"
