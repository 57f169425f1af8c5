"""Plain leaf fields resolved without graphql-core's per-field machinery.

A page of fifty cases is some eight hundred fields whose value is just an
attribute of a Python object: a string, a number, a date. For each, graphql-core
builds a resolve-info, collects the field's nodes, asks for middleware, calls
Strawberry's default resolver and completes the value through several checks.
For a field Strawberry itself calls *basic* (no resolver, no extension: its
value is ``getattr(source, name)``) whose type is a scalar or an enum, this
execution context reads the attribute and serializes it directly — the same two
steps graphql-core ends with. A plain field of an object or list type that
holds null (a check's eight unused kinds, say) is answered null the same way. A field whose only extensions are access rules
gets the same shortcut when every rule says it lets the value through for this
reader (``passes_through``); a reader a rule would mask or refuse takes the full
path, where the rule decides. Anything else, and any value that is not plainly
valid (null in a non-null field, a value the scalar refuses, an attribute that
raises), takes graphql-core's own path, so results and errors are unchanged.

Middleware (a Strawberry extension with ``resolve``) would run for every field,
so its presence normally sends every field the long way. A middleware that only
inspects a field's arguments declares ``reads_only_arguments = True``: a plain
field has none, so skipping it there changes nothing.

A subscription event that every subscriber of a channel receives as one object
(``shared_event``) is executed once per subscription document, not once per
subscriber: 1,000 viewers of a run cost one execution of their selection per
event. A subscriber gets the shared result only when its selection reads
nothing that depends on the reader - plain leaf fields without arguments or
directives, each let through for this reader by its access rules - so the
result is the event's values, serialized, the same for everyone let through;
any other selection, or a reader a rule would mask or refuse, is executed for
that subscriber alone. Whether a subscriber may have the event at all is
decided before it is yielded, by its own subscription.
"""

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final, TypeVar, cast

from graphql import (
    FieldNode,
    GraphQLObjectType,
    Undefined,
    get_named_type,
)
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from casebook.graphql.lean_fields import plain_field
from casebook.graphql.lean_objects import Planner, selections_fixed

T = TypeVar("T")
# Where a shared event keeps its results: {id(operation): (operation, result)}.
_SHARED: Final = "__casebook_shared_results__"
_UNDECIDED: Final = object()


def shared_event(event: T) -> T:
    """Mark ``event`` (yielded to every subscriber of a channel as this one object) as
    executed once per distinct subscription document rather than once per subscriber."""
    object.__setattr__(event, _SHARED, {})
    return event


@dataclass(frozen=True, slots=True)
class _Executed:
    """What graphql-core asks of a per-event executor, for a result already made."""

    result: Any

    def execute_operation(self, serially: bool | None = None) -> Any:
        return self.result


def _reader_independent_fields(
    executor: "LeanExecutionContext", root_type: GraphQLObjectType
) -> bool:
    """True when each root field is a subscription's field (its value the event itself)
    whose selection is only plain leaf fields without arguments or directives, each let
    through for this reader by its access rules: the result is then the event's values,
    serialized, the same for every reader the rules let through."""
    for root in executor.operation.selection_set.selections:
        if not isinstance(root, FieldNode) or root.directives or root.selection_set is None:
            return False
        root_field = executor.schema.get_field(root_type, root.name.value)
        if root_field is None or root_field.subscribe is None:
            return False
        event_type = get_named_type(root_field.type)
        if not isinstance(event_type, GraphQLObjectType):
            return False
        for node in root.selection_set.selections:
            if not isinstance(node, FieldNode) or node.directives or node.arguments:
                return False
            if node.selection_set is not None:
                return False
            field_def = executor.schema.get_field(event_type, node.name.value)
            plain = plain_field(field_def) if field_def is not None else None
            if plain is None or plain.leaf is None:
                return False
            reader = executor.context_value
            if not all(g.passes_through(reader, at_root=False) for g in plain.gates):
                return False
    return True


def _middleware_allows_shortcut(manager: Any) -> bool:
    return manager is None or all(
        getattr(middleware, "reads_only_arguments", False) for middleware in manager.middlewares
    )


class LeanExecutionContext(StrawberryGraphQLCoreExecutionContext):
    @cached_property
    def _shortcut_allowed(self) -> bool:  # decided once an operation, not once a field
        return _middleware_allows_shortcut(self.middleware_manager)

    def execute_field(
        self,
        parent_type: GraphQLObjectType,
        source: Any,
        field_details_list: Any,
        path: Any,
        position_context: Any,
    ) -> Any:
        if self._shortcut_allowed:
            node = field_details_list[0].node
            field_def = self.schema.get_field(parent_type, node.name.value)
            plain = plain_field(field_def) if field_def is not None and not node.arguments else None
            if plain is not None and all(
                gate.passes_through(self.context_value, at_root=path.prev is None)
                for gate in plain.gates
            ):
                try:
                    value = getattr(source, plain.attribute)
                    if value is None:
                        if plain.nullable:
                            return None
                    elif plain.leaf is not None:
                        serialized = plain.leaf.serialize(value)
                        if serialized is not Undefined and serialized is not None:
                            return serialized
                except Exception:  # noqa: S110 — graphql-core's path below reports it
                    pass
        return super().execute_field(
            parent_type, source, field_details_list, path, position_context
        )

    @cached_property
    def _planner(self) -> Planner:
        return Planner(
            self.schema,
            self.context_value,
            self.collect_subfields,
            shareable=selections_fixed(self.operation, self.fragments),
        )

    def collect_and_execute_subfields(
        self,
        return_type: GraphQLObjectType,
        field_details_list: Any,
        path: Any,
        result: Any,
        position_context: Any,
    ) -> Any:
        if self._shortcut_allowed:
            plan = self._planner.plan(return_type, field_details_list)
            if plan is not None:
                try:
                    return plan(result)
                except Exception:  # noqa: S110 — graphql-core's path below reports it
                    pass
        return super().collect_and_execute_subfields(
            return_type, field_details_list, path, result, position_context
        )

    def _shares_for_this_reader(self) -> bool:
        """Whether this subscription's selection reads only the event, for its reader as
        it is now: decided again when the socket's principal changed (a demoted member)."""
        actor = getattr(self.context_value, "actor", None)
        decided_for, decision = self.__dict__.get("_share_decision", (_UNDECIDED, False))
        if decided_for is _UNDECIDED or decided_for != actor:
            decision = self._shortcut_allowed and _reader_independent_fields(
                self, cast(GraphQLObjectType, self.schema.subscription_type)
            )
            self.__dict__["_share_decision"] = (actor, decision)
        return bool(decision)

    def build_per_event_executor(self, payload: Any) -> Any:
        shared = getattr(payload, _SHARED, None)
        if shared is None or not self._shares_for_this_reader():
            return super().build_per_event_executor(payload)
        found = shared.get(id(self.operation))
        if found is not None and found[0] is self.operation:
            return _Executed(found[1])  # no executor to copy for a result made already
        executor = super().build_per_event_executor(payload)
        executor.__dict__["_shared_results"] = shared
        return executor

    def execute_operation(self, serially: bool | None = None) -> Any:
        shared: dict[int, tuple[Any, Any]] | None = self.__dict__.get("_shared_results")
        if shared is None:
            return super().execute_operation(serially)
        found = shared.get(id(self.operation))
        if found is not None and found[0] is self.operation:
            return found[1]
        result = super().execute_operation(serially)
        if not self.is_awaitable(result):
            shared[id(self.operation)] = (self.operation, result)
        return result
