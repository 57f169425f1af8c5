from collections.abc import AsyncIterator

import pytest

from casebook.llm.anthropic import AnthropicProvider
from casebook.llm.http_json import RetryPolicy, Timeouts
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.pricing import ModelPrice, PriceTable
from tests.support.fixtures import model_server, model_server_session  # noqa: F401
from tests.support.model_server import ModelServer

API_KEY = "sk-test-0123456789abcdefSECRET"
PRICES = PriceTable(
    {
        "judge-model": ModelPrice(input_per_million=2.0, output_per_million=8.0),
        "embed-model": ModelPrice(input_per_million=0.5),
    }
)


class SleepRecorder:
    """Stands in for asyncio.sleep so retries take no time; keeps what was asked."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
def sleeps() -> SleepRecorder:
    return SleepRecorder()


@pytest.fixture
def fast_timeouts() -> Timeouts:
    return Timeouts(connect_s=1.0, read_s=0.3, write_s=1.0, pool_s=1.0)


@pytest.fixture
async def openai_provider(
    model_server: ModelServer,  # noqa: F811
    sleeps: SleepRecorder,
    fast_timeouts: Timeouts,
) -> AsyncIterator[OpenAICompatibleProvider]:
    provider = OpenAICompatibleProvider(
        base_url=model_server.openai_base_url,
        api_key=API_KEY,
        prices=PRICES,
        timeouts=fast_timeouts,
        retry=RetryPolicy(max_attempts=3),
        sleep=sleeps,
    )
    yield provider
    await provider.aclose()


@pytest.fixture
async def anthropic_provider(
    model_server: ModelServer,  # noqa: F811
    sleeps: SleepRecorder,
    fast_timeouts: Timeouts,
) -> AsyncIterator[AnthropicProvider]:
    provider = AnthropicProvider(
        base_url=model_server.url,
        api_key=API_KEY,
        prices=PRICES,
        timeouts=fast_timeouts,
        retry=RetryPolicy(max_attempts=3),
        sleep=sleeps,
    )
    yield provider
    await provider.aclose()
