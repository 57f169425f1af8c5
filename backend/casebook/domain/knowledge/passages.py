"""Splitting a document into passages: what search finds and what a generator is shown.

The rule, in order:

1. Line endings become ``\\n`` (``\\r\\n`` and a lone ``\\r`` alike): the *normalized text*.
2. A Markdown document is cut into sections at its ATX headings (``#`` to ``######`` at
   the start of a line, outside fenced code blocks); a section runs from its heading
   line to the next heading. A plain-text document is one section with no heading.
3. A section is cut into paragraphs after each run of blank lines; the blank lines stay
   with the paragraph before them.
4. Consecutive paragraphs of one section are packed into one slice while it stays within
   ``max_chars``; a paragraph longer than that is cut at the last whitespace inside the
   bound (or, with none in its second half, at the bound itself).
5. Each slice holding more than whitespace is one passage: its text is the slice with
   its leading and trailing whitespace removed, and its heading path is the titles of
   the headings it sits under, outermost first.

So the slices, in order, are the normalized text exactly; no passage is longer than
``max_chars``; and the same document always gives the same passages.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from casebook.domain.errors import LimitExceeded
from casebook.domain.knowledge.documents import DocumentKind

PASSAGE_MAX_CHARS = 2_000
HEADING_SEPARATOR = " > "
_HEADING = re.compile(r" {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\n?\Z")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True, slots=True)
class Passage:
    ordinal: int
    heading_path: tuple[str, ...]
    text: str
    # Where its slice lies in the normalized text: [start, end).
    start: int
    end: int

    @property
    def heading(self) -> str:
        return HEADING_SEPARATOR.join(self.heading_path)


@dataclass(frozen=True, slots=True)
class _Section:
    heading_path: tuple[str, ...]
    start: int
    end: int


def normalize(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        yield offset, line
        offset += len(line)


def _heading(line: str) -> tuple[int, str] | None:
    found = _HEADING.match(line)
    if found is None:
        return None
    return len(found.group(1)), " ".join((found.group(2) or "").split())


def _sections(text: str, kind: DocumentKind) -> list[_Section]:
    if kind == "text":
        return [_Section((), 0, len(text))]
    sections: list[_Section] = []
    path: list[tuple[int, str]] = []
    start, fence = 0, ""
    for offset, line in _lines(text):
        opened = _FENCE.match(line)
        if fence:
            if opened is not None and opened.group(1).startswith(fence):
                fence = ""
            continue
        if opened is not None:
            fence = opened.group(1)[:3]
            continue
        heading = _heading(line)
        if heading is None:
            continue
        if offset > start:
            sections.append(_Section(tuple(t for _, t in path), start, offset))
        level, title = heading
        path = [(lv, t) for lv, t in path if lv < level] + [(level, title)]
        start = offset
    sections.append(_Section(tuple(t for _, t in path), start, len(text)))
    return sections


def _paragraph_ends(text: str, start: int, end: int) -> list[int]:
    """Where each paragraph of text[start:end] ends: after each run of blank lines."""
    ends: list[int] = []
    blank_run = False
    for offset, line in _lines(text[start:end]):
        blank = not line.strip()
        if blank_run and not blank:
            ends.append(start + offset)
        blank_run = blank
    ends.append(end)
    return ends


def _cut_long(text: str, start: int, end: int, max_chars: int) -> list[int]:
    """Cut points of one over-long paragraph, each piece at most ``max_chars``."""
    cuts: list[int] = []
    while end - start > max_chars:
        window = text[start : start + max_chars]
        space = max(window.rfind(" "), window.rfind("\n"), window.rfind("\t"))
        cut = start + space + 1 if space + 1 > max_chars // 2 else start + max_chars
        cuts.append(cut)
        start = cut
    cuts.append(end)
    return cuts


def _slices(text: str, section: _Section, max_chars: int) -> list[tuple[int, int]]:
    slices: list[tuple[int, int]] = []
    begun = section.start
    previous = section.start
    for paragraph_end in _paragraph_ends(text, section.start, section.end):
        if paragraph_end - begun <= max_chars:
            previous = paragraph_end
            continue
        if previous > begun:
            slices.append((begun, previous))
            begun = previous
        if paragraph_end - begun <= max_chars:
            previous = paragraph_end
            continue
        for cut in _cut_long(text, begun, paragraph_end, max_chars):
            slices.append((begun, cut))
            begun = cut
        previous = begun
    if section.end > begun:
        slices.append((begun, section.end))
    return slices


def split_document(
    content: str, kind: DocumentKind, *, max_chars: int = PASSAGE_MAX_CHARS
) -> list[Passage]:
    """The document's passages in order; see the module's rule."""
    if max_chars < 1:
        raise ValueError("max_chars must be positive")
    text = normalize(content)
    passages: list[Passage] = []
    for section in _sections(text, kind):
        for start, end in _slices(text, section, max_chars):
            stripped = text[start:end].strip()
            if stripped:
                passages.append(Passage(len(passages), section.heading_path, stripped, start, end))
    return passages


# A document's passages are inserted in one transaction; a file of nothing but headings
# would otherwise make one row per line.
DOCUMENT_MAX_PASSAGES = 5_000


def split_within_bounds(content: str, kind: DocumentKind) -> list[Passage]:
    """``split_document``, refused naming ``file`` when it gives too many passages."""
    passages = split_document(content, kind)
    if len(passages) > DOCUMENT_MAX_PASSAGES:
        raise LimitExceeded(
            f"a document splits into at most {DOCUMENT_MAX_PASSAGES:,} passages; "
            f"this one makes {len(passages):,}",
            "file",
        )
    return passages
