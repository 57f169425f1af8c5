"""Every operation on one dataset, performed through the API as a client would.

Each takes the acting client and the target, performs the operation once and
says how it ended: ``ok``, or the error code the API answered with. The order
is the order they run in: reads first, then changes, the delete last.
"""

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from itertools import count
from typing import Any

from casebook.graphql.ids import encode_id
from tests.integration.access.spec_table import OK, Needs
from tests.support.graphql_client import Api

_unique = count(1)


@dataclass
class Subject:
    """One target dataset as its curator set it up, and who acts on it."""

    api: Api
    curator: Api
    dataset_id: str
    case_id: str
    spare_case_id: str
    score_id: str
    bystander_id: str
    # A reply in the actor's own conversation (recorded in the actor's organization), so
    # reading the run never decides the outcome: the dataset does.
    own_run_id: str
    # An agent of the curator's organization every role that runs agents may run, and an
    # eval run the curator started over the dataset with it.
    agent_id: str = ""
    eval_run_id: str = ""
    # An eval run the curator started over the dataset with a local agent of theirs that
    # every role running agents may run: its work waits for clients to claim.
    local_run_id: str = ""


def outcome(body: dict[str, Any]) -> str:
    errors = body.get("errors") or []
    if not errors:
        return OK
    codes = {e.get("extensions", {}).get("code") for e in errors}
    assert len(codes) == 1, errors
    return str(codes.pop())


async def _gql(subject: Subject, query: str, **variables: Any) -> str:
    return outcome(await subject.api.raw(query, variables))


async def _latest(subject: Subject) -> int:
    data = await subject.curator(
        "query($d: ID!) { dataset(id: $d) { latestVersion } }", {"d": subject.dataset_id}
    )
    return int(data["dataset"]["latestVersion"])


async def view_dataset(s: Subject) -> str:
    return await _gql(s, "query($d: ID!) { dataset(id: $d) { id name } }", d=s.dataset_id)


async def find_in_list(s: Subject) -> str:
    data = await s.api(
        "query($a: String) { datasets(first: 500, after: $a) { edges { node { id } } } }"
    )
    listed = {edge["node"]["id"] for edge in data["datasets"]["edges"]}
    return OK if s.dataset_id in listed else "NOT_FOUND"


async def resolve_as_node(s: Subject) -> str:
    """``node`` answers null for an id it cannot give, as for one that never existed."""
    body = await s.api.raw("query($d: ID!) { node(id: $d) { id } }", {"d": s.dataset_id})
    if not body.get("errors") and body["data"]["node"] is None:
        return "NOT_FOUND"
    return outcome(body)


async def list_cases(s: Subject) -> str:
    query = "query($d: ID!) { dataset(id: $d) { cases { totalCount edges { node { input } } } } }"
    return await _gql(s, query, d=s.dataset_id)


async def read_case(s: Subject) -> str:
    return await _gql(s, "query($c: ID!) { case(id: $c) { input tags } }", c=s.case_id)


async def list_versions(s: Subject) -> str:
    query = (
        "query($d: ID!) { dataset(id: $d) { versions { number } version(number: 1) { number } } }"
    )
    return await _gql(s, query, d=s.dataset_id)


async def list_tags(s: Subject) -> str:
    return await _gql(s, "query($d: ID!) { dataset(id: $d) { tags } }", d=s.dataset_id)


async def find_twins(s: Subject) -> str:
    query = "query($d: ID!, $q: String!) { caseTwins(datasetId: $d, input: $q) { id } }"
    return await _gql(s, query, d=s.dataset_id, q="Can I return a used kettle?")


async def export_in_graphql(s: Subject) -> str:
    query = 'query($d: ID!) { dataset(id: $d) { export(format: "csv") { content caseCount } } }'
    return await _gql(s, query, d=s.dataset_id)


async def export_download(s: Subject) -> str:
    response = await s.api.http.get(
        f"/downloads/datasets/{s.dataset_id}/export",
        params={"format": "jsonl"},
        headers=s.api.headers,
    )
    return {200: OK, 404: "NOT_FOUND", 403: "FORBIDDEN"}.get(
        response.status_code, f"HTTP {response.status_code}"
    )


async def list_grants(s: Subject) -> str:
    query = "query($d: ID!) { dataset(id: $d) { grants { level } } }"
    return await _gql(s, query, d=s.dataset_id)


async def read_coverage(s: Subject) -> str:
    query = "query($d: ID!) { dataset(id: $d) { coverage { cases byTag { tag } gaps { tag } } } }"
    return await _gql(s, query, d=s.dataset_id)


async def read_scoring(s: Subject) -> str:
    query = "query($d: ID!) { dataset(id: $d) { scoring { checks { mustPass } } } }"
    return await _gql(s, query, d=s.dataset_id)


async def list_scores(s: Subject) -> str:
    query = (
        "query($d: ID!) { dataset(id: $d) { scores { totalCount edges { node { outcome } } } } }"
    )
    return await _gql(s, query, d=s.dataset_id)


async def read_score(s: Subject) -> str:
    return await _gql(s, "query($s: ID!) { score(id: $s) { outcome } }", s=s.score_id)


async def read_repetitions(s: Subject) -> str:
    query = 'query($d: ID!) { dataset(id: $d) { repetitions(runKey: "ci-1") { runKey } } }'
    return await _gql(s, query, d=s.dataset_id)


async def read_review_answers(s: Subject) -> str:
    query = """query($d: ID!) { dataset(id: $d) { reviewAnswers { totalCount
      edges { node { finalOutcome review { state } } } } reviewAgentNames } }"""
    return await _gql(s, query, d=s.dataset_id)


async def read_review_queue(s: Subject) -> str:
    query = """query($d: ID!) { dataset(id: $d) { reviewQueue { totalCount }
      reviewCounts { waiting } reviewSettings { reviewByPerson } } }"""
    return await _gql(s, query, d=s.dataset_id)


_SEND = """mutation($i: SendToReviewInput!) { sendToReview(input: $i) { queued { id } } }"""
_DECIDE = """mutation($i: DecideReviewInput!) { decideReview(input: $i) { score { id } } }"""


async def find_waiting_for_review(s: Subject) -> str:
    """The Waiting for review card lists the dataset once its curator sent a score."""
    await s.curator(_SEND, {"i": {"datasetId": s.dataset_id, "scoreIds": [s.score_id]}})
    data = await s.api("{ reviewQueueSummary { datasets { dataset { id } } } }")
    listed = {row["dataset"]["id"] for row in data["reviewQueueSummary"]["datasets"]}
    return OK if s.dataset_id in listed else "NOT_FOUND"


async def send_to_review(s: Subject) -> str:
    return await _gql(s, _SEND, i={"datasetId": s.dataset_id, "scoreIds": [s.score_id]})


async def withdraw_from_review(s: Subject) -> str:
    query = """mutation($i: WithdrawFromReviewInput!) { withdrawFromReview(input: $i) {
      withdrawn { id } } }"""
    return await _gql(s, query, i={"datasetId": s.dataset_id, "scoreIds": [s.score_id]})


async def decide_review(s: Subject) -> str:
    return await _gql(s, _DECIDE, i={"scoreId": s.score_id, "outcome": "PASS", "note": "ok"})


async def undo_review_decision(s: Subject) -> str:
    await s.curator(_DECIDE, {"i": {"scoreId": s.score_id, "outcome": "FAIL"}})
    query = "mutation($s: ID!) { undoReviewDecision(scoreId: $s) { queued } }"
    return await _gql(s, query, s=s.score_id)


async def withdraw_review_decision(s: Subject) -> str:
    await s.curator(_DECIDE, {"i": {"scoreId": s.score_id, "outcome": "FAIL"}})
    query = "mutation($s: ID!) { withdrawReviewDecision(scoreId: $s) { queued } }"
    return await _gql(s, query, s=s.score_id)


async def update_review_settings(s: Subject) -> str:
    query = """mutation($i: ReviewSettingsInput!) { updateReviewSettings(input: $i) {
      settings { reviewByPerson } } }"""
    return await _gql(s, query, i={"datasetId": s.dataset_id, "reviewByPerson": "NOTHING"})


async def read_judge_trust(s: Subject) -> str:
    query = "query($d: ID!) { dataset(id: $d) { judgeTrust { verdict { decided kappa } } } }"
    return await _gql(s, query, d=s.dataset_id)


async def make_criterion_from_note(s: Subject) -> str:
    """Words given, so reading the note (grading evidence) is not what is asked."""
    await s.curator(_DECIDE, {"i": {"scoreId": s.score_id, "outcome": "FAIL"}})
    query = """mutation($i: CriterionFromNoteInput!) { makeCriterionFromNote(input: $i) {
      criterionId } }"""
    given = {"scoreId": s.score_id, "scope": "EVERY_CASE", "text": "Is it polite?"}
    return await _gql(s, query, i=given)


async def score_ungraded_again(s: Subject) -> str:
    query = """mutation($i: ScoreUngradedAgainInput!) { scoreUngradedAgain(input: $i) {
      scoreCount } }"""
    return await _gql(s, query, i={"datasetId": s.dataset_id})


async def add_case(s: Subject) -> str:
    query = """mutation($d: ID!, $c: CaseInput!) { addCase(datasetId: $d, case: $c) { version } }"""
    given = {"input": f"A new question {next(_unique)}?", "referenceAnswer": "An answer."}
    return await _gql(s, query, d=s.dataset_id, c=given)


async def edit_case(s: Subject) -> str:
    query = """mutation($c: ID!, $b: Int!, $p: CaseInput!) {
      updateCase(id: $c, baseVersion: $b, case: $p) { version } }"""
    tags = [f"edited-{next(_unique)}"]
    return await _gql(s, query, c=s.case_id, b=await _latest(s), p={"tags": tags})


async def import_cases(s: Subject) -> str:
    query = "mutation($d: ID!, $f: Upload!) { importCases(datasetId: $d, file: $f) { imported } }"
    row = {"input": f"An imported question {next(_unique)}?", "reference_answer": "Yes."}
    operations = {"query": query, "variables": {"d": s.dataset_id, "f": None}}
    response = await s.api.http.post(
        "/graphql",
        headers=s.api.headers,
        data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
        files={"0": ("cases.jsonl", json.dumps(row).encode() + b"\n", "application/jsonl")},
    )
    assert response.status_code == 200, response.text
    return outcome(response.json())


async def rename(s: Subject) -> str:
    query = """mutation($i: UpdateDatasetDetailsInput!) {
      updateDatasetDetails(input: $i) { dataset { name } } }"""
    return await _gql(s, query, i={"id": s.dataset_id, "name": f"Renamed {next(_unique)}"})


async def keep_visibility(s: Subject) -> str:
    """Set the visibility it already has: permission-checked, changes nothing."""
    data = await s.curator("query($d: ID!) { dataset(id: $d) { visibility } }", {"d": s.dataset_id})
    query = """mutation($d: ID!, $v: Visibility!) {
      setDatasetVisibility(id: $d, visibility: $v) { dataset { visibility } } }"""
    return await _gql(s, query, d=s.dataset_id, v=data["dataset"]["visibility"])


async def share(s: Subject) -> str:
    query = """mutation($d: ID!, $u: ID!) {
      shareDataset(id: $d, userId: $u, level: READ) { grant { level } } }"""
    return await _gql(s, query, d=s.dataset_id, u=s.bystander_id)


async def revoke_grant(s: Subject) -> str:
    """The bystander's grant, made by the curator first so there is one to revoke."""
    query = """mutation($d: ID!, $u: ID!) {
      shareDataset(id: $d, userId: $u, level: READ) { grant { level } } }"""
    await s.curator(query, {"d": s.dataset_id, "u": s.bystander_id})
    revoke = """mutation($d: ID!, $u: ID!) {
      revokeDatasetGrant(id: $d, userId: $u) { dataset { id } } }"""
    return await _gql(s, revoke, d=s.dataset_id, u=s.bystander_id)


async def update_scoring(s: Subject) -> str:
    query = """mutation($d: ID!, $p: ScoringInput!) {
      updateScoring(datasetId: $d, patch: $p) { scoring { checks { mustPass } } } }"""
    return await _gql(s, query, d=s.dataset_id, p={"checks": {"mustPass": True}})


async def add_default_check(s: Subject) -> str:
    query = """mutation($d: ID!, $c: CheckInput!) {
      addDefaultCheck(datasetId: $d, check: $c) { scoring { checks { mustPass } } } }"""
    check = {"length": {"unit": "CHARACTERS", "max": 10_000 + next(_unique)}}
    return await _gql(s, query, d=s.dataset_id, c=check)


async def score_answer(s: Subject) -> str:
    query = "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { outcome } } }"
    return await _gql(s, query, i={"caseId": s.case_id, "answer": "Only unused items."})


async def score_again(s: Subject) -> str:
    query = "mutation($d: ID!, $s: [ID!]!) { rescore(datasetId: $d, scoreIds: $s) { job { id } } }"
    return await _gql(s, query, d=s.dataset_id, s=[s.score_id])


async def add_case_from_reply(s: Subject) -> str:
    query = """mutation($i: AddCaseFromMessageInput!) {
      addCaseFromMessage(input: $i) { version } }"""
    return await _gql(s, query, i={"runId": s.own_run_id, "datasetId": s.dataset_id})


async def score_run_against_it(s: Subject) -> str:
    query = "mutation($i: ScoreRunInput!) { scoreRun(input: $i) { score { id } } }"
    return await _gql(
        s,
        query,
        i={"runId": s.own_run_id, "datasetId": s.dataset_id, "caseId": s.case_id},
    )


async def remove_case(s: Subject) -> str:
    query = "mutation($c: ID!) { removeCase(id: $c) { version } }"
    return await _gql(s, query, c=s.spare_case_id)


async def delete_dataset(s: Subject) -> str:
    return await _gql(
        s, "mutation($d: ID!) { deleteDataset(id: $d) { deletedId } }", d=s.dataset_id
    )


def _eval_input(s: Subject) -> dict[str, Any]:
    return {"datasetId": s.dataset_id, "agentIds": [s.agent_id]}


async def estimate_eval_run(s: Subject) -> str:
    query = "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { answers } }"
    return await _gql(s, query, i=_eval_input(s))


async def start_eval_run(s: Subject) -> str:
    estimated = await s.api.raw(
        "mutation($i: EvalRunInput!) { estimateEvalRun(input: $i) { confirmation } }",
        {"i": _eval_input(s)},
    )
    if estimated.get("errors"):
        return outcome(estimated)
    confirmation = estimated["data"]["estimateEvalRun"]["confirmation"]
    query = "mutation($i: EvalRunInput!, $c: String!) { startEvalRun(input: $i, confirmation: $c) { id } }"
    return await _gql(s, query, i=_eval_input(s), c=confirmation)


async def read_eval_run(s: Subject) -> str:
    query = "query($id: ID!) { evalRun(id: $id) { id status progress { total } } }"
    return await _gql(s, query, id=s.eval_run_id)


async def read_eval_results(s: Subject) -> str:
    query = """query($id: ID!) { evalRun(id: $id) {
      summary { agents { passRate } } results { totalCount } comparison { comparedCases } } }"""
    return await _gql(s, query, id=s.eval_run_id)


async def read_eval_table(s: Subject) -> str:
    query = """query($id: ID!) { evalRun(id: $id) {
      summary { decidedSinceEnd atEnd { agents { passed } } agents { decided overruled } }
      results(search: "question", decided: false) { totalCount edges { node {
        scorersOutcome decided decision { decidedBy } answerPreview failingScorer
        failingReason } } }
      resultCounts(search: "question") { total decided outcomes { count } }
      caseRows(first: 5) { totalCount edges { node { case { id } results { outcome } } } } } }"""
    return await _gql(s, query, id=s.eval_run_id)


async def compare_runs_side_by_side(s: Subject) -> str:
    query = """query($id: ID!) { evalRun(id: $id) { diff(with: $id) { totalCount edges {
      node { flip answerDiff { kind text } toolCalls { same } scorers { scorer } } } } } }"""
    return await _gql(s, query, id=s.eval_run_id)


async def read_eval_trend(s: Subject) -> str:
    query = """query($d: ID!) { evalTrend(datasetId: $d) { runId datasetVersion
      agents { passRate } } }"""
    return await _gql(s, query, d=s.dataset_id)


async def export_eval_results(s: Subject) -> str:
    response = await s.api.http.get(
        f"/downloads/eval-runs/{s.eval_run_id}/results",
        params={"format": "csv"},
        headers=s.api.headers,
    )
    return {200: OK, 404: "NOT_FOUND", 403: "FORBIDDEN"}.get(
        response.status_code, f"HTTP {response.status_code}"
    )


async def compare_versions(s: Subject) -> str:
    query = """query($d: ID!, $v: Int!) { dataset(id: $d) { versionDiff(from: 1, to: $v) {
      added changes(first: 5) { totalCount edges { node { kind changedFields
        before { input } after { input } } } } } } }"""
    return await _gql(s, query, d=s.dataset_id, v=await _latest(s))


async def list_review_candidates(s: Subject) -> str:
    query = "query($id: ID!) { evalRunReviewCandidates(id: $id) { id } }"
    return await _gql(s, query, id=s.eval_run_id)


async def list_eval_runs(s: Subject) -> str:
    query = "query($d: ID!) { evalRuns(datasetId: $d) { edges { node { id } } } }"
    return await _gql(s, query, d=s.dataset_id)


async def cancel_eval_run(s: Subject) -> str:
    query = "mutation($id: ID!) { cancelEvalRun(id: $id) { status } }"
    return await _gql(s, query, id=s.eval_run_id)


_CLAIM = """mutation($r: ID!) { claimEvalWork(runId: $r, max: 1) {
  items { id leaseToken } } }"""


async def _claimed(s: Subject) -> tuple[str, dict[str, Any] | None]:
    """The outcome of claiming one of the local run's items, and the item when one was."""
    body = await s.api.raw(_CLAIM, {"r": s.local_run_id})
    got = outcome(body)
    items = body["data"]["claimEvalWork"]["items"] if got == OK else []
    assert got != OK or items, "the local run had no item left to claim"
    return got, items[0] if items else None


async def claim_eval_work(s: Subject) -> str:
    return (await _claimed(s))[0]


async def submit_eval_answer(s: Subject) -> str:
    """A role that may not claim has no item to answer: it answers one the curator claimed."""
    _, item = await _claimed(s)
    if item is None:
        curator = await s.curator(_CLAIM, {"r": s.local_run_id})
        item = curator["claimEvalWork"]["items"][0]
    query = """mutation($r: ID!, $a: [EvalAnswerInput!]!) {
      submitEvalAnswers(runId: $r, answers: $a) { accepted refused { reason } } }"""
    answer = {"itemId": item["id"], "leaseToken": item["leaseToken"], "answer": "No."}
    body = await s.api.raw(query, {"r": s.local_run_id, "a": [answer]})
    submitted = outcome(body)
    if submitted == OK:
        assert body["data"]["submitEvalAnswers"]["accepted"] == [item["id"]], body
    return submitted


async def renew_eval_work(s: Subject) -> str:
    query = """mutation($r: ID!, $t: [String!]!) {
      renewEvalWork(runId: $r, leaseTokens: $t) { leaseExpiresAt } }"""
    return await _gql(s, query, r=s.local_run_id, t=["client:none"])


async def release_eval_work(s: Subject) -> str:
    query = """mutation($r: ID!, $t: [String!]!) {
      releaseEvalWork(runId: $r, leaseTokens: $t) { released } }"""
    return await _gql(s, query, r=s.local_run_id, t=["client:none"])


async def choose_generator_model(s: Subject) -> str:
    query = """mutation($d: ID!) { setGeneratorModel(datasetId: $d, modelConnectionId: null,
      model: null) { dataset { id } } }"""
    return await _gql(s, query, d=s.dataset_id)


_GENERATION_ESTIMATE = """query($d: ID!, $a: ID!) {
  generationEstimate(datasetId: $d, agentId: $a, sources: ["agent"], count: 1) { fingerprint } }"""
_START_GENERATION = """mutation($d: ID!, $a: ID!, $f: String!) {
  startGeneration(datasetId: $d, agentId: $a, sources: ["agent"], count: 1, fingerprint: $f) {
    id status } }"""
_PROPOSED_CASES = """query($d: ID!) { dataset(id: $d) { proposedCaseCount
  proposedCases(first: 10) { totalCount edges { node { id source } } } } }"""
_ADD_CONNECTION = """mutation($i: AddModelConnectionInput!) {
  addModelConnection(input: $i) { connection { id } } }"""
_SET_GENERATOR_MODEL = """mutation($d: ID!, $c: ID!) {
  setGeneratorModel(datasetId: $d, modelConnectionId: $c, model: "m") { dataset { id } } }"""
# A dataset id no row has: what one may not see must answer exactly as it does.
_NEVER_DATASET = str(encode_id("Dataset", 10**12))


def _error_shape(body: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (e.get("message"), e.get("path"), json.dumps(e.get("extensions"), sort_keys=True))
        for e in body.get("errors") or []
    ]


async def _as_never_existed(s: Subject, query: str, **variables: Any) -> str:
    """The outcome on the dataset; "not found" only when it is answered exactly as a dataset
    that never existed would be - the same code, message, path and extensions."""
    body = await s.api.raw(query, {**variables, "d": s.dataset_id})
    got = outcome(body)
    if got != "NOT_FOUND":
        return got
    missing = await s.api.raw(query, {**variables, "d": _NEVER_DATASET})
    if _error_shape(missing) != _error_shape(body):
        return f"NOT_FOUND unlike a missing dataset: {body['errors']} / {missing['errors']}"
    return got


async def estimate_generation(s: Subject) -> str:
    return await _as_never_existed(s, _GENERATION_ESTIMATE, a=s.agent_id)


async def start_generation(s: Subject) -> str:
    """The curator gives the dataset a generator's model first (a generation without one is
    refused by name); the actor then estimates and starts with the estimate's fingerprint."""
    given = {
        "name": f"Generator {next(_unique)}",
        "provider": "OPENAI",
        "models": ["m"],
        "apiKey": "sk-test-0123456789abcdef",
    }
    made = await s.curator(_ADD_CONNECTION, {"i": given})
    connection = made["addModelConnection"]["connection"]["id"]
    await s.curator(_SET_GENERATOR_MODEL, {"d": s.dataset_id, "c": connection})
    estimated = await s.api.raw(_GENERATION_ESTIMATE, {"d": s.dataset_id, "a": s.agent_id})
    if estimated.get("errors"):
        return await _as_never_existed(s, _GENERATION_ESTIMATE, a=s.agent_id)
    fingerprint = estimated["data"]["generationEstimate"]["fingerprint"]
    return await _as_never_existed(s, _START_GENERATION, a=s.agent_id, f=fingerprint)


async def list_proposed_cases(s: Subject) -> str:
    return await _as_never_existed(s, _PROPOSED_CASES)


VIEW = Needs("datasets:view")
READ_RUNS = Needs("datasets:view", reads_runs=True)
EDIT = Needs("datasets:edit")
EDIT_FIELD = Needs("datasets:edit", field_of_resource=True)
RUN = Needs("datasets:run", reads_runs=True)

Operation = Callable[[Subject], Awaitable[str]]

OPERATIONS: list[tuple[str, Needs, Operation]] = [
    ("view the dataset", VIEW, view_dataset),
    ("find it in the list", VIEW, find_in_list),
    ("resolve it as a node", VIEW, resolve_as_node),
    ("list its cases", VIEW, list_cases),
    ("read a case", VIEW, read_case),
    ("list its versions", VIEW, list_versions),
    ("compare two of its versions", VIEW, compare_versions),
    ("list its tags", VIEW, list_tags),
    ("look for twins", VIEW, find_twins),
    ("export in GraphQL", VIEW, export_in_graphql),
    ("export as a download", VIEW, export_download),
    ("list its grants", VIEW, list_grants),
    ("read its scoring", VIEW, read_scoring),
    ("read its coverage", VIEW, read_coverage),
    ("list its scores", VIEW, list_scores),
    ("read a score", VIEW, read_score),
    ("read repetitions", VIEW, read_repetitions),
    ("read an eval run", READ_RUNS, read_eval_run),
    ("read an eval run's results", READ_RUNS, read_eval_results),
    ("search and count an eval run's table", READ_RUNS, read_eval_table),
    ("compare two eval runs side by side", READ_RUNS, compare_runs_side_by_side),
    ("export an eval run's results", READ_RUNS, export_eval_results),
    ("read its pass-rate trend", READ_RUNS, read_eval_trend),
    ("list an eval run's review candidates", READ_RUNS, list_review_candidates),
    ("list its eval runs", READ_RUNS, list_eval_runs),
    ("read its review answers", VIEW, read_review_answers),
    ("read its review queue", VIEW, read_review_queue),
    ("find it waiting for review", VIEW, find_waiting_for_review),
    ("read its judge trust", VIEW, read_judge_trust),
    ("estimate an eval run", RUN, estimate_eval_run),
    ("start an eval run", RUN, start_eval_run),
    ("claim a local agent's eval work", RUN, claim_eval_work),
    ("submit an answer to eval work", RUN, submit_eval_answer),
    ("renew leases of eval work", RUN, renew_eval_work),
    ("release eval work", RUN, release_eval_work),
    ("cancel an eval run", RUN, cancel_eval_run),
    ("choose its generator's model", EDIT, choose_generator_model),
    ("estimate a generation", EDIT, estimate_generation),
    ("list its proposed cases", EDIT_FIELD, list_proposed_cases),
    ("start a generation", EDIT, start_generation),
    ("add a case", EDIT, add_case),
    ("edit a case", EDIT, edit_case),
    ("import cases", EDIT, import_cases),
    ("rename it", EDIT, rename),
    ("set its visibility", EDIT, keep_visibility),
    ("share it", EDIT, share),
    ("revoke a grant", EDIT, revoke_grant),
    ("update its scoring", EDIT, update_scoring),
    ("add a default check", EDIT, add_default_check),
    ("send a score to review", EDIT, send_to_review),
    ("withdraw a score from review", EDIT, withdraw_from_review),
    ("decide a score", EDIT, decide_review),
    ("undo a review decision", EDIT, undo_review_decision),
    ("withdraw a review decision", EDIT, withdraw_review_decision),
    ("change its review settings", EDIT, update_review_settings),
    ("make a note a criterion", EDIT, make_criterion_from_note),
    ("score its ungraded answers again", RUN, score_ungraded_again),
    ("score an answer", RUN, score_answer),
    ("score again", RUN, score_again),
    ("score a run against it", RUN, score_run_against_it),
    ("add a case from a reply", EDIT, add_case_from_reply),
    ("remove a case", EDIT, remove_case),
    ("delete it", EDIT, delete_dataset),
]
