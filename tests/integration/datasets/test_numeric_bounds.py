"""Numbers past what their column holds are named refusals at the edge, never INTERNAL: a
check's maxCostUsd and maxLatencyMs, and a recorded run's costUsd and latencyMs."""

import pytest

from tests.integration.activity.helpers import RECORD, conversation, turn_pair
from tests.integration.agents.helpers import webhook_agent
from tests.integration.datasets.helpers import cases_of, create_dataset
from tests.support.graphql_client import Api

ADD = "mutation($d: ID!, $c: CaseInput!) { addCase(datasetId: $d, case: $c) { case { id } } }"
HUGE = [1e308, -1e308, 1e20, 1.7976931348623157e308]


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("member", ["maxCostUsd", "maxLatencyMs"])
async def test_a_limit_check_past_its_column_is_refused_naming_the_field(
    owner: Api, member: str, value: float
) -> None:
    dataset_id = await create_dataset(owner)
    errors = await owner.errors(
        ADD, {"d": dataset_id, "c": {"input": "Q?", "checks": [{member: {"value": value}}]}}
    )
    assert errors.codes == ["BAD_USER_INPUT"]
    [field] = errors.errors[0]["extensions"]["fields"]
    assert field["path"] == f"checks.0.{member}.value"
    assert field["message"].startswith("must be a number from 0 to")
    assert (await cases_of(owner, dataset_id))["totalCount"] == 0


@pytest.mark.parametrize("value", HUGE)
async def test_a_recorded_runs_figures_past_their_columns_are_refused_by_name(
    owner: Api, value: float
) -> None:
    agent = await webhook_agent(owner, "https://agents.example.com/support")
    turns = turn_pair(1, costUsd=value, latencyMs=value)
    errors = await owner.errors(
        RECORD, {"i": {"conversations": [conversation("c1", agent["agent"]["id"], turns)]}}
    )
    assert errors.codes == ["BAD_USER_INPUT"]
    paths = {f["path"] for f in errors.errors[0]["extensions"]["fields"]}
    assert paths == {
        "conversations.0.turns.1.run.costUsd",
        "conversations.0.turns.1.run.latencyMs",
    }
