"""Cases as JSONL (spec: "From a file")."""

import orjson
import pytest

from casebook.domain.cases.fileformat import export_jsonl, parse_import
from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.errors import FieldError, ValidationFailed


def refusal(text: str) -> list[FieldError]:
    with pytest.raises(ValidationFailed) as caught:
        parse_import(text.encode(), "cases.jsonl")
    return caught.value.errors


def test_one_case_per_line_with_the_types_of_the_table() -> None:
    line = {
        "input": "And a used one?",
        "history": [{"role": "user", "content": "Can I return it?"}],
        "reference_answer": None,
        "counter_example": "Yes",
        "expected_tool_calls": [{"tool": "refund", "args": {"id": 7}}],
        "order_mode": "in_order",
        "checks": [{"type": "judge", "criterion": "refuses politely"}],
        "tags": ["returns"],
        "note": None,
    }
    [content] = parse_import(orjson.dumps(line) + b"\n", "jsonl")
    assert content == CaseContent(
        input="And a used one?",
        history=(Turn("user", "Can I return it?"),),
        counter_example="Yes",
        expected_tool_calls=(ExpectedToolCall("refund", {"id": 7}),),
        order_mode="in_order",
        checks=({"type": "judge", "criterion": "refuses politely"},),
        tags=("returns",),
    )


def test_columns_left_out_take_their_empty_value_and_blank_lines_are_skipped() -> None:
    text = '\n{"input": "q", "reference_answer": "a"}\r\n   \n'
    assert parse_import(text.encode(), "jsonl") == [CaseContent(input="q", reference_answer="a")]


def test_the_export_writes_all_nine_columns_in_order() -> None:
    content = CaseContent(
        input="q",
        reference_answer="a",
        expected_tool_calls=(ExpectedToolCall("t", {"b": 1, "a": 2}),),
        checks=({"value": "x", "type": "contains"},),
    )
    assert export_jsonl([content]) == (
        '{"input":"q","history":[],"reference_answer":"a","counter_example":null,'
        '"expected_tool_calls":[{"tool":"t","args":{"a":2,"b":1}}],"order_mode":"any",'
        '"checks":[{"type":"contains","value":"x"}],"tags":[],"note":null}\n'
    )


def test_unicode_line_separators_inside_a_string_do_not_split_a_row() -> None:
    content = CaseContent(input="a\u2028b\u0085c\x1ed", reference_answer="x")
    exported = export_jsonl([content])
    assert exported.count("\n") == 1
    assert parse_import(exported.encode(), "jsonl") == [content]


class TestRefusals:
    def test_rows_are_named_by_their_line(self) -> None:
        text = '{"input": "q", "reference_answer": "a"}\n\n{"input": "", "reference_answer": "a"}\n'
        assert refusal(text) == [FieldError("rows.3.input", "must not be blank")]

    def test_a_line_that_is_not_json_is_named(self) -> None:
        [error] = refusal('{"input": "q", "reference_answer": "a"}\n{"input": "q",\n')
        assert error.path == "rows.2"
        assert error.message.startswith("is not valid JSON: ")

    def test_a_line_that_is_not_an_object_is_named(self) -> None:
        assert refusal('["q", "a"]\n') == [
            FieldError("rows.1", "must be a JSON object keyed by column names")
        ]

    def test_unknown_keys_are_refused_as_columns_once(self) -> None:
        text = (
            '{"input": "q", "reference_answer": "a"}\n'
            '{"input": "q", "refrence_answer": "a"}\n'
            '{"input": "q", "refrence_answer": "b", "reference_verified": true}\n'
        )
        errors = refusal(text)
        assert [error.path for error in errors] == [
            "columns.refrence_answer",
            "columns.reference_verified",
        ]
        assert errors[0].message.startswith("is not a column (first on line 2); the columns are")

    @pytest.mark.parametrize(
        ("line", "path", "message"),
        [
            ('{"input": 5, "reference_answer": "a"}', "rows.1.input", "must be text"),
            (
                '{"input": "q", "tags": "returns", "note": "n", "counter_example": "c"}',
                "rows.1.tags",
                "must be a list of tags",
            ),
            (
                '{"input": "q", "history": {"role": "user"}, "reference_answer": "a"}',
                "rows.1.history",
                "must be a list of turns",
            ),
        ],
    )
    def test_types_are_those_of_the_table(self, line: str, path: str, message: str) -> None:
        assert refusal(line) == [FieldError(path, message)]
