"""Where the API is and how to reach it: the endpoint, the API key, one HTTP/1.1 connection
pool, and the errors the API answers with. The key goes into the ``Authorization`` header
and the websocket's ``connection_init`` only: nothing this package raises, prints or logs
holds it."""

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

API_KEY_VARIABLE = "CASEBOOK_API_KEY"
URL_VARIABLE = "CASEBOOK_URL"
DEFAULT_URL = "http://127.0.0.1:8000"
TIMEOUT_SECONDS = 60.0


class Unreachable(Exception):
    """The API could not be reached, or did not answer as a GraphQL API does."""


class MissingApiKey(ValueError):
    def __init__(self) -> None:
        super().__init__(
            f"no API key: pass api_key= or set {API_KEY_VARIABLE} (a key with runs:view, "
            "datasets:view, datasets:run, agents:view and agents:run)"
        )


class ApiError(Exception):
    """The API answered with errors: not found, forbidden, a field refused, a conflict."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        messages = []
        for error in errors:
            code = (error.get("extensions") or {}).get("code")
            message = str(error.get("message", "error"))
            messages.append(f"{message} ({code})" if code else message)
        super().__init__("; ".join(messages) or "the API answered with an error")

    @property
    def codes(self) -> list[str]:
        return [str((e.get("extensions") or {}).get("code")) for e in self.errors]

    @property
    def fields(self) -> list[dict[str, str]]:
        """``BAD_USER_INPUT``'s ``{path, message}`` of every error."""
        found: list[dict[str, str]] = []
        for error in self.errors:
            for field in (error.get("extensions") or {}).get("fields") or []:
                if isinstance(field, Mapping):
                    found.append(
                        {"path": str(field.get("path")), "message": str(field.get("message"))}
                    )
        return found


def graphql_endpoint(url: str) -> str:
    """``http://host:8000`` or ``http://host:8000/graphql`` → the GraphQL endpoint."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"--url must be an http(s) URL such as http://127.0.0.1:8000, not {url!r}")
    path = parts.path.rstrip("/")
    if not path.endswith("/graphql"):
        path = f"{path}/graphql"
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def websocket_endpoint(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, parts.path, "", ""))


@dataclass(frozen=True)
class Target:
    """The API's endpoint and the key to it. Its repr leaves the key out."""

    endpoint: str
    api_key: str

    def __repr__(self) -> str:
        return f"Target(endpoint={self.endpoint!r})"

    @property
    def authorization(self) -> str:
        return f"Bearer {self.api_key}"

    @classmethod
    def resolve(cls, url: str | None = None, api_key: str | None = None) -> "Target":
        """The URL and key given, else ``$CASEBOOK_URL`` / ``$CASEBOOK_API_KEY``."""
        key = (api_key if api_key is not None else os.environ.get(API_KEY_VARIABLE, "")).strip()
        if not key:
            raise MissingApiKey()
        return cls(graphql_endpoint(url or os.environ.get(URL_VARIABLE) or DEFAULT_URL), key)


def limits(connections: int) -> httpx.Limits:
    """One pool of keep-alive HTTP/1.1 connections: as many as requests in flight at once."""
    return httpx.Limits(max_connections=connections, max_keepalive_connections=connections)


def data_of(response: Any, endpoint: str) -> dict[str, Any]:
    """A GraphQL response's ``data``; ``ApiError`` for its errors (whatever the HTTP status:
    UNAVAILABLE comes with 503), ``Unreachable`` for anything that is not GraphQL."""
    try:
        body = response.json()
    except ValueError:
        raise Unreachable(f"{endpoint} answered HTTP {response.status_code}, not GraphQL") from None
    if not isinstance(body, dict):
        raise Unreachable(f"{endpoint} answered HTTP {response.status_code}, not GraphQL")
    if body.get("errors"):
        errors = body["errors"]
        raise ApiError([e if isinstance(e, dict) else {"message": str(e)} for e in errors])
    data = body.get("data")
    if not isinstance(data, dict):
        raise Unreachable(f"{endpoint} answered HTTP {response.status_code} without data")
    return data


def unreachable(endpoint: str, error: Exception) -> Unreachable:
    """A transport error, named by its type and the endpoint (httpx's messages carry no
    header)."""
    detail = str(error)
    return Unreachable(f"{endpoint}: {type(error).__name__}" + (f": {detail}" if detail else ""))
