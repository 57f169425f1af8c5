"""The organization's default embedding model: used by every dataset whose structured scorer
names none (spec: "no embedding model configured (and the scenario sets no override)")."""

from casebook.domain.access.catalog import Role
from casebook.domain.structured import EXACT_ONLY_NOTICE
from tests.integration.conftest import MemberFactory
from tests.integration.grading.helpers import add_connection
from tests.integration.structured.helpers import (
    EMBEDDING_MODEL,
    SCORE,
    film_case,
    rows_by_path,
    score_answer,
    script_cast_embeddings,
    structured_dataset,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

SET_DEFAULT = """mutation($i: EmbeddingModelChoiceInput) { setDefaultEmbeddingModel(input: $i) {
  embeddingModel { local model connection { name } } } }"""
NOTICE = "query($d: ID!) { dataset(id: $d) { scoring { structured { exactOnlyNotice } } } }"


async def test_a_dataset_naming_no_embedding_model_embeds_with_the_organizations_default(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, connection_id = await structured_dataset(
        owner, model_server, judge=False, embeddingModel=None
    )
    notice = (await owner(NOTICE, {"d": dataset_id}))["dataset"]["scoring"]["structured"]
    assert notice["exactOnlyNotice"] == EXACT_ONLY_NOTICE
    chosen = await owner(
        SET_DEFAULT, {"i": {"connectionId": connection_id, "model": EMBEDDING_MODEL}}
    )
    assert chosen["setDefaultEmbeddingModel"]["embeddingModel"]["model"] == EMBEDDING_MODEL
    assert (await owner("{ defaultEmbeddingModel { model } }"))["defaultEmbeddingModel"] == {
        "model": EMBEDDING_MODEL
    }
    notice = (await owner(NOTICE, {"d": dataset_id}))["dataset"]["scoring"]["structured"]
    assert notice["exactOnlyNotice"] is None
    script_cast_embeddings(model_server)
    score = await score_answer(owner, await film_case(owner, dataset_id))
    found = score["structured"]
    assert (found["fellBackToExact"], found["notices"]) == (False, [])
    assert found["embeddingRequests"] == 1
    assert EMBEDDING_MODEL in found["embeddingModel"]
    assert found["lists"][0]["missed"] == [2]  # "R. Downey Jr." matched by its embedding
    assert len(model_server.embedding_requests) == 1
    assert rows_by_path(score)["title"]["rung"] == "EXACT"
    # Clearing the default is a configuration change: the score is stale, and exact again.
    await owner(SET_DEFAULT, {"i": None})
    again = (await owner(SCORE, {"id": score["id"]}))["score"]
    assert again["stale"] is True
    exact = await score_answer(owner, await film_case(owner, dataset_id))
    assert exact["structured"]["fellBackToExact"] is True


async def test_only_connections_manage_sets_it_and_only_to_a_model_that_embeds(
    owner: Api, member_as: MemberFactory, model_server: ModelServer
) -> None:
    builder = await member_as(Role.BUILDER)
    anthropic = await add_connection(
        owner, model_server, name="Claude", provider="ANTHROPIC", models=["claude-x"]
    )
    refused = await builder.errors(SET_DEFAULT, {"i": {"connectionId": anthropic, "model": "x"}})
    assert refused.codes == ["FORBIDDEN"]
    refused = await owner.errors(
        SET_DEFAULT, {"i": {"connectionId": anthropic, "model": "claude-x"}}
    )
    assert refused.codes == ["BAD_USER_INPUT"]
    assert refused.errors[0]["extensions"]["fields"][0]["path"] == "input.connectionId"
    refused = await owner.errors(SET_DEFAULT, {"i": {"connectionId": anthropic}})
    assert refused.codes == ["BAD_USER_INPUT"]
    assert (await owner("{ defaultEmbeddingModel { model } }"))["defaultEmbeddingModel"] is None
    assert (await builder("{ defaultEmbeddingModel { model } }"))["defaultEmbeddingModel"] is None
