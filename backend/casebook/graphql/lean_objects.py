"""Objects whose whole selection is plain, completed as one compiled step.

``lean_execution`` reads a plain leaf field without graphql-core's per-field
machinery, but every object of a page still pays for it: graphql-core collects its
sub-fields, executes each through ``execute_field``, completes each value through
the non-null, list, leaf and object checks, and builds a path and a resolve-info on
the way. A page of fifty cases is some two thousand such steps.

When every field an object's selection reads is plain (a Python attribute, let
through for this reader by its access rules) or a relay node's default id, and every
object below it is plain in the same way, the object's result is only those values,
serialized. A *plan* does that directly, built once per execution for each
(object type, selection), the way graphql-core memoizes the sub-fields it collects.
A plan never decides anything graphql-core would decide differently: any value that
is not plainly valid (null in a non-null field, a list that is not a list, a value
its scalar refuses, an object of another type, an attribute that raises) abandons
the plan for that object, and graphql-core completes it from the start, reporting
whatever it finds. Reading a plain attribute has no effect, so reading it twice
changes nothing.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Final

from graphql import (
    GraphQLField,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    OperationDefinitionNode,
    Undefined,
    is_leaf_type,
)
from graphql.execution.collect_fields import FieldDetails
from strawberry import relay
from strawberry.types.field import StrawberryField

from casebook.graphql.lean_fields import DEFINITION_KEY, Gate, plain_field

Complete = Callable[[Any], Any]
Plan = Callable[[Any], dict[str, Any]]

# Directives graphql-core has already applied when it collected the fields.
_APPLIED_IN_COLLECTION: Final = frozenset({"include", "skip"})
_NODE_ID: Final = relay.Node.__dict__["_id"].__func__
_DEFAULT_RESOLVE_ID: Final = relay.Node.__dict__["resolve_id"].__func__
_DEFAULT_RESOLVE_TYPENAME: Final = relay.Node.__dict__["resolve_typename"].__func__


class _NotPlain(Exception):
    """A value the plan does not complete itself: graphql-core completes the object."""


def _is_default_node_id(field_def: GraphQLField) -> bool:
    definition = (field_def.extensions or {}).get(DEFINITION_KEY)
    if not isinstance(definition, StrawberryField) or definition.extensions:
        return False
    resolver = definition.base_resolver
    wrapped = getattr(resolver.wrapped_func, "__func__", None) if resolver else None
    return wrapped is _NODE_ID


def _node_id(type_name: str) -> Callable[[Any], relay.GlobalID]:
    """A relay node's id as Strawberry's own resolver makes it, when the node's class
    keeps Strawberry's way of finding its id and type name."""

    def read(source: Any) -> relay.GlobalID:
        cls = type(source)
        if (
            not isinstance(source, relay.Node)
            or cls.resolve_id.__func__ is not _DEFAULT_RESOLVE_ID
            or cls.resolve_typename.__func__ is not _DEFAULT_RESOLVE_TYPENAME
        ):
            raise _NotPlain
        node_id = getattr(source, cls.resolve_id_attr())
        if node_id is None:  # Strawberry's resolver refuses it: graphql-core reports that
            raise _NotPlain
        return relay.GlobalID(type_name=type_name, node_id=str(node_id))

    return read


@dataclass
class _Frame:
    """What a plan being built asked of the reader: the access rules it passed, and
    whether one of them kept a field from being planned."""

    gates: list[Gate] = field(default_factory=list)
    gated_out: bool = False


@dataclass(frozen=True)
class _SharedPlan:
    field_group: list[FieldDetails]  # kept alive: the key holds its nodes' ids
    plan: Plan | None
    gates: tuple[Gate, ...]


# Plans shared between executions of one cached document: (object type, ids of the
# selection's field nodes) -> the plan and the access rules it needs to pass. A
# document whose selections depend on variables (@include, @skip, @defer) never shares.
_shared_plans: dict[tuple[GraphQLObjectType, tuple[int, ...]], _SharedPlan] = {}
_SHARED_PLANS_LIMIT: Final = 4096


def selections_fixed(operation: OperationDefinitionNode, fragments: dict[str, Any]) -> bool:
    """True when no directive decides what the document selects: its plans are then the
    same for every execution of it, whatever the variables."""
    pending: list[Any] = [
        operation.selection_set,
        *(details.definition.selection_set for details in fragments.values()),
    ]
    while pending:
        selection_set = pending.pop()
        for selection in selection_set.selections if selection_set else ():
            if selection.directives:
                return False
            pending.append(getattr(selection, "selection_set", None))
    return True


class Planner:
    """The plans of one execution: what its reader may read is fixed for its length.
    A plan built for a document the parser cache keeps is shared with the next
    executions of it, for every reader its access rules let through."""

    def __init__(
        self,
        schema: Any,
        context: Any,
        collect_subfields: Callable[..., Any],
        *,
        shareable: bool,
    ):
        self._schema = schema
        self._context = context
        self._collect_subfields = collect_subfields
        self._shareable = shareable
        self._frames: list[_Frame] = []
        # (object type, id of its field group) -> (the group, kept alive; the plan or None)
        self._plans: dict[tuple[GraphQLObjectType, int], tuple[Any, Plan | None]] = {}

    def plan(self, object_type: GraphQLObjectType, field_group: list[FieldDetails]) -> Plan | None:
        key = (object_type, id(field_group))
        found = self._plans.get(key)
        if found is not None:
            return found[1]
        built = self._shared_or_built(object_type, field_group)
        self._plans[key] = (field_group, built)
        return built

    def _shared_or_built(
        self, object_type: GraphQLObjectType, field_group: list[FieldDetails]
    ) -> Plan | None:
        shared_key = (
            (object_type, tuple(id(details.node) for details in field_group))
            if self._shareable
            else None
        )
        shared = _shared_plans.get(shared_key) if shared_key is not None else None
        if shared is not None and self._passes(shared.gates):
            return shared.plan
        self._frames.append(_Frame())
        try:
            built = self._build(object_type, field_group)
        finally:
            frame = self._frames.pop()
        if self._frames:
            self._frames[-1].gates.extend(frame.gates)
            self._frames[-1].gated_out |= frame.gated_out
        if shared_key is not None and not frame.gated_out:
            if len(_shared_plans) >= _SHARED_PLANS_LIMIT:
                _shared_plans.clear()
            _shared_plans[shared_key] = _SharedPlan(list(field_group), built, tuple(frame.gates))
        return built

    def _passes(self, gates: tuple[Gate, ...]) -> bool:
        """Whether this reader passes every rule a plan needs; a plan taken from the shared
        ones counts its rules as the enclosing plan's own."""
        if not all(gate.passes_through(self._context, at_root=False) for gate in gates):
            return False
        if self._frames:
            self._frames[-1].gates.extend(gates)
        return True

    def _build(
        self, object_type: GraphQLObjectType, field_group: list[FieldDetails]
    ) -> Plan | None:
        collected = self._collect_subfields(object_type, field_group)
        if collected.new_defer_usages or collected.forbidden_directive_instances:
            return None
        entries: list[tuple[str, Callable[[Any], Any], Complete]] = []
        for response_key, details in collected.grouped_field_set.items():
            node = details[0].node
            if (
                node.arguments
                or any(d.name.value not in _APPLIED_IN_COLLECTION for d in node.directives or ())
                or any(d.defer_usage for d in details)
            ):
                return None
            name = node.name.value
            if name == "__typename":
                entries.append((response_key, _constant(object_type.name), _as_is))
                continue
            field_def = self._schema.get_field(object_type, name)
            if field_def is None:
                return None
            read = self._reader(object_type, field_def)
            complete = self._completer(field_def.type, details) if read else None
            if read is None or complete is None:
                return None
            entries.append((response_key, read, complete))
        fields = tuple(entries)

        def complete_object(source: Any) -> dict[str, Any]:
            return {key: complete(read(source)) for key, read, complete in fields}

        return complete_object

    def _reader(
        self, object_type: GraphQLObjectType, field_def: GraphQLField
    ) -> Callable[[Any], Any] | None:
        if _is_default_node_id(field_def):
            return _node_id(object_type.name)
        plain = plain_field(field_def)
        if plain is None:
            return None
        if not self._passes(plain.gates):
            if self._frames:
                self._frames[-1].gated_out = True
            return None
        return attrgetter(plain.attribute)

    def _completer(self, type_: GraphQLOutputType, details: list[FieldDetails]) -> Complete | None:
        if isinstance(type_, GraphQLNonNull):
            inner = self._completer(type_.of_type, details)
            return None if inner is None else _non_null(inner)
        if isinstance(type_, GraphQLList):
            inner = self._completer(type_.of_type, details)
            return None if inner is None else _listed(inner)
        if is_leaf_type(type_):
            return _leaf(type_.serialize)
        if isinstance(type_, GraphQLObjectType):
            plan = self.plan(type_, details)
            return None if plan is None else _object(plan, type_.is_type_of)
        return None  # an interface or a union: graphql-core resolves the type


def _constant(value: str) -> Callable[[Any], str]:
    return lambda _source: value


def _as_is(value: Any) -> Any:
    return value


def _non_null(inner: Complete) -> Complete:
    def complete(value: Any) -> Any:
        completed = inner(value)
        if completed is None:
            raise _NotPlain
        return completed

    return complete


def _listed(inner: Complete) -> Complete:
    def complete(value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, list | tuple):
            raise _NotPlain
        return [inner(item) for item in value]

    return complete


def _leaf(serialize: Callable[[Any], Any]) -> Complete:
    def complete(value: Any) -> Any:
        if value is None:
            return None
        serialized = serialize(value)
        if serialized is None or serialized is Undefined:
            raise _NotPlain
        return serialized

    return complete


def _object(plan: Plan, is_type_of: Callable[[Any, Any], Any] | None) -> Complete:
    def complete(value: Any) -> Any:
        if value is None:
            return None
        # Strawberry's own check of a value's type reads only the value, not the info.
        if is_type_of is not None and not is_type_of(value, None):
            raise _NotPlain
        return plan(value)

    return complete
