"""The execution shortcuts switched on or off for the process (GRAPHQL_SHORTCUTS).

On (the default), the API executes with ``LeanExecutionContext`` (plain fields and
all-plain objects completed directly, a subscription event shared between its
subscribers), coerces input-object variables by ``planned_variables`` and builds bulk
inputs by ``bulk_inputs``: load runs 2.3-2.7 times faster, ingestion 2.8 times, live
fan-out 2.4 times. They lean on private parts of graphql-core and Strawberry, so
switching them on first checks that the installed versions are the ones they were
written for (``shortcut_guard``). Off, every request takes Strawberry's and
graphql-core's own paths - the same answers, slower - for an operator who must run
on other versions, or wants to rule the shortcuts out.
"""

from typing import Any

from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from casebook.graphql import bulk_inputs, planned_variables
from casebook.graphql.lean_execution import LeanExecutionContext
from casebook.graphql.shortcut_guard import check_written_for


def use_shortcuts(schema: Any, enabled: bool) -> None:
    """Switch the shortcuts on or off for every request ``schema`` executes from now on.
    On raises ``ShortcutsOutdated`` (and changes nothing) when the installed graphql-core
    or Strawberry is not the one they were written for."""
    if enabled:
        check_written_for()
    switch_shortcuts(schema, enabled)


def switch_shortcuts(schema: Any, enabled: bool) -> None:
    """``use_shortcuts`` without the check, for a caller that made it already (a test that
    runs each operation both ways)."""
    schema.execution_context_class = (
        LeanExecutionContext if enabled else StrawberryGraphQLCoreExecutionContext
    )
    if enabled:
        planned_variables.install()
    else:
        planned_variables.uninstall()
    bulk_inputs.use_plans(enabled)


def shortcuts_used(schema: Any) -> bool:
    return schema.execution_context_class is LeanExecutionContext and planned_variables.installed()
