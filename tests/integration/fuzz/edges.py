"""Edge cases generated from the schema, each put where a resolver reads it.

``generator`` fills every argument with hostile values at once, so most sets
are refused at the first one and a value deep in an input rarely reaches a
resolver. Here every other value is ordinary (real ids, plain text, small
numbers) and one *spot* - a scalar leaf of an argument, inside inputs, lists
and ``@oneOf`` members - takes each edge value of its scalar in turn:

- numeric extremes per scalar: Int and Float at and past their bounds and past
  every column's (``1e308``, ``1e20``, ``2**63``), numbers written as text
  (``"NaN"``, ``"1e308"``, ``"Infinity"``), and the same for every custom
  scalar (JSON, DateTime, Upload and any added later), which also gets values
  of every other JSON kind;
- every pair of DateTime spots of one operation with every mix of spellings
  (zoned, offset, unzoned, a date alone, the far past and future);
- introspection: ``__type`` for every type name, ``__schema`` piece by piece;
- multipart requests whose parts are of the wrong kind for every Upload
  variable.

A new scalar, argument or input is covered without a change here.
"""

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    GraphQLSchema,
    get_named_type,
)

from tests.integration.fuzz.generator import Operation, Values, _Builder, _wanted_type

# A spot: the argument's name and the keys and indexes inside its value.
Path = tuple[str | int, ...]

INT32 = 2**31
NUMBERS_AS_TEXT = ("NaN", "-NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e999", "0x10")
HUGE_NUMBERS = (1e308, -1e308, 1.7976931348623157e308, 1e20, -1e20, 2**63, 2**64, -(2**63) - 1)
BUILT_IN_EXTREMES: dict[str, tuple[Any, ...]] = {
    "Int": (INT32 - 1, -INT32, INT32, -INT32 - 1, 2**53, 10**20, 1.5, *NUMBERS_AS_TEXT),
    "Float": (*HUGE_NUMBERS, 5e-324, -0.0, 2**53 + 1, *NUMBERS_AS_TEXT),
    # Text and ids are fuzzed by ``generator``; here only a number where they are read.
    "String": ("1e308", 1e308),
    "ID": (2**63, "1e308"),
    "Boolean": ("NaN",),
}
# Any other scalar: the numeric extremes, and a value of every other JSON kind.
CUSTOM_EXTREMES: tuple[Any, ...] = (
    *HUGE_NUMBERS,
    *NUMBERS_AS_TEXT,
    {"value": 1e308},
    [2**64, -1e308],
    True,
    "",
)
# DateTime spellings: the spots of one operation are given every mix of them.
MOMENTS: tuple[str, ...] = (
    "2030-01-01T00:00:00Z",
    "2030-01-01T00:00:00+05:30",
    "2030-01-01T00:00:00",
    "2030-01-01",
    "0001-01-01",
    "0001-01-01T00:00:00+14:00",
    "0001-01-01T00:00:00-12:00",
    "9999-12-31T23:59:59.999999",
    "9999-12-31T23:59:59-12:00",
    "9999-12-31T23:59:59+14:00",
)
MAX_DEPTH = 8  # input.conversations.0.turns.0.run.costUsd is 7 deep


def extremes(scalar: GraphQLScalarType) -> tuple[Any, ...]:
    if scalar.name == "DateTime":
        return MOMENTS + CUSTOM_EXTREMES
    return BUILT_IN_EXTREMES.get(scalar.name, CUSTOM_EXTREMES)


def is_one_of(type_: GraphQLInputObjectType) -> bool:
    """A ``@oneOf`` input: Strawberry says so in its definition, not graphql-core's flag."""
    definition = (type_.extensions or {}).get("strawberry-definition")
    return bool(getattr(definition, "is_one_of", False) or getattr(type_, "is_one_of", False))


def spots(type_: Any, path: Path = (), depth: int = 0) -> Iterator[tuple[Path, GraphQLScalarType]]:
    """Every scalar leaf inside a value of ``type_``, with the path to it."""
    if depth > MAX_DEPTH:
        return
    if isinstance(type_, GraphQLNonNull):
        yield from spots(type_.of_type, path, depth)
    elif isinstance(type_, GraphQLList):
        yield from spots(type_.of_type, (*path, 0), depth + 1)
    elif isinstance(type_, GraphQLInputObjectType):
        for name, field in type_.fields.items():
            yield from spots(field.type, (*path, name), depth + 1)
    elif isinstance(type_, GraphQLScalarType):
        yield path, type_


# How much of each input object is given besides its required fields and the spot:
# nothing, its optional scalar fields, or everything. The first that an operation takes
# with an ordinary value at the spot is the background its edge values are sent in.
FILLS = ("scalars", "all", "required")


@dataclass
class Ordinary:
    """Values a resolver takes as they are: the background every spot is fuzzed against."""

    values: Values
    fill: str = "scalars"
    # Optional fields an operation refused in this background: left out wherever they are.
    omit: frozenset[str] = frozenset()

    def value(self, type_: Any, name: str, forced: dict[Path, Any], path: Path = ()) -> Any:
        if path in forced:
            return forced[path]
        if isinstance(type_, GraphQLNonNull):
            return self.value(type_.of_type, name, forced, path)
        if isinstance(type_, GraphQLList):
            return [self.value(type_.of_type, name, forced, (*path, 0))]
        if isinstance(type_, GraphQLEnumType):
            return next(iter(type_.values))
        if isinstance(type_, GraphQLInputObjectType):
            return self._object(type_, forced, path)
        assert isinstance(type_, GraphQLScalarType)
        return self._scalar(type_.name, name)

    def _given(self, name: str, field: Any) -> bool:
        if isinstance(field.type, GraphQLNonNull):
            return True
        if name in self.omit:
            return False
        if self.fill == "all":
            return True
        plain = get_named_type(field.type)
        leaf = isinstance(plain, GraphQLScalarType | GraphQLEnumType)
        return self.fill == "scalars" and leaf and not isinstance(field.type, GraphQLList)

    def _object(self, type_: GraphQLInputObjectType, forced: dict[Path, Any], path: Path) -> Any:
        if len(path) > 2 * MAX_DEPTH:
            return {}
        wanted = {p[len(path)] for p in forced if len(p) > len(path) and p[: len(path)] == path}
        if is_one_of(type_):
            members = [m for m in type_.fields if m in wanted] or [next(iter(type_.fields))]
            chosen = members[:1]
        else:
            chosen = [
                name
                for name, field in type_.fields.items()
                if name in wanted or self._given(name, field)
            ]
        return {
            name: self.value(type_.fields[name].type, name, forced, (*path, name))
            for name in chosen
        }

    def _scalar(self, scalar: str, name: str) -> Any:
        if scalar == "ID":
            return self.values.pool.real(self.values.rng, _wanted_type(name)) or "RGF0YXNldDox"
        return ORDINARY.get(scalar, "ordinary text")


ORDINARY: dict[str, Any] = {
    "String": "ordinary text",
    "Int": 1,
    "Float": 1.0,
    "Boolean": False,
    "DateTime": "2030-01-01T00:00:00Z",
    "JSON": {},
    "Upload": None,
}


def _selection(definition: GraphQLField) -> str:
    named = get_named_type(definition.type)
    if isinstance(named, GraphQLScalarType | GraphQLEnumType):
        return ""
    return "{ __typename }"


def _operation(
    kind: str,
    name: str,
    definition: GraphQLField,
    values: Values,
    forced: dict[Path, Any],
    fill: str,
    omit: frozenset[str] = frozenset(),
) -> Operation:
    """``name`` with every argument given (ordinary but for the forced spots)."""
    ordinary = Ordinary(values, fill, omit)
    definitions, arguments, variables, uploads = [], [], {}, []
    for index, (argument, spec) in enumerate(definition.args.items()):
        mine = {p[1:]: v for p, v in forced.items() if p[0] == argument}
        if not mine and not ordinary._given(argument, spec):
            continue
        variable = f"v{index}"
        definitions.append(f"${variable}: {spec.type}")
        arguments.append(f"{argument}: ${variable}")
        variables[variable] = ordinary.value(spec.type, argument, mine)
        if get_named_type(spec.type).name == "Upload" and variables[variable] is None:
            uploads.append(variable)
    header = f"({', '.join(definitions)})" if definitions else ""
    call = f"{name}({', '.join(arguments)})" if arguments else name
    document = f"{kind} Edge{header} {{ {call} {_selection(definition)} }}"
    return Operation(kind, name, document, variables, tuple(uploads))


@dataclass(frozen=True)
class Spot:
    """One place (or a pair of DateTime places) of an operation's arguments, with the
    edge values it takes; ``operation`` builds a request of it in a given background."""

    kind: str
    name: str
    definition: GraphQLField
    values: Values
    paths: tuple[Path, ...]
    ordinary: tuple[Any, ...]
    edges: tuple[tuple[Any, ...], ...]

    def operation(
        self, edge: tuple[Any, ...], fill: str, omit: frozenset[str] = frozenset()
    ) -> Operation:
        forced = dict(zip(self.paths, edge, strict=True))
        return _operation(self.kind, self.name, self.definition, self.values, forced, fill, omit)


def _leaf_name(path: Path) -> str:
    """The name of the field or argument a spot is (of its list, for an item)."""
    named = [part for part in path if isinstance(part, str)]
    return named[-1]


def scalar_spots(schema: GraphQLSchema, kind: str, name: str, values: Values) -> Iterator[Spot]:
    """Every spot of ``name``'s arguments with the edge values of its scalar, and each pair
    of its DateTime spots with every mix of spellings."""
    definition = getattr(schema, f"{kind}_type").fields[name]
    found = [
        ((argument, *path), scalar)
        for argument, spec in definition.args.items()
        for path, scalar in spots(spec.type)
    ]
    for path, scalar in found:
        if scalar.name == "Upload":
            continue  # a file part: multipart_edges
        ordinary = Ordinary(values)._scalar(scalar.name, _leaf_name(path))
        edges = tuple((value,) for value in extremes(scalar))
        yield Spot(kind, name, definition, values, (path,), (ordinary,), edges)
    moments = [path for path, scalar in found if scalar.name == "DateTime"]
    for pair in itertools.combinations(moments, 2):
        mixes = tuple(itertools.product(MOMENTS, repeat=2))
        yield Spot(kind, name, definition, values, pair, (ORDINARY["DateTime"],) * 2, mixes)


def upload_operation(schema: GraphQLSchema, kind: str, name: str, values: Values) -> Operation:
    """``name`` with ordinary arguments and its Upload variables left for file parts."""
    definition = getattr(schema, f"{kind}_type").fields[name]
    return _operation(kind, name, definition, values, {}, "scalars")


def introspection_documents(schema: GraphQLSchema, values: Values) -> Iterator[tuple[str, Any]]:
    """``__type`` of every type name (and of none), and each field of ``__schema`` with a
    selection generated from the introspection types themselves."""
    type_type = schema.type_map["__Type"]
    for type_name in [*schema.type_map, "NoSuchType", ""]:
        builder = _Builder(values)
        selection = builder.selection(type_type, 0)
        header = ", ".join(["$n: String!", *builder.definitions])
        document = f"query Introspect({header}) {{ __type(name: $n) {selection} }}"
        yield document, {"n": type_name, **builder.variables}
    schema_type = schema.type_map["__Schema"]
    for field_name, field in schema_type.fields.items():  # type: ignore[union-attr]
        builder = _Builder(values)
        inner = builder.selection(field.type, 0)
        header = f"({', '.join(builder.definitions)})" if builder.definitions else ""
        yield (
            f"query Introspect{header} {{ __schema {{ {field_name} {inner} }} }}",
            dict(builder.variables),
        )
    yield "{ __typename __schema { queryType { name } } }", {}


@dataclass(frozen=True)
class Multipart:
    """A multipart request: its form fields and its file parts."""

    description: str
    form: dict[str, str]
    files: dict[str, tuple[str, bytes, str]]


CSV = b"input,reference_answer\nq,a\n"


def multipart_edges(op: Operation) -> Iterator[Multipart]:
    """Requests whose parts are of the wrong kind for each Upload variable of ``op``."""
    operations = json.dumps({"query": op.document, "variables": op.variables})
    others = [name for name in op.variables if name not in op.uploads]
    for variable in op.uploads:
        to_it = json.dumps({"0": [f"variables.{variable}"]})
        file = ("cases.csv", CSV, "text/csv")
        yield Multipart(
            "a plain form field", {"operations": operations, "map": to_it, "0": "q,a"}, {}
        )
        yield Multipart(
            "an empty form field", {"operations": operations, "map": to_it, "0": ""}, {}
        )
        yield Multipart("no part at all", {"operations": operations, "map": to_it}, {})
        yield Multipart(
            "the part under another name",
            {"operations": operations, "map": to_it},
            {"1": file},
        )
        yield Multipart(
            "two parts for one variable",
            {
                "operations": operations,
                "map": json.dumps({"0": [f"variables.{variable}"], "1": [f"variables.{variable}"]}),
            },
            {"0": file, "1": file},
        )
        yield Multipart(
            "a file with no name or type",
            {"operations": operations, "map": to_it},
            {"0": ("", b"", "")},
        )
        for other in others:
            yield Multipart(
                f"a file for the non-file variable {other}",
                {"operations": operations, "map": json.dumps({"0": [f"variables.{other}"]})},
                {"0": file},
            )
        for path in ("variables", "variables.nope", f"variables.{variable}.0", "query", "0", ""):
            yield Multipart(
                f"a file mapped to {path!r}",
                {"operations": operations, "map": json.dumps({"0": [path]})},
                {"0": file},
            )
        for mapping in (
            "[]",
            '{"0": "variables.x"}',
            '{"0": [1]}',
            '{"0": [null]}',
            "not json",
            "{}",
        ):
            yield Multipart(
                f"the map {mapping}", {"operations": operations, "map": mapping}, {"0": file}
            )
        for broken in (
            "not json",
            "[]",
            "null",
            '{"query": 1}',
            json.dumps([json.loads(operations)]),
        ):
            yield Multipart(
                f"the operations {broken[:20]}",
                {"operations": broken, "map": to_it},
                {"0": file},
            )
