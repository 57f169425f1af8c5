"""Introspection answers for every caller: a field's arguments are read by the hostile-input
guard through the schema's own lookup, which knows ``__type`` and ``__schema``."""

import httpx
import strawberry

from tests.support.graphql_client import Api


async def test_type_introspection_answers_anonymous_and_signed_in_callers(
    http: httpx.AsyncClient, owner: Api
) -> None:
    document = '{ __type(name: "Check") { name kind fields { name } } }'
    signed_in = await owner(document)
    http.cookies.clear()
    anonymous = await Api(http)(document)
    assert anonymous == signed_in
    assert anonymous["__type"]["name"] == "Check"
    assert "maxCostUsd" in [f["name"] for f in anonymous["__type"]["fields"]]


async def test_hostile_text_in_an_introspection_argument_is_a_named_refusal(
    http: httpx.AsyncClient,
) -> None:
    errors = await Api(http).errors(
        "query($n: String!) { __type(name: $n) { name } }", {"n": "Check\x00"}
    )
    assert errors.codes == ["BAD_USER_INPUT"]
    assert errors.errors[0]["extensions"]["fields"][0]["path"] == "name"


async def test_is_one_of_answers_for_list_and_non_null_types(http: httpx.AsyncClient) -> None:
    data = await Api(http)(
        """{ check: __type(name: "CheckInput") { isOneOf }
             case: __type(name: "CaseInput") { isOneOf inputFields { name type { kind isOneOf
               ofType { kind isOneOf ofType { kind name isOneOf } } } } } }"""
    )
    assert data["check"]["isOneOf"] is True
    assert data["case"]["isOneOf"] is False
    checks = next(f for f in data["case"]["inputFields"] if f["name"] == "checks")
    assert checks["type"]["kind"] == "LIST" and checks["type"]["isOneOf"] is False
    assert checks["type"]["ofType"]["ofType"] == {
        "kind": "INPUT_OBJECT",
        "name": "CheckInput",
        "isOneOf": True,
    }


async def test_is_one_of_still_answers_after_another_schema_is_built(
    http: httpx.AsyncClient,
) -> None:
    """graphql-core's ``__Type`` is shared by every schema of a process, and each one built
    installs its ``isOneOf`` on it."""

    @strawberry.type
    class Query:
        ready: bool = True

    strawberry.Schema(query=Query)
    data = await Api(http)(
        '{ __type(name: "CaseInput") { inputFields { type { kind isOneOf } } } }'
    )
    kinds = {(f["type"]["kind"], f["type"]["isOneOf"]) for f in data["__type"]["inputFields"]}
    assert ("LIST", False) in kinds and ("SCALAR", False) in kinds
