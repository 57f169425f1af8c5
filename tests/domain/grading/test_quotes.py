"""Quote verification and the parroted-rule test (spec: Grading → The judge)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.grading.quotes import (
    normalize_quote,
    normalize_text,
    quote_is_in,
    restates_criterion,
)


@pytest.mark.parametrize(
    ("quote", "normalized"),
    [
        ("“We refund within 30 days.”", "We refund within 30 days"),
        ("«Bonjour»!", "Bonjour"),
        ("„Guten Tag“", "Guten Tag"),
        ("`code`", "code"),
        ("He said “yes”", "He said 'yes'"),
        ("It’s   fine…", "It's fine"),
        ("...", ""),
    ],
)
def test_normalize_quote(quote: str, normalized: str) -> None:
    assert normalize_quote(quote) == normalized


@given(st.text(), st.integers(0, 50), st.integers(0, 50))
def test_any_stretch_of_the_answer_is_verified(answer: str, start: int, length: int) -> None:
    quote = answer[start : start + length]
    if normalize_quote(quote):
        assert quote_is_in(quote, normalize_text(answer))


@pytest.mark.parametrize(
    ("rule", "criterion", "restates"),
    [
        ("The answer is polite.", "Is the answer polite?", True),
        ("Yes - it fully meets the criterion.", "Is the answer polite?", True),
        ("Polite and concise.", "Is the answer polite and concise?", True),
        ("It is not polite.", "Is the answer polite?", True),
        ("", "Is the answer polite?", True),
        ("It thanks the customer and apologises for the delay.", "Is the answer polite?", False),
        ("Polite, and it names the 30-day window.", "Is the answer polite?", False),
        # The share counts the rule's words outside FILLER_WORDS; 0.8 is "mostly".
        ("refund policy states days kettle", "Does the refund policy states the days?", True),
        ("refund policy days kettle", "Does the refund policy state the days?", False),
    ],
)
def test_restates_criterion(rule: str, criterion: str, restates: bool) -> None:
    assert restates_criterion(rule, criterion) is restates


@pytest.mark.parametrize(
    ("quote", "answer"),
    [
        ("30days", "Returns are accepted within 30 days."),
        ("within 30 days", "Returns are accepted within30days."),
        ("within  30\ndays", "Returns are accepted within 30 days."),
    ],
)
def test_a_space_added_or_removed_leaves_a_quote_verified(quote: str, answer: str) -> None:
    assert quote_is_in(quote, normalize_text(answer))


def test_letter_case_and_other_words_still_count() -> None:
    answer = normalize_text("Returns are accepted within 30 days.")
    assert not quote_is_in("WITHIN 30 DAYS", answer)
    assert not quote_is_in("within 60 days", answer)
