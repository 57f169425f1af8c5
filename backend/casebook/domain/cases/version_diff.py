"""What changed between two versions of a dataset (spec: "Every change is a new version").

Two versions are compared case by case: a case held by the later-asked version only is
**added**, by the earlier only **removed**, by both with different content **changed**
- and then each field that differs is named, in the order of a case's columns
(``CASE_FIELDS``). A case whose content is the same in both - edited and edited back,
or removed and added again as it was - did not change between them. ``before`` is the
version compared from and ``after`` the one compared to, in either order: comparing 5
with 3 shows what undoing 4 and 5 would do.

``diff_cases`` is the rule on two versions' contents; the database computes the same
from the change rows between the two versions only (``services.datasets.version_diff``),
so its cost grows with what changed, not with the dataset. ``apply_diff`` is its
inverse - the diff applied to the first version gives the second - which the property
tests hold the two to.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

ChangeKind = Literal["added", "removed", "changed"]

# The fields a case's revision holds, as its content stores them, in column order.
CASE_FIELDS: tuple[str, ...] = (
    "input",
    "history",
    "reference_answer",
    "counter_example",
    "expected_tool_calls",
    "order_mode",
    "checks",
    "tags",
    "note",
    "reference_verified",
)
# A field a stored content may leave out reads as this (content_from_json's defaults).
_ABSENT: Mapping[str, Any] = {
    "history": [],
    "expected_tool_calls": [],
    "order_mode": "any",
    "checks": [],
    "tags": [],
    "reference_verified": False,
}

Content = Mapping[str, Any]


def field_value(content: Content, name: str) -> Any:
    return content.get(name, _ABSENT.get(name))


def changed_fields(before: Content, after: Content) -> tuple[str, ...]:
    """The fields whose values differ, in ``CASE_FIELDS`` order."""
    return tuple(
        name for name in CASE_FIELDS if field_value(before, name) != field_value(after, name)
    )


def change_kind(before: Content | None, after: Content | None) -> ChangeKind | None:
    """How a case changed between two versions; None when it did not."""
    if before is None and after is None:
        return None
    if before is None:
        return "added"
    if after is None:
        return "removed"
    return "changed" if changed_fields(before, after) else None


@dataclass(frozen=True, slots=True)
class CaseChange:
    case_id: int
    kind: ChangeKind
    before: Content | None
    after: Content | None

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields that differ: every field of an added or removed case."""
        if self.before is None or self.after is None:
            return CASE_FIELDS
        return changed_fields(self.before, self.after)


def diff_cases(before: Mapping[int, Content], after: Mapping[int, Content]) -> list[CaseChange]:
    """Every case that differs between the two versions' contents, in case id order."""
    found: list[CaseChange] = []
    for case_id in sorted(set(before) | set(after)):
        was, now = before.get(case_id), after.get(case_id)
        kind = change_kind(was, now)
        if kind is not None:
            found.append(CaseChange(case_id, kind, was, now))
    return found


def apply_diff(before: Mapping[int, Content], changes: list[CaseChange]) -> dict[int, Content]:
    """The version the diff leads to from ``before``."""
    result = dict(before)
    for change in changes:
        if change.after is None:
            result.pop(change.case_id, None)
        else:
            result[change.case_id] = change.after
    return result
