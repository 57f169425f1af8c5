"""Structured scoring tests run the real provider code against the scripted model server,
which serves both the embeddings and the judge's replies."""

from tests.support.fixtures import model_server, model_server_session  # noqa: F401
