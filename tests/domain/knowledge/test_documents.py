"""A document's bounds and kind (domain/knowledge/documents): refusals name the field."""

import pytest

from casebook.domain.errors import LimitExceeded, ValidationFailed
from casebook.domain.knowledge.documents import (
    DOCUMENT_MAX_BYTES,
    decode_document,
    document_kind,
    read_document,
)


def _paths(refused: ValidationFailed) -> list[tuple[str, str]]:
    return [(e.path, e.message) for e in refused.errors]


def test_exactly_the_limit_is_accepted_and_one_byte_over_is_refused() -> None:
    assert len(decode_document(b"a" * DOCUMENT_MAX_BYTES)) == DOCUMENT_MAX_BYTES
    with pytest.raises(LimitExceeded) as refused:
        decode_document(b"a" * (DOCUMENT_MAX_BYTES + 1))
    assert refused.value.path == "file"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"a\x00b", "must not contain the NUL character"),
        (b"ok \xed\xa0\x80", "must be valid UTF-8 (it holds an encoded lone surrogate at byte 3)"),
        (b"\xff\xfe", "must be UTF-8 text (byte 0 is not)"),
        (b"  \n\t", "holds no text"),
    ],
)
def test_what_is_not_storable_text_is_refused_naming_the_file(data: bytes, message: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        decode_document(data)
    assert _paths(refused.value) == [("file", message)]


def test_a_byte_order_mark_is_dropped() -> None:
    assert decode_document("\ufeffHello".encode()) == "Hello"


@pytest.mark.parametrize(
    ("filename", "content_type", "kind"),
    [
        ("notes.md", "text/markdown", "markdown"),
        ("notes.MARKDOWN", None, "markdown"),
        ("notes.txt", "text/plain; charset=utf-8", "text"),
        ("dir/notes.txt", "application/octet-stream", "text"),
    ],
)
def test_text_and_markdown_files_are_accepted(
    filename: str, content_type: str | None, kind: str
) -> None:
    assert document_kind(filename, content_type) == kind


@pytest.mark.parametrize(
    ("filename", "content_type"),
    [("report.pdf", None), (".md", None), ("notes", None), ("notes.md", "application/pdf")],
)
def test_other_files_are_refused_naming_the_file(filename: str, content_type: str | None) -> None:
    with pytest.raises(ValidationFailed) as refused:
        document_kind(filename, content_type)
    assert [e.path for e in refused.value.errors] == ["file"]


def test_the_title_defaults_to_the_file_name_and_a_given_one_is_checked() -> None:
    read = read_document(b"Hi", filename="C:\\docs\\Return policy.md", content_type=None)
    assert (read.title, read.filename, read.kind, read.size_bytes) == (
        "Return policy",
        "Return policy.md",
        "markdown",
        2,
    )
    with pytest.raises(ValidationFailed) as refused:
        read_document(b"Hi", filename="a.md", content_type=None, title="bad\ud800")
    assert _paths(refused.value) == [("title", "must be valid Unicode (it holds a lone surrogate)")]
    with pytest.raises(ValidationFailed) as refused:
        read_document(b"Hi", filename="a\x00.md", content_type=None, title="   ")
    assert [e.path for e in refused.value.errors] == ["file", "title"]
