"""Trace tests call the scripted model server on loopback with a real OpenAI client."""

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
