"""The pytest plugin (registered by the package's ``pytest11`` entry point)."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "casebook(dataset, agent, **options): run once per case of a Casebook dataset"
    )
