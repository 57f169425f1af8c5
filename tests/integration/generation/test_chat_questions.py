"""From chats the generator is shown "Up to 60 questions people asked the agent in this
organization, with the comment left on a rated-down answer", "rated-down answers first":
every rated-down question is read, however much was asked since."""

from collections.abc import Awaitable, Callable
from typing import Any

from tests.integration.activity.helpers import RATE, conversation, record, turn_pair
from tests.integration.generation.helpers import (
    data_block,
    estimate_and_start,
    generator_replying,
    setup,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

LATER_QUESTIONS = 330


async def test_a_rated_down_question_older_than_hundreds_of_runs_is_shown_first(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server, askers=())
    old = await record(
        owner,
        conversation("old", s.agent, turn_pair(1, "Why was I charged twice?", "No idea.")),
    )
    await owner(
        RATE,
        {"i": {"runId": old[0]["turns"][1]["runId"], "value": "DOWN", "comment": "Still charged"}},
    )
    turns: list[dict[str, Any]] = []
    for n in range(LATER_QUESTIONS):
        turns += turn_pair(n + 2, f"Is shop {n} open today?", "Yes.")
    await record(owner, conversation("later", s.agent, turns))

    model_server.respond_with(generator_replying())
    await estimate_and_start(owner, s, ["chats"], 1)
    await run_worker()

    [request] = model_server.chat_requests
    shown = data_block(request, "questions")
    assert len(shown) == 60
    first = shown[0]
    assert first["question"] == "Why was I charged twice?"
    assert first["rated_down"] is True and first["comment"] == "Still charged"
    assert [q["rated_down"] for q in shown[1:]] == [False] * 59
    # The rest are the newest questions.
    assert shown[1]["question"] == f"Is shop {LATER_QUESTIONS - 1} open today?"
