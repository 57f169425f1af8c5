"""Fixtures the identity tests share."""

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
