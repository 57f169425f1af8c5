"""What a knowledge document may be: its kind, its size and its text (DESIGN: Knowledge).

A document is a plain-text (``.txt``, ``text/plain``) or Markdown (``.md``,
``.markdown``, ``text/markdown``) file of at most ``DOCUMENT_MAX_BYTES`` bytes of
UTF-8, exactly the limit included. It is refused, naming the field, when it is
empty, is not UTF-8 (an encoded lone surrogate included), or holds the NUL
character - PostgreSQL could not store it, and no text document needs one. A
byte-order mark at the start is dropped. Its title is the one given, or else the
file's name without its extension.
"""

from dataclasses import dataclass
from typing import Literal

from casebook.domain.errors import FieldError, LimitExceeded, ValidationFailed
from casebook.domain.storable_text import text_problem

DOCUMENT_MAX_BYTES = 1_048_576
TITLE_MAX = 200
FILENAME_MAX = 255

DocumentKind = Literal["text", "markdown"]
_KIND_OF_EXTENSION: dict[str, DocumentKind] = {
    ".txt": "text",
    ".md": "markdown",
    ".markdown": "markdown",
}
_KIND_OF_CONTENT_TYPE: dict[str, DocumentKind] = {
    "text/plain": "text",
    "text/markdown": "markdown",
    "text/x-markdown": "markdown",
}
# What clients send when they do not know a file's type; the extension decides then.
_UNSPECIFIC_CONTENT_TYPES = frozenset({"", "application/octet-stream"})
_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class DocumentText:
    title: str
    filename: str
    kind: DocumentKind
    content: str
    size_bytes: int


def _basename(filename: str) -> str:
    return filename.replace("\\", "/").rsplit("/", 1)[-1].strip()


def document_kind(filename: str, content_type: str | None) -> DocumentKind:
    """The kind the file's extension names; a specific content type must agree with it."""
    name = _basename(filename).lower()
    dot = name.rfind(".")
    kind = _KIND_OF_EXTENSION.get(name[dot:]) if dot > 0 else None
    if kind is None:
        raise ValidationFailed(
            [FieldError("file", "must be a .txt or .md file (plain text or Markdown)")]
        )
    given = (content_type or "").split(";", 1)[0].strip().lower()
    if given not in _UNSPECIFIC_CONTENT_TYPES and given not in _KIND_OF_CONTENT_TYPE:
        raise ValidationFailed(
            [
                FieldError(
                    "file", f"has the content type {given[:80]!r}; text/plain or text/markdown"
                )
            ]
        )
    return kind


def _undecodable(data: bytes, error: UnicodeDecodeError) -> FieldError:
    start = error.start
    surrogate = data[start] == 0xED and start + 1 < len(data) and 0xA0 <= data[start + 1] <= 0xBF
    if surrogate:
        return FieldError(
            "file", f"must be valid UTF-8 (it holds an encoded lone surrogate at byte {start})"
        )
    return FieldError("file", f"must be UTF-8 text (byte {start} is not)")


def decode_document(data: bytes) -> str:
    """The document's text, or a refusal naming ``file``."""
    if len(data) > DOCUMENT_MAX_BYTES:
        raise LimitExceeded(
            f"a document is at most {DOCUMENT_MAX_BYTES:,} bytes ({DOCUMENT_MAX_BYTES // 1_048_576} MB)",
            "file",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValidationFailed([_undecodable(data, error)]) from None
    text = text.removeprefix(_BOM)
    if "\x00" in text:
        raise ValidationFailed([FieldError("file", "must not contain the NUL character")])
    if not text.strip():
        raise ValidationFailed([FieldError("file", "holds no text")])
    return text


def _title(given: str | None, filename: str, errors: list[FieldError]) -> str:
    if given is None:
        stem = filename.rsplit(".", 1)[0] if "." in filename[1:] else filename
        return " ".join(stem.split())[:TITLE_MAX] or filename
    problem = text_problem(given)
    cleaned = " ".join(given.split())
    if problem:
        errors.append(FieldError("title", problem))
    elif not cleaned:
        errors.append(FieldError("title", "a document needs a title"))
    elif len(cleaned) > TITLE_MAX:
        errors.append(FieldError("title", f"must be at most {TITLE_MAX} characters"))
    return cleaned


def read_document(
    data: bytes, *, filename: str, content_type: str | None, title: str | None = None
) -> DocumentText:
    """A document as it will be stored: every problem with its name, title or kind named by
    field, then its bytes decoded."""
    errors: list[FieldError] = []
    name = _basename(filename)
    problem = text_problem(name)
    if problem:
        errors.append(FieldError("file", f"its name {problem}"))
    elif not name:
        errors.append(FieldError("file", "needs a file name ending in .txt or .md"))
    elif len(name) > FILENAME_MAX:
        errors.append(FieldError("file", f"its name must be at most {FILENAME_MAX} characters"))
    cleaned_title = _title(title, name, errors)
    if errors:
        raise ValidationFailed(errors)
    kind = document_kind(name, content_type)
    content = decode_document(data)
    return DocumentText(
        title=cleaned_title, filename=name, kind=kind, content=content, size_bytes=len(data)
    )
