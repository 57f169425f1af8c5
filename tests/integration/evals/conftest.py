"""Eval run tests: a webhook agent on loopback, the real worker in burst mode."""

from collections.abc import Iterator

import pytest

from tests.support.loopback_http import LoopbackHttp


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server
