"""Personal data tests: a webhook agent on loopback for eval runs, the real worker."""

from collections.abc import Iterator

import pytest

from tests.support.loopback_http import LoopbackHttp


@pytest.fixture
def endpoint() -> Iterator[LoopbackHttp]:
    with LoopbackHttp() as server:
        yield server
