"""Two versions of a dataset side by side (``domain.cases.version_diff``): the diff of A
and B applied to A gives B, the diff of a version with itself is empty, and a changed
case names exactly the fields that differ."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.version_diff import (
    CASE_FIELDS,
    apply_diff,
    change_kind,
    changed_fields,
    diff_cases,
)

_text = st.text(max_size=12)
_content = st.fixed_dictionaries(
    {
        "input": _text,
        "history": st.lists(
            st.fixed_dictionaries(
                {"role": st.sampled_from(["user", "assistant"]), "content": _text}
            ),
            max_size=2,
        ),
        "reference_answer": st.none() | _text,
        "counter_example": st.none() | _text,
        "expected_tool_calls": st.lists(
            st.fixed_dictionaries(
                {"tool": _text, "args": st.dictionaries(_text, _text, max_size=2)}
            ),
            max_size=2,
        ),
        "order_mode": st.sampled_from(["any", "in_order", "exact"]),
        "checks": st.lists(
            st.fixed_dictionaries({"type": st.just("contains"), "value": _text}), max_size=2
        ),
        "tags": st.lists(_text, max_size=3),
        "note": st.none() | _text,
        "reference_verified": st.booleans(),
    }
)
_version = st.dictionaries(st.integers(min_value=1, max_value=30), _content, max_size=12)


@given(_version, _version)
def test_the_diff_applied_to_a_gives_b(a: dict[int, Any], b: dict[int, Any]) -> None:
    changes = diff_cases(a, b)
    assert apply_diff(a, changes) == b
    assert [c.case_id for c in changes] == sorted(c.case_id for c in changes)
    for change in changes:
        assert change.kind == change_kind(a.get(change.case_id), b.get(change.case_id))


@given(_version)
def test_the_diff_of_a_version_with_itself_is_empty(a: dict[int, Any]) -> None:
    assert diff_cases(a, a) == []
    assert diff_cases(a, dict(a)) == []


@given(_version, _version)
def test_diffs_both_ways_mirror_each_other(a: dict[int, Any], b: dict[int, Any]) -> None:
    there, back = diff_cases(a, b), diff_cases(b, a)
    assert [c.case_id for c in there] == [c.case_id for c in back]
    mirrored = {"added": "removed", "removed": "added", "changed": "changed"}
    assert [mirrored[c.kind] for c in there] == [c.kind for c in back]
    assert apply_diff(b, back) == a


@given(_content, _content)
def test_a_changed_case_names_exactly_the_fields_that_differ(
    before: dict[str, Any], after: dict[str, Any]
) -> None:
    named = changed_fields(before, after)
    assert named == tuple(f for f in CASE_FIELDS if before[f] != after[f])
    assert (change_kind(before, after) == "changed") == bool(named)


def test_an_added_or_removed_case_names_every_field_and_a_field_left_out_reads_as_its_default() -> (
    None
):
    (added,) = diff_cases({}, {1: {"input": "q"}})
    assert added.kind == "added" and added.fields == CASE_FIELDS
    (removed,) = diff_cases({1: {"input": "q"}}, {})
    assert removed.kind == "removed"
    assert changed_fields({"input": "q"}, {"input": "q", "tags": [], "order_mode": "any"}) == ()
    assert changed_fields({"input": "q"}, {"input": "Q"}) == ("input",)
