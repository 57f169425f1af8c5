"""Grading tests run the real judge code against the scripted model server on loopback."""

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
