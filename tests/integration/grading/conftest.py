"""Grading tests run the real judge code against the scripted model server on loopback."""

from collections.abc import Iterator

import pytest

from casebook.config import Settings, get_settings
from tests.support.fixtures import model_server, model_server_session  # noqa: F401

# Two tries a few milliseconds apart: a provider that is down fails fast.
FAST_RETRIES = {"model_max_attempts": 2, "model_retry_base_delay_seconds": 0.01}


@pytest.fixture(autouse=True)
def fast_model_retries(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The API reads the app's settings; the worker reads the environment's."""
    for name, value in FAST_RETRIES.items():
        monkeypatch.setattr(settings, name, value)
        monkeypatch.setenv(name.upper(), str(value))
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()
