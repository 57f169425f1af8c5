"""Arguments no field can take, refused for every field by one extension.

Text stored in PostgreSQL cannot hold a NUL character, and text that is not
valid Unicode (an unpaired surrogate, which JSON's ``\\ud800`` escape can
carry) cannot be encoded to be stored, logged or sent on. Numbers past 64 bits
fit no column and no JSON encoder; JSON nested hundreds deep outruns every
recursive reader. Rather than each resolver learning this, every argument of
every field - inside inputs, lists and JSON values - is read before the field
resolves, and the first such value is refused as ``BAD_USER_INPUT`` naming
where it is.
"""

import re
from collections.abc import Callable
from typing import Any

from graphql import (
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
)
from strawberry.extensions import SchemaExtension

from casebook.domain.storable_text import text_problem
from casebook.services.kernel.errors import BadUserInput

MAX_DEPTH = 64
INT64 = range(-(2**63), 2**63)
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _unwrap(type_: Any) -> Any:
    while isinstance(type_, GraphQLNonNull | GraphQLList):
        type_ = type_.of_type
    return type_


def unstorable(text: str) -> bool:
    """A fast scan: ``text`` may hold a NUL or a lone surrogate (``text_problem`` says which)."""
    return _UNSTORABLE.search(text) is not None


def _text_problem(text: str) -> str | None:
    # The fast scan first: most text holds neither, and encoding every string costs more.
    return text_problem(text) if unstorable(text) else None


class Vetted(dict[str, Any]):
    """An input object already read by these rules as it was coerced (planned_variables)."""


# Where a value is: the argument's name, or (where its parent is, its key or index) -
# spelled out only for a value refused, so a batch of thousands builds no path strings.
Where = str | tuple[Any, str | int]


def _spelled(where: Where) -> str:
    parts: list[str] = []
    while isinstance(where, tuple):
        where, part = where
        parts.append(str(part))
    parts.append(where)
    return ".".join(reversed(parts))


def _fields_of(named: Any, known: dict[int, dict[str, tuple[str, Any]]]) -> dict[str, Any]:
    """An input object type's fields by the name a value carries, read once a request."""
    if not isinstance(named, GraphQLInputObjectType):
        return {}
    found = known.get(id(named))
    if found is None:
        found = known[id(named)] = {
            f.out_name or name: (name, f.type) for name, f in named.fields.items()
        }
    return found


def refusal(value: Any, path: str, type_: Any) -> BadUserInput | None:
    """The first value inside ``value`` (of GraphQL input type ``type_``) no field takes."""
    stack: list[tuple[Any, Where, Any, int]] = [(value, path, type_, 0)]
    known: dict[int, dict[str, tuple[str, Any]]] = {}
    while stack:
        item, where, item_type, depth = stack.pop()
        if depth > MAX_DEPTH:
            return BadUserInput.at(_spelled(where), f"is nested deeper than {MAX_DEPTH} levels")
        if isinstance(item, str):
            problem = _text_problem(item)
            if problem is not None:
                return BadUserInput.at(_spelled(where), problem)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if item not in INT64:
                return BadUserInput.at(_spelled(where), "is a number past 64 bits")
        elif isinstance(item, dict):
            names = _fields_of(_unwrap(item_type), known)
            for key, inner in item.items():
                field = names.get(key)
                if field is None:
                    # A key no schema names: a JSON value's own.
                    if isinstance(key, str) and _text_problem(key) is not None:
                        return BadUserInput.at(
                            _spelled(where), "holds a key that " + str(_text_problem(key))
                        )
                    field = (str(key), None)
                shown, inner_type = field
                stack.append((inner, (where, shown), inner_type, depth + 1))
        elif isinstance(item, list | tuple):
            inner_type = _unwrap(item_type) if item_type is not None else None
            for index, inner in enumerate(item):
                stack.append((inner, (where, index), inner_type, depth + 1))
    return None


class HostileInputGuard(SchemaExtension):
    # A field without arguments passes untouched, so plain leaf fields may skip it
    # (lean_execution reads this).
    reads_only_arguments = True

    def resolve(
        self,
        _next: Callable[..., Any],
        root: Any,
        info: Any,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        if kwargs:
            # The schema's lookup, not the type's own fields: it also knows the
            # introspection fields (``__type(name:)``), which no type lists.
            definition = info.schema.get_field(info.parent_type, info.field_name)
            arguments = definition.args if definition is not None else {}
            by_out_name = {a.out_name or n: (n, a.type) for n, a in arguments.items()}
            for key, value in kwargs.items():
                if type(value) is Vetted:
                    continue
                name, type_ = by_out_name.get(key, (key, None))
                refused = refusal(value, name, type_)
                if refused is not None:
                    raise refused
        return _next(root, info, *args, **kwargs)
