import time

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.generation.personal_data import (
    ACCOUNT_PLACEHOLDER,
    CARD_PLACEHOLDER,
    EMAIL_PLACEHOLDER,
    PHONE_PLACEHOLDER,
    iban_valid,
    luhn_valid,
    remove_personal_data,
)
from tests.domain.generation.strategies import DIGITS, filler, personal_values, words


@given(values=st.lists(st.tuples(filler, personal_values), min_size=1, max_size=4), tail=filler)
def test_no_detected_value_survives_removal(values: list[tuple[str, str]], tail: str) -> None:
    text = " ".join(f"{before} {value}" for before, value in values) + f" {tail}"
    removed, count = remove_personal_data(text)
    assert count >= len(values)
    for _, value in values:
        assert value not in removed


@given(
    parts=st.lists(
        st.one_of(words, st.text(alphabet=DIGITS, min_size=1, max_size=6)), min_size=0, max_size=12
    )
)
def test_text_with_no_detectable_value_is_unchanged(parts: list[str]) -> None:
    text = " x ".join(parts)
    assert remove_personal_data(text) == (text, 0)


@given(
    text=st.one_of(
        st.text(max_size=200), st.lists(st.one_of(filler, personal_values)).map(" ".join)
    )
)
def test_removal_is_idempotent(text: str) -> None:
    once, _ = remove_personal_data(text)
    assert remove_personal_data(once) == (once, 0)


def test_each_detector_names_what_it_removed() -> None:
    text = (
        "Write to ana.perez@example.com or call +34 612 345 678. My card is "
        "4111 1111 1111 1111 and my account DE89 3704 0044 0532 0130 00."
    )
    removed, count = remove_personal_data(text)
    assert removed == (
        f"Write to {EMAIL_PLACEHOLDER} or call {PHONE_PLACEHOLDER}. My card is "
        f"{CARD_PLACEHOLDER} and my account {ACCOUNT_PLACEHOLDER}."
    )
    assert count == 4


def test_national_phone_numbers_are_found_in_their_usual_shapes() -> None:
    for phone in ("(555) 123-4567", "555-123-4567", "5551234567", "0044 20 7946 0958"):
        assert remove_personal_data(f"call {phone} today") == (f"call {PHONE_PLACEHOLDER} today", 1)


def test_numbers_that_are_not_personal_data_stay() -> None:
    for text in (
        "on 2024-01-15 at 10:30",
        "order 123456 shipped",
        "server 192.168.100.200",
        "pi is 3.14159265358",
        "4111 1111 1111 1112 fails the Luhn check",
        "DE00 3704 0044 0532 0130 00 fails mod 97",
        "version 1.2.3",
    ):
        assert remove_personal_data(text) == (text, 0), text


def test_the_word_after_an_iban_written_in_groups_stays() -> None:
    assert remove_personal_data("GB82 WEST 1234 5698 7654 32 THEN pay") == (
        f"{ACCOUNT_PLACEHOLDER} THEN pay",
        1,
    )


def test_the_checks_agree_with_known_numbers() -> None:
    assert luhn_valid("4111111111111111")
    assert not luhn_valid("4111111111111112")
    assert iban_valid("DE89370400440532013000")
    assert iban_valid("GB82WEST12345698765432")
    assert not iban_valid("GB82WEST12345698765433")


def _best_seconds(text: str) -> float:
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        remove_personal_data(text)
        timings.append(time.perf_counter() - started)
    return min(timings)


def test_hostile_text_costs_what_plain_text_of_its_length_does() -> None:
    # Each piece makes a detector scan ahead without matching; one that backtracked
    # would cost thousands of times the plain scan. Compared with prose of the same
    # length in the same process, so a loaded machine slows both alike.
    size = 100_000
    # Plain text that wakes every detector: an address, numbers, capitals.
    prose = ("Mail a@b.io about order 4411 of 2024-05-01, Ref DE12 for 55 EUR. " * 2_000)[:size]
    hostile_texts = [
        ("a." * size)[: size - 1] + "@",
        ("a@" * size)[:size],
        ("x@a." * size)[:size],
        ("1 " * size)[:size],
        ("1-" * size)[:size],
        ("12.3" * size)[:size],
        ("+(1)" * size)[:size],
        ("DE00" * size)[:size],
        ("DE00 AAAA " * size)[:size],
        ("4" * size)[:size],
    ]
    plain = _best_seconds(prose)
    for hostile in hostile_texts:
        assert len(hostile) == size
        assert _best_seconds(hostile) < 50 * plain, hostile[:12]
