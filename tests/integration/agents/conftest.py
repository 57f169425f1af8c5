"""Agent tests call the scripted model server on loopback with the product's provider code."""

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
