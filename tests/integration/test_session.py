"""Signing in and out of the console over GraphQL."""

import httpx

from tests.integration.conftest import PASSWORD, Org
from tests.support.graphql_client import Api

VIEWER = "{ viewer { role permissions authenticatedBy user { email } organization { name } memberships { role } } }"


async def test_login_sets_an_httponly_session_cookie_and_shows_the_viewer(
    http: httpx.AsyncClient, org: Org
) -> None:
    api = Api(http)
    assert (await api(VIEWER))["viewer"] is None
    response = await http.post(
        "/graphql",
        json={
            "query": "mutation($i: LoginInput!) { login(input: $i) { viewer { role csrfToken } } }",
            "variables": {"i": {"email": "OWNER@acme.test", "password": PASSWORD}},
        },
    )
    cookie = response.headers["set-cookie"]
    assert (
        "casebook_session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    )
    assert response.json()["data"]["login"]["viewer"]["role"] == "OWNER"
    viewer = (await api(VIEWER))["viewer"]
    assert viewer["user"]["email"] == "owner@acme.test"
    assert viewer["organization"]["name"] == "Acme"
    assert viewer["authenticatedBy"] == "session"
    assert "datasets:edit" in viewer["permissions"]


async def test_wrong_password_is_unauthenticated_and_names_neither_half(
    http: httpx.AsyncClient, org: Org
) -> None:
    errors = await Api(http).errors(
        'mutation { login(input: {email: "owner@acme.test", password: "nope-nope-nope"}) { viewer { role } } }'
    )
    assert errors.codes == ["UNAUTHENTICATED"]
    assert errors.errors[0]["message"] == "the e-mail or the password is wrong"
    unknown = await Api(http).errors(
        'mutation { login(input: {email: "ghost@acme.test", password: "nope-nope-nope"}) { viewer { role } } }'
    )
    assert unknown.errors[0]["message"] == errors.errors[0]["message"]


async def test_logout_ends_the_session(owner: Api) -> None:
    assert (await owner("mutation { logout { signedOut } }"))["logout"]["signedOut"] is True
    assert (await owner(VIEWER))["viewer"] is None


async def test_a_console_mutation_without_the_csrf_token_is_refused(owner: Api) -> None:
    del owner.headers["x-csrf-token"]
    errors = await owner.errors('mutation { ping(message: "x") { job { status } } }')
    assert errors.codes == ["FORBIDDEN"]
    assert "X-CSRF-Token" in errors.errors[0]["message"]
    owner.headers["x-csrf-token"] = "forged"
    assert (await owner.errors('mutation { ping(message: "x") { job { status } } }')).codes == [
        "FORBIDDEN"
    ]


async def test_queries_need_no_csrf_token(owner: Api) -> None:
    del owner.headers["x-csrf-token"]
    assert (await owner(VIEWER))["viewer"]["role"] == "OWNER"


async def test_errors_never_carry_a_stack_or_a_secret(http: httpx.AsyncClient, org: Org) -> None:
    body = (await http.post("/graphql", json={"query": "{ nope }"})).json()
    assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION"
    assert "Traceback" not in str(body)
