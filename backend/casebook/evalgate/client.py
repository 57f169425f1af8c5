"""GraphQL over HTTP (httpx) and subscriptions over graphql-transport-ws (websockets),
authenticated with an API key that never appears in what this module raises or prints."""

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException
from websockets.sync.client import connect

PROTOCOL = "graphql-transport-ws"
WS_TIMEOUT_SECONDS = 60.0


class Unreachable(Exception):
    """The API could not be reached or did not answer as a GraphQL API does."""


class SubscriptionRefused(Unreachable):
    """The websocket was refused: the caller polls instead."""


class ApiError(Exception):
    """The API answered with errors (not found, forbidden, a field refused)."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        messages = []
        for error in errors:
            code = (error.get("extensions") or {}).get("code")
            message = str(error.get("message", "error"))
            messages.append(f"{message} ({code})" if code else message)
        super().__init__("; ".join(messages))


def _errors_of(message: dict[str, Any]) -> list[dict[str, Any]]:
    """A graphql-transport-ws ``error`` message's errors, or a ``next`` payload's."""
    payload = message.get("payload")
    if message.get("type") == "error":
        return list(payload) if isinstance(payload, list) else [{"message": str(payload)}]
    if message.get("type") == "next" and isinstance(payload, dict) and payload.get("errors"):
        return list(payload["errors"])
    return []


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


class GraphQLClient:
    def __init__(self, url: str, api_key: str, *, timeout: float = 30.0) -> None:
        self.endpoint = graphql_endpoint(url)
        self._authorization = f"Bearer {api_key}"
        self._http = httpx.Client(timeout=timeout, headers={"authorization": self._authorization})

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "GraphQLClient":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def execute(self, query: str, variables: dict[str, Any] | None = None) -> dict[str, Any]:
        try:
            response = self._http.post(
                self.endpoint, json={"query": query, "variables": variables or {}}
            )
        except httpx.HTTPError as error:
            raise Unreachable(f"{self.endpoint}: {type(error).__name__}: {error}") from None
        try:
            body = response.json()
        except ValueError:
            raise Unreachable(
                f"{self.endpoint} answered HTTP {response.status_code}, not GraphQL"
            ) from None
        if not isinstance(body, dict):
            raise Unreachable(f"{self.endpoint} answered HTTP {response.status_code}, not GraphQL")
        if body.get("errors"):
            raise ApiError(list(body["errors"]))
        data = body.get("data")
        if not isinstance(data, dict):
            raise Unreachable(f"{self.endpoint} answered HTTP {response.status_code} without data")
        return data

    def subscribe(
        self, query: str, variables: dict[str, Any] | None = None
    ) -> Iterator[dict[str, Any]]:
        """Each ``next`` payload's data until the server completes the subscription.

        Raises ``SubscriptionRefused`` when the websocket cannot be opened or the
        server refuses the protocol or the connection, before anything was received."""
        try:
            socket = connect(
                websocket_endpoint(self.endpoint),
                subprotocols=[PROTOCOL],  # type: ignore[list-item]
                open_timeout=10,
            )
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise SubscriptionRefused(f"websocket refused: {type(error).__name__}") from None
        with socket:
            try:
                socket.send(
                    json.dumps(
                        {
                            "type": "connection_init",
                            "payload": {"authorization": self._authorization},
                        }
                    )
                )
                while (message := self._receive(socket))["type"] != "connection_ack":
                    self._answer_ping(socket, message)
            except WebSocketException as error:
                reason = getattr(getattr(error, "rcvd", None), "reason", "") or type(error).__name__
                raise SubscriptionRefused(f"websocket refused: {reason}") from None
            socket.send(
                json.dumps(
                    {
                        "id": "1",
                        "type": "subscribe",
                        "payload": {"query": query, "variables": variables or {}},
                    }
                )
            )
            received = False
            try:
                while True:
                    message = self._receive(socket)
                    kind = message.get("type")
                    errors = _errors_of(message)
                    if errors and not received:
                        # A server without this subscription, or one refusing it: the
                        # caller asks over HTTP instead, which reports a refusal properly.
                        raise SubscriptionRefused(f"subscription refused: {ApiError(errors)}")
                    if errors:
                        raise ApiError(errors)
                    if kind == "next":
                        received = True
                        yield (message.get("payload") or {}).get("data") or {}
                    elif kind == "complete":
                        return
                    else:
                        self._answer_ping(socket, message)
            except WebSocketException as error:
                if not received:
                    raise SubscriptionRefused(f"websocket closed: {type(error).__name__}") from None
                raise Unreachable(f"the websocket closed: {type(error).__name__}") from None

    @staticmethod
    def _receive(socket: Any) -> dict[str, Any]:
        try:
            raw = socket.recv(timeout=WS_TIMEOUT_SECONDS)
        except TimeoutError:
            raise Unreachable(
                f"nothing received over the websocket for {WS_TIMEOUT_SECONDS:.0f} s"
            ) from None
        message = json.loads(raw)
        if not isinstance(message, dict):
            raise Unreachable("the websocket sent something that is not graphql-transport-ws")
        return message

    @staticmethod
    def _answer_ping(socket: Any, message: dict[str, Any]) -> None:
        if message.get("type") == "ping":
            socket.send(json.dumps({"type": "pong"}))
