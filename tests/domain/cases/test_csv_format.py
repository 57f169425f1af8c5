"""Cases as CSV (spec: "From a file")."""

import pytest

from casebook.domain.cases.csv_format import protect_cell, unprotect_cell
from casebook.domain.cases.fileformat import export_csv, parse_import, template_csv
from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.errors import FieldError, ValidationFailed

HEADER = (
    "input,history,reference_answer,counter_example,expected_tool_calls,"
    "order_mode,checks,tags,note\r\n"
)


def refusal(text: str) -> list[FieldError]:
    with pytest.raises(ValidationFailed) as caught:
        parse_import(text.encode(), "cases.csv")
    return caught.value.errors


def test_the_spec_example_imports() -> None:
    example = (
        "input,reference_answer,tags\n"
        "How long is the return window?,30 days from delivery,returns\n"
        'Can I return a used kettle?,"No, only unused items",returns\n'
    )
    assert parse_import(example.encode(), "csv") == [
        CaseContent(
            input="How long is the return window?",
            reference_answer="30 days from delivery",
            tags=("returns",),
        ),
        CaseContent(
            input="Can I return a used kettle?",
            reference_answer="No, only unused items",
            tags=("returns",),
        ),
    ]


def test_json_cells_tags_and_order_mode_are_read() -> None:
    text = (
        "input,history,expected_tool_calls,order_mode,checks,tags\n"
        'And a used one?,"[{""role"":""user"",""content"":""Can I return it?""}]",'
        '"[{""tool"":""refund"",""args"":{""id"":7}}]",exact,'
        '"[{""type"":""length"",""unit"":""words"",""max"":50}]"," billing, refusal ,"\n'
    )
    [content] = parse_import(text.encode(), "csv")
    assert content.history == (Turn("user", "Can I return it?"),)
    assert content.expected_tool_calls == (ExpectedToolCall("refund", {"id": 7}),)
    assert content.order_mode == "exact"
    assert content.checks == ({"type": "length", "max": 50, "unit": "words"},)
    assert content.tags == ("billing", "refusal")


def test_empty_cells_take_the_empty_value() -> None:
    [content] = parse_import((HEADER + "q,,a,,,,,,\r\n").encode(), "csv")
    assert content == CaseContent(input="q", reference_answer="a")


def test_empty_rows_are_skipped_but_keep_their_number() -> None:
    errors = refusal("input,reference_answer\nq,a\n\n,,\nq2,\n")
    assert errors == [FieldError("rows.4.reference_answer", errors[0].message)]


def test_the_export_writes_all_nine_columns_with_compact_json() -> None:
    content = CaseContent(
        input="Refund order 7",
        expected_tool_calls=(ExpectedToolCall("refund", {"reason": "late", "id": 7}),),
        checks=({"value": "refunded", "type": "contains", "case_sensitive": True},),
        tags=("billing", "refunds"),
    )
    assert export_csv([content]) == HEADER + (
        'Refund order 7,,,,"[{""tool"":""refund"",""args"":{""id"":7,""reason"":""late""}}]",'
        'any,"[{""type"":""contains"",""case_sensitive"":true,""value"":""refunded""}]",'
        '"billing,refunds",\r\n'
    )


def test_cells_with_line_breaks_are_quoted() -> None:
    content = CaseContent(input="line 1\nline 2", reference_answer='He said "no"')
    exported = export_csv([content])
    assert '"line 1\nline 2"' in exported
    assert '"He said ""no"""' in exported
    assert parse_import(exported.encode(), "csv") == [content]


class TestFormulaProtection:
    @pytest.mark.parametrize(
        ("cell", "written"),
        [
            ("=SUM(A1:A2)", "'=SUM(A1:A2)"),
            ("+1 555 0100", "'+1 555 0100"),
            ("-5 degrees", "'-5 degrees"),
            ("@channel", "'@channel"),
            ("'quoted'", "''quoted'"),
            ("plain", "plain"),
            (" =not at the start", " =not at the start"),
            ("", ""),
        ],
    )
    def test_a_cell_that_a_spreadsheet_would_run_gets_a_quote(
        self, cell: str, written: str
    ) -> None:
        assert protect_cell(cell) == written
        assert unprotect_cell(written) == cell

    @pytest.mark.parametrize(
        ("cell", "read"),
        [
            ("'=1+1", "=1+1"),
            ("''", "'"),
            ("'hello", "'hello"),  # only before one of the five characters
            ("'", "'"),
        ],
    )
    def test_import_removes_exactly_one_quote(self, cell: str, read: str) -> None:
        assert unprotect_cell(cell) == read

    def test_in_a_file(self) -> None:
        content = CaseContent(input="=1+1", reference_answer="-1", tags=("@ops", "'x"))
        exported = export_csv([content])
        assert exported.endswith("'=1+1,,'-1,,,any,,\"'@ops,'x\",\r\n")
        assert parse_import(exported.encode(), "csv") == [content]


class TestRefusals:
    def test_a_file_without_a_header_row_is_refused(self) -> None:
        [error] = refusal("How long is the return window?,30 days\n")
        assert error.path == "file"
        assert error.message.startswith("the first row must be a header naming the columns")

    def test_unknown_columns_are_refused_by_name(self) -> None:
        errors = refusal("input,refrence_answer,tags,colour\nq,a,t,red\n")
        assert [error.path for error in errors] == ["columns.refrence_answer", "columns.colour"]
        assert errors[0].message.startswith("is not a column; the columns are input, history,")

    def test_a_header_without_input_is_refused(self) -> None:
        assert refusal("reference_answer\na\n") == [
            FieldError("columns.input", "is missing; every case needs an input")
        ]

    def test_a_repeated_or_unnamed_column_is_refused(self) -> None:
        errors = refusal("input,tags,tags,\nq,a,b,\n")
        assert [error.path for error in errors] == ["columns.tags", "columns"]

    def test_a_row_longer_than_the_header_is_refused(self) -> None:
        [error] = refusal("input,reference_answer\nq,a,extra\n")
        assert error == FieldError("rows.1", "has 3 cells but the header names 2 columns")

    def test_broken_quoting_names_the_line(self) -> None:
        [error] = refusal('input,reference_answer\nq,"a"b\n')
        assert error.path == "file"
        assert error.message.startswith("line 2: ")

    def test_json_that_does_not_parse_names_the_cell(self) -> None:
        [error] = refusal('input,checks\nq,"[{""type"": contains}]"\n')
        assert error.path == "rows.1.checks"
        assert error.message.startswith("is not valid JSON: ")

    def test_every_invalid_row_is_named_with_every_reason(self) -> None:
        text = (
            "input,reference_answer,checks,order_mode\n"
            "Fine?,yes,,\n"
            ",,,\n"  # skipped: an empty row
            ",a,,sometimes\n"
            'Pattern?,,"[{""type"":""regex"",""value"":""' + "a" * 501 + '""}]",\n'
            "Nothing?,,,\n"
        )
        errors = refusal(text)
        assert [(error.path, error.message) for error in errors] == [
            ("rows.3.input", "is required"),
            ("rows.3.order_mode", "must be `any`, `in_order` or `exact`"),
            ("rows.4.checks.0.value", "the pattern is longer than 500 characters"),
            ("rows.5.reference_answer", errors[3].message),
        ]
        assert "at least one of" in errors[3].message


def test_the_template_has_every_column_and_imports_as_it_is() -> None:
    template = template_csv()
    assert template.startswith(HEADER)
    [content] = parse_import(template.encode(), "template.csv")
    assert content.input and content.reference_answer
    assert export_csv([content]) == template
