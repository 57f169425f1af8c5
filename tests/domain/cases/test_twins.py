"""Twins: questions compared "without regard to case or spacing"."""

import pytest

from casebook.domain.cases.twins import question_key


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("How long is the return window?", "how long is the RETURN window?"),
        ("How long is the return window?", "  How long is\tthe return\n\nwindow?  "),
        ("How  long", "how\u00a0long"),  # a non-breaking space is spacing too
        ("STRASSE", "straße"),
    ],
)
def test_twins_share_a_key(first: str, second: str) -> None:
    assert question_key(first) == question_key(second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("How long is the return window?", "How long is the return window"),
        ("return window", "returnwindow"),
        ("Can I return a kettle?", "Can I return a used kettle?"),
    ],
)
def test_different_questions_do_not(first: str, second: str) -> None:
    assert question_key(first) != question_key(second)


def test_the_key_is_folded_single_spaced_text() -> None:
    assert question_key("  Where IS\n my   Order? ") == "where is my order?"
