"""What an operation costs, computed from its parsed document before it runs.

Every field selected costs 1. A field that takes ``first`` or ``last`` (a connection
or a paged list) returns up to that many items, so what it nests counts that many
times: ``first`` as given (a literal or a variable), else the field's default, clamped
to the largest page a list serves (``MAX_PAGE_SIZE``; past it the field refuses the
argument by name anyway). A heavy field costs its size: an ``export`` counts as the
cases of a whole version it may carry (``Settings.graphql_export_cost``). ``@skip``
and ``@include`` are not read: the cost is of the most the document can ask for.

An operation over ``Settings.graphql_max_cost`` is refused with ``LIMIT_EXCEEDED``
naming both numbers, before any field resolves (``CostLimit``).
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLField,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    VariableNode,
    get_named_type,
)
from graphql.execution import ExecutionResult as GraphQLExecutionResult
from strawberry.extensions import SchemaExtension

from casebook.services.kernel.errors import LimitExceededError
from casebook.services.kernel.records import MAX_PAGE_SIZE

PAGE_ARGUMENTS = ("first", "last")
# When neither the document nor the field gives a page size.
DEFAULT_PAGE_SIZE = 50


@dataclass(frozen=True)
class CostRules:
    # Fields that cost more than 1, by (type, field): what they carry, not what they select.
    heavy: Mapping[tuple[str, str], int]


def cost_rules(export_cost: int) -> CostRules:
    return CostRules(heavy={("Dataset", "export"): export_cost})


class _Cost:
    def __init__(
        self,
        schema: GraphQLSchema,
        fragments: Mapping[str, FragmentDefinitionNode],
        variables: Mapping[str, Any],
        defaults: Mapping[str, Any],
        rules: CostRules,
    ) -> None:
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
        self.defaults = defaults
        self.rules = rules

    def selection_set(
        self, node: SelectionSetNode | None, parent: Any, seen: frozenset[str]
    ) -> int:
        if node is None:
            return 0
        return sum(
            self._field(field, owner, seen) for field, owner in self._fields(node, parent, seen)
        )

    def _fields(
        self, node: SelectionSetNode, parent: Any, seen: frozenset[str]
    ) -> Iterator[tuple[FieldNode, Any]]:
        for selection in node.selections:
            if isinstance(selection, FieldNode):
                yield selection, parent
            elif isinstance(selection, InlineFragmentNode):
                owner = (
                    self.schema.get_type(selection.type_condition.name.value)
                    if selection.type_condition
                    else parent
                )
                yield from self._fields(selection.selection_set, owner or parent, seen)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                fragment = self.fragments.get(name)
                if fragment is None or name in seen:
                    continue
                owner = self.schema.get_type(fragment.type_condition.name.value)
                yield from self._fields(fragment.selection_set, owner or parent, seen | {name})

    def _field(self, node: FieldNode, parent: Any, seen: frozenset[str]) -> int:
        definition = self._definition(parent, node.name.value)
        if definition is None:  # __typename, introspection
            return 1 + (
                self.selection_set(node.selection_set, None, seen) if node.selection_set else 0
            )
        own = self.rules.heavy.get((parent.name, node.name.value), 1)
        nested = self.selection_set(node.selection_set, get_named_type(definition.type), seen)
        return own + self._page_size(node, definition) * nested

    @staticmethod
    def _definition(parent: Any, name: str) -> GraphQLField | None:
        if isinstance(parent, GraphQLObjectType | GraphQLInterfaceType):
            found: GraphQLField | None = parent.fields.get(name)
            return found
        return None

    def _page_size(self, node: FieldNode, definition: GraphQLField) -> int:
        names = [name for name in PAGE_ARGUMENTS if name in definition.args]
        if not names:
            return 1
        given = {argument.name.value: argument.value for argument in node.arguments or ()}
        sizes: list[int] = []
        for name in names:
            value: Any = None
            literal = given.get(name)
            if isinstance(literal, IntValueNode):
                value = int(literal.value)
            elif isinstance(literal, VariableNode):
                variable = literal.name.value
                value = self.variables.get(variable, self.defaults.get(variable))
            elif literal is None:
                default = definition.args[name].default_value
                value = default if isinstance(default, int) else None
            if isinstance(value, int) and not isinstance(value, bool):
                sizes.append(value)
        size = max(sizes) if sizes else DEFAULT_PAGE_SIZE
        return max(0, min(size, MAX_PAGE_SIZE))


def operation_cost(
    schema: GraphQLSchema,
    document: Any,
    operation_name: str | None,
    variables: Mapping[str, Any] | None,
    rules: CostRules,
) -> int:
    """The cost of the operation the request runs (the named one, or the only one)."""
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    chosen = [
        o
        for o in operations
        if operation_name is None or (o.name and o.name.value == operation_name)
    ]
    if not chosen:
        return 0
    operation = chosen[0]
    defaults: dict[str, Any] = {}
    for definition in operation.variable_definitions or ():
        if isinstance(definition.default_value, IntValueNode):
            defaults[definition.variable.name.value] = int(definition.default_value.value)
    root = schema.get_root_type(operation.operation)
    given = variables if isinstance(variables, Mapping) else {}
    cost = _Cost(schema, fragments, given, defaults, rules)
    return cost.selection_set(operation.selection_set, root, frozenset())


def too_costly(cost: int, limit: int) -> GraphQLError:
    message = (
        f"this operation costs {cost:,}, past the limit of {limit:,} per operation: ask for "
        "smaller pages (first) or fewer nested lists, or split it"
    )
    return GraphQLError(
        message,
        original_error=LimitExceededError(message),
        extensions={"cost": cost, "limit": limit},
    )


class CostLimit(SchemaExtension):
    """Refuses an operation whose cost is past the limit, before it executes."""

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        # A schema run outside a request (no context) has no client to hold to a limit.
        services = getattr(context.context, "services", None)
        document = context.graphql_document
        if document is not None and services is not None:
            settings = services.settings
            cost = operation_cost(
                context.schema._schema,
                document,
                context.operation_name,
                context.variables,
                cost_rules(settings.graphql_export_cost),
            )
            if cost > settings.graphql_max_cost:
                context.result = GraphQLExecutionResult(
                    data=None, errors=[too_costly(cost, settings.graphql_max_cost)]
                )
        yield
