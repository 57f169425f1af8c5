"""Spec: "A reference is required" — only a verified JSON reference is scored against."""

import pytest

from casebook.domain.cases.model import CaseContent
from casebook.domain.errors import ValidationFailed
from casebook.domain.structured import candidate_from_answer, verified_reference


def test_a_verified_json_reference_is_read() -> None:
    content = CaseContent(
        input="Tell me about Iron Man",
        reference_answer='{"title": "Iron Man", "year": 2008}',
        reference_verified=True,
    )
    assert verified_reference(content) == {"title": "Iron Man", "year": 2008}


@pytest.mark.parametrize(
    ("reference", "verified", "path"),
    [
        (None, True, "reference_answer"),
        ("   ", True, "reference_answer"),
        ('{"title": "Iron Man"}', False, "reference_verified"),
        ('{"title": ', True, "reference_answer"),
    ],
)
def test_a_reference_that_cannot_be_scored_against_is_refused(
    reference: str | None, verified: bool, path: str
) -> None:
    content = CaseContent(input="q", reference_answer=reference, reference_verified=verified)
    with pytest.raises(ValidationFailed) as refused:
        verified_reference(content)
    assert [error.path for error in refused.value.errors] == [path]


@pytest.mark.parametrize(
    ("answer", "candidate"),
    [
        ('{"title": "Iron Man"}', {"title": "Iron Man"}),
        ('  ["a", "b"]\n', ["a", "b"]),
        ('```json\n{"title": "Iron Man"}\n```', {"title": "Iron Man"}),
        ('```\n{"year": 2008}\n```', {"year": 2008}),
        ("Iron Man came out in 2008.", "Iron Man came out in 2008."),
        ("42", 42),
    ],
)
def test_an_answer_is_read_as_json_when_it_is_json(answer: str, candidate: object) -> None:
    assert candidate_from_answer(answer) == candidate
