"""What the tests of client-answered (local agent) eval runs share: a local agent, claiming
its run's work and submitting answers, as a client does over the API."""

from collections.abc import Callable
from typing import Any

from tests.integration.evals.helpers import START, estimate, run_input
from tests.support.graphql_client import Api, GraphQLErrors

CREATE_LOCAL_AGENT = """mutation($i: CreateLocalAgentInput!) { createLocalAgent(input: $i) {
  agent { id name kind latestVersion currentVersion { number label tools { name readOnly } } }
  version { number label } } }"""
ITEM_FIELDS = """id leaseToken leaseExpiresAt purpose repetition caseId caseRevision input
  history { role content } tags agentId agentName agentVersion versionLabel
  tools { name readOnly }"""
CLAIM = f"""mutation($r: ID!, $max: Int!, $wait: Float! = 0, $lease: Float) {{
  claimEvalWork(runId: $r, max: $max, waitSeconds: $wait, leaseSeconds: $lease) {{
    status leaseToken items {{ {ITEM_FIELDS} }} }} }}"""
SUBMIT = """mutation($r: ID!, $a: [EvalAnswerInput!]!) { submitEvalAnswers(runId: $r, answers: $a) {
  accepted refused { itemId reason }
  progress { status total answered scored passed failed notGraded costUsd } } }"""
RENEW = """mutation($r: ID!, $t: [String!]!, $s: Float) {
  renewEvalWork(runId: $r, leaseTokens: $t, leaseSeconds: $s) { leaseExpiresAt } }"""
RELEASE = """mutation($r: ID!, $t: [String!]!) {
  releaseEvalWork(runId: $r, leaseTokens: $t) { released } }"""
RUN_AGENTS = """query($id: ID!) { evalRun(id: $id) { status statusReason
  agents { agentName agentVersion kind versionLabel agent { id } }
  progress { total answered scored passed failed notGraded costUsd }
  comparison { comparedCases confirmedRegressions regressions { confirmed }
    improvements { confirmed } } } }"""


async def local_agent(
    api: Api, name: str = "Local bot", *, tools: list[dict[str, Any]] | None = None, **kw: Any
) -> str:
    given = {"name": name, "config": {"tools": tools or []}, **kw}
    created = await api(CREATE_LOCAL_AGENT, {"i": given})
    return str(created["createLocalAgent"]["agent"]["id"])


async def start_local(
    api: Api, dataset_id: str, agent_ids: list[str], **fields: Any
) -> dict[str, Any]:
    """Estimate, then start: the run as startEvalRun answers it."""
    given = run_input(dataset_id, agent_ids, **fields)
    confirmation = (await estimate(api, given))["confirmation"]
    return (await api(START, {"i": given, "c": confirmation}))["startEvalRun"]


async def claim(api: Api, run_id: str, max_items: int = 8, **kw: Any) -> dict[str, Any]:
    variables: dict[str, Any] = {"r": run_id, "max": max_items}
    if "wait" in kw:
        variables["wait"] = kw["wait"]
    if "lease" in kw:
        variables["lease"] = kw["lease"]
    return (await api(CLAIM, variables))["claimEvalWork"]


def said(text: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda item: {"answer": text}


def yes_unless(*wrong: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Answers "… is yes" (which the cases' check passes), "… is no" to the questions in
    ``wrong``."""

    def answer(item: dict[str, Any]) -> dict[str, Any]:
        verdict = "no" if item["input"] in wrong else "yes"
        return {"answer": f"The answer to {item['input']} is {verdict}"}

    return answer


def answers_to(
    items: list[dict[str, Any]], answer: Callable[[dict[str, Any]], dict[str, Any]]
) -> list[dict[str, Any]]:
    return [{"itemId": i["id"], "leaseToken": i["leaseToken"], **answer(i)} for i in items]


async def submit(api: Api, run_id: str, answers: list[dict[str, Any]]) -> dict[str, Any]:
    return (await api(SUBMIT, {"r": run_id, "a": answers}))["submitEvalAnswers"]


async def answer_all(
    api: Api,
    run_id: str,
    answer: Callable[[dict[str, Any]], dict[str, Any]],
    *,
    max_items: int = 16,
) -> list[dict[str, Any]]:
    """Claim and answer until the run hands out nothing more; every item answered."""
    answered: list[dict[str, Any]] = []
    while True:
        try:
            claimed = await claim(api, run_id, max_items)
        except GraphQLErrors as refused:
            assert refused.codes == ["CONFLICT"], refused  # the run has ended
            return answered
        if not claimed["items"]:
            return answered
        result = await submit(api, run_id, answers_to(claimed["items"], answer))
        assert result["refused"] == [], result["refused"]
        answered.extend(claimed["items"])


async def run_agents(api: Api, run_id: str) -> dict[str, Any]:
    return (await api(RUN_AGENTS, {"id": run_id}))["evalRun"]
