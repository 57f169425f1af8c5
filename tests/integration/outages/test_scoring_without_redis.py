"""Scoring needs PostgreSQL only: with Redis down, an answer is still scored, stored and
returned, and the score reads back as it was answered."""

from typing import Any

import httpx
from asgi_lifespan import LifespanManager

from casebook.app import create_app
from casebook.config import Settings
from tests.integration.conftest import PASSWORD, Org
from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import SCORE, new_case, score_answer
from tests.support.graphql_client import Api


async def test_an_answer_scored_while_redis_is_down_is_stored_and_returned(
    own_services: Any, settings: Settings, org: Org
) -> None:
    faulted = settings.model_copy(update={"redis_url": own_services.start_redis()})
    application = create_app(faulted)
    async with LifespanManager(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://api.test") as http:
            owner = Api(http)
            await owner.login(org.owner_email, PASSWORD)
            dataset_id = await create_dataset(owner, "Scored without Redis")
            case_id = await new_case(owner, dataset_id, checks=[{"contains": {"value": "unused"}}])
            own_services.stop_redis()

            score = await score_answer(owner, case_id, "Only unused items can be returned.")

            assert score["outcome"] == "PASS"
            stored = (await owner(SCORE, {"id": score["id"]}))["score"]
            assert (stored["outcome"], stored["answer"]) == ("PASS", score["answer"])
