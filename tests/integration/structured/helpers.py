"""A film reference and an answer that climbs every rung, and the GraphQL the tests share.

The answer to the reference below writes the title in capitals (exact), gets
the release date ten days wrong (date), the runtime one minute off and the
summary in other words (both to the judge), names "R. Downey Jr." for "Robert
Downey Jr." (embedding), misses Terrence Howard and invents Samuel L. Jackson.
"""

import json
from typing import Any

from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.grading.helpers import add_connection, update_scoring
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer, RecordedRequest, ScriptedReply, text_reply

EMBEDDING_MODEL = "text-embedding-3-small"
JUDGE_MODEL = "gpt-4o-mini"
SUMMARY = (
    "A billionaire industrialist builds an armored suit to escape captivity and then fights "
    "the weapons dealers he once supplied."
)
REFERENCE: dict[str, Any] = {
    "title": "Iron Man",
    "director": "Jon Favreau",
    "release_date": "2008-05-02",
    "rated_pg13": True,
    "runtime_minutes": 126,
    "summary": SUMMARY,
    "cast": ["Robert Downey Jr.", "Gwyneth Paltrow", "Terrence Howard", "Jeff Bridges"],
}
ANSWER: dict[str, Any] = {
    "title": "IRON MAN",
    "director": "Jon Favreau",
    "release_date": "2008-05-12",
    "rated_pg13": True,
    "runtime_minutes": 125,
    "summary": "An arms maker escapes captivity in a powered armor suit and turns on the dealers.",
    "cast": ["R. Downey Jr.", "Gwyneth Paltrow", "Jeff Bridges", "Samuel L. Jackson"],
}
JUDGE_GRADES = {"runtime_minutes": 90, "summary": 85}
# Units: 6 fields and 4 cast members on each side; credit 1 + 1 + 0 (date) + 1 + 0.90 +
# 0.85, and 3 cast members matched: 7.75 of 10 on both sides.
EXPECTED_QUALITY = 0.775

STRUCTURED_FIELDS = """stale staleReasons quality runKey repetition mayScoreAgain
  structured { completeness correctness quality passed fellBackToExact notices embeddingModel
    judgeModel embeddedTexts cachedReferenceTexts embeddingRequests judgedPairs costUsd
    lists { referencePath candidatePath matched { referenceIndex candidateIndex similarity }
      missed hallucinated }
    fields { referencePath candidatePath reference candidate rung credit matched similarity
      judgeGrade } }"""
SCORE_FIELDS = f"""id outcome outcomeReason notGradedBy
  config {{ structured {{ strictness embeddingModel {{ local connectionId model }} }} }}
  results {{ scorer status score mustPass skipped reason }} {STRUCTURED_FIELDS}"""
SCORE_ANSWER = f"""mutation($i: ScoreAnswerInput!) {{ scoreAnswer(input: $i) {{ score {{ {SCORE_FIELDS} }} }} }}"""
SCORE = f"""query($id: ID!) {{ score(id: $id) {{ {SCORE_FIELDS} }} }}"""


def unit(position: int, dimensions: int = 8) -> list[float]:
    return [1.0 if i == position else 0.0 for i in range(dimensions)]


def script_cast_embeddings(server: ModelServer) -> None:
    """ "R. Downey Jr." points where "Robert Downey Jr." does; every other name elsewhere."""
    server.set_embedding("Robert Downey Jr.", unit(0))
    server.set_embedding("R. Downey Jr.", [0.99, 0.14, 0, 0, 0, 0, 0, 0])
    for position, name in enumerate(
        ["Gwyneth Paltrow", "Terrence Howard", "Jeff Bridges", "Samuel L. Jackson"], start=2
    ):
        server.set_embedding(name, unit(position))


def pairs_in(request: RecordedRequest) -> list[dict[str, Any]]:
    user = request.body["messages"][1]["content"]
    inside = user.split("<pairs>\n", 1)[1].split("\n</pairs>", 1)[0]
    return [json.loads(line) for line in inside.splitlines()]


def grade_by_field(grades: dict[str, int]) -> Any:
    """A judge that grades each pair by its field, as ``grades`` says."""

    def respond(request: RecordedRequest) -> ScriptedReply:
        entries = [
            {"key": pair["key"], "grade": grades[pair["field"]]} for pair in pairs_in(request)
        ]
        return text_reply(json.dumps({"grades": entries}))

    return respond


async def structured_dataset(
    api: Api, server: ModelServer, *, judge: bool = True, **settings: Any
) -> tuple[str, str]:
    """A dataset grading with the structured scorer on the scripted server: (dataset, connection)."""
    dataset_id = await create_dataset(api, "Films")
    connection_id = await add_connection(
        api, server, name="Scripted models", models=[EMBEDDING_MODEL, JUDGE_MODEL]
    )
    section: dict[str, Any] = {
        "enabled": True,
        "embeddingModel": {"connectionId": connection_id, "model": EMBEDDING_MODEL},
        "judgeModel": {"connectionId": connection_id, "model": JUDGE_MODEL} if judge else None,
        **settings,
    }
    await update_scoring(api, dataset_id, {"structured": section})
    return dataset_id, connection_id


async def film_case(
    api: Api, dataset_id: str, reference: Any = None, *, verified: bool = True, **fields: Any
) -> str:
    body = {
        "input": "Describe the film Iron Man (2008) as JSON.",
        "referenceAnswer": json.dumps(REFERENCE if reference is None else reference),
        "referenceVerified": verified,
        **fields,
    }
    return (await add_case(api, dataset_id, body, twin=True))["case"]["id"]


async def score_answer(api: Api, case_id: str, answer: Any = None, **fields: Any) -> dict:
    text = json.dumps(ANSWER if answer is None else answer)
    given = {"caseId": case_id, "answer": text, **fields}
    return (await api(SCORE_ANSWER, {"i": given}))["scoreAnswer"]["score"]


def structured_result(score: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in score["results"] if r["scorer"] == "structured")


def rows_by_path(score: dict[str, Any]) -> dict[str | None, dict[str, Any]]:
    return {
        row["referencePath"] or row["candidatePath"]: row for row in score["structured"]["fields"]
    }
