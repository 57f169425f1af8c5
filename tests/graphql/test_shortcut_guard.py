"""The execution shortcuts run only on the graphql-core and Strawberry they were written for,
and a setting switches them off.

The first test is the CI half of the guard: the libraries ``make install`` installs from
the lock file are the ones ``shortcut_guard`` records. The others change what is installed
(a version, a signature, a method's source) and show the API refusing to start, saying
what differs - unless the shortcuts are switched off.
"""

import inspect
from collections.abc import Iterator
from typing import Any

import graphql.execution.executor as executor_module
import pytest
from graphql.execution.executor import Executor
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from casebook.app import create_app
from casebook.config import Settings
from casebook.graphql import shortcut_guard
from casebook.graphql.lean_execution import LeanExecutionContext
from casebook.graphql.mutations.activity import RecordConversationsInput, StepInput
from casebook.graphql.planned_variables import planned_variable_values
from casebook.graphql.schema import schema
from casebook.graphql.shortcut_guard import ShortcutsOutdated, check_written_for, differences
from casebook.graphql.shortcuts import shortcuts_used, use_shortcuts

UNREACHED = {
    "database_url": "postgresql+asyncpg://casebook@127.0.0.1:9/unreached",
    "redis_url": "redis://127.0.0.1:9/0",
}


@pytest.fixture(autouse=True)
def shortcuts_back_on() -> Iterator[None]:
    yield
    use_shortcuts(schema, True)


def test_the_installed_libraries_are_the_ones_the_shortcuts_were_written_for() -> None:
    assert differences() == []
    check_written_for()
    assert set(shortcut_guard.VERSIONS) == {"graphql-core", "strawberry-graphql"}
    overridden = {"execute_field", "collect_and_execute_subfields", "execute_operation"}
    assert {f"graphql.execution.executor:Executor.{name}" for name in overridden} <= set(
        shortcut_guard.WRITTEN_FOR
    )
    assert "graphql.execution.values:get_variable_values" in shortcut_guard.WRITTEN_FOR
    assert "strawberry.relay.types:Node._id" in shortcut_guard.WRITTEN_FOR


def test_another_version_of_graphql_core_is_refused_naming_both_versions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(shortcut_guard.VERSIONS, "graphql-core", "3.3.1")
    with pytest.raises(ShortcutsOutdated) as refused:
        create_app(Settings(**UNREACHED))
    message = str(refused.value)
    assert "graphql-core 3.3.2 is installed; they were written for 3.3.1" in message
    assert "GRAPHQL_SHORTCUTS=false" in message


def test_an_overridden_method_with_another_signature_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def execute_field(self: Any, parent_type: Any, source: Any, field_details_list: Any) -> Any:
        return None

    monkeypatch.setattr(Executor, "execute_field", execute_field)
    with pytest.raises(ShortcutsOutdated, match=r"Executor\.execute_field has the signature"):
        check_written_for()


def test_an_overridden_method_whose_code_changed_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = Executor.collect_and_execute_subfields

    def collect_and_execute_subfields(self: Any, *args: Any) -> Any:
        return original(self, *args)

    # The same signature, another body: only the source's hash tells them apart.
    collect_and_execute_subfields.__signature__ = inspect.signature(original)  # type: ignore[attr-defined]
    monkeypatch.setattr(Executor, "collect_and_execute_subfields", collect_and_execute_subfields)
    found = differences()
    assert len(found) == 1
    assert found[0].startswith(
        "graphql.execution.executor:Executor.collect_and_execute_subfields's source differs"
    )
    with pytest.raises(ShortcutsOutdated, match=r"collect_and_execute_subfields's source"):
        check_written_for()


def test_a_replaced_function_whose_source_changed_is_refused_by_its_hash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = "graphql.execution.values:get_variable_values"
    signature, _ = shortcut_guard.WRITTEN_FOR[target]
    monkeypatch.setitem(shortcut_guard.WRITTEN_FOR, target, (signature, "0" * 16))
    found = differences()
    assert found == [
        f"{target}'s source differs from the one they were written for "
        f"(SHA-256 {shortcut_guard.fingerprint(target).source_hash}…, written for "
        f"{'0' * 16}…)"
    ]


def test_switched_off_the_api_starts_on_other_versions_and_uses_the_libraries_own_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(shortcut_guard.VERSIONS, "graphql-core", "3.3.1")
    monkeypatch.setenv("GRAPHQL_SHORTCUTS", "false")
    settings = Settings(**UNREACHED)
    assert settings.graphql_shortcuts is False
    create_app(settings)
    assert not shortcuts_used(schema)
    assert schema.execution_context_class is StrawberryGraphQLCoreExecutionContext
    assert executor_module.get_variable_values is not planned_variable_values  # type: ignore[attr-defined]
    assert StepInput.__strawberry_definition__.from_input is None  # type: ignore[attr-defined]
    assert RecordConversationsInput.__strawberry_definition__.from_input is None  # type: ignore[attr-defined]
    monkeypatch.setitem(shortcut_guard.VERSIONS, "graphql-core", "3.3.2")
    use_shortcuts(schema, True)
    assert shortcuts_used(schema)
    assert schema.execution_context_class is LeanExecutionContext
    assert StepInput.__strawberry_definition__.from_input is not None  # type: ignore[attr-defined]


def test_a_refused_start_leaves_the_shortcuts_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_shortcuts(schema, False)
    monkeypatch.setitem(shortcut_guard.VERSIONS, "strawberry-graphql", "0.300.0")
    with pytest.raises(ShortcutsOutdated, match=r"strawberry-graphql 0\.341\.2 is installed"):
        use_shortcuts(schema, True)
    assert not shortcuts_used(schema)
