"""A fuzz test over every query, mutation and subscription of the schema: zero INTERNAL
answers and zero 5xx, as the owner, as a Viewer and as nobody.

Operations and arguments are generated from the schema (``generator``), so a
new field or input is fuzzed as soon as it exists. The seed is fixed and the
budget bounded in ``make test``; a longer run by hand:

    CASEBOOK_FUZZ_SETS=200 CASEBOOK_FUZZ_SEED=7 .venv/bin/python -m pytest \\
        tests/integration/fuzz -q -s
"""

import asyncio
import json
import os
import random
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from graphql import GraphQLList, GraphQLNonNull, GraphQLObjectType, Undefined, get_named_type

from casebook.config import Settings
from casebook.domain.access.catalog import Role
from casebook.graphql.schema import schema
from tests.integration.agents.helpers import webhook_agent
from tests.integration.fuzz.conftest import SUMMARIES
from tests.integration.fuzz.edges import (
    FILLS,
    Spot,
    introspection_documents,
    multipart_edges,
    scalar_spots,
    upload_operation,
)
from tests.integration.fuzz.generator import Operation, Pool, Values, operation, root_fields
from tests.support.graphql_client import Api
from tests.support.live_server import live_server
from tests.support.ws_client import Socket, socket

SEED = int(os.environ.get("CASEBOOK_FUZZ_SEED", "20261130"))
# Argument sets per root field and role: a few thousand in all in `make test`.
SETS_PER_FIELD = int(os.environ.get("CASEBOOK_FUZZ_SETS", "12"))
SUBSCRIPTION_SETS = max(2, SETS_PER_FIELD // 4)
# A subscription that answered the ping but nothing else this long is waiting for events.
WAITING_SECONDS = 1.5
HOSTILE_FILES = (
    ("cases.csv", b""),
    ("cases.csv", b"\xff\xfe\x00\x00not utf-8"),
    ("cases.csv", b"input,reference_answer\na\x00b,c\n"),
    ("cases.csv", b"input,reference_answer\n" + b"x" * 200_000 + b",y\n"),
    ("cases.jsonl", b'{"input": ' * 3_000 + b"1"),
    ("cases.jsonl", b'{"input": "\\ud800", "reference_answer": "x"}\n'),
    ("../../etc/passwd.csv", b"input,reference_answer\nq,a\n"),
    ("cases.exe", b"MZ"),
)


@dataclass
class Tally:
    operations: set[str] = field(default_factory=set)
    argument_sets: int = 0
    by_role: Counter[str] = field(default_factory=Counter)
    # Argument sets that passed validation: resolvers ran on them.
    resolved: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def record(self, role: str, op: Operation, status: int, body: Any) -> None:
        self.operations.add(f"{op.kind}.{op.field}")
        self.argument_sets += 1
        self.by_role[role] += 1
        errors = body.get("errors") if isinstance(body, dict) else None
        codes = [((e.get("extensions") or {}).get("code") or "NONE") for e in errors or ()]
        self.codes.update(codes or ["OK"])
        self.resolved += "GRAPHQL_VALIDATION" not in codes and status < 400
        if status >= 500 or "INTERNAL" in codes:
            shown = json.dumps(op.variables, ensure_ascii=True)[:400]
            self.failures.append(
                f"{role} {op.kind} {op.field}: HTTP {status} {codes} "
                f"{json.dumps(body)[:300]}\n  {op.document[:300]}\n  variables {shown}"
            )


async def _pool(api: Api) -> Pool:
    """Ids of every node type a list the owner reads gives out, found from the schema."""
    pool = Pool()
    query_type = schema._schema.query_type
    assert query_type is not None
    for name, definition in query_type.fields.items():
        if any(
            isinstance(a.type, GraphQLNonNull) and a.default_value is Undefined
            for a in definition.args.values()
        ):
            continue  # a list that needs an argument: its ids come from the others
        named = get_named_type(definition.type)
        if not isinstance(named, GraphQLObjectType):
            continue
        if "edges" in named.fields:
            selection = "{ edges { node { __typename ... on Node { id } } } }"
        elif isinstance(GraphQLNonNull(definition.type).of_type, GraphQLList) or (
            isinstance(definition.type, GraphQLNonNull)
            and isinstance(definition.type.of_type, GraphQLList)
        ):
            if "id" not in named.fields:
                continue
            selection = "{ __typename id }"
        else:
            continue
        body = await api.raw(f"{{ {name} {selection} }}")
        found = (body.get("data") or {}).get(name) or []
        nodes = [edge["node"] for edge in found["edges"]] if isinstance(found, dict) else found
        for node in nodes:
            # The keys the fuzzer sends are kept out of reach: revoked, nothing after runs.
            if node and node.get("id") and node["__typename"] != "ApiKey":
                pool.ids.setdefault(node["__typename"], []).append(node["id"])
    return pool


async def _world(owner: Api) -> None:
    """Something of each kind for the arguments to reach."""
    for private in (False, True):
        created = await owner(
            "mutation($i: CreateDatasetInput!) { createDataset(input: $i) { dataset { id } } }",
            {"i": {"name": f"Fuzzed {private}", "private": private}},
        )
        dataset_id = created["createDataset"]["dataset"]["id"]
        case = await owner(
            """mutation($d: ID!, $c: CaseInput!) { addCase(datasetId: $d, case: $c) {
                 case { id } } }""",
            {"d": dataset_id, "c": {"input": "Q?", "checks": [{"contains": {"value": "A"}}]}},
        )
        await owner(
            "mutation($i: ScoreAnswerInput!) { scoreAnswer(input: $i) { score { id } } }",
            {"i": {"caseId": case["addCase"]["case"]["id"], "answer": "A."}},
        )
    await owner(
        """mutation { addModelConnection(input: {name: "fuzzed", provider: OPENAI,
             models: ["m"], apiKey: "sk-test-0123456789abcdef"}) { connection { id } } }"""
    )
    await owner(
        """mutation { addMember(input: {email: "spare@acme.test", role: MEMBER,
             password: "correct horse battery"}) { member { role } } }"""
    )
    await owner('mutation { ping(message: "fuzz") { job { id } } }')
    await webhook_agent(owner, "https://agents.example.com/fuzzed")


async def _key(owner: Api, scopes: list[str]) -> str:
    created = await owner(
        'mutation($s: [String!]!) { createApiKey(input: {name: "fuzzer", scopes: $s}) { secret } }',
        {"s": scopes},
    )
    return str(created["createApiKey"]["secret"])


async def _send(
    client: httpx.AsyncClient, headers: dict[str, str], op: Operation, rng: random.Random
) -> httpx.Response:
    if not op.uploads:
        # Escaped as JSON allows, so lone surrogates travel as \ud800 does.
        body = json.dumps({"query": op.document, "variables": op.variables}, ensure_ascii=True)
        return await client.post(
            "/graphql", content=body, headers={**headers, "content-type": "application/json"}
        )
    files = {}
    mapping = {}
    for index, variable in enumerate(op.uploads):
        name, content = rng.choice(HOSTILE_FILES)
        files[str(index)] = (name, content, "application/octet-stream")
        mapping[str(index)] = [f"variables.{variable}"]
    operations = {"query": op.document, "variables": op.variables}
    return await client.post(
        "/graphql",
        headers={**headers, "apollo-require-preflight": "true"},
        data={"operations": json.dumps(operations), "map": json.dumps(mapping)},
        files=files,
    )


def _decoded(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return {"text": response.text[:200]}


async def _first_answer(ws: Socket) -> dict[str, Any]:
    """The subscription's first answer; one that rightly waits for an event (a dashboard's
    feed) has none: the socket still answers a ping, and nothing comes within a while."""
    await ws.send({"type": "ping"})
    waiting = False
    while True:
        try:
            async with asyncio.timeout(WAITING_SECONDS if waiting else 10):
                message = await ws.connection.recv()
        except TimeoutError:
            assert waiting, "neither an answer nor a pong"
            return {"data": None}
        found: dict[str, Any] = json.loads(message)
        if found["type"] == "pong":
            waiting = True
        elif found["type"] == "next":
            return dict(found.get("payload") or {})
        elif found["type"] in ("error", "complete"):
            return {"errors": found.get("payload") or []}


@pytest.fixture
async def roles(
    owner: Api, member_as: Any, http: httpx.AsyncClient
) -> AsyncIterator[dict[str, dict[str, str]]]:
    await _world(owner)
    # A Member: the least of the roles that mint keys (a Viewer mints none).
    member = await member_as(Role.MEMBER)
    owner_scopes = (await owner("{ viewer { permissions } }"))["viewer"]["permissions"]
    member_scopes = (await member("{ viewer { permissions } }"))["viewer"]["permissions"]
    yield {
        "owner": {"authorization": f"Bearer {await _key(owner, owner_scopes)}"},
        "member": {"authorization": f"Bearer {await _key(member, member_scopes)}"},
        "anonymous": {},
    }


async def test_every_operation_of_the_schema_under_hostile_arguments(
    owner: Api, http: httpx.AsyncClient, roles: dict[str, dict[str, str]], settings: Settings
) -> None:
    pool = await _pool(owner)
    tally = Tally()
    fields = [(kind, name) for kind, name, _ in root_fields(schema._schema)]
    for role, headers in roles.items():
        for kind, name in fields:
            if kind == "subscription":
                continue
            rng = random.Random(f"{SEED}:{role}:{kind}:{name}")
            for _ in range(SETS_PER_FIELD):
                op = operation(schema._schema, kind, name, Values(rng, pool))
                http.cookies.clear()
                response = await _send(http, headers, op, rng)
                tally.record(role, op, response.status_code, _decoded(response))
    subscriptions = [name for kind, name in fields if kind == "subscription"]
    with live_server(settings) as host:
        for role, headers in roles.items():
            for name in subscriptions:
                rng = random.Random(f"{SEED}:{role}:subscription:{name}")
                for _ in range(SUBSCRIPTION_SETS):
                    op = operation(schema._schema, "subscription", name, Values(rng, pool))
                    async with socket(host, authorization=headers.get("authorization")) as ws:
                        await ws.start("fuzz", op.document, op.variables)
                        tally.record(role, op, 200, await _first_answer(ws))
    SUMMARIES.append(
        f"fuzz: seed {SEED}, {len(tally.operations)} operations of {len(fields)} in the "
        f"schema, {tally.argument_sets} argument sets ({dict(tally.by_role)}), "
        f"{tally.resolved} of them past validation; "
        f"answers by code: {dict(tally.codes)}; INTERNAL or 5xx: {len(tally.failures)}"
    )
    print(f"\n{SUMMARIES[-1]}")
    assert len(tally.operations) == len(fields)
    assert tally.failures == [], "\n".join(tally.failures[:20])


# Of the edge values a Viewer and an anonymous caller send, one set in this many (and of
# the types they introspect, one in this many): the owner, whose sets reach every
# resolver, sends them all.
EDGE_SAMPLE_OTHERS = int(os.environ.get("CASEBOOK_FUZZ_EDGE_SAMPLE", "6"))
REFUSED_AS_GIVEN = {"BAD_USER_INPUT", "GRAPHQL_VALIDATION"}
BACKGROUND_TRIES = 4


def _refused_names(body: Any) -> set[str]:
    """The fields a BAD_USER_INPUT answer names, by their last name (``history.0.role``:
    ``role``)."""
    names = set()
    for error in body.get("errors") or ():
        for named in (error.get("extensions") or {}).get("fields") or ():
            parts = [p for p in str(named.get("path", "")).split(".") if not p.isdigit()]
            if parts:
                names.add(parts[-1])
    return names


async def _background(
    spot: Spot,
    http: httpx.AsyncClient,
    owner: dict[str, str],
    tally: Tally,
    sample: random.Random,
) -> tuple[str, frozenset[str]]:
    """The first background the operation takes (as the owner) with an ordinary value at
    the spot: in each fill, the optional fields a refusal names are left out and it is
    asked again, so the edge values reach the resolver rather than a refusal of
    something else."""
    for fill in FILLS:
        omit: frozenset[str] = frozenset()
        for _ in range(BACKGROUND_TRIES):
            op = spot.operation(spot.ordinary, fill, omit)
            http.cookies.clear()
            response = await _send(http, owner, op, sample)
            body = _decoded(response)
            tally.record("owner", op, response.status_code, body)
            codes = {(e.get("extensions") or {}).get("code") for e in body.get("errors") or ()}
            if not codes & REFUSED_AS_GIVEN:
                return fill, omit
            named = _refused_names(body) - omit - {str(p) for path in spot.paths for p in path}
            if not named:
                break
            omit |= named
    return FILLS[-1], frozenset()


async def _edges_of(
    spot: Spot,
    http: httpx.AsyncClient,
    roles: dict[str, dict[str, str]],
    tally: Tally,
    sample: random.Random,
) -> None:
    fill, omit = await _background(spot, http, roles["owner"], tally, sample)
    for edge in spot.edges:
        op = spot.operation(edge, fill, omit)
        for role, headers in roles.items():
            if role != "owner" and sample.randrange(EDGE_SAMPLE_OTHERS):
                continue
            http.cookies.clear()
            response = await _send(http, headers, op, sample)
            tally.record(role, op, response.status_code, _decoded(response))


async def _introspection(
    http: httpx.AsyncClient,
    roles: dict[str, dict[str, str]],
    tally: Tally,
    sample: random.Random,
) -> None:
    for role, headers in roles.items():
        values = Values(random.Random(f"{SEED}:introspection:{role}"), Pool())
        for document, variables in introspection_documents(schema._schema, values):
            if role != "anonymous" and sample.randrange(EDGE_SAMPLE_OTHERS):
                continue
            root = "__type" if "__type" in document else "__schema"
            op = Operation("query", root, document, variables)
            http.cookies.clear()
            response = await _send(http, headers, op, values.rng)
            body = _decoded(response)
            tally.record(role, op, response.status_code, body)
            codes = {(e.get("extensions") or {}).get("code") for e in body.get("errors") or ()}
            if variables.get("n") in schema._schema.type_map and not codes & REFUSED_AS_GIVEN:
                assert (body.get("data") or {}).get("__type") is not None, body


async def _multipart(
    http: httpx.AsyncClient, roles: dict[str, dict[str, str]], tally: Tally, pool: Pool
) -> None:
    uploading = [
        (kind, name)
        for kind, name, definition in root_fields(schema._schema)
        if any(get_named_type(a.type).name == "Upload" for a in definition.args.values())
    ]
    assert uploading, "the schema takes no file: nothing to send wrong parts to"
    for role, headers in roles.items():
        for kind, name in uploading:
            values = Values(random.Random(f"{SEED}:multipart:{name}"), pool)
            op = upload_operation(schema._schema, kind, name, values)
            for request in multipart_edges(op):
                http.cookies.clear()
                response = await http.post(
                    "/graphql",
                    headers={**headers, "apollo-require-preflight": "true"},
                    data=request.form,
                    files=request.files or None,
                )
                shown = Operation(kind, name, f"{request.description}: {op.document}", op.variables)
                tally.record(role, shown, response.status_code, _decoded(response))
            # The file variable given in a JSON body: text, an object, a number, a list.
            for value in ("q,a", {"filename": "x.csv"}, 1e308, [None]):
                sent = Operation(kind, name, op.document, {**op.variables, op.uploads[0]: value})
                response = await _send(http, headers, sent, values.rng)
                tally.record(role, sent, response.status_code, _decoded(response))


async def test_generated_edges_of_every_operation_scalar_and_upload(
    owner: Api, http: httpx.AsyncClient, roles: dict[str, dict[str, str]], settings: Settings
) -> None:
    """Edge values put where resolvers read them (``edges``): every scalar spot of every
    operation under its scalar's extremes, every mix of DateTime spellings, introspection
    of every type and of each piece of ``__schema``, and multipart parts of every wrong
    kind for every Upload variable."""
    pool = await _pool(owner)
    sample = random.Random(SEED)
    tallies = {"scalars": Tally(), "introspection": Tally(), "multipart": Tally()}
    fields = [(kind, name) for kind, name, _ in root_fields(schema._schema)]
    for kind, name in fields:
        if kind == "subscription":
            continue
        values = Values(random.Random(f"{SEED}:edges:{name}"), pool)
        for spot in scalar_spots(schema._schema, kind, name, values):
            await _edges_of(spot, http, roles, tallies["scalars"], sample)
    with live_server(settings) as host:
        for kind, name in fields:
            if kind != "subscription":
                continue
            values = Values(random.Random(f"{SEED}:edges:{name}"), pool)
            for spot in scalar_spots(schema._schema, kind, name, values):
                for edge in spot.edges:
                    op = spot.operation(edge, FILLS[0])
                    async with socket(host, authorization=roles["owner"]["authorization"]) as ws:
                        await ws.start("edge", op.document, op.variables)
                        tallies["scalars"].record("owner", op, 200, await _first_answer(ws))
    await _introspection(http, roles, tallies["introspection"], sample)
    await _multipart(http, roles, tallies["multipart"], pool)
    failures = []
    for phase, tally in tallies.items():
        SUMMARIES.append(
            f"fuzz edges, {phase}: {len(tally.operations)} operations, {tally.argument_sets} "
            f"requests ({dict(tally.by_role)}), {tally.resolved} past validation; answers by "
            f"code: {dict(tally.codes)}; INTERNAL or 5xx: {len(tally.failures)}"
        )
        print(f"\n{SUMMARIES[-1]}")
        failures += [f"[{phase}] {failure}" for failure in tally.failures]
    assert failures == [], "\n".join(failures[:20])
