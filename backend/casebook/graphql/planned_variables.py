"""Input-object variables coerced in one walk, by a plan made once per type.

graphql-core reads an input variable three times before a resolver runs: a depth
check, then its coercion - a generic function that works out the type again at
every value - and then ``HostileInputGuard`` reads every argument once more. For
an ingestion batch of 500 conversations, some 30,000 values, those walks are
most of the request. A plan built once per input type does all three in one
walk, for a value that is plainly valid. Anything unusual - an unknown or
missing field, a value a scalar refuses, a single item given for a list, a
string a column cannot hold, a number past 64 bits, nesting past the guard's
bound, a oneOf input - gives the value up, and it takes graphql-core's own path
and the guard's, so every value coerced and every error answered is the one
they give. A value the plan coerced is handed on as ``Vetted``, so the guard
does not read it again.

graphql-core has no hook for variable coercion: ``Executor.build`` calls
``get_variable_values`` from its module, so ``install`` wraps that name once.
"""

import math
from collections.abc import Callable, Collection
from typing import Any

import graphql.execution.executor as executor_module
from graphql import (
    GraphQLBoolean,
    GraphQLEnumType,
    GraphQLError,
    GraphQLFloat,
    GraphQLID,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLInt,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLString,
    Undefined,
    VariableDefinitionNode,
)
from graphql.execution.get_variable_signature import get_variable_signature
from graphql.execution.values import VariableValues, VariableValueSource
from graphql.type.definition import is_required_input_field
from graphql.utilities.coerce_input_value import coerce_default_value

from casebook.graphql.hostile_input import INT64, MAX_DEPTH, Vetted, unstorable

Coerce = Callable[[Any, int], Any]
# GraphQL's Int is 32 bits; a larger number is graphql-core's to refuse. An integer given
# for a Float converts exactly up to 2**53; past that graphql-core refuses it.
_INT32 = range(-(2**31), 2**31)
_EXACT_AS_FLOAT = range(-(2**53), 2**53 + 1)


class _GiveUp(Exception):
    """The value is not plainly valid: graphql-core's path decides."""


def _give_up(value: Any, depth: int) -> Any:
    raise _GiveUp


def _string(value: Any, depth: int) -> Any:
    if type(value) is not str or unstorable(value):
        raise _GiveUp
    return value


def _boolean(value: Any, depth: int) -> Any:
    if type(value) is not bool:
        raise _GiveUp
    return value


def _int(value: Any, depth: int) -> Any:
    if type(value) is not int or value not in _INT32:
        raise _GiveUp
    return value


def _float(value: Any, depth: int) -> Any:
    if type(value) is float and math.isfinite(value):
        return value
    if type(value) is int and value in _EXACT_AS_FLOAT:
        return float(value)
    raise _GiveUp


def _vet(value: Any, depth: int) -> None:
    """``value`` (a custom scalar's, as coerced) holds nothing the guard would refuse."""
    if depth > MAX_DEPTH:
        raise _GiveUp
    if isinstance(value, str):
        if unstorable(value):
            raise _GiveUp
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if value not in INT64:
            raise _GiveUp
    elif isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(key, str) and unstorable(key):
                raise _GiveUp
            _vet(inner, depth + 1)
    elif isinstance(value, list | tuple):
        for inner in value:
            _vet(inner, depth + 1)


def _scalar(type_: GraphQLScalarType) -> Coerce:
    if type_ in (GraphQLString, GraphQLID):
        return _string  # an ID given as a number is graphql-core's to convert
    if type_ is GraphQLBoolean:
        return _boolean
    if type_ is GraphQLInt:
        return _int
    if type_ is GraphQLFloat:
        return _float
    coerce = type_.coerce_input_value

    def scalar(value: Any, depth: int) -> Any:
        try:
            coerced = coerce(value)
        except Exception:
            raise _GiveUp from None
        if coerced is Undefined:
            raise _GiveUp
        _vet(coerced, depth)
        return coerced

    return scalar


def _enum(type_: GraphQLEnumType) -> Coerce:
    # Each name coerced once, by the type itself (Strawberry's enums coerce to members).
    values = {name: type_.coerce_input_value(name) for name in type_.values}

    def enum(value: Any, depth: int) -> Any:
        if type(value) is not str or value not in values:
            raise _GiveUp
        return values[value]

    return enum


class _Planner:
    """Plans by type, built on first use; an input object may hold itself."""

    def __init__(self) -> None:
        # By the type itself, not its name: two schemas (tests build many) may each have a
        # type of the same name with other fields.
        self.objects: dict[GraphQLInputObjectType, Coerce] = {}

    def plan(self, type_: GraphQLInputType) -> Coerce:
        if isinstance(type_, GraphQLNonNull):
            return self._non_null(self.plan(type_.of_type))
        if isinstance(type_, GraphQLList):
            return self._list(self.plan(type_.of_type))
        if isinstance(type_, GraphQLInputObjectType):
            return self._object(type_)
        if isinstance(type_, GraphQLEnumType):
            return self._nullable(_enum(type_))
        if isinstance(type_, GraphQLScalarType):
            return self._nullable(_scalar(type_))
        return _give_up

    @staticmethod
    def _non_null(inner: Coerce) -> Coerce:
        def non_null(value: Any, depth: int) -> Any:
            if value is None:
                raise _GiveUp
            return inner(value, depth)

        return non_null

    @staticmethod
    def _nullable(inner: Coerce) -> Coerce:
        def nullable(value: Any, depth: int) -> Any:
            return None if value is None else inner(value, depth)

        return nullable

    @staticmethod
    def _list(item: Coerce) -> Coerce:
        def each(value: Any, depth: int) -> Any:
            if value is None:
                return None
            if type(value) is not list or depth >= MAX_DEPTH:
                raise _GiveUp
            inner = depth + 1
            return [item(x, inner) for x in value]

        return each

    def _object(self, type_: GraphQLInputObjectType) -> Coerce:
        known = self.objects.get(type_)
        if known is not None:
            return known
        if type_.is_one_of or type_.out_type is not GraphQLInputObjectType.out_type:
            self.objects[type_] = _give_up
            return _give_up
        fields: list[tuple[str, str, Coerce, bool, Any]] = []
        names = frozenset(type_.fields)

        def input_object(value: Any, depth: int) -> Any:
            if value is None:
                return None
            if type(value) is not dict or depth >= MAX_DEPTH or not names.issuperset(value):
                raise _GiveUp
            inner = depth + 1
            coerced: dict[str, Any] = {}
            for name, out_name, coerce, required, default in fields:
                if name in value:
                    coerced[out_name] = coerce(value[name], inner)
                elif required:
                    raise _GiveUp
                elif default is not Undefined:
                    coerced[out_name] = default
            return coerced

        # Registered before its fields are planned, so a type holding itself finds it.
        self.objects[type_] = input_object
        for name, field in type_.fields.items():
            fields.append(
                (
                    name,
                    field.out_name or name,
                    self.plan(field.type),
                    is_required_input_field(field),
                    coerce_default_value(field),
                )
            )
        return input_object


_planner = _Planner()
# A variable's type is built anew for every request (``GraphQLNonNull`` around the named
# type), so a plan is found by the type's shape and its named type, never by the id of a
# wrapper: a freed wrapper's id is soon another type's, whose variables would then be
# coerced by the wrong plan.
TypeKey = tuple[tuple[bool, ...], GraphQLNamedType]
_plans: dict[TypeKey, Coerce | None] = {}
_graphql_core_variable_values = executor_module.get_variable_values  # type: ignore[attr-defined]


def type_key(type_: GraphQLInputType) -> TypeKey:
    """The wrappers around a type, outermost first (True: non-null, False: a list), and the
    named type inside them: equal for equal types, whichever objects spell them."""
    shape: list[bool] = []
    named: Any = type_
    while isinstance(named, GraphQLNonNull | GraphQLList):
        shape.append(isinstance(named, GraphQLNonNull))
        named = named.of_type
    return tuple(shape), named


def _plan_of(type_: GraphQLInputType) -> Coerce | None:
    """The plan of a variable of an input object type (or a list of them), else None."""
    key = type_key(type_)
    if key not in _plans:
        named = key[1]
        _plans[key] = _planner.plan(type_) if isinstance(named, GraphQLInputObjectType) else None
    return _plans[key]


def coerce_planned(type_: GraphQLInputType, value: Any) -> Any:
    """``value`` coerced by the plan of ``type_``, or ``Undefined`` when the plan gives it up
    (or has none): then graphql-core's own coercion decides."""
    plan = _plan_of(type_)
    if plan is None:
        return Undefined
    try:
        coerced = plan(value, 0)
    except _GiveUp:
        return Undefined
    return Vetted(coerced) if type(coerced) is dict else coerced


def planned_variable_values(
    schema: GraphQLSchema,
    var_def_nodes: Collection[VariableDefinitionNode],
    inputs: dict[str, Any],
    max_errors: int | None = None,
    hide_suggestions: bool = False,
) -> list[GraphQLError] | VariableValues:
    planned: dict[str, tuple[VariableValueSource, Any]] = {}
    rest: list[VariableDefinitionNode] = []
    for node in var_def_nodes:
        signature = get_variable_signature(schema, node)
        value = inputs.get(node.variable.name.value, Undefined)
        coerced = (
            Undefined
            if isinstance(signature, GraphQLError) or value is Undefined
            else coerce_planned(signature.type, value)
        )
        if coerced is Undefined or isinstance(signature, GraphQLError):
            rest.append(node)
        else:
            planned[signature.name] = (VariableValueSource(signature, value), coerced)
    values = _graphql_core_variable_values(
        schema, rest, inputs, max_errors=max_errors, hide_suggestions=hide_suggestions
    )
    if isinstance(values, list):
        return values
    for name, (source, coerced) in planned.items():
        values.sources[name] = source
        values.coerced[name] = coerced
    return values


def install() -> None:
    executor_module.get_variable_values = planned_variable_values  # type: ignore[attr-defined]


def uninstall() -> None:
    """graphql-core's own coercion for every variable again (GRAPHQL_SHORTCUTS=false)."""
    executor_module.get_variable_values = _graphql_core_variable_values  # type: ignore[attr-defined]


def installed() -> bool:
    return executor_module.get_variable_values is planned_variable_values  # type: ignore[attr-defined]
