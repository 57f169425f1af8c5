"""Input types sent by the thousand (an ingestion batch) built from a plan made once.

Strawberry converts an input value field by field, resolving each field's type and
GraphQL name anew for every object - for a batch of 500 conversations, over 100,000
resolutions, most of a request's time. ``bulk_input`` gives an input type Strawberry's
own ``from_input`` hook: the fields' names and types are resolved once, on the first
value, into one converter each - a scalar or an enum as it came, a list item by item,
a nested bulk input through its own plan - and anything else (a GlobalID) still
through Strawberry. The values built are the ones Strawberry would build.
"""

from collections.abc import Callable, Mapping
from dataclasses import MISSING
from typing import Any, TypeVar

from strawberry import relay
from strawberry.scalars import is_scalar
from strawberry.types.arguments import InputContext
from strawberry.types.base import (
    StrawberryList,
    StrawberryMaybe,
    StrawberryOptional,
    has_object_definition,
)
from strawberry.types.enum import StrawberryEnumDefinition, has_enum_definition
from strawberry.types.unset import UNSET

T = TypeVar("T")
FromInput = Callable[[type, Mapping[str, Any], InputContext], Any]
Converter = Callable[[Any, InputContext, tuple[str | int, ...]], Any]
# Each bulk input type and the hook that builds it from its plan (``use_plans``).
_planned: dict[type, FromInput] = {}


def _as_is(value: Any, context: InputContext, keys: tuple[str | int, ...]) -> Any:
    return value


def _through_strawberry(type_: Any) -> Converter:
    def convert(value: Any, context: InputContext, keys: tuple[str | int, ...]) -> Any:
        return context.convert(value, type_, *keys)

    return convert


def _converter(type_: Any, context: InputContext) -> Converter:
    if isinstance(type_, StrawberryMaybe):
        return _through_strawberry(type_)
    if isinstance(type_, StrawberryOptional):
        inner = _converter(type_.of_type, context)
        if inner is _as_is:
            return _as_is  # null and UNSET come through as they are too

        def optional(value: Any, context: InputContext, keys: tuple[str | int, ...]) -> Any:
            if value is None or value is UNSET:
                return value
            return inner(value, context, keys)

        return optional
    if isinstance(type_, StrawberryList):
        item = _converter(type_.of_type, context)
        if item is _as_is:
            return lambda value, context, keys: list(value)

        def each(value: Any, context: InputContext, keys: tuple[str | int, ...]) -> Any:
            return [item(x, context, (*keys, index)) for index, x in enumerate(value)]

        return each
    if type_ is relay.GlobalID:
        return _through_strawberry(type_)
    if (
        isinstance(type_, StrawberryEnumDefinition)
        or has_enum_definition(type_)
        or is_scalar(type_, context.scalar_registry)
    ):
        return _as_is
    if has_object_definition(type_) and getattr(type_, "__bulk_input__", False):
        build = type_.__strawberry_definition__.from_input
        assert build is not None

        def nested(value: Any, context: InputContext, keys: tuple[str | int, ...]) -> Any:
            inner = InputContext(
                info=context.info,
                config=context.config,
                scalar_registry=context.scalar_registry,
                path=(*context.path, *keys),
            )
            return build(type_, value, inner)

        return nested
    return _through_strawberry(type_)


def bulk_input(cls: type[T]) -> type[T]:
    """Build the (already declared) Strawberry input ``cls`` from a plan made once."""
    definition = cls.__strawberry_definition__  # type: ignore[attr-defined]
    plan: list[tuple[str, str, Converter]] = []
    implicit_none: dict[str, None] = {
        field.python_name: None
        for field in definition.fields
        if field.default_value is MISSING and field.default_factory is MISSING
    }

    def from_input(type_: type, value: Mapping[str, Any], context: InputContext) -> Any:
        if not plan:
            for field in definition.fields:
                plan.append(
                    (
                        context.config.name_converter.from_field(field),
                        field.python_name,
                        _converter(field.resolve_type(type_definition=definition), context),
                    )
                )
        kwargs: dict[str, Any] = dict(implicit_none)
        for graphql_name, python_name, convert in plan:
            if graphql_name in value:
                kwargs[python_name] = convert(value[graphql_name], context, (graphql_name,))
        return type_(**kwargs)

    definition.from_input = from_input
    cls.__bulk_input__ = True  # type: ignore[attr-defined]
    _planned[cls] = from_input
    return cls


def bulk_input_types() -> frozenset[type]:
    return frozenset(_planned)


def use_plans(enabled: bool) -> None:
    """Build bulk inputs from their plans, or (false) by Strawberry's own conversion."""
    for cls, from_input in _planned.items():
        cls.__strawberry_definition__.from_input = from_input if enabled else None  # type: ignore[attr-defined]
