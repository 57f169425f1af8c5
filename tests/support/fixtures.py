"""Pytest fixtures for the scripted model server; import them into a conftest:

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
"""

from collections.abc import Iterator

import pytest

from tests.support.model_server import ModelServer


@pytest.fixture(scope="session")
def model_server_session() -> Iterator[ModelServer]:
    """One server for the session; prefer ``model_server``, which also resets it."""
    with ModelServer() as server:
        yield server


@pytest.fixture
def model_server(model_server_session: ModelServer) -> Iterator[ModelServer]:
    """The session's server with no script, no recorded request and no scripted vector."""
    model_server_session.reset()
    yield model_server_session
    model_server_session.reset()
