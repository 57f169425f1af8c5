"""The graphql-core and Strawberry the execution shortcuts were written for, checked.

``lean_execution`` and ``lean_objects`` override private methods of graphql-core's
``ExecutionContext`` and redo what Strawberry's ``Node.id`` resolver does;
``planned_variables`` replaces graphql-core's ``get_variable_values`` for the
process and fills its ``VariableValues``; ``bulk_inputs`` redoes Strawberry's
``convert_argument`` for a few input types. Each is right only for the code it was
written against, so that code is fingerprinted here - each version, and for each
function or class they override, call or redo, its signature and a hash of its
source - and ``check_written_for`` refuses any other before the shortcuts are used:
at the API's start (``casebook.graphql.shortcuts.use_shortcuts``) and in the tests.

After an upgrade, read the shortcuts against the new code (and run
tests/graphql/test_shortcut_guard.py and the differential test), then record the
new fingerprints: ``python -m casebook.graphql.shortcut_guard`` prints them.
"""

import functools
import hashlib
import importlib
import inspect
import linecache
import re
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any, Final

# The distributions and the versions the shortcuts were written for.
VERSIONS: Final = {"graphql-core": "3.3.2", "strawberry-graphql": "0.341.2"}

# "module:qualified name" -> (signature, the first 16 hex digits of its source's SHA-256).
WRITTEN_FOR: Final[dict[str, tuple[str, str]]] = {
    "graphql.execution.executor:Executor.__init__": (
        "(self, schema: 'GraphQLSchema', fragment_definitions: 'dict[str, FragmentDefinitionNode]', fragments: 'dict[str, FragmentDetails]', root_value: 'Any', context_value: 'Any', operation: 'OperationDefinitionNode', variable_values: 'VariableValues', field_resolver: 'GraphQLFieldResolver', type_resolver: 'GraphQLTypeResolver', subscribe_field_resolver: 'GraphQLFieldResolver', enable_early_execution: 'bool' = False, middleware_manager: 'MiddlewareManager | None' = None, is_awaitable: 'Callable[[Any], TypeGuard[Awaitable]] | None' = None, is_async_iterable: 'Callable[[Any], TypeGuard[AsyncIterable]] | None' = None, hide_suggestions: 'bool' = False, abort_signal: 'AbortSignal | None' = None, hooks: 'ExecutionHooks | None' = None) -> 'None'",
        "9b630bd4461cc4ea",
    ),
    "graphql.execution.executor:Executor.build": (
        "(cls, schema: 'GraphQLSchema', document: 'DocumentNode', root_value: 'Any' = None, context_value: 'Any' = None, raw_variable_values: 'dict[str, Any] | None' = None, operation_name: 'str | None' = None, field_resolver: 'GraphQLFieldResolver | None' = None, type_resolver: 'GraphQLTypeResolver | None' = None, subscribe_field_resolver: 'GraphQLFieldResolver | None' = None, max_coercion_errors: 'int' = 50, enable_early_execution: 'bool' = False, middleware: 'Middleware | None' = None, is_awaitable: 'Callable[[Any], TypeGuard[Awaitable]] | None' = None, is_async_iterable: 'Callable[[Any], TypeGuard[AsyncIterable]] | None' = None, hide_suggestions: 'bool' = False, abort_signal: 'AbortSignal | None' = None, hooks: 'ExecutionHooks | None' = None, **custom_args: 'Any') -> 'list[GraphQLError] | Executor'",
        "faf76cb9d6140315",
    ),
    "graphql.execution.executor:Executor.execute_operation": (
        "(self, serially: 'bool | None' = None) -> 'AwaitableOrValue[ExecutionResult | ExperimentalIncrementalExecutionResults]'",
        "030f6fe38d237369",
    ),
    "graphql.execution.executor:Executor.execute_field": (
        "(self, parent_type: 'GraphQLObjectType', source: 'Any', field_details_list: 'FieldDetailsList', path: 'Path', position_context: 'TContext | None') -> 'AwaitableOrValue[Any] | UndefinedType'",
        "5281dc836ecc24a0",
    ),
    "graphql.execution.executor:Executor.collect_and_execute_subfields": (
        "(self, return_type: 'GraphQLObjectType', field_details_list: 'FieldDetailsList', path: 'Path', result: 'Any', position_context: 'TContext | None') -> 'AwaitableOrValue[dict[str, Any]]'",
        "98432d93fb1b2526",
    ),
    "graphql.execution.executor:Executor.collect_subfields": (
        "(self, return_type: 'GraphQLObjectType', field_details_list: 'FieldDetailsList') -> 'CollectedFields'",
        "53924d281ad7f699",
    ),
    "graphql.execution.executor:Executor.build_per_event_executor": (
        "(self, payload: 'Any') -> 'Executor'",
        "e42b7eb17861c1b7",
    ),
    "graphql.execution.values:get_variable_values": (
        "(schema: 'GraphQLSchema', var_def_nodes: 'Collection[VariableDefinitionNode]', inputs: 'dict[str, Any]', max_errors: 'int | None' = None, hide_suggestions: 'bool' = False) -> 'VariableValuesOrErrors'",
        "4c1b2880140b2346",
    ),
    "graphql.execution.values:VariableValues": (
        "(sources: ForwardRef('dict[str, VariableValueSource]'), coerced: ForwardRef('dict[str, Any]'))",
        "376c425cc3c7fd00",
    ),
    "graphql.execution.values:VariableValueSource": (
        "(signature: ForwardRef('GraphQLVariableSignature'), value: ForwardRef('Any') = Undefined)",
        "d0ae2e81d6d5963a",
    ),
    "graphql.execution.get_variable_signature:get_variable_signature": (
        "(schema: 'GraphQLSchema', var_def_node: 'VariableDefinitionNode') -> 'GraphQLVariableSignature | GraphQLError'",
        "12756e033317ad4a",
    ),
    "graphql.execution.collect_fields:FieldDetails": (
        "(node: ForwardRef('FieldNode'), defer_usage: ForwardRef('DeferUsage | None'), fragment_variable_values: ForwardRef('FragmentVariableValues | None') = None)",
        "60025c4a9a7fc5e3",
    ),
    "graphql.execution.collect_fields:CollectedFields": (
        "(grouped_field_set: ForwardRef('GroupedFieldSet'), new_defer_usages: ForwardRef('list[DeferUsage]'), forbidden_directive_instances: ForwardRef('list[DirectiveNode]'))",
        "6d783dd2468e97a7",
    ),
    "graphql.utilities.coerce_input_value:coerce_default_value": (
        "(input_value: 'GraphQLArgument | GraphQLInputField | GraphQLVariableSignature') -> 'Any'",
        "b7496350793916e2",
    ),
    "graphql.type.definition:is_required_input_field": (
        "(field: 'GraphQLInputField') -> 'bool'",
        "41c3787218396da2",
    ),
    "strawberry.schema.schema:StrawberryGraphQLCoreExecutionContext": (
        "(*args: 'Any', **kwargs: 'Any') -> 'None'",
        "61e417afeaa66527",
    ),
    "strawberry.relay.types:Node._id": (
        "(cls, root: 'Node', info: 'Info') -> 'GlobalID'",
        "0385fe0f9fc66452",
    ),
    "strawberry.relay.types:Node.resolve_id": (
        "(cls, root: 'Self', *, info: 'Info') -> 'AwaitableOrValue[str]'",
        "6776cbfdcc3fa535",
    ),
    "strawberry.relay.types:Node.resolve_id_attr": (
        "(cls) -> 'str'",
        "7a8ac75f13a1e99e",
    ),
    "strawberry.relay.types:Node.resolve_typename": (
        "(cls, root: 'Self', info: 'Info') -> 'str'",
        "03f8e46718d57341",
    ),
    "strawberry.types.arguments:convert_argument": (
        "(value: 'object', type_: 'StrawberryType | type', scalar_registry: 'Mapping[object, ScalarWrapper | ScalarDefinition]', config: 'StrawberryConfig', info: 'Info | None' = None, *, path: 'tuple[str | int, ...]' = ()) -> 'object'",
        "a11a22f213be34f4",
    ),
    "strawberry.types.arguments:InputContext": (
        "(info: 'Info | None', config: 'StrawberryConfig', scalar_registry: 'Mapping[object, ScalarWrapper | ScalarDefinition]', path: 'tuple[str | int, ...]') -> None",
        "4815a7c8e929deca",
    ),
    "graphql.execution.collect_fields:FragmentDetails": (
        "(definition: ForwardRef('FragmentDefinitionNode'), variable_signatures: ForwardRef('dict[str, GraphQLVariableSignature] | None') = None)",
        "d7d5a4b0c7de4c65",
    ),
    "graphql.execution.collect_fields:collect_subfields": (
        "(schema: 'GraphQLSchema', fragments: 'dict[str, FragmentDetails]', variable_values: 'VariableValues', operation: 'OperationDefinitionNode', return_type: 'GraphQLObjectType', field_details_list: 'FieldDetailsList', hide_suggestions: 'bool' = False) -> 'CollectedFields'",
        "1657a3c68d283391",
    ),
    "strawberry.schema.schema:StrawberryGraphQLCoreExecutionContext.build_resolve_info": (
        "(self, field_def: 'GraphQLField', field_nodes: 'list[FieldNode]', parent_type: 'GraphQLObjectType', path: 'Path') -> 'GraphQLResolveInfo'",
        "d600ee8361192a18",
    ),
}


class ShortcutsOutdated(RuntimeError):
    """The installed graphql-core or Strawberry is not the one the shortcuts were written for."""


@dataclass(frozen=True)
class Fingerprint:
    signature: str
    source_hash: str


def _resolve(target: str) -> Any:
    module_name, _, qualified = target.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in qualified.split("."):
        found = inspect.getattr_static(found, part)
    if isinstance(found, classmethod | staticmethod):
        found = found.__func__
    return found


def _source(found: Any) -> str:
    """What ``inspect.getsource`` gives, read from the file's lines at the function's first
    line or the class's statement: ``inspect`` would first search every loaded module and
    parse each class's whole module (a third of a second at the API's start)."""
    code = getattr(found, "__code__", None)
    if code is not None:
        filename, first = code.co_filename, code.co_firstlineno - 1
        lines = linecache.getlines(filename)
    else:
        filename = inspect.getfile(found)
        lines = linecache.getlines(filename)
        statement = re.compile(rf"\s*class {re.escape(found.__name__)}\b")
        first = next((n for n, line in enumerate(lines) if statement.match(line)), -1)
        while first > 0 and lines[first - 1].lstrip().startswith("@"):
            first -= 1  # its decorators, as inspect gives them
    if not lines or first < 0:
        raise OSError(f"no source for {found!r} in {filename}")
    return "".join(inspect.getblock(lines[first:]))


def fingerprint(target: str) -> Fingerprint:
    return _fingerprint_of(_resolve(target))


# By the object itself (a function or class, hashed by identity): reading and hashing the
# source once a process, however often the shortcuts are switched.
@functools.cache
def _fingerprint_of(found: Any) -> Fingerprint:
    try:
        signature = str(inspect.signature(found))
    except (TypeError, ValueError):
        signature = "(no signature)"
    source = _source(found)
    return Fingerprint(signature, hashlib.sha256(source.encode()).hexdigest()[:16])


def differences(
    versions: dict[str, str] | None = None,
    written_for: dict[str, tuple[str, str]] | None = None,
) -> list[str]:
    """What differs between the installed code and what the shortcuts were written for,
    one sentence each; empty when nothing does."""
    found: list[str] = []
    for distribution, wanted in (versions or VERSIONS).items():
        installed = version(distribution)
        if installed != wanted:
            found.append(f"{distribution} {installed} is installed; they were written for {wanted}")
    for target, (signature, source_hash) in (written_for or WRITTEN_FOR).items():
        try:
            now = fingerprint(target)
        except (ImportError, AttributeError, OSError, TypeError) as error:
            found.append(f"{target} is not found ({type(error).__name__}: {error})")
            continue
        if now.signature != signature:
            found.append(
                f"{target} has the signature {now.signature}; they were written for {signature}"
            )
        elif now.source_hash != source_hash:
            found.append(
                f"{target}'s source differs from the one they were written for "
                f"(SHA-256 {now.source_hash}…, written for {source_hash}…)"
            )
    return found


def check_written_for() -> None:
    """Raise ``ShortcutsOutdated``, saying what differs, unless the installed graphql-core
    and Strawberry are the ones the execution shortcuts were written for."""
    found = differences()
    if found:
        raise ShortcutsOutdated(
            "the GraphQL execution shortcuts (casebook/graphql/lean_*.py, planned_variables.py, "
            "bulk_inputs.py) do not match the installed libraries: "
            + "; ".join(found)
            + ". Install the versions backend/uv.lock names (make install), or set "
            "GRAPHQL_SHORTCUTS=false to run without the shortcuts (docs/operations.md)."
        )


if __name__ == "__main__":  # prints the fingerprints to record in WRITTEN_FOR
    for name in WRITTEN_FOR:
        print(f'    "{name}": {tuple(vars(fingerprint(name)).values())!r},')
