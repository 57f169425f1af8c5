"""Compiled rule patterns and schemas, each built once and kept in an LRU.

Spec: "A pattern that takes longer than a tenth of a second on an answer stops
and is recorded as an error". The ``regex`` package's ``timeout`` is a real
deadline inside the matcher, so a runaway pattern cannot hold up scoring.
"""

from functools import lru_cache
from typing import Protocol, cast

import jsonschema
import orjson
import regex

from casebook.domain.jsonvalue import JSONValue

REGEX_DEADLINE_SECONDS = 0.1
PATTERN_CACHE_SIZE = 1024
SCHEMA_CACHE_SIZE = 256


class CompiledPattern(Protocol):
    def search(self, string: str, *, timeout: float | None = None) -> object | None: ...


class SchemaValidator(Protocol):
    def is_valid(self, instance: JSONValue) -> bool: ...

    def iter_errors(self, instance: JSONValue) -> object: ...


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def compiled_pattern(pattern: str, case_sensitive: bool) -> CompiledPattern:
    flags = 0 if case_sensitive else regex.IGNORECASE
    return cast(CompiledPattern, regex.compile(pattern, flags))


@lru_cache(maxsize=SCHEMA_CACHE_SIZE)
def _validator_for_text(schema_text: str) -> SchemaValidator:
    schema = orjson.loads(schema_text)
    validator_class = jsonschema.validators.validator_for(
        schema, default=jsonschema.Draft202012Validator
    )
    validator_class.check_schema(schema)
    # No format checker: "format" stays an annotation, as the spec's rule is
    # "JSON matching the JSON Schema" and format assertions vary by draft.
    return cast(SchemaValidator, validator_class(schema))


def schema_validator(schema: JSONValue) -> SchemaValidator:
    """The validator of a schema, keyed by its canonical JSON text."""
    return _validator_for_text(orjson.dumps(schema, option=orjson.OPT_SORT_KEYS).decode())


def best_schema_error(validator: SchemaValidator, instance: JSONValue) -> tuple[str, str]:
    """Where the instance breaks the schema (a dotted path, "" for the root) and why."""
    error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
    if error is None:
        return "", "does not match the schema"
    where = ".".join(str(part) for part in error.absolute_path)
    return where, str(error.message)
