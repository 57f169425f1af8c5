"""A key whose scopes do not include a mutation's key scope is refused that mutation, every
mutation of the schema, and nothing changes.

The mutations are enumerated from the schema, each performed once with an API key scoped
to reading everything its issuer (an Owner) may read, on that Owner's own resources: the
very ones the mutation would change for a key with the scope. A mutation added to the
schema is performed here as soon as it exists.
"""

import json
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    Undefined,
    get_named_type,
)
from sqlalchemy import text

from casebook.domain.access.catalog import Permission
from casebook.domain.access.policy import changes_something
from casebook.graphql.schema import schema
from tests.integration.access.conftest import SubjectFactory, user_id_of
from tests.integration.access.generation_probes import generation_of
from tests.integration.access.knowledge_probes import knowledge_of
from tests.integration.access.spec_table import Target
from tests.integration.access.test_not_found_is_one_answer import activity_of
from tests.support.graphql_client import Api

READ_SCOPES = sorted(p.value for p in Permission if not changes_something(p))
CREATE_KEY = "mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"
UPLOAD = ("cases.jsonl", b'{"input": "Q?", "reference_answer": "A"}\n')


def _node_types() -> list[str]:
    return sorted(
        (
            t.name
            for t in schema._schema.type_map.values()
            if any(i.name == "Node" for i in getattr(t, "interfaces", ()))
        ),
        key=len,
        reverse=True,
    )


NODE_TYPES = _node_types()


def _named_by(name: str) -> str | None:
    """The node type a name speaks of: ``runId`` -> Run, ``deleteConversation`` ->
    Conversation (the longest type named in it)."""
    lowered = name.lower()
    return next((t for t in NODE_TYPES if t.lower() in lowered), None)


class Arguments:
    """Arguments a mutation takes, each a plausible value: its required ones only, every id
    one of the issuer's own resources of the type the argument or the mutation names."""

    def __init__(self, ids: dict[str, str], mutation: str) -> None:
        self.ids = ids
        self.mutation = mutation
        self.uploads: list[str] = []

    def value(self, type_: Any, name: str, path: str) -> Any:
        if isinstance(type_, GraphQLNonNull):
            return self.value(type_.of_type, name, path)
        if isinstance(type_, GraphQLList):
            return [self.value(type_.of_type, name, f"{path}.0")]
        if isinstance(type_, GraphQLEnumType):
            return next(iter(type_.values))
        if isinstance(type_, GraphQLInputObjectType):
            fields = type_.fields
            definition = (type_.extensions or {}).get("strawberry-definition")
            if getattr(definition, "is_one_of", False):
                first = next(iter(fields))
                return {first: self.value(fields[first].type, first, f"{path}.{first}")}
            return {
                field: self.value(definition.type, field, f"{path}.{field}")
                for field, definition in fields.items()
                if isinstance(definition.type, GraphQLNonNull)
                and definition.default_value is Undefined
            }
        assert isinstance(type_, GraphQLScalarType), type_
        return self._scalar(type_.name, name, path)

    def _scalar(self, scalar: str, name: str, path: str) -> Any:
        if scalar == "ID":
            wanted = _named_by(name) if name != "id" else None
            wanted = wanted or _named_by(self.mutation) or "Dataset"
            return self.ids.get(wanted, self.ids["Dataset"])
        if scalar == "Upload":
            self.uploads.append(path)
            return None
        return {
            "String": "Ordinary text",
            "Int": 1,
            "Float": 1.0,
            "Boolean": False,
            "JSON": {},
            "DateTime": "2030-01-01T00:00:00Z",
        }[scalar]


def _selection(type_: Any) -> str:
    named = get_named_type(type_)
    return "{ __typename }" if not isinstance(named, GraphQLScalarType | GraphQLEnumType) else ""


def mutation_of(name: str, definition: GraphQLField, ids: dict[str, str]) -> tuple[str, Any]:
    arguments = Arguments(ids, name)
    declared, passed, variables = [], [], {}
    for argument, given in definition.args.items():
        if not isinstance(given.type, GraphQLNonNull) or given.default_value is not Undefined:
            continue
        variable = f"v{len(declared)}"
        declared.append(f"${variable}: {given.type}")
        passed.append(f"{argument}: ${variable}")
        variables[variable] = arguments.value(given.type, argument, f"variables.{variable}")
    header = f"({', '.join(declared)})" if declared else ""
    call = f"{name}({', '.join(passed)})" if passed else name
    return f"mutation Scoped{header} {{ {call} {_selection(definition.type)} }}", (
        variables,
        arguments.uploads,
    )


async def _perform(api: Api, query: str, variables: Any, uploads: list[str]) -> Any:
    if not uploads:
        return await api.raw(query, variables)
    files = {str(n): (*UPLOAD, "application/x-ndjson") for n in range(len(uploads))}
    response = await api.http.post(
        "/graphql",
        headers=api.headers,
        data={
            "operations": json.dumps({"query": query, "variables": variables}),
            "map": json.dumps({str(n): [path] for n, path in enumerate(uploads)}),
        },
        files=files,
    )
    return response.json()


# What using a key records of it, which is no change made by the mutation.
USE_MARKS = {"api_keys": "last_used_at"}


async def _state(sessionmaker: Any) -> dict[str, str]:
    """A digest of every table's rows, to show that nothing changed."""
    async with sessionmaker() as session:
        tables = (
            await session.execute(
                text(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
                )
            )
        ).scalars()
        digests = {}
        for table in list(tables):
            row = f"(to_jsonb(t) - '{USE_MARKS.get(table, '')}')::text"
            digests[table] = (
                await session.execute(
                    text(
                        f"SELECT md5(coalesce(string_agg({row}, '|' ORDER BY {row}), '')) "
                        f'FROM "{table}" t'
                    )
                )
            ).scalar_one()
    return digests


async def _owners_world(owner: Api, subject_for: SubjectFactory, sessionmaker: Any) -> dict:
    """Ids of the Owner's own resources, one of each type a mutation names."""
    subject = await subject_for(Target.ORGANIZATION_VISIBLE, owner)
    owner_id = await user_id_of(owner)
    activity = await activity_of(owner, owner_id)
    knowledge = await knowledge_of(owner, private=False)
    generation = await generation_of(sessionmaker, subject.dataset_id)
    job = await owner('mutation { ping(message: "x") { job { id } } }')
    key = await owner(
        'mutation { createApiKey(input: {name: "spare", scopes: ["datasets:edit"]}) '
        "{ apiKey { id } } }"
    )
    connection = await owner(
        """mutation { addModelConnection(input: {name: "c", provider: OPENAI,
             models: ["m"], apiKey: "sk-test-0123456789abcdef"}) { connection { id } } }"""
    )
    viewer = await owner("{ viewer { organization { id } } }")
    audit = await owner("{ auditLog(first: 1) { edges { node { id } } } }")
    return {
        "Dataset": subject.dataset_id,
        "Case": subject.case_id,
        "Score": subject.score_id,
        "User": subject.bystander_id,
        "Organization": viewer["viewer"]["organization"]["id"],
        "EvalRun": subject.local_run_id,
        "Agent": activity["agent"],
        "Skill": activity["skill"],
        "Conversation": activity["conversation"],
        "Message": activity["message"],
        "Run": activity["run"],
        "KnowledgeBase": knowledge["knowledge_base"],
        "KnowledgeDocument": knowledge["knowledge_document"],
        "Generation": generation["generation"],
        "ProposedCase": generation["proposed_case"],
        "Job": job["ping"]["job"]["id"],
        "ApiKey": key["createApiKey"]["apiKey"]["id"],
        "ModelConnection": connection["addModelConnection"]["connection"]["id"],
        "AuditEntry": audit["auditLog"]["edges"][0]["node"]["id"],
    }


def _refused_by_scope(name: str, body: Any) -> bool:
    errors = body.get("errors") or []
    if len(errors) != 1 or errors[0]["extensions"]["code"] != "FORBIDDEN":
        return False
    message = errors[0]["message"]
    return message in (
        f"{name} is for a console session: an API key cannot do it",
    ) or message.startswith(f"this API key's scopes do not allow {name}: it needs ")


async def test_a_key_scoped_to_reading_is_refused_every_mutation_and_nothing_changes(
    owner: Api, subject_for: SubjectFactory, sessionmaker: Any
) -> None:
    ids = await _owners_world(owner, subject_for, sessionmaker)
    secret = await owner(CREATE_KEY, {"i": {"name": "reader", "scopes": READ_SCOPES}})
    reader = owner.with_key(secret["createApiKey"]["secret"])
    mutations = schema._schema.mutation_type
    assert mutations is not None
    before = await _state(sessionmaker)
    not_refused = []
    for name, definition in mutations.fields.items():
        query, (variables, uploads) = mutation_of(name, definition, ids)
        body = await _perform(reader, query, variables, uploads)
        if not _refused_by_scope(name, body):
            not_refused.append(f"{name}: {json.dumps(body)[:300]}")
    after = await _state(sessionmaker)
    print(f"\n{len(mutations.fields)} mutations performed with a key scoped to {READ_SCOPES}")
    assert not_refused == []
    changed = [table for table, digest in before.items() if after.get(table) != digest]
    assert changed == []


RATE = "mutation($r: ID!) { rateRun(input: {runId: $r, value: DOWN}) { rating { value } } }"
DELETE_CONVERSATION = "mutation($c: ID!) { deleteConversation(id: $c) { deletedId } }"


async def _key_of(owner: Api, scopes: list[str]) -> Api:
    created = await owner(CREATE_KEY, {"i": {"name": "+".join(scopes), "scopes": scopes}})
    return owner.with_key(created["createApiKey"]["secret"])


async def test_a_key_holding_one_of_the_key_scopes_makes_the_change(owner: Api) -> None:
    """The refusal is the scope's, not the key's: with agents:run (or, to delete a
    conversation, organization:manage) the same key-authenticated changes go through."""
    owner_id = await user_id_of(owner)
    runner = await _key_of(owner, ["agents:view", "agents:run"])
    activity = await activity_of(owner, owner_id)
    rated = await runner(RATE, {"r": activity["run"]})
    assert rated["rateRun"]["rating"]["value"] == "DOWN"
    deleted = await runner(DELETE_CONVERSATION, {"c": activity["conversation"]})
    assert deleted["deleteConversation"]["deletedId"] == activity["conversation"]
    manager = await _key_of(owner, ["organization:manage"])
    another = await activity_of(owner, owner_id)
    refused = await manager.errors(RATE, {"r": another["run"]})
    assert refused.errors[0]["message"] == (
        "this API key's scopes do not allow rateRun: it needs agents:run"
    )
    deleted = await manager(DELETE_CONVERSATION, {"c": another["conversation"]})
    assert deleted["deleteConversation"]["deletedId"] == another["conversation"]
