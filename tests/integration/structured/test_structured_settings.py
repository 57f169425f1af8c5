"""The structured scorer's settings: a fifth scorer of the dataset's grading settings, its
models saved connections of the organization (or the local model), refusals by path."""

import pytest

from casebook.domain.structured import EXACT_ONLY_NOTICE
from casebook.llm.local_embeddings import local_embeddings_installed
from tests.integration.datasets.helpers import create_dataset
from tests.integration.grading.helpers import UPDATE_SCORING, add_connection, update_scoring
from tests.integration.structured.helpers import (
    EMBEDDING_MODEL,
    JUDGE_MODEL,
    structured_dataset,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

STRUCTURED = """query($d: ID!) { dataset(id: $d) { scoring { structured {
  enabled mustPass strictness embeddingThreshold passAt exactOnlyNotice localEmbeddingsInstalled
  embeddingModel { local connectionId model connection { name } }
  judgeModel { local connectionId model connection { name } } } } } }"""


async def structured_of(api: Api, dataset_id: str) -> dict:
    return (await api(STRUCTURED, {"d": dataset_id}))["dataset"]["scoring"]


async def refused_paths(api: Api, dataset_id: str, section: dict) -> list[str]:
    errors = await api.errors(UPDATE_SCORING, {"d": dataset_id, "p": {"structured": section}})
    assert errors.codes == ["BAD_USER_INPUT"]
    return [f["path"] for f in errors.errors[0]["extensions"]["fields"]]


async def test_a_new_dataset_has_the_structured_scorer_off_and_must_pass(owner: Api) -> None:
    scoring = await structured_of(owner, await create_dataset(owner))
    found = scoring["structured"]
    assert (found["enabled"], found["mustPass"], found["strictness"]) == (False, True, 0.5)
    assert (found["embeddingThreshold"], found["passAt"]) == (pytest.approx(0.85), 0.8)
    assert (found["embeddingModel"], found["judgeModel"]) == (None, None)
    assert found["exactOnlyNotice"] == EXACT_ONLY_NOTICE


async def test_the_models_are_saved_connections_named_by_their_ids(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, connection_id = await structured_dataset(owner, model_server, strictness=0.25)
    scoring = await structured_of(owner, dataset_id)
    found = scoring["structured"]
    assert found["embeddingModel"] == {
        "local": False,
        "connectionId": connection_id,
        "model": EMBEDDING_MODEL,
        "connection": {"name": "Scripted models"},
    }
    assert found["judgeModel"]["model"] == JUDGE_MODEL
    assert (found["strictness"], found["embeddingThreshold"]) == (0.25, pytest.approx(0.8))
    assert found["exactOnlyNotice"] is None
    assert found["judgeModel"]["connectionId"] == connection_id
    # The local model is a choice of its own, offered only where the extra is installed.
    local = {"structured": {"embeddingModel": {"local": True}}}
    if not local_embeddings_installed():
        errors = await owner.errors(UPDATE_SCORING, {"d": dataset_id, "p": local})
        assert errors.errors[0]["extensions"]["fields"][0]["path"] == "structured.embeddingModel"
        assert "local-embeddings" in errors.errors[0]["message"]
        return
    await update_scoring(owner, dataset_id, local)
    found = (await structured_of(owner, dataset_id))["structured"]
    assert found["embeddingModel"]["local"] is True
    assert found["embeddingModel"]["connection"] is None
    # Left out, a setting keeps its value.
    assert (found["strictness"], found["judgeModel"]["model"]) == (0.25, JUDGE_MODEL)


async def test_broken_settings_are_refused_by_their_path(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id, connection_id = await structured_dataset(owner, model_server)
    assert await refused_paths(owner, dataset_id, {"strictness": 1.5}) == ["structured.strictness"]
    assert await refused_paths(owner, dataset_id, {"mustPass": None}) == ["structured.mustPass"]
    assert await refused_paths(
        owner, dataset_id, {"embeddingModel": {"connectionId": connection_id, "model": "nope"}}
    ) == ["structured.embeddingModel.model"]
    assert await refused_paths(owner, dataset_id, {"embeddingModel": {}}) == [
        "structured.embeddingModel"
    ]
    gone = {"connectionId": "TW9kZWxDb25uZWN0aW9uOjk5", "model": JUDGE_MODEL}
    assert await refused_paths(owner, dataset_id, {"judgeModel": gone}) == [
        "structured.judgeModel.connectionId"
    ]


async def test_an_anthropic_connection_computes_no_embeddings(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await create_dataset(owner)
    anthropic = await add_connection(
        owner, model_server, name="Claude", provider="ANTHROPIC", models=["claude-3-5-haiku-latest"]
    )
    choice = {"connectionId": anthropic, "model": "claude-3-5-haiku-latest"}
    errors = await owner.errors(
        UPDATE_SCORING, {"d": dataset_id, "p": {"structured": {"embeddingModel": choice}}}
    )
    (field,) = errors.errors[0]["extensions"]["fields"]
    assert field["path"] == "structured.embeddingModel.connectionId"
    assert "computes no embeddings" in field["message"]
    await update_scoring(owner, dataset_id, {"structured": {"judgeModel": choice}})
    judged = (await structured_of(owner, dataset_id))["structured"]
    assert judged["judgeModel"]["model"] == "claude-3-5-haiku-latest"
