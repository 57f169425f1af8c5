"""A resource one may not see answers exactly as an id that never existed: the same code
and the same message, on every query, mutation and subscription taking an id.

Every root field with an ID argument (in its arguments or inside an input) must have a
probe here, so a new one cannot be added without being held to the rule.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import websockets
from graphql import GraphQLInputObjectType, get_named_type

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.graphql.ids import encode_id
from casebook.graphql.schema import schema
from tests.integration.access.conftest import SubjectFactory
from tests.integration.access.generation_probes import GENERATION_PROBES, generation_of
from tests.integration.access.knowledge_probes import (
    KNOWLEDGE_NODE_TYPES,
    KNOWLEDGE_PROBES,
    UPLOADS,
    knowledge_of,
    post_upload,
)
from tests.integration.access.spec_table import Target
from tests.integration.conftest import PASSWORD, MemberFactory
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.statements import app_engine, counted_statements

NEVER = 10**12  # an id no row has


@dataclass
class Ids:
    dataset: str
    case: str
    score: str
    user: str
    organization: str
    api_key: str
    job: str
    model_connection: str
    audit_entry: str
    agent: str
    skill: str
    conversation: str
    message: str
    run: str
    eval_run: str = ""
    knowledge_base: str = ""
    knowledge_document: str = ""
    generation: str = ""
    proposed_case: str = ""
    email: str = ""  # the actor's own, for signing in with its right password


def never(email: str = "") -> Ids:
    def gid(type_name: str) -> str:
        return str(encode_id(type_name, NEVER))

    return Ids(
        dataset=gid("Dataset"),
        case=gid("Case"),
        score=gid("Score"),
        user=gid("User"),
        organization=gid("Organization"),
        api_key=gid("ApiKey"),
        job=gid("Job"),
        model_connection=gid("ModelConnection"),
        audit_entry=gid("AuditEntry"),
        agent=gid("Agent"),
        skill=gid("Skill"),
        conversation=gid("Conversation"),
        message=gid("Message"),
        run=gid("Run"),
        eval_run=gid("EvalRun"),
        knowledge_base=gid("KnowledgeBase"),
        knowledge_document=gid("KnowledgeDocument"),
        generation=gid("Generation"),
        proposed_case=gid("ProposedCase"),
        email=email,
    )


Probe = tuple[str, Callable[[Ids], dict[str, Any]]]

EVAL_PROBES: dict[str, Probe] = {
    "evalRun": ("query($a: ID!) { evalRun(id: $a) { id } }", lambda i: {"a": i.eval_run}),
    "evalRuns": (
        "query($a: ID!) { evalRuns(datasetId: $a) { edges { node { id } } } }",
        lambda i: {"a": i.dataset},
    ),
    "estimateEvalRun": (
        "mutation($d: ID!, $a: ID!) { estimateEvalRun(input: {datasetId: $d, agentIds: [$a]}) "
        "{ answers } }",
        lambda i: {"d": i.dataset, "a": i.agent},
    ),
    "startEvalRun": (
        "mutation($d: ID!, $a: ID!) { startEvalRun(input: {datasetId: $d, agentIds: [$a]}, "
        'confirmation: "x") { id } }',
        lambda i: {"d": i.dataset, "a": i.agent},
    ),
    "cancelEvalRun": (
        "mutation($a: ID!) { cancelEvalRun(id: $a) { id } }",
        lambda i: {"a": i.eval_run},
    ),
    "evalRunReviewCandidates": (
        "query($a: ID!) { evalRunReviewCandidates(id: $a) { id } }",
        lambda i: {"a": i.eval_run},
    ),
    "claimEvalWork": (
        "mutation($a: ID!) { claimEvalWork(runId: $a) { status } }",
        lambda i: {"a": i.eval_run},
    ),
    "submitEvalAnswers": (
        "mutation($a: ID!, $w: ID!) { submitEvalAnswers(runId: $a, answers: [{itemId: $w, "
        'leaseToken: "t", answer: "A"}]) { accepted } }',
        lambda i: {"a": i.eval_run, "w": str(encode_id("EvalWorkItem", NEVER))},
    ),
    "renewEvalWork": (
        'mutation($a: ID!) { renewEvalWork(runId: $a, leaseTokens: ["t"]) { leaseExpiresAt } }',
        lambda i: {"a": i.eval_run},
    ),
    "releaseEvalWork": (
        'mutation($a: ID!) { releaseEvalWork(runId: $a, leaseTokens: ["t"]) { released } }',
        lambda i: {"a": i.eval_run},
    ),
    "evalTrend": (
        "query($a: ID!) { evalTrend(datasetId: $a) { runId } }",
        lambda i: {"a": i.dataset},
    ),
}

REVIEW_PROBES: dict[str, Probe] = {
    "sendToReview": (
        "mutation($d: ID!, $s: ID!) { sendToReview(input: {datasetId: $d, scoreIds: [$s]}) "
        "{ queued { id } } }",
        lambda i: {"d": i.dataset, "s": i.score},
    ),
    "withdrawFromReview": (
        "mutation($d: ID!, $s: ID!) { withdrawFromReview(input: {datasetId: $d, "
        "scoreIds: [$s]}) { withdrawn { id } } }",
        lambda i: {"d": i.dataset, "s": i.score},
    ),
    "withdrawWaiting": (
        "mutation($d: ID!) { withdrawWaiting(input: {datasetId: $d}) { withdrawn { id } } }",
        lambda i: {"d": i.dataset},
    ),
    "decideReview": (
        "mutation($s: ID!) { decideReview(input: {scoreId: $s, outcome: PASS}) { score { id } } }",
        lambda i: {"s": i.score},
    ),
    "undoReviewDecision": (
        "mutation($s: ID!) { undoReviewDecision(scoreId: $s) { queued } }",
        lambda i: {"s": i.score},
    ),
    "withdrawReviewDecision": (
        "mutation($s: ID!) { withdrawReviewDecision(scoreId: $s) { queued } }",
        lambda i: {"s": i.score},
    ),
    "makeCriterionFromNote": (
        "mutation($s: ID!) { makeCriterionFromNote(input: {scoreId: $s, scope: THIS_CASE, "
        'text: "Polite?"}) { version } }',
        lambda i: {"s": i.score},
    ),
    "scoreUngradedAgain": (
        "mutation($d: ID!) { scoreUngradedAgain(input: {datasetId: $d}) { scoreCount } }",
        lambda i: {"d": i.dataset},
    ),
    "updateReviewSettings": (
        "mutation($d: ID!) { updateReviewSettings(input: {datasetId: $d, "
        "reviewByPerson: EVERY}) { settings { reviewByPerson } } }",
        lambda i: {"d": i.dataset},
    ),
}

_WEBHOOK = '{url: "https://a.example.com", tools: []}'
AGENT_PROBES: dict[str, Probe] = {
    "agent": ("query($a: ID!) { agent(id: $a) { id } }", lambda i: {"a": i.agent}),
    "skill": ("query($a: ID!) { skill(id: $a) { id } }", lambda i: {"a": i.skill}),
    "agents": (
        "query($a: ID!) { agents(first: 5) { edges { node { id } } } node(id: $a) { id } }",
        lambda i: {"a": i.agent},
    ),
    "createModelAgent": (
        """mutation($c: ID!, $s: ID!) { createModelAgent(input: {name: "A", config: {
             connectionId: $c, model: "m", skillIds: [$s]}}) { agent { id } } }""",
        lambda i: {"c": i.model_connection, "s": i.skill},
    ),
    "configureModelAgent": (
        """mutation($a: ID!, $c: ID!) { configureModelAgent(input: {id: $a, config: {
             connectionId: $c, model: "m"}}) { newVersion } }""",
        lambda i: {"a": i.agent, "c": i.model_connection},
    ),
    "configureWebhookAgent": (
        f"""mutation($a: ID!) {{ configureWebhookAgent(input: {{id: $a, config: {_WEBHOOK}}})
             {{ newVersion }} }}""",
        lambda i: {"a": i.agent},
    ),
    "configureLocalAgent": (
        """mutation($a: ID!) { configureLocalAgent(input: {id: $a, config: {tools: []}})
             { newVersion } }""",
        lambda i: {"a": i.agent},
    ),
    "updateAgentDetails": (
        'mutation($a: ID!) { updateAgentDetails(input: {id: $a, name: "X"}) { agent { id } } }',
        lambda i: {"a": i.agent},
    ),
    "rotateAgentSecret": (
        "mutation($a: ID!) { rotateAgentSecret(id: $a) { signingSecret } }",
        lambda i: {"a": i.agent},
    ),
    "deleteAgent": (
        "mutation($a: ID!) { deleteAgent(id: $a) { deletedId } }",
        lambda i: {"a": i.agent},
    ),
    "setAgentVisibility": (
        "mutation($a: ID!) { setAgentVisibility(id: $a, visibility: PRIVATE) { agent { id } } }",
        lambda i: {"a": i.agent},
    ),
    "shareAgent": (
        "mutation($a: ID!, $u: ID!) { shareAgent(id: $a, userId: $u, level: READ) { grant { level } } }",
        lambda i: {"a": i.agent, "u": i.user},
    ),
    "revokeAgentGrant": (
        "mutation($a: ID!, $u: ID!) { revokeAgentGrant(id: $a, userId: $u) { agent { id } } }",
        lambda i: {"a": i.agent, "u": i.user},
    ),
    "updateSkill": (
        'mutation($a: ID!) { updateSkill(input: {id: $a, name: "X"}) { skill { id } } }',
        lambda i: {"a": i.skill},
    ),
    "deleteSkill": (
        "mutation($a: ID!) { deleteSkill(id: $a) { deletedId } }",
        lambda i: {"a": i.skill},
    ),
    "setSkillVisibility": (
        "mutation($a: ID!) { setSkillVisibility(id: $a, visibility: PRIVATE) { skill { id } } }",
        lambda i: {"a": i.skill},
    ),
    "shareSkill": (
        "mutation($a: ID!, $u: ID!) { shareSkill(id: $a, userId: $u, level: READ) { grant { level } } }",
        lambda i: {"a": i.skill, "u": i.user},
    ),
    "revokeSkillGrant": (
        "mutation($a: ID!, $u: ID!) { revokeSkillGrant(id: $a, userId: $u) { skill { id } } }",
        lambda i: {"a": i.skill, "u": i.user},
    ),
}
_TURNS = '[{externalId: "q", role: USER, content: "Hi?"}]'
ACTIVITY_PROBES: dict[str, Probe] = {
    "run": ("query($a: ID!) { run(id: $a) { id } }", lambda i: {"a": i.run}),
    "conversation": (
        "query($a: ID!) { conversation(id: $a) { id } }",
        lambda i: {"a": i.conversation},
    ),
    "message": ("query($a: ID!) { message(id: $a) { id } }", lambda i: {"a": i.message}),
    "runs": (
        "query($a: ID!, $c: ID!) { runs(filter: {agentId: $a, conversationId: $c}) { edges { node { id } } } }",
        lambda i: {"a": i.agent, "c": i.conversation},
    ),
    "conversations": (
        "query($a: ID!) { conversations(filter: {agentId: $a}) { edges { node { id } } } }",
        lambda i: {"a": i.agent},
    ),
    "recordConversations": (
        f"""mutation($a: ID!, $u: ID!) {{ recordConversations(input: {{conversations: [{{
             externalId: "probe", agentId: $a, memberId: $u, turns: {_TURNS}}}]}})
             {{ conversations {{ created }} }} }}""",
        lambda i: {"a": i.agent, "u": i.user},
    ),
    "appendTurns": (
        f"""mutation($a: ID!) {{ appendTurns(input: {{conversationId: $a, turns: {_TURNS}}})
             {{ conversation {{ turnsStored }} }} }}""",
        lambda i: {"a": i.conversation},
    ),
    "recordRatings": (
        """mutation($a: ID!, $u: ID!) { recordRatings(input: {ratings: [{runId: $a, value: UP,
             memberId: $u}]}) { recorded } }""",
        lambda i: {"a": i.run, "u": i.user},
    ),
    "rateRun": (
        "mutation($a: ID!) { rateRun(input: {runId: $a, value: UP}) { rating { value } } }",
        lambda i: {"a": i.run},
    ),
    "removeRating": (
        "mutation($a: ID!) { removeRating(runId: $a) { run { id } } }",
        lambda i: {"a": i.run},
    ),
    "setConversationVisibility": (
        """mutation($a: ID!) { setConversationVisibility(id: $a, visibility: ORGANIZATION) {
             conversation { id } } }""",
        lambda i: {"a": i.conversation},
    ),
    "shareConversation": (
        "mutation($a: ID!, $u: ID!) { shareConversation(id: $a, userId: $u) { conversation { id } } }",
        lambda i: {"a": i.conversation, "u": i.user},
    ),
    "unshareConversation": (
        "mutation($a: ID!, $u: ID!) { unshareConversation(id: $a, userId: $u) { conversation { id } } }",
        lambda i: {"a": i.conversation, "u": i.user},
    ),
    "sendMessage": (
        """mutation($a: ID!, $c: ID!) { sendMessage(input: {agentId: $a, conversationId: $c,
             content: "Hi?"}) { run { id } } }""",
        lambda i: {"a": i.agent, "c": i.conversation},
    ),
    "deleteConversation": (
        "mutation($a: ID!) { deleteConversation(id: $a) { deletedId } }",
        lambda i: {"a": i.conversation},
    ),
    "addCaseFromMessage": (
        """mutation($r: ID!, $d: ID!) { addCaseFromMessage(input: {runId: $r, datasetId: $d}) {
             version } }""",
        lambda i: {"r": i.run, "d": i.dataset},
    ),
    "scoreTargets": (
        "query($r: ID!, $d: ID!) { scoreTargets(runId: $r, datasetId: $d) { question } }",
        lambda i: {"r": i.run, "d": i.dataset},
    ),
    "scoreRun": (
        """mutation($r: ID!, $d: ID!, $c: ID!) { scoreRun(input: {runId: $r, datasetId: $d,
             caseId: $c}) { score { id } } }""",
        lambda i: {"r": i.run, "d": i.dataset, "c": i.case},
    ),
}

PROBES: dict[str, Probe] = {
    "login": (
        "mutation($i: LoginInput!) { login(input: $i) { viewer { role } } }",
        lambda i: {"i": {"email": i.email, "password": PASSWORD, "organizationId": i.organization}},
    ),
    "dataset": ("query($a: ID!) { dataset(id: $a) { id } }", lambda i: {"a": i.dataset}),
    "case": ("query($a: ID!) { case(id: $a) { id } }", lambda i: {"a": i.case}),
    "score": ("query($a: ID!) { score(id: $a) { id } }", lambda i: {"a": i.score}),
    "caseTwins": (
        'query($a: ID!) { caseTwins(datasetId: $a, input: "Hello?") { id } }',
        lambda i: {"a": i.dataset},
    ),
    "switchOrganization": (
        "mutation($a: ID!) { switchOrganization(organizationId: $a) { viewer { role } } }",
        lambda i: {"a": i.organization},
    ),
    "revokeApiKey": (
        "mutation($a: ID!) { revokeApiKey(id: $a) { apiKey { id } } }",
        lambda i: {"a": i.api_key},
    ),
    "changeMemberRole": (
        "mutation($a: ID!) { changeMemberRole(userId: $a, role: VIEWER) { member { role } } }",
        lambda i: {"a": i.user},
    ),
    "removeMember": (
        "mutation($a: ID!) { removeMember(userId: $a) { removedUserId } }",
        lambda i: {"a": i.user},
    ),
    "updateDatasetDetails": (
        'mutation($a: ID!) { updateDatasetDetails(input: {id: $a, name: "X"}) { dataset { id } } }',
        lambda i: {"a": i.dataset},
    ),
    "deleteDataset": (
        "mutation($a: ID!) { deleteDataset(id: $a) { deletedId } }",
        lambda i: {"a": i.dataset},
    ),
    "setDatasetVisibility": (
        "mutation($a: ID!) { setDatasetVisibility(id: $a, visibility: PRIVATE) { dataset { id } } }",
        lambda i: {"a": i.dataset},
    ),
    "shareDataset": (
        "mutation($a: ID!, $u: ID!) { shareDataset(id: $a, userId: $u, level: READ) { grant { level } } }",
        lambda i: {"a": i.dataset, "u": i.user},
    ),
    "revokeDatasetGrant": (
        "mutation($a: ID!, $u: ID!) { revokeDatasetGrant(id: $a, userId: $u) { dataset { id } } }",
        lambda i: {"a": i.dataset, "u": i.user},
    ),
    "addCase": (
        'mutation($a: ID!) { addCase(datasetId: $a, case: {input: "Q?", referenceAnswer: "A"}) { version } }',
        lambda i: {"a": i.dataset},
    ),
    "updateCase": (
        'mutation($a: ID!) { updateCase(id: $a, baseVersion: 1, case: {tags: ["t"]}) { version } }',
        lambda i: {"a": i.case},
    ),
    "removeCase": (
        "mutation($a: ID!) { removeCase(id: $a) { version } }",
        lambda i: {"a": i.case},
    ),
    "importCases": (
        "mutation($a: ID!, $f: Upload!) { importCases(datasetId: $a, file: $f) { imported } }",
        lambda i: {"a": i.dataset, "f": None},
    ),
    "updateScoring": (
        "mutation($a: ID!) { updateScoring(datasetId: $a, patch: {checks: {mustPass: true}}) { scoring { checks { mustPass } } } }",
        lambda i: {"a": i.dataset},
    ),
    "addDefaultCheck": (
        'mutation($a: ID!) { addDefaultCheck(datasetId: $a, check: {contains: {value: "x"}}) { scoring { checks { mustPass } } } }',
        lambda i: {"a": i.dataset},
    ),
    "scoreAnswer": (
        'mutation($a: ID!) { scoreAnswer(input: {caseId: $a, answer: "A"}) { score { id } } }',
        lambda i: {"a": i.case},
    ),
    "rescore": (
        "mutation($a: ID!, $s: ID!) { rescore(datasetId: $a, scoreIds: [$s]) { job { id } } }",
        lambda i: {"a": i.dataset, "s": i.score},
    ),
    "setDefaultEmbeddingModel": (
        'mutation($a: ID!) { setDefaultEmbeddingModel(input: {connectionId: $a, model: "m"}) { embeddingModel { model } } }',
        lambda i: {"a": i.model_connection},
    ),
    "deleteModelConnection": (
        "mutation($a: ID!) { deleteModelConnection(id: $a) { deletedId } }",
        lambda i: {"a": i.model_connection},
    ),
    "testModelConnection": (
        "mutation($a: ID!) { testModelConnection(id: $a) { ok } }",
        lambda i: {"a": i.model_connection},
    ),
    "sendAgentTestRequest": (
        "mutation($a: ID!) { sendAgentTestRequest(agentId: $a) { ok } }",
        lambda i: {"a": i.agent},
    ),
    **AGENT_PROBES,
    **ACTIVITY_PROBES,
    **EVAL_PROBES,
    "erasePerson": (
        "mutation($u: ID!) { erasePerson(input: {memberId: $u}) { job { id } } }",
        lambda i: {"u": i.user},
    ),
    "personDataExport": (
        "query($u: ID!) { personDataExport(person: {memberId: $u}) { filename } }",
        lambda i: {"u": i.user},
    ),
    **REVIEW_PROBES,
    **KNOWLEDGE_PROBES,
    **GENERATION_PROBES,
}
# Answered as null for an id one may not see, as for one that never existed.
NODE_TYPES = {
    "Dataset": lambda i: i.dataset,
    "Case": lambda i: i.case,
    "Score": lambda i: i.score,
    "User": lambda i: i.user,
    "Organization": lambda i: i.organization,
    "ApiKey": lambda i: i.api_key,
    "Job": lambda i: i.job,
    "ModelConnection": lambda i: i.model_connection,
    "AuditEntry": lambda i: i.audit_entry,
    "Agent": lambda i: i.agent,
    "Skill": lambda i: i.skill,
    "Conversation": lambda i: i.conversation,
    "Message": lambda i: i.message,
    "Run": lambda i: i.run,
    "EvalRun": lambda i: i.eval_run,
    **KNOWLEDGE_NODE_TYPES,
}
SUBSCRIPTIONS = {
    "jobProgress": ("subscription($a: ID!) { jobProgress(id: $a) { status } }", "job"),
    "evalRunProgress": (
        "subscription($a: ID!) { evalRunProgress(id: $a) { status } }",
        "eval_run",
    ),
    "reviewQueueCounts": (
        "subscription($a: ID!) { reviewQueueCounts(datasetId: $a) { waiting } }",
        "dataset",
    ),
}


def _takes_an_id(type_: Any, seen: frozenset[str] = frozenset()) -> bool:
    named = get_named_type(type_)
    if named.name == "ID":
        return True
    if isinstance(named, GraphQLInputObjectType) and named.name not in seen:
        return any(_takes_an_id(field.type, seen | {named.name}) for field in named.fields.values())
    return False


def _fields_taking_ids(root: str) -> set[str]:
    root_type = getattr(schema._schema, f"{root}_type")
    if root_type is None:
        return set()
    return {
        name
        for name, field in root_type.fields.items()
        if any(_takes_an_id(arg.type) for arg in field.args.values())
    }


def test_every_field_taking_an_id_has_a_probe() -> None:
    found = _fields_taking_ids("query") | _fields_taking_ids("mutation")
    assert found - {"node"} - set(PROBES) == set()
    assert _fields_taking_ids("subscription") - set(SUBSCRIPTIONS) == set()
    node_types = {
        t.name
        for t in schema._schema.type_map.values()
        if any(i.name == "Node" for i in getattr(t, "interfaces", ()))
    }
    assert node_types - set(NODE_TYPES) == set()


async def _answer(api: Api, name: str, ids: Ids) -> tuple[str | None, str | None]:
    query, variables = PROBES[name]
    if name == "importCases":
        operations = {"query": query, "variables": variables(ids)}
        response = await api.http.post(
            "/graphql",
            headers=api.headers,
            data={"operations": json.dumps(operations), "map": json.dumps({"0": ["variables.f"]})},
            files={"0": ("cases.jsonl", b'{"input": "Q?", "reference_answer": "A"}\n', "x")},
        )
        body = response.json()
    elif name in UPLOADS:
        body = await post_upload(api, query, variables(ids), name)
    else:
        body = await api.raw(query, variables(ids))
    errors = body.get("errors") or []
    if not errors:
        return None, None
    return errors[0]["extensions"]["code"], errors[0]["message"]


async def activity_of(
    curator: Api, member_id: str | None, *, private: bool = False
) -> dict[str, str]:
    """A private agent and skill, and a conversation (with the curator, or an end user) and
    its run, made by ``curator``."""
    agent = await curator(
        """mutation($p: Boolean!) { createWebhookAgent(input: {name: "Hidden", private: $p,
             config: {url: "https://a.example.com", tools: []}}) { agent { id } } }""",
        {"p": private},
    )
    skill = await curator(
        """mutation($p: Boolean!) { createSkill(input: {name: "S", instructions: "x",
             private: $p}) { skill { id } } }""",
        {"p": private},
    )
    agent_id = agent["createWebhookAgent"]["agent"]["id"]
    person = {"memberId": member_id} if member_id else {"endUser": "someone"}
    turns = [
        {"externalId": "q", "role": "USER", "content": "Hidden question?"},
        {"externalId": "a", "role": "AGENT", "content": "Hidden answer."},
    ]
    recorded = await curator(
        """mutation($i: RecordConversationsInput!) { recordConversations(input: $i) {
             conversations { conversationId turns { messageId runId } } } }""",
        {
            "i": {
                "conversations": [
                    {"externalId": "h", "agentId": agent_id, **person, "turns": turns}
                ]
            }
        },
    )
    found = recorded["recordConversations"]["conversations"][0]
    return {
        "agent": agent_id,
        "skill": skill["createSkill"]["skill"]["id"],
        "conversation": found["conversationId"],
        "message": found["turns"][0]["messageId"],
        "run": found["turns"][1]["runId"],
    }


@pytest.fixture
async def hidden(
    owner: Api,
    other_curator: Api,
    member_as: MemberFactory,
    subject_for: SubjectFactory,
    sessionmaker: Any,
) -> tuple[Api, Ids, Ids]:
    """An Admin of this organization, and another organization's resources of every type,
    and a Member, with a private dataset of this organization it may not see."""
    admin = await member_as(Role.ADMIN)
    elsewhere = await subject_for(Target.OTHER_ORGANIZATION, admin)
    key = await other_curator(
        'mutation { createApiKey(input: {name: "k", scopes: ["datasets:view"]}) { apiKey { id } } }'
    )
    job = await other_curator('mutation { ping(message: "x") { job { id } } }')
    connection = await other_curator(
        """mutation { addModelConnection(input: {name: "c", provider: OPENAI,
             models: ["m"], apiKey: "sk-test-0123456789abcdef"}) { connection { id } } }"""
    )
    viewer = await other_curator("{ viewer { user { id } organization { id } } }")
    audit = await other_curator("{ auditLog(first: 1) { edges { node { id } } } }")
    theirs = await activity_of(other_curator, viewer["viewer"]["user"]["id"])
    other = Ids(
        dataset=elsewhere.dataset_id,
        case=elsewhere.case_id,
        score=elsewhere.score_id,
        user=elsewhere.bystander_id,
        organization=viewer["viewer"]["organization"]["id"],
        api_key=key["createApiKey"]["apiKey"]["id"],
        job=job["ping"]["job"]["id"],
        model_connection=connection["addModelConnection"]["connection"]["id"],
        audit_entry=audit["auditLog"]["edges"][0]["node"]["id"],
        eval_run=elsewhere.eval_run_id,
        **theirs,
        **await knowledge_of(other_curator, private=False),
        **await generation_of(sessionmaker, elsewhere.dataset_id),
    )
    member = await member_as(Role.MEMBER)
    private = await subject_for(Target.PRIVATE, member)
    same_org = Ids(
        **{
            **other.__dict__,
            "dataset": private.dataset_id,
            "case": private.case_id,
            "score": private.score_id,
            **await activity_of(owner, None, private=True),
            **await knowledge_of(owner, private=True),
            **await generation_of(sessionmaker, private.dataset_id),
        }
    )
    return admin, other, same_org, member  # type: ignore[return-value]


async def test_an_id_one_may_not_see_answers_as_one_that_never_existed(hidden: Any) -> None:
    admin, other, same_org, member = hidden
    differing = []
    for api, ids in ((admin, other), (member, same_org)):
        email = (await api("{ viewer { user { email } } }"))["viewer"]["user"]["email"]
        ids = Ids(**{**ids.__dict__, "email": email})
        for name in PROBES:
            seen, missing = await _answer(api, name, ids), await _answer(api, name, never(email))
            # A probe the schema refuses proves nothing: it must reach its resolver.
            assert "GRAPHQL_VALIDATION" not in (seen[0], missing[0]), (name, seen, missing)
            if seen != missing:
                differing.append(f"{name}: {seen} where an id that never existed gets {missing}")
        for type_name, pick in NODE_TYPES.items():
            query = "query($a: ID!) { node(id: $a) { id } }"
            seen_body = await api.raw(query, {"a": pick(ids)})
            missing_body = await api.raw(query, {"a": pick(never())})
            if seen_body != missing_body:
                differing.append(f"node({type_name}): {seen_body} / {missing_body}")
    assert differing == []


async def test_a_subscription_to_an_id_one_may_not_see_answers_as_one_that_never_existed(
    settings: Settings, hidden: Any
) -> None:
    admin, other, _, _ = hidden
    with live_server(settings) as host:
        async with httpx.AsyncClient(base_url=f"http://{host}") as client:
            signed_in = Api(client)
            email = (await admin("{ viewer { user { email } } }"))["viewer"]["user"]["email"]
            await signed_in.login(email, PASSWORD)
            cookie = f"casebook_session={client.cookies['casebook_session']}"
        answers: dict[str, list[dict[str, Any]]] = {name: [] for name in SUBSCRIPTIONS}
        for ids in (other, never()):
            for name, (query, kind) in SUBSCRIPTIONS.items():
                async with websockets.connect(
                    f"ws://{host}/graphql",
                    subprotocols=["graphql-transport-ws"],
                    additional_headers={"cookie": cookie, "origin": "http://console.test"},
                ) as ws:
                    await ws.send(json.dumps({"type": "connection_init", "payload": {}}))
                    assert json.loads(await ws.recv())["type"] == "connection_ack"
                    variables = {"a": getattr(ids, kind)}
                    payload = {"query": query, "variables": variables}
                    await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": payload}))
                    answers[name].append(json.loads(await ws.recv()))
    for name, (seen, missing) in answers.items():
        assert seen == missing, name
        assert seen["payload"]["errors"][0]["extensions"]["code"] == "NOT_FOUND", name


CASE_BY_ID = "query($a: ID!) { case(id: $a) { id input } }"
CASE_AS_NODE = "query($a: ID!) { node(id: $a) { id ... on Case { input } } }"


async def _statements(app: Any, api: Api, query: str, case_id: str) -> tuple[int, Any]:
    await api.raw(query, {"a": case_id})  # the request's own reads (signing in) warmed once
    with counted_statements(app_engine(app)) as statements:
        body = await api.raw(query, {"a": case_id})
    return len(statements), body


async def test_a_case_one_may_not_see_costs_the_statements_a_missing_one_does(
    app: Any, owner: Api, hidden: Any
) -> None:
    """Hidden and absent answer after the same work: one statement finds the case with its
    dataset and the reader's grants, whether there is a case, one removed, or one the reader
    may not see - so the time of the answer does not tell that the id exists."""
    admin, other, same_org, member = hidden
    dataset_id = await create_dataset(owner, "Visible to all")
    removed = (await add_case(owner, dataset_id))["case"]["id"]
    await owner("mutation($c: ID!) { removeCase(id: $c) { version } }", {"c": removed})
    for api, hidden_case in ((admin, other.case), (member, same_org.case)):
        for query in (CASE_BY_ID, CASE_AS_NODE):
            costs = {
                label: await _statements(app, api, query, case_id)
                for label, case_id in (
                    ("never existed", never().case),
                    ("removed", removed),
                    ("may not see", hidden_case),
                )
            }
            counts = {label: count for label, (count, _) in costs.items()}
            assert len(set(counts.values())) == 1, (query, counts)
            assert costs["may not see"][1] == costs["never existed"][1], query


async def test_a_node_one_may_not_see_costs_the_statements_a_missing_one_does(
    app: Any, hidden: Any
) -> None:
    """The same, for ``node(id:)`` of every node type: another organization's as an Admin,
    and this organization's private ones as a Member."""
    admin, other, same_org, member = hidden
    query = "query($a: ID!) { node(id: $a) { id } }"
    differing = []
    for api, ids in ((admin, other), (member, same_org)):
        for type_name, pick in NODE_TYPES.items():
            seen, _ = await _statements(app, api, query, pick(ids))
            missing, _ = await _statements(app, api, query, pick(never()))
            if seen != missing:
                differing.append(f"{type_name}: {seen} statements, {missing} for none")
    assert differing == []


async def _cost(app: Any, api: Api, name: str, ids: Ids) -> int:
    await _answer(api, name, ids)  # the request's own reads (signing in) warmed once
    with counted_statements(app_engine(app)) as statements:
        await _answer(api, name, ids)
    return len(statements)


async def test_every_query_taking_an_id_costs_the_same_hidden_or_absent(
    app: Any, hidden: Any
) -> None:
    """Every query probe, as above: an id one may not see costs the statements one that
    never existed does."""
    admin, other, same_org, member = hidden
    differing, asked = [], 0
    for api, ids in ((admin, other), (member, same_org)):
        email = (await api("{ viewer { user { email } } }"))["viewer"]["user"]["email"]
        ids = Ids(**{**ids.__dict__, "email": email})
        for name, (query, _) in PROBES.items():
            if not query.lstrip().startswith("query"):
                continue
            asked += 1
            seen, missing = await _cost(app, api, name, ids), await _cost(app, api, name, never())
            if seen != missing:
                differing.append(f"{name}: {seen} statements, {missing} for none")
    assert asked > 40
    assert differing == []
