"""What a ``json_schema`` check's schema may hold (spec: Grading → Checks).

A schema is checked against the draft it declares in ``$schema`` (2020-12 when
it declares none). Two rules keep grading bounded and local:

- **No `pattern` or `patternProperties`**, at any depth: a pattern inside a
  schema would run outside the regex deadline. A ``regex`` check with a
  ``path`` does the same job under the deadline.
- **Every `$ref` points inside the schema**: it starts with ``#`` and resolves
  to a JSON pointer or an anchor of this document, so validating an answer
  never fetches anything. For the same reason a subschema may not declare its
  own ``$id``, which would move what its ``$ref`` resolves against.
- **No `$ref` leads back to where it is**: a reference to the schema holding
  it, or to one of its parents - directly or through other references - is
  refused when the check is written. Validating with it would recurse as deep
  as the answer nests, or without end (``{"$ref": "#"}``).

The walk is keyword-aware: the names under ``properties`` (and the other maps of
names to schemas) are names, not keywords, so a property called ``pattern`` is
allowed; values of ``const``, ``default``, ``enum`` and ``examples`` are data and
are not read as schemas - unless a ``$ref`` points at them, in which case the
target is walked as the schema the validator would use it as.
"""

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

import orjson
from jsonschema import (
    Draft4Validator,
    Draft6Validator,
    Draft7Validator,
    Draft201909Validator,
    Draft202012Validator,
)
from jsonschema.exceptions import SchemaError

from casebook.domain.checks.json_values import first_json_problem
from casebook.domain.errors import FieldError

_DRAFTS: dict[str, Any] = {
    "https://json-schema.org/draft/2020-12/schema": Draft202012Validator,
    "https://json-schema.org/draft/2019-09/schema": Draft201909Validator,
    "http://json-schema.org/draft-07/schema": Draft7Validator,
    "http://json-schema.org/draft-06/schema": Draft6Validator,
    "http://json-schema.org/draft-04/schema": Draft4Validator,
}
_DRAFTS_WITH_ID_ANCHORS = (Draft4Validator, Draft6Validator, Draft7Validator)

_FORBIDDEN_KEYWORDS = ("pattern", "patternProperties")
_REFERENCE_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef")
_ANCHOR_KEYWORDS = ("$anchor", "$dynamicAnchor")
_DATA_KEYWORDS = frozenset({"const", "default", "enum", "examples"})
_NAMES_TO_SCHEMAS = frozenset(
    {"$defs", "definitions", "dependencies", "dependentSchemas", "patternProperties", "properties"}
)
_UNRESOLVED = object()


def schema_validator_class(schema: dict[str, Any]) -> Any:
    """The jsonschema validator class for the draft ``schema`` declares, or None if unknown."""
    declared = schema.get("$schema")
    if declared is None:
        return Draft202012Validator
    if not isinstance(declared, str):
        return None
    return _DRAFTS.get(declared.rstrip("#"))


def json_schema_problems(schema: object) -> tuple[FieldError, ...]:
    """Every rule ``schema`` breaks, with paths relative to the schema; empty when valid."""
    if not isinstance(schema, dict):
        return (FieldError("", "must be a JSON Schema object"),)
    not_json = first_json_problem(schema)
    if not_json:
        return (not_json,)
    # Importing a file often repeats one schema on every row; checking a schema costs ~1 ms.
    return _problems_of_serialized(orjson.dumps(schema))


@lru_cache(maxsize=256)
def _problems_of_serialized(serialized: bytes) -> tuple[FieldError, ...]:
    schema = orjson.loads(serialized)
    validator_class = schema_validator_class(schema)
    if validator_class is None:
        supported = ", ".join(_DRAFTS)
        return (
            FieldError("$schema", f"names a draft that is not supported; use one of {supported}"),
        )
    try:
        validator_class.check_schema(schema)
    except SchemaError as error:
        where = ".".join(str(part) for part in error.path)
        return (FieldError(where, f"is not a valid JSON Schema: {error.message}"),)
    return tuple(_locality_problems(schema, validator_class))


Trail = tuple[str, ...]  # the keys from the root to a node


@dataclass
class _Walk:
    id_keyword: str
    ids_are_anchors: bool
    problems: list[FieldError] = field(default_factory=list)
    # (the trail of the node holding the reference, the keyword, the reference)
    references: list[tuple[Trail, str, str]] = field(default_factory=list)
    anchors: dict[str, tuple[object, Trail]] = field(default_factory=dict)
    walked: set[int] = field(default_factory=set)
    # (the trail of the node holding a reference, the trail of its target)
    edges: list[tuple[Trail, Trail]] = field(default_factory=list)


def _locality_problems(schema: dict[str, Any], validator_class: Any) -> list[FieldError]:
    walk = _Walk(
        id_keyword="id" if validator_class is Draft4Validator else "$id",
        ids_are_anchors=validator_class in _DRAFTS_WITH_ID_ANCHORS,
    )
    _walk_schema(schema, (), walk, is_root=True)
    checked = 0
    while checked < len(walk.references):
        holder, keyword, reference = walk.references[checked]
        checked += 1
        target, target_trail = _resolve(schema, reference, walk)
        if target is _UNRESOLVED:
            walk.problems.append(FieldError(_path(holder, keyword), _unresolved_message(reference)))
            continue
        walk.edges.append((holder, target_trail))
        if id(target) not in walk.walked:
            _walk_schema(target, target_trail, walk, is_root=False)
    walk.problems.extend(_self_references(walk))
    return walk.problems


def _self_references(walk: _Walk) -> list[FieldError]:
    """A reference from which validation can come back to the node holding it.

    References are the nodes of a graph: one leads to another when the other is held
    inside its target. A reference leads back exactly when it lies on a cycle of that
    graph (a target holding its own reference is a cycle of one)."""
    edges = walk.edges
    held_within: dict[Trail, list[int]] = {}
    for j, (source, _) in enumerate(edges):
        for length in range(len(source) + 1):
            held_within.setdefault(source[:length], []).append(j)
    follows = [held_within.get(target, []) for _, target in edges]
    return [
        FieldError(
            _path(edges[i][0], "$ref"),
            "leads back to the schema holding it; a self-referencing schema would "
            "validate without end",
        )
        for i in sorted(_on_cycles(follows))
    ]


def _on_cycles(follows: list[list[int]]) -> set[int]:
    """The nodes of a directed graph that lie on a cycle (Tarjan's components, iteratively)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    found: set[int] = set()
    counter = 0
    for root in range(len(follows)):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            if position < len(follows[node]):
                work.append((node, position + 1))
                nxt = follows[node][position]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in follows[node]:
                    found.update(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def _walk_schema(node: object, trail: Trail, walk: _Walk, *, is_root: bool) -> None:
    if isinstance(node, list):
        walk.walked.add(id(node))
        for index, item in enumerate(node):
            _walk_schema(item, (*trail, str(index)), walk, is_root=False)
        return
    if not isinstance(node, dict):
        return
    walk.walked.add(id(node))
    for keyword in _FORBIDDEN_KEYWORDS:
        if keyword in node:
            walk.problems.append(
                FieldError(
                    _path(trail, keyword),
                    f"a JSON Schema may not use `{keyword}`; "
                    "a `regex` check with a `path` does the same within the time limit",
                )
            )
    _note_identifiers(node, trail, walk, is_root=is_root)
    for key, value in node.items():
        if key in _DATA_KEYWORDS:
            continue
        if key in _NAMES_TO_SCHEMAS and isinstance(value, dict):
            walk.walked.add(id(value))
            for name, subschema in value.items():
                _walk_schema(subschema, (*trail, key, name), walk, is_root=False)
        else:
            _walk_schema(value, (*trail, key), walk, is_root=False)


def _note_identifiers(node: dict[str, Any], trail: Trail, walk: _Walk, *, is_root: bool) -> None:
    for keyword in _REFERENCE_KEYWORDS:
        if isinstance(node.get(keyword), str):
            walk.references.append((trail, keyword, node[keyword]))
    for keyword in _ANCHOR_KEYWORDS:
        if isinstance(node.get(keyword), str):
            walk.anchors[node[keyword]] = (node, trail)
    identifier = node.get(walk.id_keyword)
    if not isinstance(identifier, str):
        return
    if walk.ids_are_anchors and identifier.startswith("#"):
        walk.anchors[identifier[1:]] = (node, trail)
    elif not is_root:
        walk.problems.append(
            FieldError(
                _path(trail, walk.id_keyword),
                f"only the whole schema may declare `{walk.id_keyword}`; "
                "a nested one would make `$ref` point outside this schema",
            )
        )


def _resolve(schema: dict[str, Any], reference: str, walk: _Walk) -> tuple[object, Trail]:
    if not reference.startswith("#"):
        return _UNRESOLVED, ()
    fragment = unquote(reference[1:])
    if fragment == "":
        return schema, ()
    if not fragment.startswith("/"):
        return walk.anchors.get(fragment, (_UNRESOLVED, ()))
    node: object = schema
    trail: Trail = ()
    for token in fragment[1:].split("/"):
        key = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and key.isascii() and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        else:
            return _UNRESOLVED, ()
        trail = (*trail, key)
    return node, trail


def _unresolved_message(reference: str) -> str:
    if not reference.startswith("#"):
        return "must point inside the schema: a reference starts with `#`"
    return f"`{reference}` points to nothing in this schema"


def _path(trail: Trail, key: str) -> str:
    return ".".join((*trail, key))
