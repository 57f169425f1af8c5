"""GraphQL operations the grading tests share, and the judge's scripted verdicts."""

import json
from typing import Any

from tests.integration.datasets.helpers import add_case, create_dataset
from tests.support.checks import CHECK_FIELDS
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

API_KEY = "sk-test-0123456789abcdefSECRET"
JUDGE_MODEL = "gpt-4o-mini"
POLITE = {"id": "polite", "text": "Is the answer polite?"}
ANSWER = "Sorry, only unused items can be returned."

ADD_CONNECTION = """mutation($i: AddModelConnectionInput!) { addModelConnection(input: $i) {
  connection { id name provider baseUrl models keyHint } } }"""
UPDATE_SCORING = f"""mutation($d: ID!, $p: ScoringInput!, $yn: Boolean! = false) {{
  updateScoring(datasetId: $d, patch: $p, useYesNoGrading: $yn) {{ scoring {{
    judge {{ enabled mustPass model connectionId instructions scale passAt yesNoGrading
      criteria {{ id text }} connection {{ name }} }}
    checks {{ enabled mustPass defaultChecks {{ {CHECK_FIELDS} }} }} reference {{ enabled mustPass }}
    toolCalls {{ enabled mustPass }} }} }} }}"""
SCORE_FIELDS = """id outcome outcomeReason notGradedBy mayScoreAgain answer answerChars answerCut
  warnings datasetVersion caseRevision agentName agentVersion answeringModel costUsd latencyMs
  gradingCostUsd rescoreCount rescoredAt
  config { judge { enabled model connectionId criteria { id text } scale passAt }
    checks { enabled mustPass } reference { enabled mustPass } structured { enabled } }
  toolCalls { name args blocked }
  results { scorer status score mustPass skipped reason parts { kind source status reason } }
  judgeGrades { criterionId kind scorer status grade score verified rule reason quotes { text verified } }
  judgeVerdictReadable pins { model helper taskVersion rubricHash instructionHash }
  case { id input }"""
SCORE_ANSWER = f"""mutation($i: ScoreAnswerInput!) {{ scoreAnswer(input: $i) {{ score {{ {SCORE_FIELDS} }} }} }}"""
SCORE = f"""query($id: ID!) {{ score(id: $id) {{ {SCORE_FIELDS} }} }}"""
RESCORE = """mutation($d: ID!, $s: [ID!]!) { rescore(datasetId: $d, scoreIds: $s) { job { id status kind } } }"""
JOB = "query($id: ID!) { node(id: $id) { ... on Job { status result error } } }"
SET_BUDGET = """mutation($h: String, $l: Float) { setModelBudget(helper: $h, monthlyLimitUsd: $l) {
  budgets { helper monthlyLimitUsd spentThisMonthUsd } } }"""


async def add_connection(api: Api, server: ModelServer, **fields: Any) -> str:
    given = {
        "name": "Scripted",
        "provider": "OPENAI",
        "baseUrl": server.openai_base_url,
        "models": [JUDGE_MODEL],
        "apiKey": API_KEY,
        **fields,
    }
    data = await api(ADD_CONNECTION, {"i": given})
    return data["addModelConnection"]["connection"]["id"]


async def update_scoring(api: Api, dataset_id: str, patch: dict[str, Any]) -> dict[str, Any]:
    return (await api(UPDATE_SCORING, {"d": dataset_id, "p": patch}))["updateScoring"]["scoring"]


async def judged_dataset(
    api: Api, server: ModelServer, name: str = "Support bot", **judge: Any
) -> str:
    """A dataset whose judge grades every case on one criterion, on the scripted server."""
    dataset_id = await create_dataset(api, name)
    model = judge.get("model", JUDGE_MODEL)
    connection_id = await add_connection(api, server, name=f"{name} judge", models=[model])
    settings = {
        "enabled": True,
        "connectionId": connection_id,
        "model": JUDGE_MODEL,
        "criteria": [POLITE],
        **judge,
    }
    await update_scoring(api, dataset_id, {"judge": settings})
    return dataset_id


async def new_case(api: Api, dataset_id: str, **fields: Any) -> str:
    body = {"input": "Can I return a used kettle?", "referenceAnswer": "No, only unused items."}
    added = await add_case(api, dataset_id, {**body, **fields})
    return added["case"]["id"]


async def score_answer(api: Api, case_id: str, answer: str = ANSWER, **fields: Any) -> dict:
    given = {"caseId": case_id, "answer": answer, **fields}
    return (await api(SCORE_ANSWER, {"i": given}))["scoreAnswer"]["score"]


def judge_reply(*grades: tuple[str, int], rule: str = "It thanks the customer first") -> str:
    """A verdict in the shape the judge is asked for, quoting the answer the tests give."""
    entries = [
        {"id": criterion, "grade": grade, "rule": rule, "quotes": ["Sorry"]}
        for criterion, grade in grades
    ]
    return json.dumps({"criteria": entries})
