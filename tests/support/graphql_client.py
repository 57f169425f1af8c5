"""A GraphQL client for tests that behaves like the console or an integrator."""

from dataclasses import dataclass, field
from typing import Any

import httpx


class GraphQLErrors(AssertionError):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(errors)
        self.errors = errors

    @property
    def codes(self) -> list[str]:
        return [e.get("extensions", {}).get("code") for e in self.errors]


@dataclass
class Api:
    http: httpx.AsyncClient
    headers: dict[str, str] = field(default_factory=dict)

    async def raw(
        self, query: str, variables: dict[str, Any] | None = None, **kw: Any
    ) -> dict[str, Any]:
        response = await self.http.post(
            "/graphql",
            json={"query": query, "variables": variables or {}},
            headers=self.headers,
            **kw,
        )
        assert response.status_code == 200, response.text
        return response.json()

    async def __call__(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        body = await self.raw(query, variables)
        if body.get("errors"):
            raise GraphQLErrors(body["errors"])
        return body["data"]

    async def errors(self, query: str, variables: dict[str, Any] | None = None) -> GraphQLErrors:
        body = await self.raw(query, variables)
        assert body.get("errors"), f"expected errors, got {body}"
        return GraphQLErrors(body["errors"])

    async def login(self, email: str, password: str) -> dict[str, Any]:
        data = await self(
            """mutation($input: LoginInput!) { login(input: $input) {
                 viewer { csrfToken role permissions user { id email } organization { id name } } } }""",
            {"input": {"email": email, "password": password}},
        )
        viewer = data["login"]["viewer"]
        self.headers["x-csrf-token"] = viewer["csrfToken"]
        return viewer

    def with_key(self, key: str) -> "Api":
        return Api(self.http, {"authorization": f"Bearer {key}"})
