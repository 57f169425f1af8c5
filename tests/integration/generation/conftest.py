"""Generation tests call the scripted model server on loopback with the product's provider
code; another organization's owner shows what is not found."""

from tests.integration.access.conftest import other_curator  # noqa: F401
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
