"""Operations and hostile arguments generated from the schema itself.

Every root field of the schema - query, mutation and subscription - becomes an
operation whose arguments are variables, and whose selection reads the scalar
fields of what it returns a level or two deep (with their own arguments, also
generated). Argument values come from the argument's type: mostly values of
the right type with hostile content - NUL bytes, lone surrogates, text past
column widths, numbers at and past their bounds, JSON nested hundreds deep,
ids past 64 bits, of other types or malformed - and sometimes values of the
wrong type altogether. A new type, field or input is fuzzed without a change
here; real ids of each node type come from ``Pool``.
"""

import base64
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
)

INT32 = 2**31
HUGE_INTS = (2**63, 2**64, -(2**63) - 1, 10**30)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


HOSTILE_STRINGS: tuple[str, ...] = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "\ud800",
    "x\udfffy",
    "%",
    "_",
    "%_%\\",
    "x" * 201,
    "x" * 1_001,
    "é" * 5_000,
    "🙂" * 300,
    "'; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "\u202e\u200b\ufeff",
    "\r\n\t",
    "=cmd|' /C calc'!A0",
    "../../etc/passwd",
    "NaN",
    "-1",
    "99999999999999999999999",
    "null",
    '{"a": 1}',
    "local:all-minilm-l6-v2",
)
HOSTILE_IDS: tuple[str, ...] = (
    "",
    "x",
    "!!!",
    "\x00",
    "\ud800",
    "a" * 5_000,
    _b64("Nope:1"),
    _b64("Dataset"),
    _b64("Dataset:"),
    _b64("Dataset:1:2"),
    _b64("Dataset:-1"),
    _b64("Dataset:0"),
    _b64("Dataset:1.5"),
    _b64("Dataset: 1"),
    _b64("Dataset:abc"),
    _b64("Dataset:\x00"),
    _b64("Dataset:99999999999999999999999"),
    _b64("Case:9223372036854775808"),
    _b64("Score:18446744073709551616"),
    "RGF0YXNldDox" + "=" * 7,
)


def _deep(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


def hostile_json(rng: random.Random) -> Any:
    choices: list[Any] = [
        {},
        [],
        None,
        0,
        -1,
        1.5e308,
        2**63,
        -(2**63) - 1,
        2**70,
        "\x00",
        {"\x00": 1},
        {"type": "contains", "value": "\x00"},
        {"type": "contains", "value": "a", "case_sensitive": "yes"},
        {"type": "regex", "value": "(a+)+$"},
        {"type": "regex", "value": "["},
        {"type": "json_schema", "schema": {"$ref": "#"}},
        {"type": "json_schema", "schema": _deep(300)},
        {"type": "length", "unit": "words", "max": 2**70},
        {"type": "max_cost_usd", "value": 1e308},
        {"type": "judge", "criterion": "x" * 5_000},
        {"type": "nope"},
        {"judge": {"pass_at": 2**70, "scale": -1}},
        {"judge": {"criteria": [{"id": "\x00", "text": "\ud800"}]}},
        {"structured": {"embedding_model": {"model_connection_id": "1" * 30, "model": "m"}}},
        {"checks": {"default_checks": [_deep(200)]}},
        _deep(300),
        _deep(450),
        list(range(5_000)),
        {str(n): n for n in range(500)},
        rng.choice(HOSTILE_STRINGS),
    ]
    return rng.choice(choices)


@dataclass
class Pool:
    """Real global ids by GraphQL type name, so some arguments reach existing rows."""

    ids: dict[str, list[str]] = field(default_factory=dict)

    def real(self, rng: random.Random, wanted: str | None) -> str | None:
        names = [wanted] if wanted in self.ids else list(self.ids)
        found = [gid for name in names for gid in self.ids.get(name, [])]
        return rng.choice(found) if found else None


def _wanted_type(argument: str) -> str | None:
    """The node type an id argument names, from its name: ``datasetId`` -> Dataset."""
    base = (
        argument[:-2]
        if argument.endswith("Id")
        else argument[:-3]
        if argument.endswith("Ids")
        else ""
    )
    return base[:1].upper() + base[1:] if base else None


@dataclass
class Values:
    rng: random.Random
    pool: Pool

    def for_type(self, type_: Any, name: str, depth: int = 0) -> Any:
        if isinstance(type_, GraphQLNonNull):
            if self.rng.random() < 0.02:
                return None  # the wrong type: refused before anything runs
            return self.for_type(type_.of_type, name, depth)
        if self.rng.random() < 0.05 and depth > 0:
            return None
        if isinstance(type_, GraphQLList):
            length = self.rng.choice((0, 1, 1, 1, 2, 3, 11)) if self.rng.random() < 0.97 else 200
            return [self.for_type(type_.of_type, name, depth + 1) for _ in range(length)]
        if isinstance(type_, GraphQLEnumType):
            values = list(type_.values)
            return self.rng.choice(values) if self.rng.random() < 0.97 else "NOT_A_VALUE"
        if isinstance(type_, GraphQLInputObjectType):
            return self._input_object(type_, depth)
        assert isinstance(type_, GraphQLScalarType)
        return self._scalar(type_.name, name)

    def _input_object(self, type_: GraphQLInputObjectType, depth: int) -> Any:
        if depth > 6:
            return {}
        fields = type_.fields
        definition = (type_.extensions or {}).get("strawberry-definition")
        if getattr(definition, "is_one_of", False) or getattr(type_, "is_one_of", False):
            chosen = self.rng.sample(
                list(fields), k=min(len(fields), self.rng.choice((1, 1, 1, 2)))
            )
        else:
            chosen = [
                name
                for name, definition in fields.items()
                if isinstance(definition.type, GraphQLNonNull) or self.rng.random() < 0.6
            ]
        return {name: self.for_type(fields[name].type, name, depth + 1) for name in chosen}

    def _scalar(self, scalar: str, name: str) -> Any:
        rng = self.rng
        if scalar == "ID":
            real = self.pool.real(rng, _wanted_type(name))
            if real is not None and rng.random() < 0.6:
                return real
            return rng.choice(HOSTILE_IDS)
        if scalar == "String":
            return rng.choice(HOSTILE_STRINGS) if rng.random() < 0.85 else "ordinary text"
        if scalar == "Int":
            if rng.random() < 0.05:
                return rng.choice((INT32, -INT32 - 1, 10**12))  # past GraphQL's Int
            return rng.choice((0, 1, -1, 2, 50, 100, 500, 501, INT32 - 1, -INT32))
        if scalar == "Float":
            return rng.choice((0.0, -0.0, -1.0, 0.5, 1e-300, 1e308, -1e308, 3.0))
        if scalar == "Boolean":
            return rng.random() < 0.5
        if scalar == "JSON":
            return hostile_json(rng)
        if scalar == "DateTime":
            return rng.choice(
                (
                    "2030-01-01T00:00:00Z",
                    "1970-01-01T00:00:00Z",
                    "0001-01-01T00:00:00",
                    "9999-12-31T23:59:59+14:00",
                    "2030-02-30T00:00:00Z",
                    "yesterday",
                    "",
                )
            )
        if scalar == "Upload":
            return None
        return rng.choice(HOSTILE_STRINGS)


@dataclass(frozen=True)
class Operation:
    kind: str  # query, mutation or subscription
    field: str
    document: str
    variables: dict[str, Any]
    uploads: tuple[str, ...] = ()  # variable names of Upload type


@dataclass
class _Builder:
    values: Values
    definitions: list[str] = field(default_factory=list)
    variables: dict[str, Any] = field(default_factory=dict)
    uploads: list[str] = field(default_factory=list)

    def arguments(self, definition: GraphQLField) -> str:
        parts = []
        for name, argument in definition.args.items():
            optional = not isinstance(argument.type, GraphQLNonNull)
            if optional and self.values.rng.random() < 0.3:
                continue
            variable = f"v{len(self.definitions)}"
            self.definitions.append(f"${variable}: {argument.type}")
            if get_named_type(argument.type).name == "Upload":
                self.uploads.append(variable)
                self.variables[variable] = None
            else:
                self.variables[variable] = self.values.for_type(argument.type, name)
            parts.append(f"{name}: ${variable}")
        return f"({', '.join(parts)})" if parts else ""

    def selection(self, type_: Any, depth: int) -> str:
        named = get_named_type(type_)
        if isinstance(named, GraphQLScalarType | GraphQLEnumType):
            return ""
        if isinstance(named, GraphQLUnionType):
            return "{ __typename }"
        assert isinstance(named, GraphQLObjectType | GraphQLInterfaceType)
        picked = ["__typename"]
        for name, definition in named.fields.items():
            inner = get_named_type(definition.type)
            leaf = isinstance(inner, GraphQLScalarType | GraphQLEnumType)
            if not leaf and (depth >= 2 or self.values.rng.random() < 0.5):
                continue
            if definition.args and self.values.rng.random() < 0.5:
                continue
            picked.append(
                f"{name}{self.arguments(definition)} {self.selection(definition.type, depth + 1)}"
            )
        return "{ " + " ".join(picked) + " }"


def root_fields(schema: GraphQLSchema) -> Iterator[tuple[str, str, GraphQLField]]:
    for kind in ("query", "mutation", "subscription"):
        root = getattr(schema, f"{kind}_type")
        if root is None:
            continue
        for name, definition in root.fields.items():
            yield kind, name, definition


def operation(schema: GraphQLSchema, kind: str, name: str, values: Values) -> Operation:
    definition = getattr(schema, f"{kind}_type").fields[name]
    builder = _Builder(values)
    call = f"{name}{builder.arguments(definition)} {builder.selection(definition.type, 1)}"
    header = f"({', '.join(builder.definitions)})" if builder.definitions else ""
    return Operation(
        kind, name, f"{kind} Fuzz{header} {{ {call} }}", builder.variables, tuple(builder.uploads)
    )
