"""Spec: "An export imports back unchanged" - for CSV and for JSONL."""

from collections.abc import Callable, Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.fileformat import export_csv, export_jsonl, parse_import
from casebook.domain.cases.model import CaseContent
from tests.domain.cases.strategies import cases

Exporter = Callable[[Iterable[CaseContent]], str]
FORMATS: list[tuple[str, Exporter]] = [("csv", export_csv), ("jsonl", export_jsonl)]


@pytest.mark.parametrize(("file_format", "export"), FORMATS)
@given(batch=st.lists(cases(), min_size=1, max_size=2))
def test_an_export_imports_back_unchanged(
    file_format: str, export: Exporter, batch: list[CaseContent]
) -> None:
    exported = export(batch).encode()
    imported = parse_import(exported, file_format)
    assert imported == batch
    assert export(imported).encode() == exported


@pytest.mark.parametrize(("file_format", "export"), FORMATS)
def test_a_byte_order_mark_is_accepted(file_format: str, export: Exporter) -> None:
    content = CaseContent(input="q", reference_answer="a")
    assert parse_import(b"\xef\xbb\xbf" + export([content]).encode(), file_format) == [content]
