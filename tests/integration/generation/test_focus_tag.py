"""Generating for one tag (Coverage's "Generate for this gap"): the prompt the generator
receives names the tag, every draft proposed carries it, the estimate is tied to it, and a
tag a case could not hold is refused on `focusTag` with nothing started."""

from collections.abc import Awaitable, Callable

import pytest

from tests.integration.generation.helpers import (
    GENERATION,
    PROPOSED,
    data_block,
    generator_replying,
    proposed_nodes,
    setup,
    variables,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

ESTIMATE = """query($d: ID!, $a: ID!, $s: [String!]!, $c: Int!, $t: String) {
  generationEstimate(datasetId: $d, agentId: $a, sources: $s, count: $c, focusTag: $t) {
    promptTokens fingerprint } }"""
START = """mutation($d: ID!, $a: ID!, $s: [String!]!, $c: Int!, $f: String!, $t: String) {
  startGeneration(datasetId: $d, agentId: $a, sources: $s, count: $c, fingerprint: $f,
    focusTag: $t) { id status focusTag } }"""
SOURCES = ["agent", "red_team"]


async def test_a_generation_for_a_tag_names_it_in_the_prompt_and_tags_every_draft(
    owner: Api, model_server: ModelServer, run_worker: Callable[[], Awaitable[None]]
) -> None:
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    plain = (await owner(ESTIMATE, variables(s, SOURCES, 2)))["generationEstimate"]
    focused = (await owner(ESTIMATE, variables(s, SOURCES, 2, t="refunds")))["generationEstimate"]
    assert focused["fingerprint"] != plain["fingerprint"]
    assert focused["promptTokens"] > plain["promptTokens"]
    started = await owner(START, variables(s, SOURCES, 2, f=focused["fingerprint"], t="refunds"))
    assert started["startGeneration"]["focusTag"] == "refunds"
    await run_worker()

    generation_id = started["startGeneration"]["id"]
    done = (await owner(GENERATION, {"id": generation_id}))["generation"]
    assert (done["status"], done["kept"]) == ("succeeded", 2)
    [request] = model_server.chat_requests
    assert data_block(request, "focus_tag") == "refunds"
    assert "`focus_tag` block" in request.body["messages"][0]["content"]
    drafts = {d["source"]: d for d in proposed_nodes(await owner(PROPOSED, {"d": s.dataset}))}
    assert set(drafts) == set(SOURCES)
    assert drafts["agent"]["tags"] == ["refunds"]
    assert drafts["red_team"]["tags"] == ["red-team", "red-team:prompt-injection", "refunds"]


async def test_an_estimate_made_without_the_tag_is_refused_when_starting_with_it(
    owner: Api, model_server: ModelServer
) -> None:
    s = await setup(owner, model_server)
    plain = (await owner(ESTIMATE, variables(s, ["agent"], 1)))["generationEstimate"]
    stale = await owner.errors(
        START, variables(s, ["agent"], 1, f=plain["fingerprint"], t="refunds")
    )
    assert stale.codes == ["BAD_USER_INPUT"]
    assert stale.errors[0]["extensions"]["fields"][0]["path"] == "fingerprint"
    focused = (await owner(ESTIMATE, variables(s, ["agent"], 1, t="refunds")))["generationEstimate"]
    other_tag = await owner.errors(
        START, variables(s, ["agent"], 1, f=focused["fingerprint"], t="billing")
    )
    assert other_tag.codes == ["BAD_USER_INPUT"]
    assert model_server.chat_requests == []


@pytest.mark.parametrize("tag", ["", "   ", "x" * 101, "refunds\x00", "a,b"])
async def test_a_tag_a_case_could_not_hold_is_refused_on_focus_tag_and_nothing_starts(
    owner: Api,
    model_server: ModelServer,
    run_worker: Callable[[], Awaitable[None]],
    tag: str,
) -> None:
    s = await setup(owner, model_server)
    model_server.respond_with(generator_replying())
    estimate = await owner.errors(ESTIMATE, variables(s, ["agent"], 1, t=tag))
    assert estimate.codes == ["BAD_USER_INPUT"]
    assert [f["path"] for f in estimate.errors[0]["extensions"]["fields"]] == ["focusTag"]
    plain = (await owner(ESTIMATE, variables(s, ["agent"], 1)))["generationEstimate"]
    start = await owner.errors(START, variables(s, ["agent"], 1, f=plain["fingerprint"], t=tag))
    assert start.codes == ["BAD_USER_INPUT"]
    assert [f["path"] for f in start.errors[0]["extensions"]["fields"]] == ["focusTag"]
    await run_worker()
    assert model_server.chat_requests == []
    assert (await owner(PROPOSED, {"d": s.dataset}))["dataset"]["proposedCaseCount"] == 0
