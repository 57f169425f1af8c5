"""The splitter's rule (domain/knowledge/passages): properties over any text, and examples."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casebook.domain.knowledge.documents import DocumentKind
from casebook.domain.knowledge.passages import Passage, normalize, split_document

_pieces = st.sampled_from(
    ["# Returns\n", "## Kettles\n", "### Deep\n", "\n", "\n\n", "\r\n", "\r", "```\n", "  ", "\t"]
)
_words = st.text(
    alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=40
)
_documents = st.lists(st.one_of(_pieces, _words), max_size=60).map("".join)
_kinds: st.SearchStrategy[DocumentKind] = st.sampled_from(["text", "markdown"])
_bounds = st.integers(min_value=1, max_value=120)


def _gaps(text: str, passages: list[Passage]) -> list[str]:
    """The text between passages' slices (and before the first, after the last)."""
    edges = [0] + [x for p in passages for x in (p.start, p.end)] + [len(text)]
    return [text[a:b] for a, b in zip(edges[::2], edges[1::2], strict=True)]


@settings(max_examples=300, deadline=None)
@given(_documents, _kinds, _bounds)
def test_every_character_lands_in_one_passage_in_order(
    content: str, kind: DocumentKind, bound: int
) -> None:
    text = normalize(content)
    passages = split_document(content, kind, max_chars=bound)
    assert [p.ordinal for p in passages] == list(range(len(passages)))
    for before, after in itertools.pairwise(passages):
        assert before.end <= after.start
    # What no passage holds is whitespace only, so the passages' slices and those gaps,
    # in order, are the normalized text exactly.
    assert all(not gap.strip() for gap in _gaps(text, passages))
    for passage in passages:
        assert passage.text == text[passage.start : passage.end].strip()
        assert passage.text
    rebuilt = "".join("".join(text[p.start : p.end].split()) for p in passages)
    assert rebuilt == "".join(text.split())


@settings(max_examples=300, deadline=None)
@given(_documents, _kinds, _bounds)
def test_no_passage_is_over_the_bound(content: str, kind: DocumentKind, bound: int) -> None:
    for passage in split_document(content, kind, max_chars=bound):
        assert len(passage.text) <= bound
        assert passage.end - passage.start <= bound


@settings(max_examples=100, deadline=None)
@given(_documents, _kinds, _bounds)
def test_the_same_document_gives_the_same_passages(
    content: str, kind: DocumentKind, bound: int
) -> None:
    first = split_document(content, kind, max_chars=bound)
    assert split_document(content, kind, max_chars=bound) == first


def test_a_markdown_passage_keeps_the_path_of_headings_it_sits_under() -> None:
    content = (
        "Intro line.\n\n# Returns\nWithin 30 days.\n\n## Kettles\nUnused only.\n\n"
        "```\n# not a heading\n```\n\n# Shipping #\nTwo days.\n"
    )
    passages = split_document(content, "markdown")
    assert [(p.heading_path, p.text.splitlines()[0]) for p in passages] == [
        ((), "Intro line."),
        (("Returns",), "# Returns"),
        (("Returns", "Kettles"), "## Kettles"),
        (("Shipping",), "# Shipping #"),
    ]
    assert "# not a heading" in passages[2].text
    assert passages[2].heading == "Returns > Kettles"


def test_plain_text_has_no_headings_and_packs_paragraphs_up_to_the_bound() -> None:
    content = "# Not a heading here\n\nFirst paragraph.\n\nSecond one.\n\nThird."
    passages = split_document(content, "text", max_chars=40)
    assert [p.text for p in passages] == [
        "# Not a heading here\n\nFirst paragraph.",
        "Second one.\n\nThird.",
    ]
    assert all(p.heading_path == () for p in passages)


def test_a_long_paragraph_is_cut_at_whitespace_within_the_bound() -> None:
    content = "word " * 10
    passages = split_document(content, "text", max_chars=12)
    assert [p.text for p in passages] == [
        "word word",
        "word word",
        "word word",
        "word word",
        "word word",
    ]


def test_line_endings_are_normalized() -> None:
    passages = split_document("# A\r\nOne.\r\n\r\n# B\rTwo.", "markdown")
    assert [(p.heading, p.text) for p in passages] == [("A", "# A\nOne."), ("B", "# B\nTwo.")]


def test_a_bound_below_one_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        split_document("x", "text", max_chars=0)
